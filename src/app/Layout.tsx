import { createContext, useContext, type ReactNode } from 'react';
import { AfterContent } from '../views/AfterContent';
import { AppFrame } from './AppFrame';
import { KindRedirect } from './frame/KindRedirect';
import { KeyboardShortcuts } from './keyboard/KeyboardShortcuts';
import { DocumentTitle } from './DocumentTitle';
import { Menu } from './Menu';
import { ShellTheme } from './ShellTheme';
import { LanguageButton } from './topbar/LanguageButton';
import { LogoMark } from './topbar/LogoMark';
import { NotificationBell } from './topbar/NotificationBell';
import { PageTitle } from './topbar/PageTitle';
import { ProfileMenu } from './topbar/ProfileMenu';
import { TopBar } from './topbar/TopBar';

// The top bar's parts after the title draw a moment after the page (../views/AfterContent.tsx).
const TOOLBAR = (
  <AfterContent>
    <NotificationBell />
    <LanguageButton />
  </AfterContent>
);
const USER_MENU = (
  <AfterContent>
    <ProfileMenu />
  </AfterContent>
);

/** The top bar (spec 1 §1): the theme's mark and the page title (every page's: ./topbar/PageTitle.tsx), the bell, the language, the profile menu. */
function AppBar() {
  return (
    <TopBar toolbar={TOOLBAR} userMenu={USER_MENU}>
      <LogoMark size={28} color="currentColor" />
      <PageTitle />
    </TopBar>
  );
}

/**
 * react-admin's layout (./AppFrame.tsx) with the module menu. Its content may be narrower than a wide table,
 * which then scrolls inside its card rather than the whole page.
 */
const layoutSx = {
  minWidth: 0,
  '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 },
} as const;

/** The page inside the frame: react-admin's routes for the current path. */
const PageContext = createContext<ReactNode>(null);

function Page() {
  return useContext(PageContext);
}

/**
 * The frame is one element, made once, and the page reaches it through a context. react-admin
 * draws the layout again, with new children, whenever its routes redraw (the session check,
 * the permissions, a registry entry arriving: five times before the first row of a list), and
 * each time the whole frame (the app bar, a menu of some 80 entries) drew again with it though
 * nothing in it had changed. Now only the page does; the frame's parts still redraw when what
 * they read changes (the path, the language, the menu's entries, the theme).
 */
const FRAME = (
  <AppFrame menu={Menu} appBar={AppBar} sx={layoutSx}>
    <DocumentTitle />
    <KindRedirect />
    <KeyboardShortcuts />
    <Page />
  </AppFrame>
);

export function Layout({ children }: { children: ReactNode }) {
  return (
    <PageContext.Provider value={children}>
      <ShellTheme>{FRAME}</ShellTheme>
    </PageContext.Provider>
  );
}
