// The four logins (spec 1 §3, §6, §7.1): each kind's answer and roles, the same 401 for a
// wrong password and an unknown name, the failed-login throttle (per name and address, per
// address, and a name's growing delay), check-user-login (§7.2),
// change-password of every kind, and the admin tables closed to students and parents.

import { describe, expect, it } from 'vitest';
import { throttledMessage } from '../../server/auth/authRoutes';
import { LoginThrottle, nameDelayMs } from '../../server/auth/loginThrottle';
import { message } from '../../src/shared/messages';
import { fileServer, loginOf } from './harness';

// The throttle is tried on servers of its own (throttled: low limits; defaults: the default
// limits), whose clock the tests move; here the limits are out of the way of the many wrong
// logins the other tests make.
const server = fileServer({ demoData: true, loginThrottle: { perName: 1000, perAddress: 1000 } });
let now = Date.UTC(2030, 0, 1);
const throttled = fileServer({ loginThrottle: { perName: 3, perAddress: 6, windowMs: 60_000 }, clock: () => now });
const defaults = fileServer({ clock: () => now });

let nextAddress = 1;
/** A client address of its own, so the address limit of one test does not reach another. */
const freshAddress = () => `10.0.0.${nextAddress++}`;

async function login(path: string, body: unknown, options: { language?: string; address?: string; on?: typeof server } = {}) {
  const response = await (options.on ?? server).app.inject({
    method: 'POST',
    url: `/api/v1/auth/${path}/`,
    payload: body as Record<string, unknown>,
    headers: { 'accept-language': options.language ?? 'id' },
    remoteAddress: options.address ?? freshAddress(),
  });
  return { status: response.statusCode, headers: response.headers, json: response.json() };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the login of each kind', () => {
  it('student: access_token and user{id, username, email, name, department_id}', async () => {
    const answer = await login('log-student', { username: 'student', password: 'demo' });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      success: true,
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      user: { id: 1, username: 'student', email: 'siti@example.sch.id', name: 'Siti Rahmawati', department_id: 4 },
    });
    const me = await server.call('GET', '/api/v1/auth/me', { headers: bearer(answer.json.access_token) });
    expect(me.json).toMatchObject({ login_as: 'student', roles: ['ROLE_STUDENT', 'ROLE_CANDIDATE_STUDENT'], user: { id: 1, username: 'student' } });
  });

  it('parent: access_token and user{id, username, name, email}; the account has two children', async () => {
    const answer = await login('log-parent', { username: 'parent', password: 'demo' });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      success: true,
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      user: { id: 1, username: 'parent', name: 'Rahmat Hidayat', email: 'rahmat@example.com' },
    });
    const me = await server.call('GET', '/api/v1/auth/me', { headers: bearer(answer.json.access_token) });
    expect(me.json).toMatchObject({ login_as: 'parent', roles: ['ROLE_PARENT', 'ROLE_FAMILY'], student_ids: [1, 2] });
  });

  it('booking: access_token, user and roles; only a user with a booking role', async () => {
    const answer = await login('log-booking', { username: 'booking', password: 'demo' });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      success: true,
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      user: { id: 5, username: 'booking', name: 'Booking Demo', employee_id: null },
      roles: ['ROLE_BOOKING'],
    });
    const me = await server.call('GET', '/api/v1/auth/me', { headers: bearer(answer.json.access_token) });
    expect(me.json).toMatchObject({ login_as: 'booking', roles: ['ROLE_BOOKING'] });
    // The admin's password is right, but the admin holds no booking role.
    const admin = await login('log-booking', { username: 'admin', password: 'demo' }, { language: 'en' });
    expect(admin.status).toBe(401);
    expect(admin.json.message).toBe('The user name or password is wrong');
  });

  it('staff login still answers staff, and /auth/me says so', async () => {
    const me = await server.call('GET', '/api/v1/auth/me', { as: 'admin' });
    expect(me.json).toMatchObject({ login_as: 'staff', roles: ['ROLE_ADMIN'], user: { username: 'admin' } });
  });

  it('keeps the kinds apart: a student name is no staff login, and a staff name is no student login', async () => {
    expect((await login('login', { username: 'student', password: 'demo' })).status).toBe(401);
    expect((await login('log-student', { username: 'admin', password: 'demo' })).status).toBe(401);
    expect((await login('log-parent', { username: 'student', password: 'demo' })).status).toBe(401);
  });

  it('refuses an inactive student', async () => {
    const token = await server.token('student');
    await server.database.db.updateTable('student').set({ is_active: false }).where('username', '=', 'student').execute();
    try {
      expect((await server.call('GET', '/api/v1/auth/me', { headers: bearer(token) })).status).toBe(401);
      expect((await login('log-student', { username: 'student', password: 'demo' })).status).toBe(401);
    } finally {
      await server.database.db.updateTable('student').set({ is_active: true }).where('username', '=', 'student').execute();
    }
  });

  it('logs every kind out', async () => {
    for (const path of ['log-student', 'log-parent', 'log-booking']) {
      const username = path === 'log-student' ? 'student' : path === 'log-parent' ? 'parent' : 'booking';
      const { access_token: token } = (await login(path, { username, password: 'demo' })).json;
      expect((await server.call('POST', '/api/v1/auth/logout/', { headers: bearer(token) })).status).toBe(200);
      expect((await server.call('GET', '/api/v1/auth/me', { headers: bearer(token) })).status, path).toBe(401);
    }
  });
});

