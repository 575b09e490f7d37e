// The profile of each login (spec 1 §7.1 users/{id}, students/{id}, parents/{id}; §7.2
// check-employee): every login reads its own, whatever its roles; admins read anyone's; anyone
// else gets 403, whether or not the record exists. No answer carries a password.

import { beforeAll, describe, expect, it } from 'vitest';
import { fileServer } from './harness';

const server = fileServer({ demoData: true });

/** Every key anywhere in an answer. */
function keysOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) keysOf(item, out);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      out.push(key);
      keysOf(inner, out);
    }
  }
  return out;
}

function expectNoSecret(answer: { json: unknown; text: string }) {
  expect(keysOf(answer.json)).not.toContain('password');
  expect(answer.text).not.toMatch(/\$argon2/);
}

const field = (fields: Array<{ name: string; text?: string | null }>, name: string) => fields.find((f) => f.name === name);

beforeAll(async () => {
  // The teacher's login is linked to the SMA's vice principal Neneng Suryani (employee 2).
  await server.database.db.updateTable('users').set({ employee_id: 2 }).where('id', '=', 4).execute();
});

describe('users/{id}: a staff or booking login', () => {
  it('a teacher reads their own profile: account, roles with names, and their employee record in the request’s language', async () => {
    const own = await server.call('GET', '/api/v1/users/4', { as: 'teacher' });
    expect(own.status, own.text).toBe(200);
    expectNoSecret(own);
    const data = own.json.data;
    expect(data).toMatchObject({ id: 4, username: 'teacher', name: 'Teacher Demo', employee_id: 2, roles: [{ authority: 'ROLE_TEACHER', name: 'Guru' }] });
    expect(data.employee).toMatchObject({ id: 2, name: 'Neneng Suryani' });
    const fields = data.employee.fields;
    expect(field(fields, 'ein')).toMatchObject({ label: 'NIP (nomor induk pegawai)', text: 'HB-2008-002' });
    expect(field(fields, 'gender')).toMatchObject({ label: 'Jenis kelamin', value: 'female', text: 'Perempuan' });
    // References read as their labels, though a teacher may not list work units or positions.
    expect(field(fields, 'work_unit_id')?.text).toEqual(expect.any(String));
    expect(field(fields, 'position_id')?.text).toEqual(expect.any(String));
    expect(field(fields, 'start_working')).toMatchObject({ kind: 'date', text: expect.stringMatching(/^\d{4}-\d{2}-\d{2}/) });
    // Only the main fields: nothing confidential.
    for (const secret of ['salary', 'id_card_no', 'bank_account_no', 'tin']) expect(field(fields, secret)).toBeUndefined();

    const english = await server.call('GET', '/api/v1/users/4', { as: 'teacher', headers: { 'accept-language': 'en' } });
    expect(field(english.json.data.employee.fields, 'gender')).toMatchObject({ label: 'Gender', text: 'Female' });
  });

  it('a login without an employee answers employee null', async () => {
    const own = await server.call('GET', '/api/v1/users/2', { as: 'finance' });
    expect(own.status).toBe(200);
    expect(own.json.data).toMatchObject({ username: 'finance', employee: null, roles: [{ authority: 'ROLE_FINANCE' }] });
  });

  it('someone else’s profile is 403 for a non-admin, existing or not', async () => {
    for (const id of [1, 3, 999999]) {
      const other = await server.call('GET', `/api/v1/users/${id}`, { as: 'teacher' });
      expect(other.status, `users/${id}`).toBe(403);
      expect(other.json).toMatchObject({ success: false });
    }
    expect((await server.call('GET', '/api/v1/users/abc', { as: 'teacher' })).status).toBe(403);
  });

  it('an admin reads anyone’s, with the same answer; a missing one is 404', async () => {
    const teacher = await server.call('GET', '/api/v1/users/4', { as: 'admin' });
    expect(teacher.status).toBe(200);
    expectNoSecret(teacher);
    expect(teacher.json.data).toMatchObject({ username: 'teacher', employee: { id: 2 }, roles: [{ authority: 'ROLE_TEACHER' }] });
    expect((await server.call('GET', '/api/v1/users/999999', { as: 'admin' })).status).toBe(404);
    // The list stays admin-only.
    expect((await server.call('GET', '/api/v1/users', { as: 'teacher' })).status).toBe(403);
  });

  it('the booking login reads its own users record', async () => {
    const own = await server.call('GET', '/api/v1/users/5', { as: 'booking@booking' });
    expect(own.status, own.text).toBe(200);
    expect(own.json.data).toMatchObject({ username: 'booking', roles: [{ authority: 'ROLE_BOOKING', name: 'Petugas Pemesanan' }] });
  });

  it('owning a record is by kind: student 1 and parent 1 are not users 1', async () => {
    expect((await server.call('GET', '/api/v1/users/1', { as: 'student' })).status).toBe(403);
    expect((await server.call('GET', '/api/v1/users/1', { as: 'parent' })).status).toBe(403);
    expect((await server.call('GET', '/api/v1/students/1', { as: 'parent' })).status).toBe(403);
    expect((await server.call('GET', '/api/v1/parents/1', { as: 'student' })).status).toBe(403);
    expect((await server.call('GET', '/api/v1/students/1', { as: 'admin' })).status).toBe(200);
  });

  it('reading one’s own record gives no write: a teacher cannot change their login', async () => {
    const put = await server.call('PUT', '/api/v1/users/4', { as: 'teacher', body: { username: 'teacher', name: 'Guru Baru', version: 1 } });
    expect(put.status).toBe(403);
  });
});

