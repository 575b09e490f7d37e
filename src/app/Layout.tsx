import type { ReactNode } from 'react';
import { AppBar as RaAppBar, Layout as RaLayout, type AppBarProps } from 'react-admin';
import { DocumentTitle } from './DocumentTitle';
import { Menu } from './Menu';

/** react-admin's app bar in the primary colour; it already carries the language switcher
 * (LocalesMenuButton, shown because the i18n provider offers two locales). */
function AppBar(props: AppBarProps) {
  return <RaAppBar {...props} color="primary" />;
}

/** react-admin's layout with the module menu. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout menu={Menu} appBar={AppBar}>
      <DocumentTitle />
      {children}
    </RaLayout>
  );
}
