// The home of a parent, student or booking user: who is logged in, and which pages of the
// area exist yet (none beyond this one: later issues build them). No made-up figures.

import { Card, CardContent, Typography } from '@mui/material';
import { useAuthProvider, useTranslate } from 'react-admin';
import type { AppAuthProvider } from '../../providers/authProvider';
import type { LoginKind } from '../../providers/session';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { HOME_PATHS } from '../../providers/loginPaths';

export function AreaHome({ kind }: { kind: Exclude<LoginKind, 'staff'> }) {
  const translate = useTranslate();
  const authProvider = useAuthProvider() as AppAuthProvider | undefined;
  const user = authProvider?.currentUser();
  const title = useRouteTitle(HOME_PATHS[kind]);
  useDocumentTitle(title);
  if (!user) return null;
  return (
    <Card data-testid="area-home">
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {title}
        </Typography>
        <Typography gutterBottom>
          {translate('app.shell.logged_in_as', {
            name: user.name || user.username,
            username: user.username,
            kind: translate(`app.shell.area_${kind}`),
          })}
        </Typography>
        {user.email && <Typography color="text.secondary">{user.email}</Typography>}
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {translate('app.shell.area_not_built')}
        </Typography>
      </CardContent>
    </Card>
  );
}
