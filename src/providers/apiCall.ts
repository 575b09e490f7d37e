// A bespoke call of the v1 API (the shell's, a module's): a path under the API's URL, made with
// the one HTTP client (./httpClient.ts), answering the envelope its contract in
// src/shared/api/<module>.ts names. A refused call throws the client's HttpError.

import type { Envelope } from '../shared/api/envelope';
import type { HttpClient, HttpRequest } from './httpClient';

export type ApiCall = <A extends Envelope>(path: string, request?: HttpRequest) => Promise<A>;

export function createApiCall(apiUrl: string, httpClient: HttpClient): ApiCall {
  const base = apiUrl.replace(/\/+$/, '');
  return async <A extends Envelope>(path: string, request?: HttpRequest) => {
    const { json } = await httpClient(`${base}/${path}`, request);
    // The answer's shape is the contract the server's route is typed with.
    return json as A;
  };
}

/** A download of the v1 API (a file's bytes), made with the same client: the bearer token, and a refusal read as the envelope. */
export type FileCall = (path: string) => Promise<Blob>;

export function createFileCall(apiUrl: string, httpClient: HttpClient): FileCall {
  const base = apiUrl.replace(/\/+$/, '');
  return async (path: string) => {
    const { blob } = await httpClient(`${base}/${path}`, { as: 'blob' });
    return blob ?? new Blob([]);
  };
}
