// An address the product does not have, inside the shell: says so, and leads home.

import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { ShellMessagePage } from './ShellMessagePage';

export function NotFoundPage() {
  const translate = useTranslate();
  return (
    <ShellMessagePage
      title={translate('app.shell.not_found')}
      message={translate('app.shell.not_found_text')}
      testId="not-found"
      actions={
        <Button component={Link} to="/" variant="outlined">
          {translate('app.shell.go_home')}
        </Button>
      }
    />
  );
}
