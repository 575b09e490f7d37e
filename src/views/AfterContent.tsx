// The page's content first, the frame's secondary parts a moment after (issue 10).
//
// On a list's first load the content (the table's rows) and the frame around it (the module
// menu of some 80 entries, the top bar's bell, language and profile buttons, the list's
// toolbar and pagination) drew in one pass of some 150 ms before the first row could show.
// Parts wrapped in <AfterContent> draw in a React transition started once the frame has been
// committed: the browser paints in between, a data update (the rows arriving) goes before it,
// and the transition is worked through in short slices. Nothing waits on the network for it;
// the parts show within a frame or two of the content. The placeholder keeps their room, so
// nothing moves when they come.

import { startTransition, useEffect, useState, type ReactNode } from 'react';

let drawnOnce = false;

export function AfterContent({ children, placeholder = null }: { children: ReactNode; placeholder?: ReactNode }) {
  // Once the app has drawn, a part mounted later (a new page's toolbar) draws at once.
  const [shown, setShown] = useState(drawnOnce);
  useEffect(() => {
    if (shown) return;
    startTransition(() => setShown(true));
    drawnOnce = true;
  }, [shown]);
  return shown ? children : placeholder;
}
