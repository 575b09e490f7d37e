// A screen of the product that a later issue builds: its route resolves, and says honestly
// that the screen is not there yet, under the route's title. No made-up data.

import { Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDocumentTitle, useRouteTitle } from './useRouteTitle';

export function NotBuiltPage({ path }: { path: string }) {
  const translate = useTranslate();
  const title = useRouteTitle(path);
  useDocumentTitle(title);
  return (
    <Card sx={{ mt: 2 }} data-testid="not-built">
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary">{translate('app.shell.not_built')}</Typography>
      </CardContent>
    </Card>
  );
}
