// Staff logins as the schema table users (schemas/users.yaml): the password kind is written,
// hashed and never answered; a user's roles are those of its role groups (role_user); an
// inactive user cannot log in; an admin cannot delete or deactivate their own login.

import { describe, expect, it } from 'vitest';
import { fileServer } from './harness';

const server = fileServer();

const login = (username: string, password: string) => server.call('POST', '/api/v1/auth/login/', { body: { username, password }, headers: { 'accept-language': 'en' } });

/** The stored column, read past the API (which never answers it). */
async function storedPassword(id: number): Promise<string> {
  const row = await server.database.db.selectFrom('users').select('password').where('id', '=', id).executeTakeFirstOrThrow();
  return row.password as string;
}

let serial = 0;
async function newUser(values: Record<string, unknown> = {}): Promise<{ id: number; username: string; version: number }> {
  const username = `guru.uji${++serial}`;
  const created = await server.call('POST', '/api/v1/users', { as: 'admin', body: { username, name: `Guru Uji ${serial}`, password: 'rahasia-awal', ...values } });
  expect(created.status, created.text).toBe(201);
  return { id: created.json.data.id, username, version: created.json.data.version };
}

async function groupIdNamed(name: string): Promise<number> {
  const answer = await server.call('GET', `/api/v1/role-group?q=${encodeURIComponent(name)}`, { as: 'admin' });
  return answer.json.data.find((g: { name: string }) => g.name === name).id;
}

describe('the password kind', () => {
  it('never appears in an answer: create, list, show, lookup, update', async () => {
    const created = await server.call('POST', '/api/v1/users', { as: 'admin', body: { username: 'bu.sari', name: 'Sari', password: 'kata-sandi-sari' } });
    expect(created.status, created.text).toBe(201);
    expect(created.json.data).not.toHaveProperty('password');
    expect(created.json.data).toMatchObject({ username: 'bu.sari', is_active: true });
    const id = created.json.data.id;
    const answers = [
      await server.call('GET', '/api/v1/users?per_page=100', { as: 'admin' }),
      await server.call('GET', `/api/v1/users/${id}`, { as: 'admin' }),
      await server.call('GET', '/api/v1/users-list', { as: 'admin' }),
      await server.call('PUT', `/api/v1/users/${id}`, { as: 'admin', body: { username: 'bu.sari', name: 'Sari W.', password: 'kata-sandi-baru', version: 1 } }),
    ];
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(200);
      expect(answer.text).not.toContain('"password"');
      expect(answer.text).not.toContain('$argon2');
      expect(answer.text).not.toContain('kata-sandi');
    }
    expect(answers[2].json.data).toContainEqual(expect.objectContaining({ id, username: 'bu.sari', label: 'Sari (bu.sari)' }));
  });

  it('is stored as an argon2 hash, and the new user logs in with it', async () => {
    const user = await newUser();
    expect(await storedPassword(user.id)).toMatch(/^\$argon2id\$/);
    const answer = await login(user.username, 'rahasia-awal');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.roles).toEqual([]); // in no role group yet
    expect((await login(user.username, 'rahasia-salah')).status).toBe(401);
  });

  it('keeps the stored password when an edit leaves it blank or out, and changes it when given', async () => {
    const user = await newUser();
    const hash = await storedPassword(user.id);
    const blank = await server.call('PUT', `/api/v1/users/${user.id}`, { as: 'admin', body: { username: user.username, name: 'Tanpa sandi', password: '', version: 1 } });
    expect(blank.status, blank.text).toBe(200);
    const absent = await server.call('PUT', `/api/v1/users/${user.id}`, { as: 'admin', body: { username: user.username, name: 'Tanpa sandi lagi', version: 2 } });
    expect(absent.status, absent.text).toBe(200);
    const nulled = await server.call('PUT', `/api/v1/users/${user.id}`, { as: 'admin', body: { username: user.username, name: 'Tanpa sandi', password: null, version: 3 } });
    expect(nulled.status, nulled.text).toBe(200);
    expect(await storedPassword(user.id)).toBe(hash);
    expect((await login(user.username, 'rahasia-awal')).status).toBe(200);

    const changed = await server.call('PUT', `/api/v1/users/${user.id}`, { as: 'admin', body: { username: user.username, name: 'Tanpa sandi', password: 'rahasia-kedua', version: 4 } });
    expect(changed.status, changed.text).toBe(200);
    expect((await login(user.username, 'rahasia-kedua')).status).toBe(200);
    expect((await login(user.username, 'rahasia-awal')).status).toBe(401);
  });

  it('is required on create and holds the schema minLength on create and edit', async () => {
    const missing = await server.call('POST', '/api/v1/users', { as: 'admin', headers: { 'accept-language': 'en' }, body: { username: 'tanpa.sandi', name: 'Tanpa' } });
    // A blank one is as missing as an absent one.
    const blank = await server.call('POST', '/api/v1/users', { as: 'admin', headers: { 'accept-language': 'en' }, body: { username: 'tanpa.sandi', name: 'Tanpa', password: '' } });
    expect(blank.json.messages).toEqual({ password: ['This field is required'] });
    expect(missing.status).toBe(422);
    expect(missing.json.messages).toEqual({ password: ['This field is required'] });
    const short = await server.call('POST', '/api/v1/users', { as: 'admin', body: { username: 'sandi.pendek', name: 'Pendek', password: 'demo' } });
    expect(short.status).toBe(422);
    expect(short.json.messages).toEqual({ password: ['Minimal 8 karakter'] });
    const user = await newUser();
    const shortEdit = await server.call('PUT', `/api/v1/users/${user.id}`, { as: 'admin', headers: { 'accept-language': 'en' }, body: { username: user.username, name: 'Pendek', password: 'pendek', version: 1 } });
    expect(shortEdit.status).toBe(422);
    expect(shortEdit.json.messages).toEqual({ password: ['Must be at least 8 characters'] });
  });

  it('cannot be sorted, filtered or searched by', async () => {
    expect((await server.call('GET', '/api/v1/users?sort=password', { as: 'admin' })).status).toBe(400);
    expect((await server.call('GET', '/api/v1/users?password=x', { as: 'admin' })).status).toBe(400);
    const hash = await storedPassword(1);
    const search = await server.call('GET', `/api/v1/users?q=${encodeURIComponent(hash.slice(0, 12))}`, { as: 'admin' });
    expect(search.json.total).toBe(0);
  });
});

