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

/**
 * A fake's answer to the profile read after a login (users/, students/ or parents/{id}): that
 * record, with `fields` added; undefined for any other URL.
 */
export function profileAnswerOf(url: string, fields: Record<string, unknown> = {}): Partial<HttpResponse> | undefined {
  const match = /\/(users|students|parents)\/(\d+)$/.exec(url);
  if (!match) return undefined;
  return { json: { success: true, data: { id: Number(match[2]), username: 'u', name: '', roles: [], fields: [], ...fields } } as never };
}
