// fetch for the v1 API: bearer token, Accept-Language, JSON both ways, and every error
// answer turned into a react-admin HttpError a person can read. The one client of the app:
// the data provider and every bespoke call (./apiCall.ts) go through it, so a 401, 403, 409,
// 422 or 503 is read here and nowhere else (a 401 then logs out through the auth provider's
// checkError, as react-admin does for every call).

import { HttpError } from 'react-admin';
import type { Locale } from '../shared/entityModel';
import type { MessageKey } from '../shared/messages';
import type { Envelope } from '../shared/api/envelope';

/**
 * The shared messages (src/shared/messages.ts: every server message in both languages) are
 * only needed when a call fails without a message of its own: fetched then, not with the
 * first page.
 */
async function messageOf(locale: Locale, key: MessageKey, params?: Record<string, string>): Promise<string> {
  const { message } = await import('../shared/messages');
  return message(locale, key, params);
}

export interface HttpRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** false for calls made before there is a session (login). */
  auth?: boolean;
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
  /** 'blob': a file's bytes are the answer (a download); a refusal is still read as the envelope. */
  as?: 'json' | 'blob';
}

export interface HttpResponse<T = Envelope> {
  status: number;
  headers: Headers;
  json: T;
  /** The bytes of the answer, when the request asked for them (`as: 'blob'`). */
  blob?: Blob;
}

export type HttpClient = (url: string, request?: HttpRequest) => Promise<HttpResponse>;

export interface HttpClientOptions {
  getToken: () => string | null;
  getLocale: () => Locale;
  fetch?: typeof fetch;
}

/** Field errors as react-admin wants them: one string per field, the root error apart. */
export function fieldErrors(messages: Envelope['messages']): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  for (const [field, list] of Object.entries(messages ?? {})) {
    const text = Array.isArray(list) ? list.join(' ') : String(list);
    if (!text) continue;
    // `_body` is what belongs to no field: react-admin notifies `root.serverError`.
    if (field === '_body') errors.root = { serverError: text };
    else errors[field] = text;
  }
  return errors;
}

function requestId(headers: Headers, body: Record<string, unknown> | null): string {
  const fromBody = body?.requestId ?? body?.request_id;
  return String(fromBody ?? headers.get('x-request-id') ?? '-');
}

/** The error a failed answer becomes. */
export async function errorFromResponse(status: number, headers: Headers, body: unknown, locale: Locale): Promise<HttpError> {
  const envelope = body && typeof body === 'object' ? (body as Envelope & Record<string, unknown>) : null;
  const serverMessage = typeof envelope?.message === 'string' && envelope.message ? envelope.message : null;
  if (status === 422) {
    return new HttpError(serverMessage ?? (await messageOf(locale, 'invalidInput')), 422, {
      errors: fieldErrors(envelope?.messages),
    });
  }
  if (status >= 500) {
    // Our server answers a failure with the `internal` message and its request id, in the
    // request's language; anything else (a proxy's HTML page, an empty answer) gets the same
    // message here. What went wrong inside is not the user's business.
    const fromServer = envelope?.success === false ? serverMessage : null;
    return new HttpError(
      fromServer ?? (await messageOf(locale, 'internal', { requestId: requestId(headers, envelope) })),
      status,
      envelope,
    );
  }
  if (serverMessage) return new HttpError(serverMessage, status, envelope);
  const fallback = status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : status === 404 ? 'routeNotFound' : 'invalid';
  return new HttpError(await messageOf(locale, fallback), status, envelope);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function createHttpClient({ getToken, getLocale, fetch: fetchImpl }: HttpClientOptions): HttpClient {
  return async (url, request = {}) => {
    const locale = getLocale();
    const headers = new Headers({ ...request.headers, Accept: 'application/json', 'Accept-Language': locale });
    if (request.body !== undefined) headers.set('Content-Type', 'application/json');
    const token = request.auth === false ? null : getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let response: Response;
    try {
      response = await (fetchImpl ?? globalThis.fetch)(url, {
        method: request.method ?? 'GET',
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      });
    } catch {
      // No answer at all: offline, DNS, server down. Status 0 never logs anybody out.
      throw new HttpError(await messageOf(locale, 'network'), 0, null);
    }
    if (response.ok && request.as === 'blob') {
      return { status: response.status, headers: response.headers, json: {}, blob: await response.blob() };
    }
    const body = await readJson(response);
    if (!response.ok) throw await errorFromResponse(response.status, response.headers, body, locale);
    return { status: response.status, headers: response.headers, json: (body ?? {}) as Envelope };
  };
}
