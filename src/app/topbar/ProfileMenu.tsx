// The profile menu of the top bar (spec 1 §1): the user's name, then profile, change
// password, light/dark, full screen and logout. The language is the app bar's own button
// next to it (react-admin's LocalesMenuButton, which the i18n provider stores and reloads).

import type { ReactNode } from 'react';
import { forwardRef } from 'react';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import LightModeIcon from '@mui/icons-material/LightMode';
import LockResetIcon from '@mui/icons-material/LockReset';
import { Logout, UserMenu, useTranslate, useUserMenu } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { readUser } from '../../providers/session';
import { appStorage } from '../providers';
import { saveDarkMode, useDarkMode } from './darkMode';

interface ItemProps {
  icon: ReactNode;
  label: string;
  onClick: () => void;
}

const Item = forwardRef<HTMLLIElement, ItemProps>(function Item({ icon, label, onClick }, ref) {
  const userMenu = useUserMenu();
  return (
    <MenuItem
      ref={ref}
      onClick={() => {
        userMenu?.onClose();
        onClick();
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
});

export function toggleFullScreen(doc: Document = document): void {
  if (doc.fullscreenElement) void doc.exitFullscreen?.().catch(() => undefined);
  else void doc.documentElement.requestFullscreen?.().catch(() => undefined);
}

export function ProfileMenu() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dark = useDarkMode();
  const user = readUser(appStorage);
  return (
    <UserMenu label="profile.menu">
      <MenuItem disabled sx={{ opacity: '1 !important', fontWeight: 600 }}>
        {user?.name || user?.username}
      </MenuItem>
      <Item icon={<AccountCircleIcon fontSize="small" />} label={translate('profile.profile')} onClick={() => navigate('/employee-profile')} />
      <Item icon={<LockResetIcon fontSize="small" />} label={translate('profile.change_password')} onClick={() => navigate('/change-password')} />
      <Item
        icon={dark ? <LightModeIcon fontSize="small" /> : <DarkModeIcon fontSize="small" />}
        label={translate(dark ? 'profile.light' : 'profile.dark')}
        onClick={() => saveDarkMode(!dark)}
      />
      <Item icon={<FullscreenIcon fontSize="small" />} label={translate('profile.full_screen')} onClick={() => toggleFullScreen()} />
      <Logout />
    </UserMenu>
  );
}
