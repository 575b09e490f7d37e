// The staff shell's top bar: react-admin's AppBar (same parts, classes and styles) but for its
// menu button's tooltip, which comes a moment after the first paint (issue 10).
//
// Material UI's Tooltip keeps its child's DOM node in state, set from a ref while React commits.
// An update made during a commit is a synchronous one: React then runs all the new page's
// effects (every query's subscription and request, ~110 resource registrations) and draws the
// page once more before the browser may paint at all, about a quarter of the first load's
// main-thread time before the first row of a list shows. The button itself draws with the
// page; its tooltip comes after the first paint (../../views/LateTooltip.tsx), so nothing in
// the first commit sets state.

import { memo, type ReactNode } from 'react';
import MuiAppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { styled, type Theme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { useSidebarState, useTranslate } from 'react-admin';
import { LateTooltip } from '../../views/LateTooltip';
import { HideOnScroll } from '../HideOnScroll';

// react-admin's class names, so the theme's and react-admin's own rules for them still apply.
const PREFIX = 'RaAppBar';
const classes = {
  appBar: `${PREFIX}-appBar`,
  toolbar: `${PREFIX}-toolbar`,
  menuButton: `${PREFIX}-menuButton`,
  iconOpen: 'RaSidebarToggleButton-menuButtonIconOpen',
  iconClosed: 'RaSidebarToggleButton-menuButtonIconClosed',
};

const StyledAppBar = styled(MuiAppBar, { name: PREFIX, overridesResolver: (_props, styles) => styles.root })(({ theme }) => {
  const turn = theme.transitions.create(['transform'], { easing: theme.transitions.easing.sharp, duration: theme.transitions.duration.leavingScreen });
  return {
    [`& .${classes.toolbar}`]: {
      padding: `0 ${theme.spacing(1)}`,
      [theme.breakpoints.down('md')]: { minHeight: theme.spacing(6) },
    },
    [`& .${classes.menuButton}`]: { marginRight: '0.2em' },
    [`& .${classes.iconClosed}`]: { transition: turn, transform: 'rotate(0deg)' },
    [`& .${classes.iconOpen}`]: { transition: turn, transform: 'rotate(180deg)' },
  };
});

/** Opens and closes the menu; named for screen readers at once, its tooltip after the first paint. */
export function SidebarToggle() {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  const label = translate(open ? 'ra.action.close_menu' : 'ra.action.open_menu', { _: 'Open/Close menu' });
  return (
    <LateTooltip title={label} enterDelay={500}>
      <IconButton color="inherit" className={classes.menuButton} aria-label={label} onClick={() => setOpen(!open)}>
        <MenuIcon className={open ? classes.iconOpen : classes.iconClosed} />
      </IconButton>
    </LateTooltip>
  );
}

const isXSmallQuery = (theme: Theme) => theme.breakpoints.down('sm');

export interface TopBarProps {
  /** What follows the menu button: the mark and the page's title. */
  children: ReactNode;
  /** The buttons at the right, before the profile menu. */
  toolbar: ReactNode;
  userMenu: ReactNode;
}

export const TopBar = memo(function TopBar({ children, toolbar, userMenu }: TopBarProps) {
  const isXSmall = useMediaQuery(isXSmallQuery);
  return (
    <HideOnScroll>
      <StyledAppBar className={classes.appBar} color="primary">
        <Toolbar disableGutters variant={isXSmall ? 'regular' : 'dense'} className={classes.toolbar}>
          <SidebarToggle />
          {children}
          {toolbar}
          {userMenu}
        </Toolbar>
      </StyledAppBar>
    </HideOnScroll>
  );
});
