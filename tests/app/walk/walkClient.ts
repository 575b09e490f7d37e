// The walk files' side of the shared server (walkServer.ts): the demo users' tokens, calls
// as in tests/server/harness.ts, and a fetch for the app's own HTTP client.

import { inject } from 'vitest';
import { DEMO_PASSWORD } from '../../../server/seed/demoUsers';
import type { Answer, CallOptions, TestServer } from '../../server/harness';

export interface WalkServer extends Pick<TestServer, 'call' | 'token'> {
  /** Resolves once the server answers (it starts while the walk files load). */
  ready(): Promise<void>;
  /** fetch with the app's relative `/api/v1/…` addresses sent to the walk server. */
  fetch: typeof fetch;
}

export function walkServer(base = inject('walkServer')): WalkServer {
  const tokens = new Map<string, Promise<string>>();
  const token = (username: string) => {
    let pending = tokens.get(username);
    if (!pending) {
      pending = (async () => {
        const response = await fetch(`${base}/api/v1/auth/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password: DEMO_PASSWORD }),
        });
        const answer = (await response.json()) as { access_token?: string };
        if (!answer.access_token) throw new Error(`login of ${username} failed: ${JSON.stringify(answer)}`);
        return answer.access_token;
      })();
      tokens.set(username, pending);
    }
    return pending;
  };

  const call = async (method: string | undefined, url: string, options: CallOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.as) headers.authorization = `Bearer ${await token(options.as)}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${url}`, {
      method: method ?? 'GET',
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: response.status, headers: Object.fromEntries(response.headers.entries()), json, text };
  };

  const ready = async () => {
    const response = await fetch(`${base}/api/v1/health`);
    if (!response.ok) throw new Error(await response.text());
  };

  const relative: typeof fetch = (input, init) => fetch(new URL(String(input), base), init);
  return { ready, call: call as TestServer['call'], token, fetch: relative };
}
