// Material UI's Tooltip, mounted a moment after the first paint (<AfterContent>) around a child
// that draws at once. The Tooltip keeps its child's DOM node in state set from a ref while
// React commits; an update made during a commit is a synchronous one, so a Tooltip in a page's
// first commit makes React run all that page's effects and draw it again before the browser
// may paint at all (issue 10: the staff top bar's menu button, the bell of every top bar). The
// child has its own accessible name (aria-label), so nothing is missing in between.

import type { ReactElement } from 'react';
import Tooltip, { type TooltipProps } from '@mui/material/Tooltip';
import { AfterContent } from './AfterContent';

export function LateTooltip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: ReactElement }) {
  return (
    <AfterContent placeholder={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </AfterContent>
  );
}
