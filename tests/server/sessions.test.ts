// What every call's session lookup keeps (server/auth/sessionStore.ts), now that a staff or
// booking session is read with its user and roles in one query and its last call is written
// at most once a minute: the idle limit, a deactivated account, a booking session whose user
// loses the booking role, a student's session, and sessions made before login kinds existed.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SESSION_IDLE_MS } from '../../server/app';
import { hashSessionToken } from '../../server/auth/sessionToken';
import { fileServer } from './harness';

// The demo data holds the student login.
const server = fileServer({ demoData: true, loginThrottle: { perName: 1000, perAddress: 1000 } });

async function loginAt(path: string, username: string): Promise<string> {
  const answer = await server.call('POST', `/api/v1/auth/${path}/`, { body: { username, password: 'demo' } });
  expect(answer.status, answer.text).toBe(200);
  return answer.json.access_token as string;
}

const me = (token: string) => server.call('GET', '/api/v1/auth/me', { headers: { authorization: `Bearer ${token}` } });

/** Moves the session's last call `ms` into the past. */
async function idleFor(token: string, ms: number): Promise<void> {
  await sql`update app_session set last_seen_at = now() - make_interval(secs => ${ms / 1000}) where token_hash = ${hashSessionToken(token)}`.execute(server.database.db);
}

/** How long ago the session's last call was, in ms; null when the session is gone. */
async function idleOf(token: string): Promise<number | null> {
  const result = await sql<{ idle: number }>`
    select extract(epoch from now() - last_seen_at) * 1000 as idle from app_session where token_hash = ${hashSessionToken(token)}`.execute(server.database.db);
  return result.rows.length ? Number(result.rows[0].idle) : null;
}

describe('the idle limit', () => {
  it('ends a session idle for longer than the limit, and forgets it', async () => {
    const token = await loginAt('login', 'teacher');
    await idleFor(token, DEFAULT_SESSION_IDLE_MS + 60_000);
    const answer = await me(token);
    expect(answer.status).toBe(401);
    expect(await idleOf(token)).toBeNull();
    // Coming back within the limit does not revive it.
    expect((await me(token)).status).toBe(401);
  });

  it('keeps a session idle for less than the limit, and counts the call as its last one', async () => {
    const token = await loginAt('login', 'teacher');
    await idleFor(token, DEFAULT_SESSION_IDLE_MS - 5 * 60_000);
    expect((await me(token)).status).toBe(200);
    expect(await idleOf(token)).toBeLessThan(30_000);
  });

  it('writes the last call at most once a minute, which the limit cannot tell apart', async () => {
    const token = await loginAt('login', 'teacher');
    await idleFor(token, 20_000);
    expect((await me(token)).status).toBe(200);
    // Not written: the call is within a minute of the one stored.
    expect(await idleOf(token)).toBeGreaterThanOrEqual(20_000);
    await idleFor(token, 90_000);
    expect((await me(token)).status).toBe(200);
    expect(await idleOf(token)).toBeLessThan(30_000);
  });
});

describe('the account behind a session, at every call', () => {
  it('ends a student’s session when the student is deactivated', async () => {
    const token = await loginAt('log-student', 'student');
    expect((await me(token)).json).toMatchObject({ login_as: 'student', roles: ['ROLE_STUDENT', 'ROLE_CANDIDATE_STUDENT'] });
    await server.database.db.updateTable('student').set({ is_active: false }).where('username', '=', 'student').execute();
    try {
      expect((await me(token)).status).toBe(401);
    } finally {
      await server.database.db.updateTable('student').set({ is_active: true }).where('username', '=', 'student').execute();
    }
  });

  it('ends a booking session when its user no longer holds a booking role; the staff session of the same user goes on', async () => {
    const booking = await loginAt('log-booking', 'booking');
    const staff = await loginAt('login', 'booking');
    expect((await me(booking)).json).toMatchObject({ login_as: 'booking', roles: ['ROLE_BOOKING'] });
    const user = await server.database.db.selectFrom('users').select('id').where('username', '=', 'booking').executeTakeFirstOrThrow();
    const memberships = await server.database.db.selectFrom('role_user').selectAll().where('user_id', '=', user.id).execute();
    await server.database.db.deleteFrom('role_user').where('user_id', '=', user.id).execute();
    try {
      expect((await me(booking)).status).toBe(401);
      const still = await me(staff);
      expect(still.status).toBe(200);
      expect(still.json).toMatchObject({ login_as: 'staff', roles: [], user: { username: 'booking' } });
    } finally {
      if (memberships.length) await server.database.db.insertInto('role_user').values(memberships).execute();
    }
  });

  it('reads a session made before login kinds existed (only user_id) as the staff login of that user', async () => {
    const token = await loginAt('login', 'adminfinance');
    await server.database.db.updateTable('app_session').set({ account_id: null }).where('token_hash', '=', hashSessionToken(token)).execute();
    const answer = await me(token);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ login_as: 'staff', roles: ['ROLE_ADMIN_FINANCE'], user: { username: 'adminfinance' } });
  });

  it('ends the session of a deleted user', async () => {
    const created = await server.call('POST', '/api/v1/users', { as: 'admin', body: { username: 'guru.sesi', name: 'Guru Sesi', password: 'rahasia-sesi' } });
    expect(created.status, created.text).toBe(201);
    const login = await server.call('POST', '/api/v1/auth/login/', { body: { username: 'guru.sesi', password: 'rahasia-sesi' } });
    const token = login.json.access_token as string;
    expect((await me(token)).status).toBe(200);
    expect((await server.call('DELETE', `/api/v1/users/${created.json.data.id}`, { as: 'admin' })).status).toBe(200);
    expect((await me(token)).status).toBe(401);
  });
});