describe('roles from role groups', () => {
  it('gives a user the union of its groups’ roles, and takes a role away with its membership', async () => {
    const user = await newUser();
    const finance = await groupIdNamed('Staf Keuangan');
    const teachers = await groupIdNamed('Guru');
    const first = await server.call('POST', '/api/v1/role-user', { as: 'admin', body: { user_id: user.id, role_group_id: finance } });
    expect(first.status, first.text).toBe(201);
    const second = await server.call('POST', '/api/v1/role-user', { as: 'admin', body: { user_id: user.id, role_group_id: teachers } });
    expect(second.status, second.text).toBe(201);
    const both = await login(user.username, 'rahasia-awal');
    expect(both.json.roles).toEqual(['ROLE_FINANCE', 'ROLE_TEACHER']);
    expect(both.json.modules_code.map((m: { code: string }) => m.code)).toContain('FINA');

    // Being in a group twice adds nothing: refused under the group, in the schema's words.
    const again = await server.call('POST', '/api/v1/role-user', {
      as: 'admin',
      body: { user_id: user.id, role_group_id: teachers },
      headers: { 'accept-language': 'en' },
    });
    expect(again.status).toBe(422);
    expect(again.json.messages.role_group_id[0]).toMatch(/already used for this user/i);
    // A membership reads as its user and group.
    const shown = await server.call('GET', `/api/v1/role-user/${second.json.data.id}`, { as: 'admin' });
    expect(shown.json.data).toMatchObject({ 'user_id.username': user.username, 'role_group_id.name': 'Guru' });

    // The memberships are listed by user and by group.
    const byUser = await server.call('GET', `/api/v1/role-user?user_id=${user.id}`, { as: 'admin' });
    expect(byUser.json.total).toBe(2);
    const byGroup = await server.call('GET', `/api/v1/role-user?role_group_id=${teachers}`, { as: 'admin' });
    expect(byGroup.json.data.map((r: { user_id: number }) => r.user_id)).toContain(user.id);

    const removed = await server.call('DELETE', `/api/v1/role-user/${first.json.data.id}`, { as: 'admin' });
    expect(removed.status).toBe(200);
    const after = await login(user.username, 'rahasia-awal');
    expect(after.json.roles).toEqual(['ROLE_TEACHER']);
    // The session of the earlier login follows too: roles are read on every call.
    const me = await server.call('GET', '/api/v1/auth/me', { headers: { authorization: `Bearer ${both.json.access_token}` } });
    expect(me.json.roles).toEqual(['ROLE_TEACHER']);
    expect((await server.call('GET', '/api/v1/income-type', { headers: { authorization: `Bearer ${both.json.access_token}` } })).status).toBe(403);
  });

  it('follows a change of a group’s roles', async () => {
    const user = await newUser();
    const board = await server.call('POST', '/api/v1/role-group', { as: 'admin', body: { name: 'Uji Yayasan', role_ids: [4] } });
    expect(board.status, board.text).toBe(201);
    await server.call('POST', '/api/v1/role-user', { as: 'admin', body: { user_id: user.id, role_group_id: board.json.data.id } });
    expect((await login(user.username, 'rahasia-awal')).json.roles).toEqual(['ROLE_FOUNDATION']);
    await server.call('PUT', `/api/v1/role-group/${board.json.data.id}`, { as: 'admin', body: { name: 'Uji Yayasan', role_ids: [4, 3], version: 1 } });
    expect((await login(user.username, 'rahasia-awal')).json.roles).toEqual(['ROLE_FINANCE', 'ROLE_FOUNDATION']);
  });
});

