// The frame around every staff page: react-admin's Layout and Sidebar (ra-ui-materialui
// layout/Layout.tsx and layout/Sidebar.tsx), the same elements, classes and styles, with two
// things left out:
//
// - The defaults this app always replaces. react-admin's Layout names its own Menu, AppBar and
//   Sidebar as defaults, so they ship on the first page though never drawn; its Menu's
//   MenuItemLink brings react-hotkeys-hook along (some 5 KiB gzip of the first page's code,
//   with the preferences Inspector, which draws nothing in an app with no configurable view).
// - The Sidebar's first reading of the scroll position. Material UI's useScrollTrigger reads
//   it in the mount's effects, which made the browser lay out the whole new page in the middle
//   of the first render's work (some 40 ms in CPU profiles of the first load of a list), and
//   again once that work was done. As the top bar (./HideOnScroll.tsx), it reads it only when
//   the page scrolls; at mount the page has not scrolled, so the sidebar is placed as before.

import { Suspense, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import Drawer from '@mui/material/Drawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import { styled, type SxProps, type Theme } from '@mui/material/styles';
import { AfterContent } from '../views/AfterContent';
import { Error as ErrorView, Loading, SkipNavigationButton, useLocale, useSidebarState, type AppBarProps } from 'react-admin';
import { useScrolledDown } from './HideOnScroll';

/** react-admin's sidebar widths (ra-ui-materialui's DRAWER_WIDTH and CLOSED_DRAWER_WIDTH). */
export const DRAWER_WIDTH = 240;
export const CLOSED_DRAWER_WIDTH = 55;

const SIDEBAR = 'RaSidebar';
const SidebarClasses = {
  docked: `${SIDEBAR}-docked`,
  paper: `${SIDEBAR}-paper`,
  paperAnchorLeft: `${SIDEBAR}-paperAnchorLeft`,
  paperAnchorRight: `${SIDEBAR}-paperAnchorRight`,
  paperAnchorTop: `${SIDEBAR}-paperAnchorTop`,
  paperAnchorBottom: `${SIDEBAR}-paperAnchorBottom`,
  paperAnchorDockedLeft: `${SIDEBAR}-paperAnchorDockedLeft`,
  paperAnchorDockedTop: `${SIDEBAR}-paperAnchorDockedTop`,
  paperAnchorDockedRight: `${SIDEBAR}-paperAnchorDockedRight`,
  paperAnchorDockedBottom: `${SIDEBAR}-paperAnchorDockedBottom`,
  modal: `${SIDEBAR}-modal`,
  fixed: `${SIDEBAR}-fixed`,
  appBarCollapsed: `${SIDEBAR}-appBarCollapsed`,
};

const StyledDrawer = styled(Drawer, { name: SIDEBAR, slot: 'Root', shouldForwardProp: () => true })(({ open, theme }) => ({
  height: 'calc(100vh - 3em)',
  marginTop: 0,
  transition: theme.transitions.create('margin', { easing: theme.transitions.easing.easeOut, duration: theme.transitions.duration.enteringScreen }),
  [`&.${SidebarClasses.appBarCollapsed}`]: {
    // The top bar has slid away: the sidebar moves up with it (the frame keeps its margin).
    marginTop: theme.spacing(-6),
    [theme.breakpoints.down('sm')]: { marginTop: theme.spacing(-7) },
    transition: theme.transitions.create('margin', { easing: theme.transitions.easing.sharp, duration: theme.transitions.duration.leavingScreen }),
  },
  [`& .${SidebarClasses.fixed}`]: {
    position: 'fixed',
    height: 'calc(100vh - 3em)',
    overflowX: 'hidden',
    scrollbarWidth: 'none',
    msOverflowStyle: 'none',
    '&::-webkit-scrollbar': { display: 'none' },
  },
  '& .MuiPaper-root': {
    position: 'relative',
    width: open ? DRAWER_WIDTH : CLOSED_DRAWER_WIDTH,
    transition: theme.transitions.create('width', { easing: theme.transitions.easing.sharp, duration: theme.transitions.duration.leavingScreen }),
    backgroundColor: 'transparent',
    borderRight: 'none',
    [theme.breakpoints.only('xs')]: {
      marginTop: 0,
      height: '100vh',
      position: 'inherit',
      backgroundColor: (theme.vars || theme).palette.background.default,
    },
    [theme.breakpoints.up('md')]: { border: 'none' },
    zIndex: 'inherit',
  },
}));

/** react-admin's Sidebar: a drawer over the page on a phone, beside it (open or narrow) from 600 px. */
function Sidebar({ children }: { children: ReactNode }) {
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useSidebarState();
  useLocale(); // drawn again when the language changes
  const collapsed = useScrolledDown();
  const toggle = () => setOpen(!open);
  if (isXSmall) {
    return (
      <StyledDrawer variant="temporary" open={open} onClose={toggle} classes={SidebarClasses}>
        {children}
      </StyledDrawer>
    );
  }
  return (
    <StyledDrawer
      variant="permanent"
      open={open}
      onClose={toggle}
      classes={SidebarClasses}
      className={`${collapsed ? `${SidebarClasses.appBarCollapsed} ` : ''}${open ? `${SIDEBAR}-open` : `${SIDEBAR}-closed`}`}
    >
      <div className={SidebarClasses.fixed}>{children}</div>
    </StyledDrawer>
  );
}

const LAYOUT = 'RaLayout';
const LayoutClasses = {
  appFrame: `${LAYOUT}-appFrame`,
  contentWithSidebar: `${LAYOUT}-contentWithSidebar`,
  content: `${LAYOUT}-content`,
};

const Core = styled('div', { name: LAYOUT })(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  zIndex: 1,
  minHeight: '100vh',
  backgroundColor: (theme.vars || theme).palette.background.default,
  position: 'relative',
  minWidth: 'fit-content',
  width: '100%',
  [`& .${LayoutClasses.appFrame}`]: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    marginTop: theme.spacing(6),
    [theme.breakpoints.down('sm')]: { marginTop: theme.spacing(7) },
  },
  [`& .${LayoutClasses.contentWithSidebar}`]: {
    display: 'flex',
    flexGrow: 1,
    transition: theme.transitions.create('margin', { easing: theme.transitions.easing.easeOut, duration: theme.transitions.duration.enteringScreen }),
  },
  [`& .${LayoutClasses.content}`]: {
    backgroundColor: (theme.vars || theme).palette.background.default,
    zIndex: 2,
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    flexBasis: 0,
    padding: 0,
    [theme.breakpoints.up('xs')]: { paddingRight: theme.spacing(1), paddingLeft: theme.spacing(1) },
  },
}));

/** react-admin's Layout: the top bar, the sidebar with the menu, and the page, which an error or a lazy part cannot take the frame down with. */
export function AppFrame({
  appBar: AppBar,
  menu: Menu,
  sx,
  children,
}: {
  appBar: ComponentType<AppBarProps>;
  menu: ComponentType;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const [errorInfo, setErrorInfo] = useState<ErrorInfo | undefined>(undefined);
  return (
    <Core className="layout" sx={sx}>
      <SkipNavigationButton />
      <div className={LayoutClasses.appFrame}>
        <AppBar />
        <main className={LayoutClasses.contentWithSidebar}>
          <Sidebar>
            <AfterContent>
              <Menu />
            </AfterContent>
          </Sidebar>
          <div id="main-content" className={LayoutClasses.content}>
            <ErrorBoundary
              onError={(_error, info) => setErrorInfo(info)}
              fallbackRender={({ error, resetErrorBoundary }) => (
                <ErrorView error={error as Error} errorInfo={errorInfo} resetErrorBoundary={resetErrorBoundary} />
              )}
            >
              <Suspense fallback={<Loading />}>{children}</Suspense>
            </ErrorBoundary>
          </div>
        </main>
      </div>
    </Core>
  );
}
