import type { ReactNode } from 'react';
import { AppBar as RaAppBar, Layout as RaLayout, TitlePortal, type AppBarProps } from 'react-admin';
import { KindRedirect } from './frame/KindRedirect';
import { DocumentTitle } from './DocumentTitle';
import { Menu } from './Menu';
import { ShellTheme } from './ShellTheme';
import { LanguageButton } from './topbar/LanguageButton';
import { LogoMark } from './topbar/LogoMark';
import { NotificationBell } from './topbar/NotificationBell';
import { ProfileMenu } from './topbar/ProfileMenu';

/** The top bar (spec 1 §1): the theme's mark and the page title, the bell, the language, the profile menu. */
function AppBar(props: AppBarProps) {
  return (
    <RaAppBar
      {...props}
      color="primary"
      userMenu={<ProfileMenu />}
      toolbar={
        <>
          <NotificationBell />
          <LanguageButton />
        </>
      }
    >
      <LogoMark size={28} color="currentColor" />
      <TitlePortal sx={{ ml: 1 }} />
    </RaAppBar>
  );
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
    <ShellTheme>
      <RaLayout menu={Menu} appBar={AppBar} sx={layoutSx}>
        <DocumentTitle />
        <KindRedirect />
        {children}
      </RaLayout>
    </ShellTheme>
  );
}
