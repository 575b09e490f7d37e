// A public page outside the shell that a later issue builds (reset password, the error page,
// the social login callback): it says so, and links to the login page.

import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LOGIN_PATHS } from '../../app/shellPaths';
import { useDocumentTitle, useRouteTitle } from './useRouteTitle';

export function PublicNotBuiltPage({ path }: { path: string }) {
  const translate = useTranslate();
  const title = useRouteTitle(path);
  useDocumentTitle(title);
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Card sx={{ maxWidth: 480 }} data-testid="not-built">
        <CardContent>
          <Typography component="h1" variant="h5" gutterBottom>
            {title}
          </Typography>
          <Typography color="text.secondary" gutterBottom>
            {translate('app.shell.not_built')}
          </Typography>
          <Link component={RouterLink} to={LOGIN_PATHS.staff}>
            {translate('app.login.submit')}
          </Link>
        </CardContent>
      </Card>
    </Box>
  );
}
