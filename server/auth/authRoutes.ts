// Staff login, logout and "who am I" (spec 1 §3 login responses, §7.1).

import type { FastifyInstance } from 'fastify';
import type { EntityModel } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import { MAX_PASSWORD_LENGTH } from '../../src/shared/validation';
import type { Db } from '../db/database';
import { ApiError, invalidInput } from '../http/apiError';
import { requestLocale } from '../http/requestLocale';
import { modulesOf } from './access';
import { verifyPassword } from './password';
import { bearerToken, sessionUser } from './requireSession';
import { createSession, deleteSession } from './sessionStore';
import { findUser, findUserForLogin, type AppUser } from './userStore';

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
    // Longer passwords are refused without hashing them (argon2 of megabytes is a cheap way to
    // load the server). A user without a password, or none at all, is still verified against
    // a throw-away hash, so the answer's timing does not tell which user names exist.
    const tooLong = String(password).length > MAX_PASSWORD_LENGTH;
    const ok = !tooLong && (await verifyPassword(found?.passwordHash ?? null, String(password)));
    // Roles are read only once the password is right: the same work for every wrong login.
    const user = found && ok && found.isActive ? await findUser(db, found.id) : null;
    if (!user) throw new ApiError(401, message(locale, 'loginFailed'), undefined, { status: false });
    const token = await createSession(db, user.id);
    return { ...userAnswer(user, entities), access_token: token };
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
