// Login of the four kinds, logout, "who am I", check-user-login and change-password
// (spec 1 §3 login responses, §4 session, §6 roles, §7.1, §7.2).
//
//   POST auth/login/        staff    { status, success, access_token, user{id, username, name, employee_id}, roles, get_menu, expired, date_expiring, modules_code }
//   POST auth/log-student/  student  { success, access_token, user{id, username, email, name, department_id} }
//   POST auth/log-parent/   parent   { success, access_token, user{id, username, name, email} }
//   POST auth/log-booking/  booking  { success, access_token, user{id, username, name, employee_id}, roles }
//
// Every login takes { username, password }. The mobile clients of the existing product log
// every kind in through auth/login/ with `loginto` (Internal | Student | Parent) beside them
// (issue 11, "Calls"): that login is then the student's or the parent's, and its answer also
// carries `status` (a JSON boolean), as the staff answer does. A wrong one, of any kind, is 401 `loginFailed`
// whether or not the name exists (the same work either way: see verifyPassword), and stores
// nothing; repeated failures are answered 429 by the throttle (loginThrottle.ts).

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EntityModel, Locale } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import { MAX_PASSWORD_LENGTH, type FieldErrors } from '../../src/shared/validation';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { ApiError, invalidInput } from '../http/apiError';
import { sendError } from '../http/errorAnswers';
import { requestLocale } from '../http/requestLocale';
import { modulesOf } from './access';
import { accountTable, findAccount, findAccountForLogin, passwordHashOf } from './accountStore';
import { type LoginThrottle, type LoginTry } from './loginThrottle';
import { hashPassword, verifyPassword } from './password';
import { bearerToken, sessionUser } from './requireSession';
import { createSession, deleteOtherSessions, deleteSession, findSessionUser } from './sessionStore';
import type { AppUser, LoginKind } from './userStore';
import { success } from '../http/success';

/** The staff login answer of the existing product, without the token. */
function userAnswer(user: AppUser, entities: readonly EntityModel[]) {
  return success({
    status: true,
    user: { id: user.id, username: user.username, name: user.name, employee_id: user.employee_id },
    roles: user.roles,
    get_menu: null,
    expired: false,
    date_expiring: null,
    modules_code: modulesOf(user.roles, entities).map((code) => ({ code })),
  });
}

/** The login answer of each kind (spec 1 §3), without the token. */
function loginAnswer(user: AppUser, entities: readonly EntityModel[]): Record<string, unknown> {
  switch (user.kind) {
    case 'staff':
      return userAnswer(user, entities);
    case 'student':
      return success({ user: { id: user.id, username: user.username, email: user.email, name: user.name, department_id: user.department_id } });
    case 'parent':
      return success({ user: { id: user.id, username: user.username, name: user.name, email: user.email } });
    case 'booking':
      return success({ user: { id: user.id, username: user.username, name: user.name, employee_id: user.employee_id }, roles: user.roles });
  }
}

/** GET auth/me: the login answer of the session's kind, with its kind, roles (and a parent's children). */
function meAnswer(user: AppUser, entities: readonly EntityModel[]): Record<string, unknown> {
  return {
    ...loginAnswer(user, entities),
    login_as: user.kind,
    roles: user.roles,
    ...(user.kind === 'parent' ? { student_ids: user.student_ids } : {}),
  };
}

const LOGIN_PATHS: ReadonlyArray<[string, LoginKind]> = [
  ['/auth/login', 'staff'],
  ['/auth/log-student', 'student'],
  ['/auth/log-parent', 'parent'],
  ['/auth/log-booking', 'booking'],
];

