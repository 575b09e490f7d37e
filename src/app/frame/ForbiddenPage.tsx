// A page the user's roles may not open (issue 16): says so, and leads home, like the not-found
// page — never a blank page or another view in its place. The shell shows it for a resource view
// the roles lack (src/app/resourceFromEntry.tsx), a bespoke page they may not open (PageAccess)
// and a 403 (App.tsx's `accessDenied`).

import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { ShellMessagePage } from './ShellMessagePage';

export function ForbiddenPage() {
  const translate = useTranslate();
  return (
    <ShellMessagePage
      title={translate('app.shell.forbidden')}
      message={translate('app.shell.forbidden_text')}
      testId="forbidden"
      actions={
        <Button component={Link} to="/" variant="outlined">
          {translate('app.shell.go_home')}
        </Button>
      }
    />
  );
}
