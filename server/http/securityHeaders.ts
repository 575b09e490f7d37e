// Security headers on every answer (app, API, static files, 404s and errors), by helmet. The
// app's policy: scripts, connections, fonts and frames only from this
// origin, no inline script and no eval; inline styles allowed because MUI (emotion) injects
// <style> tags; images also from the web, as rich text may show them; nobody may frame us.
// The file route (server/files/fileRoutes.ts) sets a stricter policy of its own.
//
// helmet's middleware is run once, at start, and the headers it sets are replayed on every
// answer: the policy holds nothing that changes per request (no nonces). @fastify/helmet, used
// before, built the middleware anew for each request, parsing the whole policy each time (about
// a twentieth of what a refused sign-up costs the server in the selection bench).

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export const APP_CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: APP_CSP_DIRECTIVES },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  // TLS is the deployment's proxy's business: it sets HSTS for the hosts it serves.
  strictTransportSecurity: false,
} as const;

/** The headers helmet sets with the app's options, and the ones it takes away: read once. */
export function securityHeaders(): { set: Array<[string, string]>; removed: string[] } {
  const set: Array<[string, string]> = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => set.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
  };
  let failure: unknown;
  helmet(HELMET_OPTIONS)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return { set, removed };
}

export function installSecurityHeaders(app: FastifyInstance): void {
  const { set, removed } = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of set) raw.setHeader(name, value);
    for (const name of removed) raw.removeHeader(name);
    done();
  });
}
