// A public page outside the shell that a later issue builds (reset password, the error page,
// the social login callback): it says so, and links to the login page.

import { Link as RouterLink } from 'react-router-dom';
import { Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LOGIN_PATHS } from '../../providers/loginPaths';
import { ShellMessagePage } from '../../app/frame/ShellMessagePage';
import { useRouteTitle } from '../../app/frame/useRouteTitle';

export function PublicNotBuiltPage({ path }: { path: string }) {
  const translate = useTranslate();
  return (
    <ShellMessagePage
      standalone
      title={useRouteTitle(path)}
      message={translate('app.shell.not_built')}
      testId="not-built"
      actions={
        <Link component={RouterLink} to={LOGIN_PATHS.staff}>
          {translate('app.login.submit')}
        </Link>
      }
    />
  );
}