function objectBody(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** The throttle's name for an account: staff and booking share the `users` table's names. */
const throttleName = (kind: LoginKind, username: string) => `${accountTable(kind)}:${username}`;

/**
 * When the throttle says wait, answers 429 with Retry-After and says true; the caller then
 * returns the reply and goes no further. (It does not hand the reply back itself: a reply is
 * a thenable, and a promise of one resolves to undefined once it is sent.) The client address
 * is the forwarded one only behind a trusted proxy (TRUST_PROXY, server/http/trustProxy.ts).
 */
async function refusedByThrottle(throttle: LoginThrottle, attempt: LoginTry, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const seconds = attempt.waitSeconds;
  if (seconds === 0) return false;
  await throttle.withdraw(attempt);
  reply.header('retry-after', String(seconds));
  sendError(reply, new ApiError(429, throttledMessage(requestLocale(request), seconds), undefined, { retry_after: seconds }));
  return true;
}

/** "Try again in 8 seconds" below a minute (the name's delays start at 1 s), else in whole minutes, rounded up. */
export function throttledMessage(locale: Locale, seconds: number): string {
  if (seconds < 60) return message(locale, 'loginThrottledSeconds', { count: seconds });
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? message(locale, 'loginThrottledMinute') : message(locale, 'loginThrottledMinutes', { count: minutes });
}

/** auth/login's `loginto` of the mobile clients → the kind it logs in; undefined: none given. */
const MOBILE_LOGIN_KINDS: Readonly<Record<string, LoginKind>> = { Internal: 'staff', Student: 'student', Parent: 'parent' };

/** The kind a login path logs in: its own, or on auth/login the one `loginto` names (null: a `loginto` no kind has). */
function kindOfLogin(pathKind: LoginKind, path: string, body: Record<string, unknown>): LoginKind | null {
  if (path !== '/auth/login' || body.loginto === undefined || body.loginto === null || body.loginto === '') return pathKind;
  return typeof body.loginto === 'string' && Object.hasOwn(MOBILE_LOGIN_KINDS, body.loginto) ? MOBILE_LOGIN_KINDS[body.loginto] : null;
}

export function registerLoginRoutes(app: FastifyInstance, db: Db, entities: readonly EntityModel[], throttle: LoginThrottle, idleMs: number): void {
  const present = new Set(entities.map((e) => e.name));
  for (const [path, pathKind] of LOGIN_PATHS) {
    app.post(path, async (request, reply) => {
      const locale = requestLocale(request);
      const body = objectBody(request.body);
      const { username, password } = body;
      const missing: Record<string, string[]> = {};
      if (typeof username !== 'string' || username === '') missing.username = [message(locale, 'required')];
      if (typeof password !== 'string' || password === '') missing.password = [message(locale, 'required')];
      const kind = kindOfLogin(pathKind, path, body);
      if (kind === null) missing.loginto = [message(locale, 'enum')];
      if (Object.keys(missing).length || kind === null) throw invalidInput(locale, missing);
      const mobile = kind !== pathKind;

      const name = throttleName(kind, String(username));
      const attempt = await throttle.start(name, request.ip);
      if (await refusedByThrottle(throttle, attempt, request, reply)) return reply;
      // A name no user can have is looked up as nobody (a NUL character would be a database
      // error); so is every name when the kind's table is not in the schemas.
      const plausible = present.has(accountTable(kind)) && String(username).length <= 200 && !String(username).includes('\u0000');
      const found = plausible ? await findAccountForLogin(db, kind, String(username)) : null;
      // Longer passwords are refused without hashing them (argon2 of megabytes is a cheap way to
      // load the server). An account without a password, or none at all, is still verified
      // against a throw-away hash, so the answer's timing does not tell which names exist.
      const tooLong = String(password).length > MAX_PASSWORD_LENGTH;
      const ok = !tooLong && (await verifyPassword(found?.passwordHash ?? null, String(password)));
      // Roles are read only once the password is right: the same work for every wrong login.
      // A booking login needs a booking role (findAccount answers null without one).
      const user = found && ok && found.isActive ? await findAccount(db, kind, found.id) : null;
      if (!user) {
        await throttle.sweep(); // the try's row stays: it is the failure
        throw new ApiError(401, message(locale, 'loginFailed'), undefined, kind === 'staff' || mobile ? { status: false } : {});
      }
      await throttle.succeeded(name, request.ip);
      const token = await createSession(db, user);
      return { ...loginAnswer(user, entities), ...(mobile ? { status: true } : {}), access_token: token };
    });
  }

  // GET check-user-login?user_id=&login_as= (spec 1 §7.2): data 1 when the bearer token is a
  // live session of that account and kind, else 0 (never 401: the client asks on start
  // whether to keep what it stored). login_as: staff (also admin), student, parent, booking.
  app.get('/check-user-login', async (request) => {
    const query = objectBody(request.query);
    const userId = Number(query.user_id);
    const loginAs = query.login_as === 'admin' ? 'staff' : query.login_as;
    const token = bearerToken(request);
    const user = token && Number.isInteger(userId) ? await findSessionUser(db, token, idleMs) : null;
    return success({ data: user && user.id === userId && user.kind === loginAs ? 1 : 0 });
  });
}

function changePasswordErrors(body: Record<string, unknown>, minLength: number, maxLength: number, locale: Locale): FieldErrors {
  const errors: FieldErrors = {};
  const { current_password: current, new_password: fresh, new_password_confirmation: confirmation } = body;
  if (typeof current !== 'string' || current === '') errors.current_password = [message(locale, 'required')];
  if (typeof fresh !== 'string' || fresh === '') errors.new_password = [message(locale, 'required')];
  else if (fresh.length < minLength) errors.new_password = [message(locale, 'minLength', { limit: minLength, count: minLength })];
  else if (fresh.length > maxLength) errors.new_password = [message(locale, 'maxLength', { limit: maxLength, count: maxLength })];
  if (typeof confirmation !== 'string' || confirmation === '') errors.new_password_confirmation = [message(locale, 'required')];
  else if (typeof fresh === 'string' && fresh !== confirmation) errors.new_password_confirmation = [message(locale, 'passwordMismatch')];
  if (typeof current === 'string' && current.length > MAX_PASSWORD_LENGTH) errors.current_password = [message(locale, 'currentPasswordWrong')];
  return errors;
}

export function registerSessionRoutes(app: FastifyInstance, db: Db, entities: readonly EntityModel[], throttle: LoginThrottle): void {
  app.post('/auth/logout', async (request) => {
    const token = bearerToken(request);
    if (token) await deleteSession(db, token);
    return success();
  });
  app.get('/auth/me', async (request) => meAnswer(sessionUser(request), entities));

  // POST auth/change-password/ { current_password, new_password, new_password_confirmation }:
  // the logged-in account's own password, of any kind. The new one meets the account
  // schema's password minLength / maxLength; the current one is checked here (a wrong one
  // counts as a failed login for the throttle). On success the account's other sessions end.
  app.post('/auth/change-password', async (request, reply) => {
    const locale = requestLocale(request);
    const user = sessionUser(request);
    const token = bearerToken(request)!;
    const table = accountTable(user.kind);
    const field = entities.find((e) => e.name === table)?.fields.find((f) => f.kind === 'password');
    const body = objectBody(request.body);
    const errors = changePasswordErrors(body, field?.minLength ?? 1, field?.maxLength ?? MAX_PASSWORD_LENGTH, locale);
    if (Object.keys(errors).length) throw invalidInput(locale, errors);

    const name = throttleName(user.kind, user.username);
    const attempt = await throttle.start(name, request.ip);
    if (await refusedByThrottle(throttle, attempt, request, reply)) return reply;
    const ok = await verifyPassword(await passwordHashOf(db, user.kind, user.id), String(body.current_password));
    if (!ok) {
      await throttle.sweep(); // the try's row stays: it is the failure
      throw invalidInput(locale, { current_password: [message(locale, 'currentPasswordWrong')] });
    }
    await throttle.succeeded(name, request.ip);
    const hashed = await hashPassword(String(body.new_password));
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable(table)
        .set({ password: hashed, version: sql`version + 1`, updated_at: sql`now()`, updated_by: user.username })
        .where('id', '=', user.id)
        .execute();
      await deleteOtherSessions(tx, user, token);
    });
    return success({ message: message(locale, 'passwordChanged') });
  });
}