describe('a wrong login', () => {
  it('answers the same 401 and message for a wrong password and an unknown name, of every kind, in the request language', async () => {
    for (const path of ['login', 'log-student', 'log-parent', 'log-booking']) {
      const known = path === 'log-student' ? 'student' : path === 'log-parent' ? 'parent' : 'booking';
      for (const language of ['en', 'id']) {
        const wrong = await login(path, { username: known, password: 'salah-sekali' }, { language });
        const unknown = await login(path, { username: 'tidak.ada', password: 'salah-sekali' }, { language });
        expect(wrong.status, path).toBe(401);
        expect(unknown.status, path).toBe(401);
        expect(wrong.json.message).toBe(unknown.json.message);
        expect(wrong.json.message).toBe(language === 'en' ? 'The user name or password is wrong' : 'Nama pengguna atau kata sandi salah');
        expect(wrong.json.access_token).toBeUndefined();
      }
    }
  });

  it('stores no session', async () => {
    const count = async () => Number((await server.database.db.selectFrom('app_session').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    await login('log-parent', { username: 'parent', password: 'salah' });
    await login('log-student', { username: 'nobody', password: 'salah' });
    expect(await count()).toBe(before);
  });
});

describe('check-user-login', () => {
  it('is 1 for the token of that account and kind, 0 otherwise', async () => {
    const { access_token: token, user } = (await login('log-student', { username: 'student', password: 'demo' })).json;
    const check = async (query: string, headers: Record<string, string> = bearer(token)) =>
      (await server.call('GET', `/api/v1/check-user-login?${query}`, { headers })).json;
    expect(await check(`user_id=${user.id}&login_as=student`)).toEqual({ success: true, data: 1 });
    expect((await check(`user_id=${user.id}&login_as=parent`)).data).toBe(0);
    expect((await check(`user_id=${user.id + 1}&login_as=student`)).data).toBe(0);
    expect((await check(`user_id=${user.id}&login_as=student`, {})).data).toBe(0);
    expect((await check(`user_id=${user.id}&login_as=student`, bearer('x'.repeat(43)))).data).toBe(0);
    const staff = await server.token('admin');
    expect((await check('user_id=1&login_as=staff', bearer(staff))).data).toBe(1);
    expect((await check('user_id=1&login_as=admin', bearer(staff))).data).toBe(1);
    await server.call('POST', '/api/v1/auth/logout/', { headers: bearer(token) });
    expect((await check(`user_id=${user.id}&login_as=student`)).data).toBe(0);
  });
});

describe('change-password', () => {
  const change = (token: string, body: Record<string, unknown>, language = 'en') =>
    server.call('POST', '/api/v1/auth/change-password/', { body, headers: { ...bearer(token), 'accept-language': language } });

  it('checks the current password, the confirmation and the schema minLength; then ends the other sessions', async () => {
    const one = (await login('log-booking', { username: 'booking', password: 'demo' })).json.access_token;
    const other = (await login('log-booking', { username: 'booking', password: 'demo' })).json.access_token;
    const staffSession = (await login('login', { username: 'booking', password: 'demo' })).json.access_token;

    const wrong = await change(one, { current_password: 'salah', new_password: 'rahasia-baru', new_password_confirmation: 'rahasia-baru' });
    expect(wrong.status).toBe(422);
    expect(wrong.json.messages).toEqual({ current_password: ['The current password is wrong'] });
    const mismatch = await change(one, { current_password: 'demo', new_password: 'rahasia-baru', new_password_confirmation: 'rahasia-lain' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.json.messages).toEqual({ new_password_confirmation: ['The confirmation does not match the new password'] });
    const short = await change(one, { current_password: 'demo', new_password: 'pendek', new_password_confirmation: 'pendek' }, 'id');
    expect(short.status).toBe(422);
    expect(short.json.messages).toEqual({ new_password: ['Minimal 8 karakter'] });
    const empty = await change(one, {});
    expect(Object.keys(empty.json.messages).sort()).toEqual(['current_password', 'new_password', 'new_password_confirmation']);

    const done = await change(one, { current_password: 'demo', new_password: 'rahasia-baru', new_password_confirmation: 'rahasia-baru' });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json.success).toBe(true);
    expect((await server.call('GET', '/api/v1/auth/me', { headers: bearer(one) })).status).toBe(200);
    // The account's other sessions ended, its staff session too (one users record).
    expect((await server.call('GET', '/api/v1/auth/me', { headers: bearer(other) })).status).toBe(401);
    expect((await server.call('GET', '/api/v1/auth/me', { headers: bearer(staffSession) })).status).toBe(401);
    expect((await login('log-booking', { username: 'booking', password: 'demo' })).status).toBe(401);
    expect((await login('log-booking', { username: 'booking', password: 'rahasia-baru' })).status).toBe(200);
  });

  it('works for a parent account (its own table and minLength)', async () => {
    // A fresh parent account, not held up by the throttle test.
    await server.call('POST', '/api/v1/parentuser', {
      as: 'admin',
      body: { username: 'ibu.ani', name: 'Ani', password: 'rahasia-ani', student_ids: [2] },
    });
    const token = (await login('log-parent', { username: 'ibu.ani', password: 'rahasia-ani' })).json.access_token;
    const done = await change(token, { current_password: 'rahasia-ani', new_password: 'rahasia-ani-2', new_password_confirmation: 'rahasia-ani-2' });
    expect(done.status).toBe(200);
    expect((await login('log-parent', { username: 'ibu.ani', password: 'rahasia-ani-2' })).status).toBe(200);
  });
});

describe('the failed-login throttle', () => {
  it('says how long to wait in words that fit the wait: seconds under a minute, whole minutes rounded up above', () => {
    expect(throttledMessage('en', 8)).toBe('Too many failed attempts. Try again in 8 seconds');
    expect(throttledMessage('id', 8)).toBe('Terlalu banyak percobaan yang gagal. Coba lagi dalam 8 detik');
    expect(throttledMessage('en', 60)).toBe('Too many failed attempts. Try again in 1 minute');
    expect(throttledMessage('en', 61)).toBe('Too many failed attempts. Try again in 2 minutes');
    expect(throttledMessage('id', 900)).toBe('Terlalu banyak percobaan yang gagal. Coba lagi dalam 15 menit');
  });

  it('says one second and one minute in the singular, more in the plural; Indonesian the same for every count', () => {
    expect(throttledMessage('en', 1)).toBe('Too many failed attempts. Try again in 1 second');
    expect(throttledMessage('en', 2)).toBe('Too many failed attempts. Try again in 2 seconds');
    expect(throttledMessage('en', 120)).toBe('Too many failed attempts. Try again in 2 minutes');
    expect(message('en', 'loginThrottledMinutes', { count: 1 })).toBe('Too many failed attempts. Try again in 1 minute');
    expect(throttledMessage('id', 1)).toBe('Terlalu banyak percobaan yang gagal. Coba lagi dalam 1 detik');
    expect(throttledMessage('id', 2)).toBe('Terlalu banyak percobaan yang gagal. Coba lagi dalam 2 detik');
    expect(message('id', 'loginThrottledMinutes', { count: 1 })).toBe('Terlalu banyak percobaan yang gagal. Coba lagi dalam 1 menit');
  });

  it('locks one user name at one address after the limit: 429 with Retry-After, even to the right password', async () => {
    const address = freshAddress();
    // Three failures (the limit here) from one address.
    for (let i = 0; i < 3; i++) expect((await login('login', { username: 'teacher', password: 'salah' }, { on: throttled, address })).status).toBe(401);
    const refused = await login('login', { username: 'teacher', password: 'demo' }, { on: throttled, address, language: 'en' });
    expect(refused.status).toBe(429);
    // Until the oldest of the three leaves the 60 s window.
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json).toMatchObject({ success: false, message: 'Too many failed attempts. Try again in 1 minute', retry_after: 60 });
    const indonesian = await login('login', { username: 'teacher', password: 'demo' }, { on: throttled, address });
    expect(indonesian.json.message).toBe('Terlalu banyak percobaan yang gagal. Coba lagi dalam 1 menit');
    // The same name at the booking login is the same account (users): held up too.
    expect((await login('log-booking', { username: 'teacher', password: 'demo' }, { on: throttled, address })).status).toBe(429);
    // Other names from that address are not.
    expect((await login('login', { username: 'finance', password: 'demo' }, { on: throttled, address })).status).toBe(200);
    // The name from another address waits only the name's delay (three failures: 1 s), then gets in.
    const elsewhere = freshAddress();
    const delayed = await login('login', { username: 'teacher', password: 'demo' }, { on: throttled, address: elsewhere });
    expect(delayed.status).toBe(429);
    expect(delayed.headers['retry-after']).toBe('1');
    expect(delayed.json.message).toBe('Terlalu banyak percobaan yang gagal. Coba lagi dalam 1 detik');
    now += 1000;
    expect((await login('login', { username: 'teacher', password: 'demo' }, { on: throttled, address: elsewhere })).status).toBe(200);
    // The locked pair stays locked until its window is over.
    expect((await login('login', { username: 'teacher', password: 'demo' }, { on: throttled, address })).status).toBe(429);
    now += 59_000;
    expect((await login('login', { username: 'teacher', password: 'demo' }, { on: throttled, address })).status).toBe(200);
  });

  it('lets no more than the limit through when wrong passwords arrive all at once', async () => {
    // Each try is counted before its password is checked, so a burst cannot pass the check
    // before any failure is written (the limit here is three).
    const address = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => login('login', { username: 'adminfinance', password: 'salah' }, { on: throttled, address })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(9);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    now += 60_000;
  });

  it('starts counting a user name at an address again after a success there', async () => {
    const address = freshAddress();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) expect((await login('login', { username: 'adminfinance', password: 'salah' }, { on: throttled, address })).status).toBe(401);
      expect((await login('login', { username: 'adminfinance', password: 'demo' }, { on: throttled, address })).status, `round ${round}`).toBe(200);
    }
  });

  it('counts per client address too', async () => {
    const address = freshAddress();
    // Six failures (the address limit here) from one address, each for another name.
    for (let i = 0; i < 6; i++) expect((await login('log-student', { username: `nobody${i}`, password: 'salah' }, { on: throttled, address })).status).toBe(401);
    expect((await login('login', { username: 'admin', password: 'demo' }, { on: throttled, address })).status).toBe(429);
    // Another address logs the same user in.
    expect((await login('login', { username: 'admin', password: 'demo' }, { on: throttled })).status).toBe(200);
  });

  it('counts a wrong current password of change-password', async () => {
    const token = await throttled.token('finance');
    const body = { current_password: 'salah', new_password: 'rahasia-baru', new_password_confirmation: 'rahasia-baru' };
    const change = (current: string) =>
      throttled.call('POST', '/api/v1/auth/change-password/', { body: { ...body, current_password: current }, headers: bearer(token) });
    for (let i = 0; i < 3; i++) expect((await change('salah')).status).toBe(422);
    const held = await change('demo');
    expect(held.status).toBe(429);
    expect(held.headers['retry-after']).toBeDefined();
    expect((await login('login', { username: 'finance', password: 'demo' }, { on: throttled })).status).toBe(429);
  });
});

