import type { ReactNode } from 'react';
import { AppBar as RaAppBar, Layout as RaLayout, type AppBarProps } from 'react-admin';
import { KindRedirect } from '../pages/shell/KindRedirect';
import { DocumentTitle } from './DocumentTitle';
import { Menu } from './Menu';

/** react-admin's app bar in the primary colour; it already carries the language switcher
 * (LocalesMenuButton, shown because the i18n provider offers two locales). */
function AppBar(props: AppBarProps) {
  return <RaAppBar {...props} color="primary" />;
}

/**
 * react-admin's layout with the module menu. Its content may be narrower than a wide table,
 * which then scrolls inside its card rather than the whole page.
 */
const layoutSx = {
  minWidth: 0,
  '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 },
} as const;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout menu={Menu} appBar={AppBar} sx={layoutSx}>
      <DocumentTitle />
      <KindRedirect />
      {children}
    </RaLayout>
  );
}
