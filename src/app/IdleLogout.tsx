// Logs the user out after a stretch without a key press, click, touch, scroll or mouse move
// (spec 1 §9), to the login page of their kind. Rendered once, inside the admin context.
//
// Across the tabs of one browser: the time of the last activity is shared (localStorage,
// LAST_ACTIVITY_KEY), so each tab's clock counts from the latest activity in any tab; and
// when one tab logs out (idle, a 401 or the logout button all clear the session's token),
// the others see the token go (the `storage` event) and go to the login page too.

import { useEffect } from 'react';
import { useAuthProvider, useLogout } from 'react-admin';
import type { AppAuthProvider } from '../providers/authProvider';
import { SESSION_KEYS, type SessionStorage } from '../providers/session';
import { idleTimeoutMs, readLastActivity, saveLastActivity } from './idleTimeout';
import { appStorage } from './providers';

const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

export function IdleLogout({ timeoutMs = idleTimeoutMs(), storage = appStorage }: { timeoutMs?: number; storage?: SessionStorage }) {
  const logout = useLogout();
  const authProvider = useAuthProvider() as AppAuthProvider | undefined;

  // Idle: the clock runs from the latest activity of any tab.
  useEffect(() => {
    if (!timeoutMs) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Activity is written at most this often (a mouse move fires many events a second).
    const writeEvery = Math.min(1000, timeoutMs / 5);
    let lastHere = Date.now();
    let lastWritten = 0;
    const touch = () => {
      lastHere = Date.now();
      if (lastHere - lastWritten >= writeEvery) {
        lastWritten = lastHere;
        saveLastActivity(storage, lastHere);
      }
    };
    const schedule = (ms: number) => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(check, Math.max(ms, 0));
    };
    function check() {
      const idle = Date.now() - Math.max(lastHere, readLastActivity(storage) ?? 0);
      if (idle < timeoutMs) return schedule(timeoutMs - idle);
      // Only a logged-in user is logged out; the login pages stay as they are.
      if (authProvider?.currentUser()) void logout({}, undefined, false);
      else {
        touch();
        schedule(timeoutMs);
      }
    }
    touch();
    schedule(timeoutMs);
    for (const name of ACTIVITY) window.addEventListener(name, touch, { passive: true, capture: true });
    return () => {
      if (timer !== undefined) clearTimeout(timer);
      for (const name of ACTIVITY) window.removeEventListener(name, touch, { capture: true });
    };
  }, [timeoutMs, logout, authProvider, storage]);

  // Logged out in another tab: this one goes to the login page as well.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SESSION_KEYS.token || !event.oldValue || event.newValue) return;
      // The token is gone already: logout() makes no server call, it clears what is left and
      // goes to the login page of the last login's kind, with this page as `to`.
      void logout({}, undefined, false);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [logout]);
  return null;
}
