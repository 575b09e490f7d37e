// An address the product does not have, inside the shell.

import { Button, Card, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useDocumentTitle } from './useRouteTitle';

export function NotFoundPage() {
  const home = '/';
  const translate = useTranslate();
  const title = translate('app.shell.not_found');
  useDocumentTitle(title);
  return (
    <Card sx={{ mt: 2 }} data-testid="not-found">
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          {translate('app.shell.not_found_text')}
        </Typography>
        <Button component={Link} to={home} variant="outlined">
          {translate('app.shell.go_home')}
        </Button>
      </CardContent>
    </Card>
  );
}
