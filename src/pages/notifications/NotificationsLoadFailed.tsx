// The notification pages' error state: the notifications could not be read, with a retry.

import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';

export function NotificationsLoadFailed({ retry }: { retry: () => void }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={retry}>
          {translate('notifications.retry')}
        </Button>
      }
    >
      {translate('notifications.load_failed')}
    </Alert>
  );
}
