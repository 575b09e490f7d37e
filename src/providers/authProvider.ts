// The four logins (staff, student, parent, booking) against the v1 API, the session in
// localStorage, the profile read right after logging in (a failure undoes the login), the
// session check on start, logout to the login page of the user's kind, logout on any 401,
// and the password change (spec 1 §3, §4, §7.1, §7.2, §8).

import type { AuthProvider } from 'react-admin';
import { areaOfPath, HOME_PATHS, LOGIN_PATHS, isLoginPage, safeReturnPath } from './loginPaths';
import type { AccountProfile } from '../shared/accountProfile';
import type { HttpClient } from './httpClient';
import {
  clearSession,
  isLoginKind,
  readLoginKind,
  readRoles,
  readToken,
  readUser,
  saveSession,
  PREFERENCE_KEYS,
  SESSION_KEYS,
  type LoginKind,
  type SessionStorage,
  type SessionUser,
} from './session';

/** What the login calls answer (spec 1 §3 "Login responses"); each kind fills part of it. */
export interface LoginAnswer {
  status?: unknown;
  access_token: string;
  user: SessionUser;
  roles?: string[] | string;
  get_menu?: unknown;
  expired?: unknown;
  date_expiring?: unknown;
  modules_code?: Array<{ code: string }>;
}

export interface LoginParams {
  username: string;
  password: string;
  /** Which login page: staff when absent. */
  kind?: LoginKind;
  /** Where to go after logging in (the `to` of the login page's address). */
  to?: string | null;
}

export interface ChangePasswordBody {
  current_password: string;
  new_password: string;
  new_password_confirmation: string;
}

/** react-admin's auth provider plus what the shell's own pages ask of it. */
export interface AppAuthProvider extends AuthProvider {
  login: (params: LoginParams) => Promise<{ redirectTo: string }>;
  /** The kind of the current (or last) login. */
  loginKind: () => LoginKind;
  /** The stored user, or null. */
  currentUser: () => SessionUser | null;
  /** POST auth/change-password/; a 422 rejects with the field messages in `body.errors`. */
  changePassword: (body: ChangePasswordBody) => Promise<void>;
  /** The logged-in user's profile (spec 1 §7.1 users/, students/ or parents/{user_id}, by kind). */
  profile: () => Promise<AccountProfile>;
  /**
   * Start this page load's session check now, when a session is stored (src/main.tsx, before
   * the first render); checkAuth then awaits that same check and acts on its outcome.
   */
  startSessionCheck: () => void;
}

export interface AuthProviderOptions {
  apiUrl: string;
  httpClient: HttpClient;
  storage: SessionStorage;
  /** The current path and query, for the `to` of the login page (the browser's by default). */
  currentPath?: () => string;
}

/** The staff login page; the other kinds' are in LOGIN_PATHS. */
export const LOGIN_PATH = LOGIN_PATHS.staff;

const LOGIN_ENDPOINTS: Record<LoginKind, string> = {
  staff: 'auth/login/',
  student: 'auth/log-student/',
  parent: 'auth/log-parent/',
  booking: 'auth/log-booking/',
};

/** Where each kind's profile is read (spec 1 §7.1): staff and booking logins are both users. */
export const PROFILE_ENDPOINTS: Record<LoginKind, string> = {
  staff: 'users',
  student: 'students',
  parent: 'parents',
  booking: 'users',
};

/** The message of a login undone because the profile could not be read (spec 1 §4, §8). */
export const PROFILE_FAILED = 'app.login.profile_failed';

/** The roles the client gives students and parents: their login answers carry none (spec 1 §6). */
const ASSIGNED_ROLES: Partial<Record<LoginKind, string[]>> = {
  student: ['ROLE_STUDENT', 'ROLE_CANDIDATE_STUDENT'],
  parent: ['ROLE_PARENT', 'ROLE_FAMILY'],
};

function roleList(roles: LoginAnswer['roles']): string[] {
  if (Array.isArray(roles)) return roles.map(String);
  return typeof roles === 'string' ? roles.split(',').map((r) => r.trim()).filter(Boolean) : [];
}

function browserPath(): string {
  return typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
}

function sessionUser(user: SessionUser): SessionUser {
  const out: SessionUser = { id: user.id, username: user.username, name: user.name ?? null };
  if (user.email) out.email = user.email;
  if (user.employee_id !== undefined) out.employee_id = user.employee_id ?? null;
  if (user.department_id !== undefined) out.department_id = user.department_id ?? null;
  return out;
}

