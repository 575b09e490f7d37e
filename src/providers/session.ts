// The browser session: what the app keeps in localStorage between page loads.
// Only the bearer token is a secret; roles are kept to draw menus and buttons, the server
// checks every call anyway (spec README, "deliberate departures").

import type { Locale } from '../shared/entityModel';

/**
 * The locale a stored preference or the UI asks for: Indonesian unless English is asked for.
 * The same rule as `pickLocale` of src/shared/messages.ts, which is not imported here: that
 * module carries every server message in both languages, which the first page does not need.
 */
export function pickLocale(value: string | null | undefined): Locale {
  return value && value.trim().toLowerCase().startsWith('en') ? 'en' : 'id';
}

/** The four kinds of login (spec 1 §4): each has its own login page, logout and home. */
export type LoginKind = 'staff' | 'student' | 'parent' | 'booking';
export const LOGIN_KINDS: readonly LoginKind[] = ['staff', 'student', 'parent', 'booking'];

export function isLoginKind(value: unknown): value is LoginKind {
  return typeof value === 'string' && (LOGIN_KINDS as readonly string[]).includes(value);
}

/** What the session stores (spec 1 §3 "Local session"); all of it goes at logout. */
export const SESSION_KEYS = {
  token: 'token',
  user: 'user',
  user_id: 'user_id',
  username: 'username',
  name: 'name',
  email: 'email',
  employee_id: 'employee_id',
  department_id: 'department_id',
  roles: 'roles',
  modules: 'modules',
  loginAs: 'loginAs',
} as const;

/**
 * Kept across logouts: the language, the theme, the module, and the kind of the last login,
 * which picks the login page a logged-out visitor is sent to (spec 1 §2.1 "stored login type").
 */
export const PREFERENCE_KEYS = {
  locale: 'locale',
  darkMode: 'darkMode',
  activeModule: 'activeModule',
  loginType: 'loginType',
} as const;

export interface SessionUser {
  id: number | string;
  username: string;
  name?: string | null;
  email?: string | null;
  employee_id?: number | string | null;
  department_id?: number | string | null;
}

export interface Session {
  token: string;
  user: SessionUser;
  roles: string[];
  modules: string[];
  loginAs: LoginKind;
}

/** The part of `Storage` the session uses (tests pass a Map-backed one). */
export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function splitList(value: string | null): string[] {
  return value ? value.split(',').map((s) => s.trim()).filter(Boolean) : [];
}

export function saveSession(storage: SessionStorage, session: Session): void {
  storage.setItem(SESSION_KEYS.token, session.token);
  storage.setItem(SESSION_KEYS.user, JSON.stringify(session.user));
  // The user's fields one by one too, under the names the existing product reads (spec 1 §3).
  storage.setItem(SESSION_KEYS.user_id, String(session.user.id));
  storage.setItem(SESSION_KEYS.username, session.user.username);
  for (const key of ['name', 'email', 'employee_id', 'department_id'] as const) {
    const value = session.user[key];
    if (value !== undefined && value !== null && value !== '') storage.setItem(SESSION_KEYS[key], String(value));
  }
  // Comma-separated, as the existing product stores them (spec 1 §6).
  storage.setItem(SESSION_KEYS.roles, session.roles.join(','));
  storage.setItem(SESSION_KEYS.modules, session.modules.join(','));
  storage.setItem(SESSION_KEYS.loginAs, session.loginAs);
  storage.setItem(PREFERENCE_KEYS.loginType, session.loginAs);
}

/** The kind of the current session, else of the last login; staff when nothing says otherwise. */
export function readLoginKind(storage: SessionStorage): LoginKind {
  const current = storage.getItem(SESSION_KEYS.loginAs);
  if (isLoginKind(current)) return current;
  const last = storage.getItem(PREFERENCE_KEYS.loginType);
  return isLoginKind(last) ? last : 'staff';
}

export function clearSession(storage: SessionStorage): void {
  for (const key of Object.values(SESSION_KEYS)) storage.removeItem(key);
}

export function readToken(storage: SessionStorage): string | null {
  return storage.getItem(SESSION_KEYS.token);
}

export function readRoles(storage: SessionStorage): string[] {
  return splitList(storage.getItem(SESSION_KEYS.roles));
}

export function readUser(storage: SessionStorage): SessionUser | null {
  const text = storage.getItem(SESSION_KEYS.user);
  if (!text) return null;
  try {
    const user = JSON.parse(text) as SessionUser;
    return user && typeof user === 'object' ? user : null;
  } catch {
    return null;
  }
}

/** The stored UI language; Indonesian when nothing (or nonsense) is stored (spec 1 §9). */
export function readLocale(storage: SessionStorage): Locale {
  return pickLocale(storage.getItem(PREFERENCE_KEYS.locale));
}

export function saveLocale(storage: SessionStorage, locale: Locale): void {
  storage.setItem(PREFERENCE_KEYS.locale, locale);
}

/** The menu module the user last worked in (spec 1 §6 keeps an active module); academic when none. */
export function readActiveModule(storage: SessionStorage): string {
  const value = storage.getItem(PREFERENCE_KEYS.activeModule);
  return value && /^[A-Z]{2,10}$/.test(value) ? value : 'ACA';
}

export function saveActiveModule(storage: SessionStorage, code: string): void {
  storage.setItem(PREFERENCE_KEYS.activeModule, code);
}

/** localStorage when the page has one; a throwaway in-memory store otherwise (tests, SSR). */
export function browserStorage(): SessionStorage {
  if (typeof localStorage !== 'undefined') return localStorage;
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}