describe('inactive users', () => {
  it('cannot log in, with the same answer as a wrong password', async () => {
    const user = await newUser({ is_active: false });
    const refused = await login(user.username, 'rahasia-awal');
    expect(refused.status).toBe(401);
    expect(refused.json.message).toBe('The user name or password is wrong');
    const activated = await server.call('PUT', `/api/v1/users/${user.id}`, { as: 'admin', body: { username: user.username, name: 'Aktif lagi', is_active: true, version: 1 } });
    expect(activated.status, activated.text).toBe(200);
    expect((await login(user.username, 'rahasia-awal')).status).toBe(200);
  });
});

describe('an admin’s own login', () => {
  it('cannot be deleted by that admin (422), in both languages', async () => {
    const me = await server.call('GET', '/api/v1/auth/me', { as: 'admin' });
    const id = me.json.user.id;
    const en = await server.call('DELETE', `/api/v1/users/${id}`, { as: 'admin', headers: { 'accept-language': 'en' } });
    expect(en.status).toBe(422);
    expect(en.json.message).toMatch(/^You cannot delete the account you are logged in with/);
    const idAnswer = await server.call('DELETE', `/api/v1/users/${id}`, { as: 'admin' });
    expect(idAnswer.status).toBe(422);
    expect(idAnswer.json.message).toMatch(/^Akun yang sedang Anda pakai untuk masuk tidak dapat dihapus/);
    expect((await server.call('GET', `/api/v1/users/${id}`, { as: 'admin' })).status).toBe(200);
  });

  it('cannot be deactivated by that admin (422 under is_active), but other edits are fine', async () => {
    const me = await server.call('GET', '/api/v1/auth/me', { as: 'admin' });
    const id = me.json.user.id;
    const stored = await server.call('GET', `/api/v1/users/${id}`, { as: 'admin' });
    const refused = await server.call('PUT', `/api/v1/users/${id}`, { as: 'admin', headers: { 'accept-language': 'en' }, body: { username: 'admin', name: 'Admin Demo', is_active: false, version: stored.json.data.version } });
    expect(refused.status).toBe(422);
    expect(refused.json.messages.is_active[0]).toMatch(/^You cannot deactivate the account you are logged in with/);
    const renamed = await server.call('PUT', `/api/v1/users/${id}`, { as: 'admin', body: { username: 'admin', name: 'Admin Demo', is_active: true, version: stored.json.data.version } });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await login('admin', 'demo')).status).toBe(200);
  });

  it('can be deleted by another admin, which ends its sessions', async () => {
    const other = await newUser();
    const admins = await groupIdNamed('Administrator Sekolah');
    const membership = await server.call('POST', '/api/v1/role-user', { as: 'admin', body: { user_id: other.id, role_group_id: admins } });
    const session = (await login(other.username, 'rahasia-awal')).json.access_token;
    const headers = { authorization: `Bearer ${session}` };
    expect((await server.call('GET', '/api/v1/auth/me', { headers })).status).toBe(200);
    // Still in a group: the membership has to go first, like any detail that uses a record.
    expect((await server.call('DELETE', `/api/v1/users/${other.id}`, { as: 'admin' })).status).toBe(409);
    await server.call('DELETE', `/api/v1/role-user/${membership.json.data.id}`, { as: 'admin' });
    const removed = await server.call('DELETE', `/api/v1/users/${other.id}`, { as: 'admin' });
    expect(removed.status, removed.text).toBe(200);
    expect((await server.call('GET', '/api/v1/auth/me', { headers })).status).toBe(401);
  });
});

describe('who may maintain users', () => {
  it('is the admin only', async () => {
    for (const user of ['finance', 'adminfinance', 'teacher']) {
      expect((await server.call('GET', '/api/v1/users', { as: user })).status, user).toBe(403);
      expect((await server.call('POST', '/api/v1/users', { as: user, body: { username: 'x.y.z', name: 'X', password: 'rahasia-xyz' } })).status, user).toBe(403);
    }
  });
});