export function createAuthProvider({
  apiUrl,
  httpClient,
  storage,
  currentPath = browserPath,
}: AuthProviderOptions): AppAuthProvider {
  const base = apiUrl.replace(/\/+$/, '');
  // The stored session is checked with the server once per page load (spec 1 §7.2).
  let sessionChecked: Promise<boolean> | null = null;

  /** The login page of the session's kind, with where the user was as `to`. */
  function loginRedirect(kind: LoginKind, withReturn: boolean): string {
    const login = LOGIN_PATHS[kind];
    if (!withReturn) return login;
    const here = currentPath();
    const pathname = here.split(/[?#]/)[0] ?? '/';
    if (pathname === '/' || isLoginPage(pathname) || !safeReturnPath(here)) return login;
    return `${login}?to=${encodeURIComponent(here)}`;
  }

  /**
   * The kind of login a visitor without a session is sent to: the stored one (the session's,
   * else the last login's), and when the browser stores none, the area of the page asked for
   * (a parent's deep link /parent/… in a new browser goes to the parent login, not the staff one).
   */
  function visitorKind(): LoginKind {
    if (storage.getItem(SESSION_KEYS.loginAs) || storage.getItem(PREFERENCE_KEYS.loginType)) return readLoginKind(storage);
    return areaOfPath(currentPath().split(/[?#]/)[0] ?? '/');
  }

  /** check-user-login: false when the server says the session is over (data below 1, or 401). */
  async function stillLoggedIn(): Promise<boolean> {
    const user = readUser(storage);
    if (!user) return false;
    const query = new URLSearchParams({ user_id: String(user.id), login_as: readLoginKind(storage) });
    try {
      const { json } = await httpClient(`${base}/check-user-login?${query}`);
      const data = Number((json as { data?: unknown }).data);
      return !(Number.isFinite(data) && data < 1);
    } catch (e) {
      // Only a 401 ends the session here; an unreachable server or a missing endpoint does not.
      return (e as { status?: number })?.status !== 401;
    }
  }

  /** The stored user's profile; rejects when the answer is not the profile of that user. */
  async function readProfile(): Promise<AccountProfile> {
    const user = readUser(storage);
    if (!user) throw new Error('ra.auth.auth_check_error');
    const { json } = await httpClient(`${base}/${PROFILE_ENDPOINTS[readLoginKind(storage)]}/${encodeURIComponent(String(user.id))}`);
    const data = (json as { data?: AccountProfile }).data;
    if (!data || typeof data !== 'object' || String(data.id) !== String(user.id)) throw new Error('profile.load_failed');
    return data;
  }

  return {
    async login({ username, password, kind = 'staff', to }: LoginParams) {
      const loginAs: LoginKind = isLoginKind(kind) ? kind : 'staff';
      // A wrong password is a 401 (too many tries a 429) whose message, in the request's
      // language, the login page shows. Nothing is stored then.
      let json: unknown;
      try {
        ({ json } = await httpClient(`${base}/${LOGIN_ENDPOINTS[loginAs]}`, {
          method: 'POST',
          body: { username, password },
          auth: false,
        }));
      } catch (e) {
        clearSession(storage);
        throw e;
      }
      const answer = json as LoginAnswer;
      if (!answer?.access_token || !answer.user || answer.user.id === undefined) {
        clearSession(storage);
        throw new Error((json as { message?: string })?.message || 'app.login.failed');
      }
      const session = {
        token: answer.access_token,
        user: sessionUser(answer.user),
        roles: ASSIGNED_ROLES[loginAs] ?? roleList(answer.roles),
        modules: (answer.modules_code ?? []).map((m) => m.code).filter(Boolean),
        loginAs,
      };
      saveSession(storage, session);
      // The profile of the kind (spec 1 §7.1). When it cannot be read the login is undone: the
      // session ends on the server too (best effort) and nothing stays stored (§4, §8).
      let profile: AccountProfile;
      try {
        profile = await readProfile();
      } catch (e) {
        await httpClient(`${base}/auth/logout/`, { method: 'POST', body: {} }).catch(() => undefined);
        clearSession(storage);
        sessionChecked = null;
        // Without a status: the login page shows the message; nothing logs "out" again.
        throw new Error(PROFILE_FAILED, { cause: e });
      }
      // The profile is the fuller record (a staff login's answer carries no email).
      saveSession(storage, {
        ...session,
        user: sessionUser({
          ...session.user,
          name: profile.name || session.user.name,
          email: typeof profile.email === 'string' ? profile.email : session.user.email,
        }),
      });
      // This login is fresh: no need to ask the server about it again on this page load.
      sessionChecked = Promise.resolve(true);
      return { redirectTo: safeReturnPath(to) ?? HOME_PATHS[loginAs] };
    },

    async logout() {
      const kind = readLoginKind(storage);
      const token = readToken(storage);
      if (token) {
        // Best effort: the session ends in this browser whatever the server says.
        await httpClient(`${base}/auth/logout/`, { method: 'POST', body: {} }).catch(() => undefined);
      }
      clearSession(storage);
      sessionChecked = null;
      // Nobody was logged in (react-admin logs a visitor "out" of a protected page): back
      // here after logging in. A real logout starts afresh.
      return token ? loginRedirect(kind, false) : loginRedirect(visitorKind(), true);
    },

    async checkAuth() {
      const kind = readLoginKind(storage);
      if (!readToken(storage)) {
        // Nobody logged in: to the login page of the last login's kind (or of the page's area),
        // and back here after it.
        throw { redirectTo: loginRedirect(visitorKind(), true), message: false };
      }
      sessionChecked ??= stillLoggedIn();
      if (!(await sessionChecked)) {
        clearSession(storage);
        sessionChecked = null;
        throw { redirectTo: LOGIN_PATHS[kind], message: 'ra.notification.logged_out' };
      }
    },

    async checkError(error: { status?: number; message?: string } | undefined) {
      if (error?.status === 401) {
        // react-admin shows this message, then calls logout(), which clears the session.
        throw { redirectTo: LOGIN_PATHS[readLoginKind(storage)], message: error.message || 'ra.notification.logged_out' };
      }
      // 403 and everything else: the caller shows the message; the user stays logged in.
    },

    async getPermissions() {
      return readRoles(storage);
    },

    async getIdentity() {
      const user = readUser(storage);
      if (!user) throw new Error('ra.auth.auth_check_error');
      return { id: user.id, fullName: user.name || user.username };
    },

    loginKind: () => readLoginKind(storage),

    currentUser: () => (storage.getItem(SESSION_KEYS.token) ? readUser(storage) : null),

    async changePassword(body: ChangePasswordBody) {
      await httpClient(`${base}/auth/change-password/`, { method: 'POST', body });
    },

    profile: readProfile,

    startSessionCheck() {
      if (readToken(storage)) sessionChecked ??= stillLoggedIn();
    },
  };
}
