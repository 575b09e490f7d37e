// The sidebar's list of links, drawn as plain anchors under one styled list.
//
// react-admin's <Menu> is MUI's MenuList of <MenuItemLink>s: per entry some twenty components
// (a media query, a hotkey hook, ButtonBase, ListItemIcon, Typography, the router's Link), and
// MUI 9's MenuList registers every item for its roving focus and then draws them all again.
// With the 80 entries of the admin's menu that was most of the first frame's drawing (about
// 1,500 of its 1,900 components, and two more passes of 844 and 480 after). Here an entry is an
// <a> with the same classes (RaMenuItemLink-root, -active, -icon, so the theme's marking of the
// open page applies as before), styled once by the list; a click is handled once by the list
// and goes through the router. Tab goes through the links; the arrow keys, Home and End move
// between them as in MUI's menu. With the sidebar closed each entry shows its name in a
// tooltip, as react-admin's do.

import { useCallback, useMemo, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { styled, type CSSObject, type Theme } from '@mui/material/styles';
import { useSidebarState } from 'react-admin';
import { useHref, useNavigate } from 'react-router-dom';
import { plainSvgIconStyle } from '../../views/plainSvgIcon';
import { CLOSED_DRAWER_WIDTH, DRAWER_WIDTH } from '../AppFrame';


type ThemeWithSidebar = Theme & {
  sidebar?: { width?: number; closedWidth?: number };
};

/** The theme's own look for react-admin's menu entries (src/app/theme.ts marks the open page). */
function entryOverrides(theme: Theme): CSSObject {
  const root = (theme.components as Record<string, { styleOverrides?: { root?: unknown } } | undefined> | undefined)?.RaMenuItemLink
    ?.styleOverrides?.root;
  if (typeof root === 'function') return (root as (props: { theme: Theme }) => CSSObject)({ theme });
  return (root as CSSObject | undefined) ?? {};
}

/**
 * The looks of MUI's MenuList (with react-admin's RaMenu widths) and of MenuItem, ButtonBase,
 * ListItemIcon and Typography as react-admin's MenuItemLink combines them.
 */
const List = styled('div', { name: 'RaMenu', slot: 'Root' })(({ theme }) => {
  const palette = (theme.vars || theme).palette;
  const sidebar = (theme as ThemeWithSidebar).sidebar;
  return {
    listStyle: 'none',
    margin: 0,
    padding: '8px 0',
    position: 'relative',
    outline: 0,
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'flex-start',
    [theme.breakpoints.only('xs')]: { marginTop: 0 },
    transition: theme.transitions.create('width', {
      easing: theme.transitions.easing.sharp,
      duration: theme.transitions.duration.leavingScreen,
    }),
    '&.RaMenu-open': { width: sidebar?.width ?? DRAWER_WIDTH },
    '&.RaMenu-closed': { width: sidebar?.closedWidth ?? CLOSED_DRAWER_WIDTH },
    '& .RaMenuItemLink-root': {
      ...theme.typography.body1,
      display: 'flex',
      justifyContent: 'flex-start',
      alignItems: 'center',
      position: 'relative',
      boxSizing: 'border-box',
      minHeight: 48,
      padding: '6px 16px',
      [theme.breakpoints.up('sm')]: { minHeight: 'auto' },
      margin: 0,
      border: 0,
      borderRadius: 0,
      outline: 0,
      cursor: 'pointer',
      userSelect: 'none',
      verticalAlign: 'middle',
      textDecoration: 'none',
      whiteSpace: 'nowrap',
      WebkitTapHighlightColor: 'transparent',
      backgroundColor: 'transparent',
      color: palette.text.secondary,
      '&:hover': {
        textDecoration: 'none',
        backgroundColor: palette.action.hover,
        '@media (hover: none)': { backgroundColor: 'transparent' },
      },
      '&:focus-visible': { backgroundColor: palette.action.focus },
      '&.RaMenuItemLink-active': { color: palette.text.primary },
      ...entryOverrides(theme),
    },
    '& .RaMenuItemLink-icon': {
      display: 'inline-flex',
      flexShrink: 0,
      minWidth: theme.spacing(5),
      color: palette.text.secondary,
    },
    // The entry's icon: a plain <svg> looking as Material UI's small SvgIcon.
    '& .RaMenuItemLink-icon > svg': plainSvgIconStyle(theme),
    // Long names wrap rather than end in "…".
    '& .RaMenuItemLink-text': {
      flexGrow: 1,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'normal',
      font: 'inherit',
      margin: 0,
    },
    // Closed, the names stay on one line out of sight: wrapped in the icons' width, a long one
    // made its entry several lines tall and the icons stood at uneven distances.
    '&.RaMenu-closed .RaMenuItemLink-text': { whiteSpace: 'nowrap' },
  };
});

export interface MenuLink {
  route: string;
  label: string;
  current: boolean;
}

const ENTRY_SELECTOR = 'a.RaMenuItemLink-root';

/** Arrow keys, Home and End move between the entries, as in MUI's MenuList. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const entries = Array.from(event.currentTarget.querySelectorAll<HTMLAnchorElement>(ENTRY_SELECTOR));
  if (!entries.length) return;
  const at = entries.indexOf(document.activeElement as HTMLAnchorElement);
  const next = {
    ArrowDown: at < 0 ? 0 : (at + 1) % entries.length,
    ArrowUp: at < 0 ? entries.length - 1 : (at - 1 + entries.length) % entries.length,
    Home: 0,
    End: entries.length - 1,
  }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  entries[next].focus();
}

/**
 * The menu's entries and, for each, the module's icon as the path(s) of a Material icon
 * (src/app/modules.ts): drawn as a plain <svg> with SvgIcon's classes, not as a Material icon
 * component each (six components apiece, a sixth of a list page's components).
 */
export function MenuLinks({ label, links, icon, children }: { label: string; links: MenuLink[]; icon: readonly string[]; children?: ReactNode }) {
  const [open, setOpen] = useSidebarState();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const navigate = useNavigate();
  const root = useHref('/').replace(/\/$/, '');
  const follow = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      const entry = (event.target as Element).closest<HTMLAnchorElement>(ENTRY_SELECTOR);
      if (!entry || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return; // a new tab or window
      event.preventDefault();
      if (isSmall) setOpen(false);
      navigate(entry.dataset.route ?? '/');
    },
    [isSmall, navigate, setOpen],
  );
  // Made again only when the entries, the path or the sidebar change, not on every redraw of the menu.
  const entries = useMemo(
    () =>
      links.map(({ route, label: name, current }) => {
        const entry = (
          <a
            key={route}
            role="menuitem"
            tabIndex={0}
            href={root + route}
            data-route={route}
            aria-current={current ? 'page' : undefined}
            className={current ? 'RaMenuItemLink-root RaMenuItemLink-active' : 'RaMenuItemLink-root'}
          >
            <span className="RaMenuItemLink-icon">
              <svg className="MuiSvgIcon-root MuiSvgIcon-fontSizeSmall" focusable="false" aria-hidden="true" viewBox="0 0 24 24">
                {icon.map((d) => (
                  <path key={d} d={d} />
                ))}
              </svg>
            </span>
            <span className="RaMenuItemLink-text">{name}</span>
          </a>
        );
        return open ? (
          entry
        ) : (
          <Tooltip key={route} title={name} placement="right">
            {entry}
          </Tooltip>
        );
      }),
    [links, icon, open, root],
  );
  return (
    <List role="menu" aria-label={label} className={open ? 'RaMenu-open' : 'RaMenu-closed'} onClick={follow} onKeyDown={moveFocus}>
      {children}
      {entries}
    </List>
  );
}
