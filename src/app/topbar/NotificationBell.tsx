// The top bar's bell (spec 1 §1, §9): the unread count as a badge, the latest notifications
// in a menu; choosing one marks it read and opens its target (notificationTarget.ts).

import { useState } from 'react';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useNavigate } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import { notificationTarget } from './notificationTarget';
import { useMarkRead, useNotifications, type NotificationItem } from './shellApi';

export function NotificationBell() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [locale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data } = useNotifications();
  const markRead = useMarkRead();
  const count = data?.count ?? 0;
  const items = data?.data ?? [];
  const label = translate('app.notification.label', { smart_count: count });
  const open = async (item: NotificationItem) => {
    setAnchor(null);
    navigate(notificationTarget(item));
    if (!item.read) await markRead(item.id).catch(() => undefined);
  };
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={(e) => setAnchor(e.currentTarget)}>
          <Badge badgeContent={count} color="error" data-testid="notification-count">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { maxWidth: 360 } } }}>
        {items.length === 0 && <MenuItem disabled>{translate('app.notification.none')}</MenuItem>}
        {items.map((item) => (
          <MenuItem key={item.id} onClick={() => void open(item)} sx={{ whiteSpace: 'normal', fontWeight: item.read ? 400 : 600 }}>
            <ListItemText
              primary={item.info}
              secondary={new Date(item.created_at).toLocaleString(locale === 'en' ? 'en-GB' : 'id-ID', { dateStyle: 'medium', timeStyle: 'short' })}
              slotProps={{ primary: { sx: { fontWeight: item.read ? 400 : 600 } } }}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
