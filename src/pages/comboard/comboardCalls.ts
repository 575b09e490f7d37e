// The board's calls (contract: src/shared/api/comboard.ts), made with the app's one HTTP
// client. A refused call goes past the auth provider first (a 401 logs out); the caller shows
// anything else. `fieldErrorsOf` reads a refused write's field messages (422).

import { useMemo } from 'react';
import { HttpError, useLogoutIfAccessDenied } from 'react-admin';
import type { Envelope } from '../../shared/api/envelope';
import type { FileExistsRefusal } from '../../shared/api/comboard';
import { apiCall, apiFile } from '../../app/providers';

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

export interface ComboardCalls {
  get<A extends Envelope>(path: string, query?: Query): Promise<A>;
  post<A extends Envelope>(path: string, body: unknown): Promise<A>;
  put<A extends Envelope>(path: string, body: unknown): Promise<A>;
  del<A extends Envelope>(path: string): Promise<A>;
  file(path: string, query?: Query): Promise<Blob>;
}

export function useComboardCalls(): ComboardCalls {
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
    } satisfies ComboardCalls;
  }, [logoutIfAccessDenied]);
}

/** A refused write's messages by field (422), empty for any other failure. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError) || error.status !== 422) return {};
  const body = error.body as { errors?: Record<string, unknown> } | null;
  const errors: Record<string, string> = {};
  for (const [field, text] of Object.entries(body?.errors ?? {})) {
    if (typeof text === 'string') errors[field] = text;
  }
  return errors;
}

/** The text of a failed call, for a toast. */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'ra.notification.http_error';
}

/** The existing attachment of a 409 `file_exists` refusal, or null for any other failure. */
export function fileExistsOf(error: unknown): FileExistsRefusal['existing'] | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  const body = error.body as { data?: Partial<FileExistsRefusal> } | null;
  return body?.data?.code === 'file_exists' && body.data.existing ? body.data.existing : null;
}

/** Saves a blob as a file in the browser (a download). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
