// A POST that makes its record once, however often it reaches the server: one
// Idempotency-Key per submission (the server keeps the first answer for it, 24 hours). When
// no answer came (status 0: the server may have made the record and the answer was lost), it
// is sent once more with the same key, and the server answers what it answered the first
// time. The generated create forms use it through the data provider; a bespoke page's create
// (a payment, an enrolment) calls it with its own URL and body.

import { HttpError } from 'react-admin';
import type { HttpClient, HttpResponse } from './httpClient';

/**
 * A fresh Idempotency-Key: 128 random bits in hex. crypto.getRandomValues, unlike
 * crypto.randomUUID, also works when the app is served over plain http on a school's network.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function postOnce(httpClient: HttpClient, url: string, body: unknown): Promise<HttpResponse> {
  const request = { method: 'POST' as const, body, headers: { 'Idempotency-Key': newIdempotencyKey() } };
  try {
    return await httpClient(url, request);
  } catch (error) {
    if (error instanceof HttpError && error.status === 0) return httpClient(url, request);
    throw error;
  }
}
