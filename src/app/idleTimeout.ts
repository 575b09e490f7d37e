// How long a user may be idle before being logged out (spec 1 §9: 1,800,000 ms), settable
// without editing code: at run time by the served index.html's configuration block
// `<script type="application/json" id="sekolah-config">{ "idleTimeoutMs": 600000 }</script>`
// (data, never run, so the Content-Security-Policy's ban on inline script allows it), else
// at build time by the Vite variable VITE_IDLE_TIMEOUT_MS, else 30 minutes. 0 turns it off.

export const DEFAULT_IDLE_TIMEOUT_MS = 1_800_000;

/** The id of index.html's configuration block. */
export const CONFIG_ELEMENT_ID = 'sekolah-config';

function asTimeout(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** `idleTimeoutMs` of the page's configuration block; undefined when there is none or it is not JSON. */
function configuredTimeout(): unknown {
  const text = typeof document === 'undefined' ? null : document.getElementById(CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const config: unknown = JSON.parse(text);
    return typeof config === 'object' && config !== null && 'idleTimeoutMs' in config ? config.idleTimeoutMs : undefined;
  } catch {
    return undefined;
  }
}

export function idleTimeoutMs(): number {
  return asTimeout(configuredTimeout()) ?? asTimeout(import.meta.env.VITE_IDLE_TIMEOUT_MS) ?? DEFAULT_IDLE_TIMEOUT_MS;
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
