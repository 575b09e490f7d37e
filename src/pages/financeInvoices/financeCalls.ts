// The invoice pages' calls (contract: src/shared/api/finance.ts), made with the app's one HTTP
// client as the other bespoke pages make theirs: a 401 goes past the auth provider (it logs
// out), anything else is the caller's to show. `fieldErrorsOf` reads a refused write's field
// messages (422) so they show under their fields.

import { useMemo } from 'react';
import { HttpError, useLogoutIfAccessDenied } from 'react-admin';
import type { Envelope } from '../../shared/api/envelope';
import { apiCall } from '../../app/providers';

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

export interface FinanceCalls {
  get<A extends Envelope>(path: string, query?: Query): Promise<A>;
  post<A extends Envelope>(path: string, body: unknown): Promise<A>;
  put<A extends Envelope>(path: string, body: unknown): Promise<A>;
}

export function useFinanceCalls(): FinanceCalls {
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
    } satisfies FinanceCalls;
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

/**
 * What a refusal says beyond the fields a form shows: the messages of other fields (`ids`, a
 * root message), or the refusal's own message when it names no field; null when every message
 * has its field on the form (they show there).
 */
export function unplacedMessage(error: unknown, shown: readonly string[]): string | null {
  const fields = fieldErrorsOf(error);
  if (Object.keys(fields).length === 0) return messageOf(error);
  const rest = Object.entries(fields)
    .filter(([field]) => !shown.includes(field))
    .map(([, text]) => text);
  const root = error instanceof HttpError ? (error.body as { errors?: { root?: { serverError?: unknown } } } | null)?.errors?.root?.serverError : undefined;
  if (typeof root === 'string') rest.push(root);
  return rest.length > 0 ? [...new Set(rest)].join(' ') : null;
}
