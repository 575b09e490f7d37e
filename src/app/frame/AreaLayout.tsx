// The simpler layout of parent, student and booking users (spec 1 §2.2, §2.4–2.6): a top bar
// with the product, the user, their profile, the language, change password and logout, the
// area's pages beside the content. Only a logged-in user of the area's kind sees it; anybody
// else goes to the login page (with `to`) or to their own home.
//
// The profile (spec 1 §1, §7.1) opens as a dialog over the page the user is on: the areas'
// route lists (§2.4–2.6) have no profile page, and none is made up for them.
//
// Parents and students mostly come on a phone: below the md breakpoint the area's pages
// move into a drawer opened from the top bar (and closed by navigating, spec 1 §1), and the
// profile, password, light/dark and logout into the account menu, so the page keeps the
// screen's whole width.

import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import {
  AppBar,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import { useAuthenticated, useAuthProvider, useLogout, usePermissions, useTranslate } from 'react-admin';
import { AREA_MENUS } from '../menus/area';
import { HOME_PATHS } from '../../providers/loginPaths';
import { CHANGE_PASSWORD_PATHS } from '../shellPaths';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { ShellTheme } from '../ShellTheme';
import { saveDarkMode, useDarkMode } from '../topbar/darkMode';
import { LanguageButton, NARROW_SCREEN } from '../topbar/LanguageButton';
import { NotificationBell } from '../topbar/NotificationBell';
import type { AppAuthProvider } from '../../providers/authProvider';
import type { LoginKind } from '../../providers/session';
import { ProfileView } from '../../pages/profile/ProfileView';
import { useRouteTitle } from './useRouteTitle';
import { mayOpenPath } from '../../pages/registry';

type AreaKind = Exclude<LoginKind, 'staff'>;

/** Light/dark, as in the staff profile menu: stored under `darkMode`, kept across a reload. */
function DarkModeToggle() {
  const translate = useTranslate();
  const dark = useDarkMode();
  const label = translate(dark ? 'profile.light' : 'profile.dark');
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
      <DialogTitle id="area-profile-title">{translate('profile.profile')}</DialogTitle>
      <DialogContent dividers>{open && <ProfileView />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('profile.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function AreaLink({ path, current }: { path: string; current: boolean }) {
  const title = useRouteTitle(path);
  return (
    <ListItemButton component={RouterLink} to={path} selected={current} dense aria-current={current ? 'page' : undefined}>
      <ListItemText primary={title} />
    </ListItemButton>
  );
}

/** The area's pages the user may open (a page's `roles` in the page registry). */
function AreaNav({ kind, pathname }: { kind: AreaKind; pathname: string }) {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const roles = Array.isArray(permissions) ? permissions : [];
  return (
    <Box component="nav" aria-label={translate('app.menu.label')} sx={{ width: 240, flexShrink: 0 }}>
      <List>
        {AREA_MENUS[kind].filter((path) => mayOpenPath(path, roles)).map((path) => (
          <AreaLink key={path} path={path} current={path === pathname} />
        ))}
      </List>
    </Box>
  );
}

/** On a narrow screen: the user's name, then profile, change password, light/dark and logout, in one menu. */
function AccountMenu({ kind, name, onProfile }: { kind: AreaKind; name: string; onProfile: () => void }) {
  const translate = useTranslate();
  const logout = useLogout();
  const dark = useDarkMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const label = translate('profile.menu');
  return (
    <>
      <IconButton color="inherit" aria-label={label} aria-haspopup="menu" aria-expanded={Boolean(anchor)} onClick={(e) => setAnchor(e.currentTarget)}>
        <AccountCircleIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close} slotProps={{ paper: { 'aria-label': label } }}>
        <MenuItem disabled sx={{ opacity: '1 !important', fontWeight: 600 }} data-testid="area-user">
          {name}
        </MenuItem>
        <MenuItem onClick={() => (close(), onProfile())}>
          <ListItemIcon>
            <AccountCircleIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('profile.profile')}</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to={CHANGE_PASSWORD_PATHS[kind]} onClick={close}>
          <ListItemIcon>
            <LockResetIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('app.password.title')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => saveDarkMode(!dark)}>
          <ListItemIcon>{dark ? <LightModeIcon fontSize="small" /> : <DarkModeIcon fontSize="small" />}</ListItemIcon>
          <ListItemText>{translate(dark ? 'profile.light' : 'profile.dark')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => (close(), void logout())}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('ra.auth.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}


export function AreaLayout({ kind, children }: { kind: AreaKind; children: ReactNode }) {
  const { isPending } = useAuthenticated();
  const authProvider = useAuthProvider() as AppAuthProvider | undefined;
  const translate = useTranslate();
  const logout = useLogout();
  const { pathname } = useLocation();
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [profileOpen, setProfileOpen] = useState(false);
  const [navOpen, setNavOpen] = useState(false);
  // Navigating closes the drawer.
  useEffect(() => setNavOpen(false), [pathname]);
  const user = authProvider?.currentUser();
  if (isPending || !user) return null;
  const sessionKind = authProvider!.loginKind();
  if (sessionKind !== kind) return <Navigate to={HOME_PATHS[sessionKind]} replace />;
  const name = user.name || user.username;
  const area = translate(`app.shell.area_${kind}`);
  return (
    <ShellTheme>
      <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
        <AppBar position="static" color="primary">
          <Toolbar sx={{ gap: 1 }}>
            {narrow && (
              <IconButton color="inherit" edge="start" aria-label={translate('ra.action.open_menu')} aria-expanded={navOpen} onClick={() => setNavOpen(true)}>
                <MenuIcon />
              </IconButton>
            )}
            <Typography variant="h6" component="div" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
              {narrow ? area : `${translate('app.name')} · ${area}`}
            </Typography>
            {!narrow && (
              <Typography variant="body2" data-testid="area-user">
                {name}
              </Typography>
            )}
            <NotificationBell />
            {!narrow && (
              <Button color="inherit" onClick={() => setProfileOpen(true)} aria-haspopup="dialog">
                {translate('profile.profile')}
              </Button>
            )}
            <LanguageButton />
            {narrow ? (
              <AccountMenu kind={kind} name={name} onProfile={() => setProfileOpen(true)} />
            ) : (
              <>
                <DarkModeToggle />
                <Button color="inherit" component={RouterLink} to={CHANGE_PASSWORD_PATHS[kind]}>
                  {translate('app.password.title')}
                </Button>
                <Button color="inherit" onClick={() => void logout()}>
                  {translate('ra.auth.logout')}
                </Button>
              </>
            )}
          </Toolbar>
        </AppBar>
        {narrow && (
          <Drawer open={navOpen} onClose={() => setNavOpen(false)}>
            <AreaNav kind={kind} pathname={pathname} />
          </Drawer>
        )}
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, p: narrow ? 1 : 2 }}>
          {!narrow && <AreaNav kind={kind} pathname={pathname} />}
          <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
            {children}
          </Box>
        </Box>
        <ProfileDialog open={profileOpen} onClose={() => setProfileOpen(false)} />
      </Box>
    </ShellTheme>
  );
}
