// Request bodies: JSON only. The body is parsed with plain JSON.parse, so a `__proto__` or
// `constructor` key stays an ordinary own property that validation then reports under its
// name (nothing here ever copies a body with Object.assign, which would set a prototype).
// Any other body, and malformed JSON, is a 400 `badJson`.
//
// Broken Unicode is refused with a 400 `badUnicode`, never silently repaired: bytes that are
// not UTF-8 (decoding would turn them into U+FFFD and store a different text than was sent),
// and `\ud800`-style escapes of lone surrogates in any string or key (PostgreSQL cannot store
// them, and they are no character a person typed).

import type { FastifyInstance } from 'fastify';
import { apiError } from './apiError';
import { requestLocale } from './requestLocale';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** A UTF-16 surrogate without its other half (with the u flag, only lone ones match). */
const LONE_SURROGATE = /\p{Cs}/u;

class BrokenUnicode extends Error {}

/** JSON.parse's reviver: sees every key and value of the body, nested ones included. */
function refuseLoneSurrogates(key: string, value: unknown): unknown {
  if (LONE_SURROGATE.test(key) || (typeof value === 'string' && LONE_SURROGATE.test(value))) throw new BrokenUnicode();
  return value;
}

export function installJsonBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, bytes, done) => {
    const locale = requestLocale(request);
    let body: string;
    try {
      body = UTF8.decode(bytes as Buffer);
    } catch {
      return done(apiError(locale, 400, 'badUnicode'), undefined);
    }
    if (body.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body, refuseLoneSurrogates));
    } catch (error) {
      done(apiError(locale, 400, error instanceof BrokenUnicode ? 'badUnicode' : 'badJson'), undefined);
    }
  });
  // Other types are refused, except with no body at all: ra-data-simple-rest sends DELETE
  // with Content-Type text/plain and nothing in it.
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, text, done) => {
    if (String(text) === '') return done(null, undefined);
    done(apiError(requestLocale(request), 400, 'badJson'), undefined);
  });
}