describe('students/{id} and parents/{id}', () => {
  it('a student reads their own profile: NIS, unit and class as text, their fixed roles', async () => {
    const own = await server.call('GET', '/api/v1/students/1', { as: 'student' });
    expect(own.status, own.text).toBe(200);
    expectNoSecret(own);
    const data = own.json.data;
    expect(data).toMatchObject({ id: 1, username: 'student', name: 'Siti Rahmawati', email: 'siti@example.sch.id' });
    expect(data.roles.map((r: { authority: string }) => r.authority)).toEqual(['ROLE_STUDENT', 'ROLE_CANDIDATE_STUDENT']);
    expect(field(data.fields, 'nis')).toMatchObject({ label: 'NIS', text: '2025001' });
    expect(field(data.fields, 'department_id')?.text).toMatch(/SMA/);
    expect(field(data.fields, 'class_id')?.text).toEqual(expect.any(String));
    expect((await server.call('GET', '/api/v1/students/2', { as: 'student' })).status).toBe(403);
  });

  it('a parent reads their own profile with their children; not another account’s', async () => {
    const own = await server.call('GET', '/api/v1/parents/1', { as: 'parent' });
    expect(own.status, own.text).toBe(200);
    expectNoSecret(own);
    const data = own.json.data;
    expect(data).toMatchObject({ id: 1, username: 'parent', name: 'Rahmat Hidayat', email: 'rahmat@example.com' });
    expect(data.children.map((c: { name: string }) => c.name)).toEqual(['Bima Rahmawan', 'Siti Rahmawati']);
    expect(field(data.children[1].fields, 'nis')).toMatchObject({ text: '2025001' });
    // The children's logins stay theirs.
    expect(keysOf(data.children)).not.toContain('username');
    expect((await server.call('GET', '/api/v1/parents/2', { as: 'parent' })).status).toBe(403);
    expect((await server.call('GET', '/api/v1/parents/1', { as: 'teacher' })).status).toBe(403);
    const admin = await server.call('GET', '/api/v1/parents/1', { as: 'admin' });
    expect(admin.status).toBe(200);
    expect(admin.json.data.children).toHaveLength(2);
    expect((await server.call('GET', '/api/v1/parents/999999', { as: 'admin' })).status).toBe(404);
  });

  it('needs a session', async () => {
    for (const path of ['users/4', 'students/1', 'parents/1', 'check-employee']) {
      expect((await server.call('GET', `/api/v1/${path}`)).status, path).toBe(401);
    }
  });
});

describe('check-employee', () => {
  it('answers the caller’s employee record, or null when the login is linked to none', async () => {
    const teacher = await server.call('GET', '/api/v1/check-employee?id=4', { as: 'teacher' });
    expect(teacher.status).toBe(200);
    expect(teacher.json).toMatchObject({ success: true, data: { id: 2, name: 'Neneng Suryani' } });
    const noId = await server.call('GET', '/api/v1/check-employee', { as: 'teacher' });
    expect(noId.json.data).toMatchObject({ id: 2 });
    const admin = await server.call('GET', '/api/v1/check-employee?id=1', { as: 'admin' });
    expect(admin.json).toEqual({ success: true, data: null });
  });

  it('another login’s only to those who may show users', async () => {
    expect((await server.call('GET', '/api/v1/check-employee?id=4', { as: 'finance' })).status).toBe(403);
    expect((await server.call('GET', '/api/v1/check-employee?id=4', { as: 'admin' })).json.data).toMatchObject({ id: 2 });
    expect((await server.call('GET', '/api/v1/check-employee?id=999999', { as: 'admin' })).status).toBe(404);
    expect((await server.call('GET', '/api/v1/check-employee', { as: 'student' })).status).toBe(403);
    expect((await server.call('GET', '/api/v1/check-employee?id=1', { as: 'parent' })).status).toBe(403);
  });
});
