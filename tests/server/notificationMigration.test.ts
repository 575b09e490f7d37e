// The notification table is made by migrate, as every table is, and the demo notifications
// come with the demo data, before any notification call. A database of the staff-only version
// keeps its notifications: its app_notification (user_id → users, free texts only) is brought
// up to the kinds-and-keys shape by migrate at the next start, without losing a row or a read
// mark, and adds no demo notifications to it; deleting a user still takes that user's
// notifications along.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { forgetServerDdl } from '../../server/db/serverDdl';
import { tables } from '../../server/generated/tables';
import { fileServer, quietLog } from './harness';

const server = fileServer({ demoData: true });

interface Item {
  id: number;
  doc_name: string;
  doc_id: string | null;
  info: string;
  key: string | null;
  params: unknown;
  read: boolean;
  created_at: string;
}

describe('the notification table of a new database', () => {
  it('is made by migrate and holds the demo notifications of the seed before any notification call', async () => {
    const db = server.database.db;
    const perLogin = await sql<{ username: string; n: number }>`select u.username, count(n.id)::int as n from users u
      left join app_notification n on n.recipient_kind = 'users' and n.recipient_id = u.id group by u.username order by u.username`.execute(db);
    expect(perLogin.rows).toEqual([
      { username: 'admin', n: 3 },
      { username: 'adminfinance', n: 3 },
      { username: 'booking', n: 4 },
      { username: 'finance', n: 3 },
      // The leave approvers have no demo notification of their own.
      { username: 'kepsek', n: 0 },
      { username: 'teacher', n: 3 },
      { username: 'wakasek', n: 0 },
    ]);
    const others = await sql<{ recipient_kind: string; n: number }>`select recipient_kind, count(*)::int as n from app_notification
      where recipient_kind <> 'users' group by recipient_kind order by recipient_kind`.execute(db);
    expect(others.rows).toEqual([
      { recipient_kind: 'parent_user', n: 2 },
      { recipient_kind: 'student', n: 2 },
    ]);
  });
});

describe('the notification table of the staff-only version', () => {
  it('keeps every row, read mark and text, and becomes the new shape', async () => {
    const db = server.database.db;
    // The former table, as the staff-only version's server/shell/notificationStore.ts made it, with rows of two users.
    await sql`drop table app_notification`.execute(db);
    await forgetServerDdl(db);
    await sql`create table app_notification (
      id serial primary key,
      user_id integer not null references users (id) on delete cascade,
      doc_name text not null,
      doc_id text,
      info text not null,
      read boolean not null default false,
      created_at timestamptz not null default now()
    )`.execute(db);
    await sql`create index app_notification_user_id_idx on app_notification (user_id)`.execute(db);
    const ids = async (username: string) =>
      Number((await sql<{ id: number }>`select id from users where username = ${username}`.execute(db)).rows[0].id);
    const teacher = await ids('teacher');
    const finance = await ids('finance');
    await sql`insert into app_notification (user_id, doc_name, doc_id, info, read, created_at) values
      (${teacher}, 'tr_permission', '3', 'Izin lama menunggu', false, '2025-01-02T03:04:05Z'),
      (${teacher}, 't_comboard_detail', '1', 'Pengumuman lama', true, '2025-01-01T00:00:00Z'),
      (${finance}, 'tr_invoice', null, 'Tagihan lama', false, '2025-01-03T00:00:00Z')`.execute(db);
    // The next start of the new version.
    await migrate(db, tables, quietLog);

    const answer = await server.call('GET', '/api/v1/notification', { as: 'teacher' });
    expect(answer.status).toBe(200);
    const items: Item[] = answer.json.data;
    expect(items.map(({ doc_name, doc_id, info, key, params, read, created_at }) => ({ doc_name, doc_id, info, key, params, read, created_at }))).toEqual([
      { doc_name: 'tr_permission', doc_id: '3', info: 'Izin lama menunggu', key: null, params: null, read: false, created_at: '2025-01-02T03:04:05.000Z' },
      { doc_name: 't_comboard_detail', doc_id: '1', info: 'Pengumuman lama', key: null, params: null, read: true, created_at: '2025-01-01T00:00:00.000Z' },
    ]);
    expect(answer.json.count).toBe(1);
    const financeItems: Item[] = (await server.call('GET', '/api/v1/notification', { as: 'finance' })).json.data;
    expect(financeItems.map((n) => n.info)).toEqual(['Tagihan lama']);

    // The new shape: recipient kind and id, key and params; the old user_id is now the generated users reference.
    const columns = await sql<{ column_name: string; is_generated: string }>`select column_name, is_generated from information_schema.columns
      where table_schema = current_schema() and table_name = 'app_notification'`.execute(db);
    const shape = Object.fromEntries(columns.rows.map((c) => [c.column_name, c.is_generated]));
    expect(shape).toMatchObject({ recipient_kind: 'NEVER', recipient_id: 'NEVER', key: 'NEVER', params: 'NEVER', user_id: 'ALWAYS', student_id: 'ALWAYS', parent_user_id: 'ALWAYS' });
  });

  it('adds no demo notifications: those come with the demo data of a new database', async () => {
    expect((await server.call('GET', '/api/v1/notification', { as: 'admin' })).json).toMatchObject({ data: [], count: 0, total: 0 });
    expect((await server.call('GET', '/api/v1/notification', { as: 'teacher' })).json.total).toBe(2);
    const all = await sql<{ n: number }>`select count(*)::int as n from app_notification`.execute(server.database.db);
    expect(all.rows[0].n).toBe(3);
  });

  it('is left as it is by a further start', async () => {
    await migrate(server.database.db, tables, quietLog);
    expect((await server.call('GET', '/api/v1/notification', { as: 'teacher' })).json.data.map((n: Item) => n.info)).toEqual(['Izin lama menunggu', 'Pengumuman lama']);
  });

  it('still takes a deleted user’s notifications along', async () => {
    const made = await server.call('POST', '/api/v1/users', {
      as: 'admin',
      body: { username: 'staf-lama', name: 'Staf Lama', password: 'rahasia-123', is_active: true },
    });
    const userId: number = made.json.data.id;
    await sql`insert into app_notification (recipient_kind, recipient_id, doc_name, info) values ('users', ${userId}, 'memo', 'x')`.execute(server.database.db);
    expect((await server.call('DELETE', `/api/v1/users/${userId}`, { as: 'admin' })).status).toBe(200);
    const left = await sql<{ n: number }>`select count(*)::int as n from app_notification where recipient_id = ${userId} and recipient_kind = 'users'`.execute(server.database.db);
    expect(left.rows[0].n).toBe(0);
  });
});
