// The notifications of the top bar's bell (spec 1 §3 notification: id, doc_name, doc_id,
// info, created_at; §4 click targets by doc_name). An internal table of the server, not a
// schema: nobody edits notifications in a form; the workflows of later issues (comboard,
// permissions, leave approval) add them, and the bell reads and marks them read. It is made
// on the first notification call (the users table it refers to exists by then).
//
// The demo: when the table is made and the demo logins are there (a user whose password is
// still the demo password), each of them gets one notification per doc_name of spec 1 §4.

import { sql } from 'kysely';
import type { Db } from '../db/database';
import { verifyPassword } from '../auth/password';
import { DEMO_PASSWORD } from '../seed/demoUsers';

export interface NotificationRow {
  id: number;
  doc_name: string;
  doc_id: string | null;
  info: string;
  created_at: string;
  read: boolean;
}

const DEMO_USERS = ['admin', 'adminfinance', 'finance', 'teacher'];

export const DEMO_NOTIFICATIONS: ReadonlyArray<{ doc_name: string; doc_id: string; info: string }> = [
  { doc_name: 't_comboard_detail', doc_id: '1', info: 'Pengumuman baru: Rapat orang tua siswa' },
  { doc_name: 'tr_permission', doc_id: '1', info: 'Pengajuan izin siswa menunggu persetujuan' },
  { doc_name: 'tr_hr_leave_approval', doc_id: '1', info: 'Pengajuan cuti menunggu persetujuan' },
  { doc_name: 'tr_invoice', doc_id: '1', info: 'Tagihan baru telah dibuat' },
];

const ready = new WeakMap<Db, Promise<void>>();

async function createTable(db: Db): Promise<void> {
  const existing = await sql<{ name: string | null }>`select to_regclass('app_notification')::text as name`.execute(db);
  if (existing.rows[0]?.name) return;
  await sql`create table if not exists app_notification (
    id serial primary key,
    user_id integer not null references users (id) on delete cascade,
    doc_name text not null,
    doc_id text,
    info text not null,
    read boolean not null default false,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index if not exists app_notification_user_id_idx on app_notification (user_id)`.execute(db);
  const users = await db.selectFrom('users').select(['id', 'username', 'password']).where('username', 'in', DEMO_USERS).execute();
  for (const user of users) {
    if (!(await verifyPassword(user.password as string | null, DEMO_PASSWORD))) continue;
    for (const [i, n] of DEMO_NOTIFICATIONS.entries()) {
      await sql`insert into app_notification (user_id, doc_name, doc_id, info, created_at)
        values (${user.id}, ${n.doc_name}, ${n.doc_id}, ${n.info}, now() - make_interval(hours => ${i}))`.execute(db);
    }
  }
}

/** Makes the table once per database (and per process); a failed attempt is tried again. */
export function ensureNotifications(db: Db): Promise<void> {
  let promise = ready.get(db);
  if (!promise) {
    promise = createTable(db);
    promise.catch(() => ready.delete(db));
    ready.set(db, promise);
  }
  return promise;
}

export async function notificationsOf(db: Db, userId: number): Promise<{ data: NotificationRow[]; count: number }> {
  await ensureNotifications(db);
  const rows = await sql<NotificationRow>`select id, doc_name, doc_id, info, created_at, read from app_notification
    where user_id = ${userId} order by created_at desc, id desc limit 50`.execute(db);
  const unread = await sql<{ n: number }>`select count(*)::int as n from app_notification where user_id = ${userId} and not read`.execute(db);
  const data = rows.rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
  return { data, count: unread.rows[0]?.n ?? 0 };
}

/** Marks one of the user's notifications read; false when the user has no such notification. */
export async function markRead(db: Db, userId: number, id: number): Promise<boolean> {
  await ensureNotifications(db);
  const result = await sql`update app_notification set read = true where id = ${id} and user_id = ${userId}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Adds a notification for a user (for the workflows of later issues). */
export async function addNotification(db: Db, userId: number, n: { doc_name: string; doc_id?: string | null; info: string }): Promise<void> {
  await ensureNotifications(db);
  await sql`insert into app_notification (user_id, doc_name, doc_id, info) values (${userId}, ${n.doc_name}, ${n.doc_id ?? null}, ${n.info})`.execute(db);
}
