// Logs the user out after a stretch without a key press, click, touch, scroll or mouse move
// (spec 1 §9), to the login page of their kind. Rendered once, inside the admin context.

import { useEffect } from 'react';
import { useAuthProvider, useLogout } from 'react-admin';
import type { AppAuthProvider } from '../providers/authProvider';
import { idleTimeoutMs } from './idleTimeout';

const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

export function IdleLogout({ timeoutMs = idleTimeoutMs() }: { timeoutMs?: number }) {
  const logout = useLogout();
  const authProvider = useAuthProvider() as AppAuthProvider | undefined;
  useEffect(() => {
    if (!timeoutMs) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expire = () => {
      // Only a logged-in user is logged out; the login pages stay as they are.
      if (authProvider?.currentUser()) void logout({}, undefined, false);
      else restart();
    };
    function restart() {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(expire, timeoutMs);
    }
    restart();
    for (const name of ACTIVITY) window.addEventListener(name, restart, { passive: true, capture: true });
    return () => {
      if (timer !== undefined) clearTimeout(timer);
      for (const name of ACTIVITY) window.removeEventListener(name, restart, { capture: true });
    };
  }, [timeoutMs, logout, authProvider]);
  return null;
}