describe('the failed-login throttle at its default limits (5 per name and address, 20 per address, 15 minutes)', () => {
  const A = '198.51.100.1';
  const B = '203.0.113.9';

  it('lets the admin in from another address while an attacker at A keeps guessing every few minutes', async () => {
    const attack = () => login('login', { username: 'admin', password: 'tebakan' }, { on: defaults, address: A });
    const admin = () => login('login', { username: 'admin', password: 'demo' }, { on: defaults, address: B });
    for (let i = 0; i < 5; i++) expect((await attack()).status).toBe(401);
    // (admin, A) is locked for the window, to the right password too.
    const locked = await login('login', { username: 'admin', password: 'demo' }, { on: defaults, address: A });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60);

    let attackerFailures = 5;
    for (let minute = 0; minute < 3 * 60; minute += 3) {
      now += 3 * 60_000;
      if ((await attack()).status === 401) attackerFailures++;
      // The admin waits at most the capped delay after the attacker's latest try, then gets in.
      const first = await admin();
      if (first.status === 429) {
        const seconds = Number(first.headers['retry-after']);
        expect(seconds).toBeGreaterThan(0);
        expect(seconds).toBeLessThanOrEqual(60);
        expect(first.json.retry_after).toBe(seconds);
        now += seconds * 1000;
        expect((await admin()).status, `minute ${minute}`).toBe(200);
      } else expect(first.status, `minute ${minute}`).toBe(200);
    }
    // The attacker got a new try only as its old ones left the window: 5 per 15 minutes.
    expect(attackerFailures).toBeLessThanOrEqual(5 + (3 * 60) / 15 * 5);
    expect(attackerFailures).toBeGreaterThan(5);
  });

  it('delays a user name failing from many addresses longer with each failure, up to a minute', async () => {
    const seen: number[] = [];
    for (let i = 0; i < 13; i++) {
      const answer = await login('login', { username: 'teacher', password: 'demo' }, { on: defaults, address: `192.0.2.${i + 1}` });
      const wait = answer.status === 429 ? Number(answer.headers['retry-after']) : 0;
      seen.push(wait);
      now += wait * 1000;
      expect((await login('login', { username: 'teacher', password: 'salah' }, { on: defaults, address: `192.0.2.${i + 1}` })).status).toBe(401);
    }
    expect(seen).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60]);
    // After the delay the right password gets in, from an address that never failed.
    const held = await login('login', { username: 'teacher', password: 'demo' }, { on: defaults, address: B });
    expect(held.status).toBe(429);
    expect(held.headers['retry-after']).toBe('60');
    now += 60_000;
    expect((await login('login', { username: 'teacher', password: 'demo' }, { on: defaults, address: B })).status).toBe(200);
  });
});

