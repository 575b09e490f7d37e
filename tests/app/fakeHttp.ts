// A recording fake of the HTTP client: answers by a handler, remembers every call.

import type { HttpClient, HttpRequest, HttpResponse } from '../../src/providers/httpClient';

export interface Call {
  url: string;
  request: HttpRequest;
}

export function fakeHttp(answer: (url: string, request: HttpRequest) => Partial<HttpResponse> | Promise<Partial<HttpResponse>>) {
  const calls: Call[] = [];
  const client: HttpClient = async (url, request = {}) => {
    calls.push({ url, request });
    const response = await answer(url, request);
    return { status: 200, headers: new Headers(), json: {}, ...response };
  };
  return { client, calls };
}

/** The query of a called URL as a plain object. */
export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://test').searchParams);
}
