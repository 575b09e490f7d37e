// Staff login against the v1 API, the session in localStorage, logout on 401.
// The other three logins (student, parent, booking) are a later issue.

import type { AuthProvider } from 'react-admin';
import type { HttpClient } from './httpClient';
import {
  clearSession,
  readRoles,
  readToken,
  readUser,
  saveSession,
  type SessionStorage,
  type SessionUser,
} from './session';

/** What `POST /auth/login/` answers (spec 1 §7.1). */
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

export interface AuthProviderOptions {
  apiUrl: string;
  httpClient: HttpClient;
  storage: SessionStorage;
}

export const LOGIN_PATH = '/login';

function roleList(roles: LoginAnswer['roles']): string[] {
  if (Array.isArray(roles)) return roles.map(String);
  return typeof roles === 'string' ? roles.split(',').map((r) => r.trim()).filter(Boolean) : [];
}

export function createAuthProvider({ apiUrl, httpClient, storage }: AuthProviderOptions): AuthProvider {
  const base = apiUrl.replace(/\/+$/, '');
  return {
    async login({ username, password }: { username: string; password: string }) {
      // A wrong password is a 401 whose message (in the request's language) the login page shows.
      const { json } = await httpClient(`${base}/auth/login/`, {
        method: 'POST',
        body: { username, password },
        auth: false,
      });
      const answer = json as unknown as LoginAnswer;
      if (!answer?.access_token || !answer.user) {
        clearSession(storage);
        throw new Error((json as { message?: string })?.message || 'app.login.failed');
      }
      saveSession(storage, {
        token: answer.access_token,
        user: {
          id: answer.user.id,
          username: answer.user.username,
          name: answer.user.name ?? null,
          employee_id: answer.user.employee_id ?? null,
        },
        roles: roleList(answer.roles),
        modules: (answer.modules_code ?? []).map((m) => m.code).filter(Boolean),
        loginAs: 'staff',
      });
    },

    async logout() {
      const token = readToken(storage);
      if (token) {
        // Best effort: the session ends in this browser whatever the server says.
        await httpClient(`${base}/auth/logout/`, { method: 'POST', body: {} }).catch(() => undefined);
      }
      clearSession(storage);
      return LOGIN_PATH;
    },

    async checkAuth() {
      if (!readToken(storage)) {
        // Nobody logged in yet: straight to the login page, without an error toast.
        throw { redirectTo: LOGIN_PATH, message: false };
      }
    },

    async checkError(error: { status?: number; message?: string } | undefined) {
      if (error?.status === 401) {
        // react-admin shows this message, then calls logout(), which clears the session.
        throw { redirectTo: LOGIN_PATH, message: error.message || 'ra.notification.logged_out' };
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
  };
}
