// The guard in front of every API call except login, health and files: a bearer token of a
// live session, else 401 `unauthorized`. The session's user is then on `request.user`.

import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Db } from '../db/database';
import { apiError } from '../http/apiError';
import { requestLocale } from '../http/requestLocale';
import { findSessionUser } from './sessionStore';
import type { AppUser } from './userStore';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user; set by requireSession on every protected route. */
    user: AppUser | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header.trim()) : null;
  return match ? match[1] : null;
}

export function declareRequestUser(app: FastifyInstance): void {
  app.decorateRequest('user', null);
}

export function requireSession(db: Db, idleMs: number): onRequestHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    const user = token ? await findSessionUser(db, token, idleMs) : null;
    if (!user) throw apiError(requestLocale(request), 401, 'unauthorized');
    request.user = user;
  };
}

/** The user of a route behind requireSession. */
export function sessionUser(request: FastifyRequest): AppUser {
  if (!request.user) throw apiError(requestLocale(request), 401, 'unauthorized');
  return request.user;
}
