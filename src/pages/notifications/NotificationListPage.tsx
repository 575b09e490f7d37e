// The notifications of a parent or a student (spec 1 §2.4 /parent/notification, §2.5
// /student/notification): all of them, newest first, twenty a page, the unread ones marked
// and each markable as read, all at once too. A notification opens its detail page in the area.

import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Pagination,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Link as RouterLink } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { useMarkAllRead, useMarkRead, useNotificationPage } from '../../app/topbar/shellApi';
import { NOTIFICATION_LIST_PATHS, notificationDetailPath, type NotificationKind } from '../../shared/notificationTarget';
import { useNotificationDate, useNotificationText, useNotificationType } from '../../app/topbar/NotificationText';
import { NotificationsLoadFailed } from './NotificationsLoadFailed';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';

export const NOTIFICATIONS_PER_PAGE = 20;

export function NotificationListPage({ kind }: { kind: Extract<NotificationKind, 'parent' | 'student'> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const title = useRouteTitle(NOTIFICATION_LIST_PATHS[kind]!);
  useDocumentTitle(title);
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useNotificationPage(page, NOTIFICATIONS_PER_PAGE);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const text = useNotificationText();
  const type = useNotificationType();
  const date = useNotificationDate();
  const failed = () => notify('notifications.mark_failed', { type: 'error' });
  const items = data?.data ?? [];
  const unread = data?.count ?? 0;
  const pages = Math.max(1, Math.ceil((data?.total ?? items.length) / NOTIFICATIONS_PER_PAGE));

  let body;
  if (!data && isPending) {
    body = (
      <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center', py: 2 }}>
        <CircularProgress size={20} aria-hidden />
        <Typography color="text.secondary">{translate('notifications.loading')}</Typography>
      </Stack>
    );
  } else if (!data && isError) {
    body = (
      <NotificationsLoadFailed retry={() => void refetch()} />
    );
  } else if (items.length === 0) {
    body = (
      <Typography color="text.secondary" role="status" sx={{ py: 2 }} data-testid="notifications-empty">
        {translate('notifications.none')}
      </Typography>
    );
  } else {
    body = (
      <List aria-label={title} data-testid="notification-list">
        {items.map((item) => (
          <ListItem
            key={item.id}
            disablePadding
            divider
            secondaryAction={
              item.read ? undefined : (
                <Tooltip title={translate('notifications.mark_read')}>
                  <IconButton edge="end" aria-label={`${translate('notifications.mark_read')}: ${text(item)}`} onClick={() => void markRead(item.id).catch(failed)}>
                    <DoneIcon />
                  </IconButton>
                </Tooltip>
              )
            }
          >
            <ListItemButton component={RouterLink} to={notificationDetailPath(kind, item.id)} sx={{ pr: 7 }}>
              <ListItemText
                primary={text(item)}
                secondary={`${type(item.doc_name)} · ${date(item.created_at)}`}
                slotProps={{ primary: { sx: { fontWeight: item.read ? 400 : 600 } } }}
              />
              {!item.read && <Chip label={translate('notifications.unread')} size="small" color="secondary" sx={{ ml: 1 }} />}
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    );
  }

  return (
    <Card data-testid="notification-list-page">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}>
          <Typography component="h1" variant="h5">
            {title}
            {/* A space in the text, not only a margin: "Notifikasi (3 belum dibaca)" when copied or read aloud. */}
            {unread > 0 && ' '}
            {unread > 0 && (
              <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                ({translate('notifications.unread_count', { smart_count: unread })})
              </Typography>
            )}
          </Typography>
          {unread > 0 && (
            <Button startIcon={<DoneAllIcon />} onClick={() => void markAllRead().catch(failed)}>
              {translate('notifications.mark_all_read')}
            </Button>
          )}
        </Stack>
        {body}
        {pages > 1 && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
            <Pagination
              count={pages}
              page={page}
              onChange={(_, next) => setPage(next)}
              aria-label={translate('notifications.pages')}
              getItemAriaLabel={(type, at, selected) =>
                type === 'previous'
                  ? translate('notifications.previous_page')
                  : type === 'next'
                    ? translate('notifications.next_page')
                    : translate(selected ? 'notifications.page' : 'notifications.go_to_page', { page: at ?? 0 })
              }
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

export default NotificationListPage;
