// The look of Material UI's small SvgIcon for a plain <svg> (1em at 20 px, the text's colour, its
// fill transition): a list page draws dozens of icons (the menu's entries, a table's yes/no
// cells), and an SvgIcon component is six components of its own. Styled once by their container.

import type { Theme } from '@mui/material/styles';

export function plainSvgIconStyle(theme: Theme) {
  return {
    userSelect: 'none' as const,
    width: '1em',
    height: '1em',
    display: 'inline-block',
    flexShrink: 0,
    transition: theme.transitions.create('fill', { duration: theme.transitions.duration.shorter }),
    fill: 'currentColor',
    fontSize: theme.typography.pxToRem(20),
  };
}
