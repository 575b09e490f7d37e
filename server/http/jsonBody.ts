// Request bodies: JSON only. The body is parsed with plain JSON.parse, so a `__proto__` or
// `constructor` key stays an ordinary own property that validation then reports under its
// name (nothing here ever copies a body with Object.assign, which would set a prototype).
// Any other body, and malformed JSON, is a 400 `badJson`.

import type { FastifyInstance } from 'fastify';
import { apiError } from './apiError';
import { requestLocale } from './requestLocale';

export function installJsonBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const body = String(text);
    if (body.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body));
    } catch {
      done(apiError(requestLocale(request), 400, 'badJson'), undefined);
    }
  });
  // Other types are refused, except with no body at all: ra-data-simple-rest sends DELETE
  // with Content-Type text/plain and nothing in it.
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, text, done) => {
    if (String(text) === '') return done(null, undefined);
    done(apiError(requestLocale(request), 400, 'badJson'), undefined);
  });
}
