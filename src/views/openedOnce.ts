// A menu or dialog that is closed when the page draws is drawn from the first time it opens
// on, and then kept (so its closing animation plays as before). Closed, Material UI's Menu and
// Dialog draw nothing a user sees, but each still mounted a popover and a modal: some 50 hooks
// apiece, a dozen of them on a list page (the top bar's, the list toolbar's, the keyboard help).

import { useState } from 'react';

/** True from the first time `open` is true on. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
