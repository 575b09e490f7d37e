// One notification (spec 1 §2.9, §4: a notification whose doc_name leads nowhere else opens
// /notification/{id}; students, parents and booking users open theirs inside their own area):
// its text in the user's language, what it is about, when it came, whether it was read. Opening
// it marks it read. Someone else's notification is not shown, an id that names none says so.

import { useEffect, useRef } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { HOME_PATHS } from '../../providers/loginPaths';
import { ShellCallError, useMarkRead, useNotification } from '../../app/topbar/shellApi';
import { NOTIFICATION_LIST_PATHS, type NotificationKind } from '../../shared/notificationTarget';
import { useNotificationDate, useNotificationText, useNotificationType } from '../../app/topbar/NotificationText';
import { NotificationsLoadFailed } from './NotificationsLoadFailed';
import { useDocumentTitle } from '../../app/frame/useRouteTitle';

/** Back where the user came from; on a page opened directly, to the list (parent, student) or home. */
function BackButton({ kind }: { kind: NotificationKind }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const fallback = NOTIFICATION_LIST_PATHS[kind] ?? HOME_PATHS[kind];
  const cameFromApp = location.key !== 'default';
  const common = { startIcon: <ArrowBackIcon />, variant: 'outlined' as const, size: 'small' as const };
  if (!cameFromApp || NOTIFICATION_LIST_PATHS[kind]) {
    return (
      <Button {...common} component={RouterLink} to={fallback}>
        {translate('notifications.back')}
      </Button>
    );
  }
  return (
    <Button {...common} onClick={() => navigate(-1)}>
      {translate('notifications.back')}
    </Button>
  );
}

function useMarkOnOpen(id: number | undefined, read: boolean | undefined) {
  const markRead = useMarkRead();
  const notify = useNotify();
  const marked = useRef<number | null>(null);
  useEffect(() => {
    if (id === undefined || read !== false || marked.current === id) return;
    marked.current = id;
    markRead(id).catch(() => notify('notifications.mark_failed', { type: 'error' }));
  }, [id, read, markRead, notify]);
}

export function NotificationPage({ kind = 'staff' }: { kind?: NotificationKind }) {
  const translate = useTranslate();
  const { id } = useParams();
  const { data, error, isPending, refetch } = useNotification(id);
  const text = useNotificationText();
  const type = useNotificationType();
  const date = useNotificationDate();
  const title = translate('notifications.title');
  useDocumentTitle(title);
  useMarkOnOpen(data?.id, data?.read);

  const status = error instanceof ShellCallError ? error.status : 0;
  let body;
  if (data) {
    body = (
      <>
        <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip
            label={translate(data.read ? 'notifications.read' : 'notifications.unread')}
            size="small"
            color={data.read ? 'default' : 'secondary'}
          />
        </Stack>
        <Typography variant="h6" component="p" sx={{ mb: 2 }} data-testid="notification-text">
          {text(data)}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
          <Typography component="dt" color="text.secondary">
            {translate('notifications.type')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {type(data.doc_name)}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {translate('notifications.received')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            <time dateTime={data.created_at}>{date(data.created_at)}</time>
          </Typography>
        </Box>
      </>
    );
  } else if (isPending && !error) {
    body = (
      <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
        <CircularProgress size={20} aria-hidden />
        <Typography color="text.secondary">{translate('app.loading')}</Typography>
      </Stack>
    );
  } else if (status === 404 || status === 403) {
    body = (
      <Alert severity={status === 403 ? 'warning' : 'info'} data-testid={status === 403 ? 'notification-forbidden' : 'notification-missing'}>
        {translate(status === 403 ? 'notifications.forbidden' : 'notifications.not_found')}
      </Alert>
    );
  } else {
    body = (
      <NotificationsLoadFailed retry={() => void refetch()} />
    );
  }

  return (
    <Card sx={{ mt: kind === 'staff' ? 2 : 0, maxWidth: 760 }} data-testid="notification-page">
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {title}
        </Typography>
        {body}
        <Box sx={{ mt: 3 }}>
          <BackButton kind={kind} />
        </Box>
      </CardContent>
    </Card>
  );
}

export default NotificationPage;
