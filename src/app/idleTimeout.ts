// How long a user may be idle before being logged out (spec 1 §9: 1,800,000 ms), settable
// without editing code: at run time by `window.SEKOLAH_CONFIG = { idleTimeoutMs }` (a
// deployment's index.html or the server may set it; the browser tests do), else at build
// time by the Vite variable VITE_IDLE_TIMEOUT_MS, else 30 minutes. 0 turns it off.

export const DEFAULT_IDLE_TIMEOUT_MS = 1_800_000;

declare global {
  interface Window {
    SEKOLAH_CONFIG?: { idleTimeoutMs?: number | string };
  }
}

function asTimeout(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

export function idleTimeoutMs(): number {
  const runtime = typeof window === 'undefined' ? undefined : window.SEKOLAH_CONFIG?.idleTimeoutMs;
  return asTimeout(runtime) ?? asTimeout(import.meta.env.VITE_IDLE_TIMEOUT_MS) ?? DEFAULT_IDLE_TIMEOUT_MS;
}

/**
 * The time of the last key press, click, touch, scroll or mouse move in any tab of this
 * browser (ms since 1970), shared through localStorage so that a user busy in one tab is not
 * logged out by another tab left idle. Kept across logouts: it is no part of the session.
 */
export const LAST_ACTIVITY_KEY = 'lastActivity';

export function readLastActivity(storage: Pick<Storage, 'getItem'>): number | null {
  const value = Number(storage.getItem(LAST_ACTIVITY_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function saveLastActivity(storage: Pick<Storage, 'setItem'>, time: number): void {
  storage.setItem(LAST_ACTIVITY_KEY, String(time));
}
