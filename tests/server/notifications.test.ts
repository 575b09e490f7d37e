// The notifications of every kind of login (spec 1 §3, §4, §7.2): staff, booking, student and
// parent logins each read and mark only their own; a notification carries a message key and
// params (shown in the user's language) with its Indonesian text in `info`; one detail call;
// a deleted recipient's notifications go with it, and never reach a later record with its id.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password';
import { addNotification, indonesianText } from '../../server/shell/notificationStore';
import { NOTIFICATION_MESSAGES } from '../../src/shared/notificationMessages';
import { fileServer } from './harness';

const server = fileServer({ demoData: true });

interface Item {
  id: number;
  doc_name: string;
  doc_id: string | null;
  info: string;
  key: string | null;
  params: Record<string, string> | null;
  created_at: string;
  read: boolean;
}

async function listOf(as: string): Promise<{ data: Item[]; count: number; total: number }> {
  const answer = await server.call('GET', '/api/v1/notification', { as });
  expect(answer.status).toBe(200);
  return answer.json;
}

async function idOf(as: string): Promise<number> {
  return (await server.call('GET', '/api/v1/auth/me', { as })).json.user.id;
}

describe('notifications of every kind of login', () => {
  it('staff get the demo notifications with a key, params and the Indonesian text', async () => {
    const teacher = await listOf('teacher');
    expect(teacher.count).toBe(3);
    expect(teacher.total).toBe(3);
    expect(teacher.data.map((n) => n.doc_name)).toEqual(['tr_permission', 'tr_hr_leave_approval', 'tr_invoice']);
    const permission = teacher.data[0];
    expect(permission).toEqual({
      id: expect.any(Number),
      doc_name: 'tr_permission',
      doc_id: '1',
      info: 'Pengajuan izin siswa Siti Rahmawati menunggu persetujuan',
      key: 'permission_waiting',
      params: { student: 'Siti Rahmawati' },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      read: false,
    });
    // Newest first.
    const times = teacher.data.map((n) => Date.parse(n.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('a student and a parent get their own, about themselves and their children', async () => {
    const student = await listOf('student');
    expect(student.data.map((n) => n.info)).toEqual([
      'Pengajuan izin Siti Rahmawati disetujui',
      'Tagihan baru INV/2025/0001 telah dibuat',
    ]);
    expect(student.count).toBe(2);
    const parent = await listOf('parent');
    expect(parent.data.map((n) => n.key)).toEqual(['invoice_issued_for', 'permission_approved']);
    expect(parent.data[0].params).toEqual({ number: 'INV/2025/0002', student: 'Bima Rahmawan' });
    // The same record id in different tables is a different recipient.
    expect(new Set([...student.data, ...parent.data].map((n) => n.id)).size).toBe(4);
  });

  it('a booking login reads the notifications of its user record, the same as that user’s staff login', async () => {
    const atBooking = await listOf('booking@booking');
    const asStaff = await listOf('booking');
    expect(atBooking.data[0]).toMatchObject({ doc_name: 'tr_booking', key: 'booking_waiting', info: 'Pemesanan Aula Utama menunggu persetujuan' });
    expect(atBooking.data.map((n) => n.id)).toEqual(asStaff.data.map((n) => n.id));
    await server.call('PUT', `/api/v1/notification/${atBooking.data[0].id}/read`, { as: 'booking@booking' });
    expect((await listOf('booking')).count).toBe(asStaff.count - 1);
  });

  it('the detail call answers one of one’s own; another’s is forbidden, an unknown id not found', async () => {
    const parent = await listOf('parent');
    const one = await server.call('GET', `/api/v1/notification/${parent.data[1].id}`, { as: 'parent' });
    expect(one.status).toBe(200);
    expect(one.json.data).toEqual(parent.data[1]);
    for (const other of ['student', 'teacher', 'admin']) {
      const refused = await server.call('GET', `/api/v1/notification/${parent.data[1].id}`, { as: other });
      expect(refused.status, other).toBe(403);
      expect(refused.json.data).toBeUndefined();
      expect(JSON.stringify(refused.json)).not.toContain('Siti');
      expect((await server.call('PUT', `/api/v1/notification/${parent.data[1].id}/read`, { as: other })).status).toBe(403);
    }
    expect((await listOf('parent')).data[1].read).toBe(false);
    const missing = await server.call('GET', '/api/v1/notification/99999999', { as: 'parent', headers: { 'accept-language': 'en' } });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('Notification not found');
    expect((await server.call('GET', '/api/v1/notification/abc', { as: 'parent' })).status).toBe(404);
    expect((await server.call('GET', '/api/v1/notification/99999999999999', { as: 'parent' })).status).toBe(404);
    expect((await server.call('GET', `/api/v1/notification/${parent.data[1].id}`)).status).toBe(401);
    // The list names the caller only.
    expect((await server.call('GET', '/api/v1/notification?username=parent', { as: 'student' })).status).toBe(403);
    expect((await server.call('GET', '/api/v1/notification?username=student', { as: 'student' })).status).toBe(200);
  });

  it('marks one read, then all: the unread count follows', async () => {
    const before = await listOf('adminfinance');
    const marked = await server.call('PUT', `/api/v1/notification/${before.data[2].id}/read`, { as: 'adminfinance' });
    expect(marked.status).toBe(200);
    expect(marked.json.count).toBe(before.count - 1);
    expect(marked.json.data.find((n: Item) => n.id === before.data[2].id).read).toBe(true);
    const all = await server.call('PUT', '/api/v1/notification/read', { as: 'adminfinance' });
    expect(all.status).toBe(200);
    expect(all.json.count).toBe(0);
    expect(all.json.data.every((n: Item) => n.read)).toBe(true);
    // Nobody else's changed.
    expect((await listOf('finance')).count).toBe(3);
  });

  it('pages the list with page and per_page', async () => {
    const first = await server.call('GET', '/api/v1/notification?page=1&per_page=2', { as: 'finance' });
    const second = await server.call('GET', '/api/v1/notification?page=2&per_page=2', { as: 'finance' });
    const third = await server.call('GET', '/api/v1/notification?page=3&per_page=2', { as: 'finance' });
    expect(first.json.total).toBe(3);
    expect(first.json.data.map((n: Item) => n.doc_name)).toEqual(['tr_permission', 'tr_hr_leave_approval']);
    expect(second.json.data.map((n: Item) => n.doc_name)).toEqual(['tr_invoice']);
    expect(third.json.data).toEqual([]);
    expect(third.json.count).toBe(3);
  });

  it('refuses a page or per_page that is no whole number in range with a 400 naming it, in both languages', async () => {
    const english = { 'accept-language': 'en' };
    const huge = await server.call('GET', '/api/v1/notification?page=1e20', { as: 'finance', headers: english });
    expect(huge.status).toBe(400);
    expect(huge.json).toMatchObject({ success: false, message: 'page must be a whole number from 1 to 1000000' });
    const indonesian = await server.call('GET', '/api/v1/notification?page=1&per_page=1e20', { as: 'finance' });
    expect(indonesian.status).toBe(400);
    expect(indonesian.json.message).toBe('per_page harus bilangan bulat dari 1 sampai 100');
    for (const query of ['page=0', 'page=-1', 'page=abc', 'page=2.5', 'page=1&per_page=101', 'page=1&per_page=0']) {
      const answer = await server.call('GET', `/api/v1/notification?${query}`, { as: 'finance', headers: english });
      expect([query, answer.status]).toEqual([query, 400]);
      expect(answer.json.message).toMatch(/^(page|per_page) must be a whole number/);
    }
  });
});

describe('adding notifications', () => {
  it('keeps the Indonesian text of a key in info, and a free text as it is', async () => {
    expect(indonesianText('leave_request_waiting', { employee: 'Dewi' })).toBe('Pengajuan cuti Dewi menunggu persetujuan');
    expect(NOTIFICATION_MESSAGES.id.leave_request_waiting).toContain('%{employee}');
    const studentId = await idOf('student');
    const keyed = await addNotification(server.database.db, { kind: 'student', id: studentId }, {
      doc_name: 'tr_invoice',
      doc_id: '7',
      key: 'invoice_issued',
      params: { number: 'INV/9' },
    });
    const free = await addNotification(server.database.db, { kind: 'student', id: studentId }, { doc_name: 'memo', info: 'Bawa buku gambar besok' });
    const list = await listOf('student');
    expect(list.data.find((n) => n.id === keyed)).toMatchObject({ info: 'Tagihan baru INV/9 telah dibuat', key: 'invoice_issued', params: { number: 'INV/9' }, doc_id: '7' });
    expect(list.data.find((n) => n.id === free)).toMatchObject({ info: 'Bawa buku gambar besok', key: null, params: null, doc_id: null });
    await expect(
      addNotification(server.database.db, { kind: 'student', id: studentId }, { doc_name: 'x', key: 'no_such_key' as 'invoice_issued' }),
    ).rejects.toThrow(/no_such_key/);
  });

  it('refuses a notification to a record that does not exist', async () => {
    await expect(addNotification(server.database.db, { kind: 'parent_user', id: 987654 }, { doc_name: 'memo', info: 'x' })).rejects.toThrow();
    await expect(addNotification(server.database.db, { kind: 'users', id: 987654 }, { doc_name: 'memo', info: 'x' })).rejects.toThrow();
  });
});

describe('a deleted recipient', () => {
  it('takes its notifications along; a later record with the same id sees none of them', async () => {
    const made = await server.call('POST', '/api/v1/parentuser', {
      as: 'admin',
      body: { username: 'ortu-sementara', name: 'Ortu Sementara', password: 'rahasia-123', is_active: true },
    });
    expect(made.status).toBe(201);
    const parentId: number = made.json.data.id;
    await addNotification(server.database.db, { kind: 'parent_user', id: parentId }, { doc_name: 'tr_invoice', key: 'invoice_issued', params: { number: 'INV/1' } });
    const login = async () => {
      const answer = await server.app.inject({ method: 'POST', url: '/api/v1/auth/log-parent/', payload: { username: 'ortu-sementara', password: 'rahasia-123' } });
      return answer.json().access_token as string;
    };
    const notificationsWith = async (token: string) =>
      (await server.app.inject({ method: 'GET', url: '/api/v1/notification', headers: { authorization: `Bearer ${token}` } })).json();
    expect((await notificationsWith(await login())).data).toHaveLength(1);

    expect((await server.call('DELETE', `/api/v1/parentuser/${parentId}`, { as: 'admin' })).status).toBe(200);
    const left = await sql<{ n: number }>`select count(*)::int as n from app_notification
      where recipient_kind = 'parent_user' and recipient_id = ${parentId}`.execute(server.database.db);
    expect(left.rows[0].n).toBe(0);

    // A record given the same id again (a restore, a reset sequence) starts with no notifications.
    await sql`insert into parent_user (id, username, name, password, is_active)
      values (${parentId}, 'ortu-sementara', 'Ortu Baru', ${await hashPassword('rahasia-123')}, true)`.execute(server.database.db);
    const again = await notificationsWith(await login());
    expect(again.data).toEqual([]);
    expect(again.count).toBe(0);
  });

  it('a deleted staff user takes theirs along too', async () => {
    const made = await server.call('POST', '/api/v1/users', {
      as: 'admin',
      body: { username: 'staf-sementara', name: 'Staf Sementara', password: 'rahasia-123', is_active: true },
    });
    expect(made.status).toBe(201);
    const userId: number = made.json.data.id;
    await addNotification(server.database.db, { kind: 'users', id: userId }, { doc_name: 'memo', info: 'Rapat jam 9' });
    expect((await server.call('DELETE', `/api/v1/users/${userId}`, { as: 'admin' })).status).toBe(200);
    const left = await sql<{ n: number }>`select count(*)::int as n from app_notification
      where recipient_kind = 'users' and recipient_id = ${userId}`.execute(server.database.db);
    expect(left.rows[0].n).toBe(0);
  });
});
