// Login, sessions and access: the staff login answer of spec 1 §3, 401 without a live
// session, 403 for a role the entity's access does not list.

import { describe, expect, it } from 'vitest';
import { entities } from '../../src/generated/all';
import { fileServer } from './harness';

const server = fileServer();

const login = (body: unknown, language = 'id') =>
  server.call('POST', '/api/v1/auth/login/', { body, headers: { 'accept-language': language } });

describe('login', () => {
  it('answers the staff login shape', async () => {
    const answer = await login({ username: 'finance', password: 'demo' });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      status: true,
      success: true,
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      user: { id: expect.any(Number), username: 'finance', name: 'Finance Demo', employee_id: null },
      roles: ['ROLE_FINANCE'],
      get_menu: null,
      expired: false,
      date_expiring: null,
      modules_code: expect.any(Array),
    });
    // The modules of the entities the user may list.
    const expected = new Set(entities.filter((e) => e.access.list.includes('ROLE_FINANCE')).flatMap((e) => e.modules));
    const codes = answer.json.modules_code.map((m: { code: string }) => m.code);
    expect(new Set(codes)).toEqual(expected);
    expect(codes).toContain('FINA');
  });

  it('works without the trailing slash too', async () => {
    const answer = await server.call('POST', '/api/v1/auth/login', { body: { username: 'admin', password: 'demo' } });
    expect(answer.status).toBe(200);
  });

  it('gives the same 401 for a wrong password and for a user that does not exist', async () => {
    const wrong = await login({ username: 'admin', password: 'wrong' }, 'en');
    const nobody = await login({ username: 'nobody', password: 'demo' }, 'en');
    for (const answer of [wrong, nobody]) {
      expect(answer.status).toBe(401);
      expect(answer.json).toMatchObject({ success: false, status: false, message: 'The user name or password is wrong' });
      expect(answer.json.access_token).toBeUndefined();
    }
    const { request_id: a, ...wrongRest } = wrong.json;
    const { request_id: b, ...nobodyRest } = nobody.json;
    expect(a).not.toBe(b);
    expect(wrongRest).toEqual(nobodyRest);
  });

  it('answers 401, not 500, to a user name no user can have', async () => {
    expect((await login({ username: 'ad\u0000min', password: 'demo' })).status).toBe(401);
    expect((await login({ username: 'a'.repeat(10_000), password: 'demo' })).status).toBe(401);
  });

  it('asks for both user name and password', async () => {
    const answer = await login({ username: 'admin' });
    expect(answer.status).toBe(422);
    expect(answer.json.messages).toEqual({ password: ['Kolom ini wajib diisi'] });
  });

  it('stores only a hash of the token', async () => {
    const answer = await login({ username: 'teacher', password: 'demo' });
    const rows = await server.database.db.selectFrom('app_session').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === answer.json.access_token)).toBe(false);
  });
});

describe('sessions', () => {
  it('answers 401 without a token and with a token that is not a session', async () => {
    const none = await server.call('GET', '/api/v1/class');
    expect(none.status).toBe(401);
    expect(none.json).toMatchObject({ success: false, message: 'Sesi Anda telah berakhir; silakan masuk lagi' });
    expect(none.json.request_id).toBeTruthy();
    const bad = await server.call('GET', '/api/v1/class', { headers: { authorization: `Bearer ${'x'.repeat(43)}`, 'accept-language': 'en' } });
    expect(bad.status).toBe(401);
    expect(bad.json.message).toBe('Your session has ended; please log in again');
    const malformed = await server.call('GET', '/api/v1/auth/me', { headers: { authorization: 'Basic YWRtaW46ZGVtbw==' } });
    expect(malformed.status).toBe(401);
  });

  it('answers 401 before reading the body of a write', async () => {
    const answer = await server.call('POST', '/api/v1/class', { body: { code: 'X' } });
    expect(answer.status).toBe(401);
  });

  it('tells who is logged in, and ends the session at logout', async () => {
    const { access_token: token } = (await login({ username: 'adminfinance', password: 'demo' })).json;
    const headers = { authorization: `Bearer ${token}` };
    const me = await server.call('GET', '/api/v1/auth/me', { headers });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({
      success: true,
      user: { username: 'adminfinance', name: 'Admin Finance Demo', employee_id: null },
      roles: ['ROLE_ADMIN_FINANCE'],
    });
    const logout = await server.call('POST', '/api/v1/auth/logout/', { headers });
    expect(logout.status).toBe(200);
    const after = await server.call('GET', '/api/v1/auth/me', { headers });
    expect(after.status).toBe(401);
  });

  it('ends the sessions of a deactivated user', async () => {
    const { access_token: token } = (await login({ username: 'teacher', password: 'demo' })).json;
    await server.database.db.updateTable('users').set({ is_active: false }).where('username', '=', 'teacher').execute();
    try {
      const answer = await server.call('GET', '/api/v1/auth/me', { headers: { authorization: `Bearer ${token}` } });
      expect(answer.status).toBe(401);
      expect((await login({ username: 'teacher', password: 'demo' })).status).toBe(401);
    } finally {
      await server.database.db.updateTable('users').set({ is_active: true }).where('username', '=', 'teacher').execute();
    }
  });
});

describe('access by role', () => {
  it('refuses a teacher creating an income type with 403', async () => {
    const answer = await server.call('POST', '/api/v1/income-type', {
      as: 'teacher',
      headers: { 'accept-language': 'en' },
      body: { code: 'SPP', name: 'SPP' },
    });
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject({ success: false, message: 'You do not have permission to do this' });
  });

  it('refuses each action the access lists leave out', async () => {
    // A teacher may not even list income types; finance may list but not write.
    expect((await server.call('GET', '/api/v1/income-type', { as: 'teacher' })).status).toBe(403);
    expect((await server.call('GET', '/api/v1/income-type/1', { as: 'teacher' })).status).toBe(403);
    expect((await server.call('GET', '/api/v1/income-type', { as: 'finance' })).status).toBe(200);
    expect((await server.call('PUT', '/api/v1/income-type/1', { as: 'finance', body: { version: 1 } })).status).toBe(403);
    expect((await server.call('DELETE', '/api/v1/income-type/1', { as: 'finance' })).status).toBe(403);
    expect((await server.call('GET', '/api/v1/class', { as: 'teacher' })).status).toBe(200);
  });
});

describe('open routes', () => {
  it('answers health without a login', async () => {
    const answer = await server.call('GET', '/api/v1/health');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ success: true });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const answer = await server.call('GET', '/api/v1/no-such-thing', { as: 'admin' });
    expect(answer.status).toBe(404);
    expect(answer.json).toMatchObject({ success: false, message: 'Tidak ditemukan' });
  });
});
