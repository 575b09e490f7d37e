// The simpler layout of parent, student and booking users (spec 1 §2.2, §2.4–2.6): a top bar
// with the product, the user, their profile, the language, change password and logout, the
// area's pages beside the content. Only a logged-in user of the area's kind sees it; anybody
// else goes to the login page (with `to`) or to their own home.
//
// The profile (spec 1 §1, §7.1) opens as a dialog over the page the user is on: the areas'
// route lists (§2.4–2.6) have no profile page, and none is made up for them.

import { useState, type ReactNode } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import {
  AppBar,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Toolbar,
  Typography,
} from '@mui/material';
import { LocalesMenuButton, useAuthenticated, useAuthProvider, useLogout, useTranslate } from 'react-admin';
import { AREA_PATHS, CHANGE_PASSWORD_PATHS, HOME_PATHS } from '../../app/shellPaths';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { ShellTheme } from '../../app/ShellTheme';
import { saveDarkMode, useDarkMode } from '../../app/topbar/darkMode';
import { NotificationBell } from '../../app/topbar/NotificationBell';
import type { AppAuthProvider } from '../../providers/authProvider';
import type { LoginKind } from '../../providers/session';
import { ProfileView } from './ProfileView';
import { useRouteTitle } from './useRouteTitle';

type AreaKind = Exclude<LoginKind, 'staff'>;

/** Light/dark, as in the staff profile menu: stored under `darkMode`, kept across a reload. */
function DarkModeToggle() {
  const translate = useTranslate();
  const dark = useDarkMode();
  const label = translate(dark ? 'app.profile.light' : 'app.profile.dark');
  return (
    <IconButton color="inherit" onClick={() => saveDarkMode(!dark)} aria-label={label} title={label}>
      {dark ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  );
}

function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="area-profile-title">
      <DialogTitle id="area-profile-title">{translate('app.profile.profile')}</DialogTitle>
      <DialogContent dividers>{open && <ProfileView />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.profile.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function AreaLink({ path, current }: { path: string; current: boolean }) {
  const title = useRouteTitle(path);
  return (
    <ListItemButton component={RouterLink} to={path} selected={current} dense>
      <ListItemText primary={title} />
    </ListItemButton>
  );
}

export function AreaLayout({ kind, children }: { kind: AreaKind; children: ReactNode }) {
  const { isPending } = useAuthenticated();
  const authProvider = useAuthProvider() as AppAuthProvider | undefined;
  const translate = useTranslate();
  const logout = useLogout();
  const { pathname } = useLocation();
  const [profileOpen, setProfileOpen] = useState(false);
  const user = authProvider?.currentUser();
  if (isPending || !user) return null;
  const sessionKind = authProvider!.loginKind();
  if (sessionKind !== kind) return <Navigate to={HOME_PATHS[sessionKind]} replace />;
  return (
    <ShellTheme>
      <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
        <AppBar position="static" color="primary">
          <Toolbar sx={{ gap: 1 }}>
            <Typography variant="h6" component="div" sx={{ flexGrow: 1 }}>
              {translate('app.name')} · {translate(`app.shell.area_${kind}`)}
            </Typography>
            <Typography variant="body2" data-testid="area-user">
              {user.name || user.username}
            </Typography>
            <NotificationBell />
            <Button color="inherit" onClick={() => setProfileOpen(true)} aria-haspopup="dialog">
              {translate('app.profile.profile')}
            </Button>
            <LocalesMenuButton />
            <DarkModeToggle />
            <Button color="inherit" component={RouterLink} to={CHANGE_PASSWORD_PATHS[kind]}>
              {translate('app.password.title')}
            </Button>
            <Button color="inherit" onClick={() => void logout()}>
              {translate('ra.auth.logout')}
            </Button>
          </Toolbar>
        </AppBar>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, p: 2 }}>
          <Box component="nav" aria-label={translate('app.menu.label')} sx={{ width: 240, flexShrink: 0 }}>
            <List>
              {AREA_PATHS[kind].map((path) => (
                <AreaLink key={path} path={path} current={path === pathname} />
              ))}
            </List>
          </Box>
          <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
            {children}
          </Box>
        </Box>
        <ProfileDialog open={profileOpen} onClose={() => setProfileOpen(false)} />
      </Box>
    </ShellTheme>
  );
}
