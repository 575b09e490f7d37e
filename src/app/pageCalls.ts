// How a bespoke page calls the API (DESIGN.md, bespoke modules): through the app's one HTTP
// client, a refused call first past the auth provider (a 401 logs out), anything else the
// page's to show. The board's and the finance pages' call hooks are this one.

import { useCallback, useMemo } from 'react';
import { HttpError, useLogoutIfAccessDenied } from 'react-admin';
import type { ApiCall } from '../providers/apiCall';
import type { Envelope } from '../shared/api/envelope';
import { apiCall, apiFile } from './providers';

export type Query = Record<string, string | number | boolean | null | undefined>;

/** `path?a=1&b=2`, leaving out what is unset or empty. */
export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export interface PageCalls {
  get<A extends Envelope>(path: string, query?: Query): Promise<A>;
  post<A extends Envelope>(path: string, body: unknown): Promise<A>;
  put<A extends Envelope>(path: string, body: unknown): Promise<A>;
  del<A extends Envelope>(path: string): Promise<A>;
  file(path: string, query?: Query): Promise<Blob>;
}

/** The one client's call (method and body as the request gives them), a 401 first past the auth provider. */
export function usePageCall(): ApiCall {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useCallback(
    async <A extends Envelope>(...[path, request]: Parameters<ApiCall>): Promise<A> => {
      try {
        return await apiCall<A>(path, request);
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) await logoutIfAccessDenied(error);
        throw error;
      }
    },
    [logoutIfAccessDenied],
  );
}

export function usePageCalls(): PageCalls {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useMemo(() => {
    const checked = async <T>(call: () => Promise<T>): Promise<T> => {
      try {
        return await call();
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) await logoutIfAccessDenied(error);
        throw error;
      }
    };
    return {
      get: (path, query) => checked(() => apiCall(withQuery(path, query))),
      post: (path, body) => checked(() => apiCall(path, { method: 'POST', body })),
      put: (path, body) => checked(() => apiCall(path, { method: 'PUT', body })),
      del: (path) => checked(() => apiCall(path, { method: 'DELETE' })),
      file: (path, query) => checked(() => apiFile(withQuery(path, query))),
    } satisfies PageCalls;
  }, [logoutIfAccessDenied]);
}

/** A refused write's messages by field (422), empty for any other failure. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError) || error.status !== 422) return {};
  const body = error.body as { errors?: Record<string, unknown> } | null;
  const errors: Record<string, string> = {};
  for (const [field, text] of Object.entries(body?.errors ?? {})) {
    if (typeof text === 'string') errors[field] = text;
    else if (Array.isArray(text) && typeof text[0] === 'string') errors[field] = text.join(' ');
  }
  return errors;
}

/** The text of a failed call, for a toast or an alert. */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'ra.notification.http_error';
}
