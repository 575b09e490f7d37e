// Security headers on every answer (app, API, static files, 404s and errors), by
// @fastify/helmet. The app's policy: scripts, connections, fonts and frames only from this
// origin, no inline script and no eval; inline styles allowed because MUI (emotion) injects
// <style> tags; images also from the web, as rich text may show them; nobody may frame us.
// The file route (server/files/fileRoutes.ts) sets a stricter policy of its own.

import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: APP_CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // TLS is the deployment's proxy's business: it sets HSTS for the hosts it serves.
    strictTransportSecurity: false,
  });
}
