// A screen of the product that a later issue builds: its route resolves, and says honestly
// that the screen is not there yet, under the route's title. No made-up data.

import { useTranslate } from 'react-admin';
import { ShellMessagePage } from '../../app/frame/ShellMessagePage';
import { useRouteTitle } from '../../app/frame/useRouteTitle';

export function NotBuiltPage({ path }: { path: string }) {
  const translate = useTranslate();
  return <ShellMessagePage title={useRouteTitle(path)} message={translate('app.shell.not_built')} testId="not-built" />;
}
