// Staff login, logout and "who am I" (spec 1 §3 login responses, §7.1).

import type { FastifyInstance } from 'fastify';
import type { EntityModel } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import type { Db } from '../db/database';
import { ApiError, invalidInput } from '../http/apiError';
import { requestLocale } from '../http/requestLocale';
import { modulesOf } from './access';
import { verifyPassword } from './password';
import { bearerToken, sessionUser } from './requireSession';
import { createSession, deleteSession } from './sessionStore';
import { findUserForLogin, type AppUser } from './userStore';

/** The staff login answer of the existing product, without the token. */
function userAnswer(user: AppUser, entities: readonly EntityModel[]) {
  return {
    status: true,
    success: true,
    user: { id: user.id, username: user.username, name: user.name, employee_id: user.employee_id },
    roles: user.roles,
    get_menu: null,
    expired: false,
    date_expiring: null,
    modules_code: modulesOf(user.roles, entities).map((code) => ({ code })),
  };
}

/** Longer passwords are refused without hashing them (argon2 of megabytes is a cheap way to load the server). */
const MAX_PASSWORD_LENGTH = 1024;

export function registerLoginRoute(app: FastifyInstance, db: Db, entities: readonly EntityModel[]): void {
  app.post('/auth/login', async (request) => {
    const locale = requestLocale(request);
    const body = request.body;
    const credentials = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const { username, password } = credentials;
    const missing: Record<string, string[]> = {};
    if (typeof username !== 'string' || username === '') missing.username = [message(locale, 'required')];
    if (typeof password !== 'string' || password === '') missing.password = [message(locale, 'required')];
    if (Object.keys(missing).length) throw invalidInput(locale, missing);

    // A name no user can have is looked up as nobody (a NUL character would be a database error).
    const plausible = String(username).length <= 200 && !String(username).includes('\u0000');
    const found = plausible ? await findUserForLogin(db, String(username)) : null;
    const tooLong = String(password).length > MAX_PASSWORD_LENGTH;
    const ok = !tooLong && (await verifyPassword(found?.passwordHash ?? null, String(password)));
    if (!found || !ok || !found.user.is_active) {
      throw new ApiError(401, message(locale, 'loginFailed'), undefined, { status: false });
    }
    const token = await createSession(db, found.user.id);
    return { ...userAnswer(found.user, entities), access_token: token };
  });
}

export function registerSessionRoutes(app: FastifyInstance, db: Db, entities: readonly EntityModel[]): void {
  app.post('/auth/logout', async (request) => {
    const token = bearerToken(request);
    if (token) await deleteSession(db, token);
    return { success: true };
  });
  app.get('/auth/me', async (request) => userAnswer(sessionUser(request), entities));
}
