import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { useMemo } from 'react';
import { AppBar as RaAppBar, Layout as RaLayout, LocalesMenuButton, TitlePortal, type AppBarProps } from 'react-admin';
import { KindRedirect } from '../pages/shell/KindRedirect';
import { DocumentTitle } from './DocumentTitle';
import { Menu } from './Menu';
import { pickTheme, themesOf } from './theme';
import { useDarkMode } from './topbar/darkMode';
import { LogoMark } from './topbar/LogoMark';
import { NotificationBell } from './topbar/NotificationBell';
import { ProfileMenu } from './topbar/ProfileMenu';
import { useThemeName } from './topbar/shellApi';

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
          <LocalesMenuButton />
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

/** The theme the server's general setting names (cc until it answers), light or dark as the user chose. */
function useShellTheme() {
  const { data } = useThemeName();
  const dark = useDarkMode();
  const name = pickTheme(data);
  return useMemo(() => createTheme(themesOf(name)[dark ? 'dark' : 'light']), [name, dark]);
}

export function Layout({ children }: { children: ReactNode }) {
  const theme = useShellTheme();
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RaLayout menu={Menu} appBar={AppBar} sx={layoutSx}>
        <DocumentTitle />
        <KindRedirect />
        {children}
      </RaLayout>
    </ThemeProvider>
  );
}