describe('students and parents and the admin tables', () => {
  it('are refused (403) the admin tables, their own account tables included', async () => {
    for (const as of ['student', 'parent']) {
      for (const endpoint of ['users', 'students', 'parentuser', 'class', 'role']) {
        expect((await server.call('GET', `/api/v1/${endpoint}?page=1`, { as })).status, `${as} ${endpoint}`).toBe(403);
      }
      expect((await server.call('POST', '/api/v1/students', { as, body: { nis: '9999', name: 'X', department_id: 1, username: 'x.x.x', password: 'rahasia-xyz' } })).status).toBe(403);
    }
  });

  it('the harness logs in at the kind of login the name says', () => {
    expect(loginOf('parent').path).toBe('/api/v1/auth/log-parent/');
    expect(loginOf('booking@booking')).toEqual({ path: '/api/v1/auth/log-booking/', username: 'booking' });
  });
});

describe('LoginThrottle', () => {
  it('forgets failures once they leave the window, and counts names alike whatever their case', async () => {
    let at = 1_000_000;
    const throttle = new LoginThrottle(throttled.database.db, { perName: 2, perAddress: 10, windowMs: 60_000 }, () => at);
    await throttle.failed('unit:x', '10.1.1.1');
    at += 30_000;
    await throttle.failed('unit:x', '10.1.1.1');
    // The first failure leaves the window in 30 s.
    expect(await throttle.waitSeconds('unit:x', '10.1.1.1')).toBe(30);
    at += 30_001;
    expect(await throttle.waitSeconds('unit:x', '10.1.1.1')).toBe(0);
    await throttle.failed('unit:x', '10.1.1.1');
    expect(await throttle.waitSeconds('unit:x', '10.1.1.1')).toBeGreaterThan(0);
    await throttle.succeeded('unit:x', '10.1.1.1');
    expect(await throttle.waitSeconds('unit:x', '10.1.1.1')).toBe(0);
    await throttle.failed('unit:Y', '10.1.1.4');
    await throttle.failed('unit:y', '10.1.1.4');
    expect(await throttle.waitSeconds('unit:y', '10.1.1.4')).toBeGreaterThan(0);
  });

  it('delays a name 1 s at the limit, doubling per further failure, at most a minute', () => {
    expect([4, 5, 6, 7, 8, 9, 10, 11, 12, 40].map((failures) => nameDelayMs(failures, 5))).toEqual([
      0, 1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});
