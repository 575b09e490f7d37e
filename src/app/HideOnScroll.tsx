// react-admin's HideOnScroll (the top bar slides away when the page scrolls down past 100 px
// and back when it scrolls up), with Material UI's useScrollTrigger written out but for one
// thing: it reads the scroll position only when the page scrolls. useScrollTrigger reads it in
// the mount's effects, which made the browser lay out the whole new page in the middle of the
// first render's work (11 to 32 ms in CPU profiles of the first load of a list); read in a
// timer after the first frame instead, it still landed between the list's rows and the frame
// that draws them (12 ms in a profile). At mount the page has not scrolled (the frame is drawn
// once per page load, and a restored scroll position fires a scroll event), so there is nothing
// to read until it does.

import { useEffect, useRef, useState, type ReactElement } from 'react';
import Slide from '@mui/material/Slide';

/** useScrollTrigger's default trigger: past the threshold, and not while scrolling up (hysteresis). */
function scrolledDown(store: { current?: number }, threshold = 100): boolean {
  const previous = store.current;
  store.current = window.pageYOffset;
  if (previous !== undefined && store.current < previous) return false;
  return store.current > threshold;
}

/** Whether the page has scrolled down past 100 px (and is not scrolling up), read at each scroll. */
export function useScrolledDown(): boolean {
  const store = useRef<number | undefined>(undefined);
  const [trigger, setTrigger] = useState(false);
  useEffect(() => {
    const handleScroll = () => setTrigger(scrolledDown(store));
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, []);
  return trigger;
}

export function HideOnScroll({ children, className }: { children: ReactElement; className?: string }) {
  const trigger = useScrolledDown();
  return (
    <Slide appear={false} direction="down" in={!trigger} className={className}>
      {children}
    </Slide>
  );
}
