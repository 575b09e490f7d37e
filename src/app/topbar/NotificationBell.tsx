// The top bar's bell (spec 1 §1, §9), for every kind of user: the unread count as a badge,
// the latest notifications in a menu, in the user's language; choosing one marks it read and
// opens its target (src/shared/notificationTarget.ts). It asks again every minute, when the
// window regains focus and after a notification is marked read. A keyboard opens it (Enter or
// Space), moves through it (arrows) and closes it (Escape); loading, failure and "no
// notifications" say so.

import { useId, useState } from 'react';
import Badge from '@mui/material/Badge';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useNavigate } from 'react-router-dom';
import { useAuthProvider, useNotify, usePermissions, useTranslate } from 'react-admin';
import { mayOpenPath } from '../../pages/registry';
import { useNotificationDate, useNotificationText, useNotificationType } from './NotificationText';
import type { AppAuthProvider } from '../../providers/authProvider';
import { NOTIFICATION_LIST_PATHS, notificationDetailPath, notificationTarget, type NotificationKind } from '../../shared/notificationTarget';
import type { NotificationItem } from '../../shared/api/shell';
import { useMarkAllRead, useMarkRead, useNotifications } from './shellApi';
import { LateTooltip } from '../../views/LateTooltip';
import { useOpenedOnce } from '../../views/openedOnce';

/** The kind of the logged-in user (staff when the auth provider cannot say). */
export function useLoginKind(): NotificationKind {
  const authProvider = useAuthProvider() as Partial<AppAuthProvider> | undefined;
  return authProvider?.loginKind?.() ?? 'staff';
}

export function NotificationBell() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { permissions } = usePermissions<string[]>();
  const notify = useNotify();
  const kind = useLoginKind();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuOpened = useOpenedOnce(anchor !== null);
  const { data, isPending, isError, refetch } = useNotifications();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const text = useNotificationText();
  const type = useNotificationType();
  const date = useNotificationDate();
  const count = data?.count ?? 0;
  const items = data?.data ?? [];
  const label = translate('notifications.label', { smart_count: count });
  const listPath = NOTIFICATION_LIST_PATHS[kind];
  const failedToMark = () => notify('notifications.mark_failed', { type: 'error' });
  const open = async (item: NotificationItem) => {
    setAnchor(null);
    // Its record's page when the user may open it (an invoice's for finance staff); else its own page.
    const target = notificationTarget(item, kind);
    navigate(mayOpenPath(target.split('?')[0], permissions ?? []) ? target : notificationDetailPath(kind, item.id));
    if (!item.read) await markRead(item.id).catch(failedToMark);
  };
  const readAll = async () => {
    setAnchor(null);
    await markAllRead().catch(failedToMark);
  };
  const status = (message: string) => (
    <Typography key="status" variant="body2" color="text.secondary" role="status" sx={{ px: 2, py: 1 }}>
      {message}
    </Typography>
  );
  return (
    <>
      <LateTooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Badge badgeContent={count} color="error" data-testid="notification-count">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </LateTooltip>
      {menuOpened && (
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxWidth: 380 } }, list: { 'aria-label': translate('notifications.list_title') } }}
      >
        {isPending && !data && status(translate('notifications.loading'))}
        {isError && !data && [
          status(translate('notifications.load_failed')),
          <MenuItem key="retry" onClick={() => void refetch()}>
            {translate('notifications.retry')}
          </MenuItem>,
        ]}
        {data && items.length === 0 && status(translate('notifications.none'))}
        {items.map((item) => (
          <MenuItem key={item.id} onClick={() => void open(item)} sx={{ whiteSpace: 'normal', alignItems: 'flex-start' }}>
            <ListItemText
              primary={text(item)}
              secondary={`${type(item.doc_name)} · ${date(item.created_at)}${item.read ? '' : ` · ${translate('notifications.unread')}`}`}
              slotProps={{ primary: { sx: { fontWeight: item.read ? 400 : 600 } } }}
            />
          </MenuItem>
        ))}
        {(count > 0 || listPath) && items.length > 0 && <Divider />}
        {count > 0 && <MenuItem onClick={() => void readAll()}>{translate('notifications.mark_all_read')}</MenuItem>}
        {listPath && items.length > 0 && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              navigate(listPath);
            }}
          >
            {translate('notifications.see_all')}
          </MenuItem>
        )}
      </Menu>
      )}
    </>
  );
}
