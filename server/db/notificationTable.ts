// The notification table (app_notification; the store is server/shell/notificationStore.ts),
// made or brought up to its current shape by migrate after the schema tables, whose records
// its recipients are.
//
// A recipient is (recipient_kind, recipient_id): the record of a login in its kind's table,
// `users` for staff and booking logins, `student`, `parent_user`. One generated column per
// kind holds the id for that kind only and refers to its table with ON DELETE CASCADE, so a
// deleted recipient's notifications go with it, however it is deleted, and can never show to a
// later record that gets the same id; a notification to a record that does not exist is refused.
//
// A database of the staff-only version (user_id → users, free texts, no key) keeps its rows,
// which become notifications of their users.

import { sql, type ColumnType, type Generated } from 'kysely';
import type { NotificationParams } from '../../src/shared/notificationMessages';
import type { Db } from './database';

/** The table of a recipient's record. */
export type RecipientKind = 'users' | 'student' | 'parent_user';
export const RECIPIENT_KINDS: readonly RecipientKind[] = ['users', 'student', 'parent_user'];

/** The generated column that refers to the recipient's table, per kind. */
export const RECIPIENT_COLUMNS = { users: 'user_id', student: 'student_id', parent_user: 'parent_user_id' } as const satisfies Record<RecipientKind, string>;

export interface AppNotificationTable {
  id: Generated<number>;
  recipient_kind: RecipientKind;
  recipient_id: number;
  doc_name: string;
  doc_id: string | null;
  /** The Indonesian text, as v1 answered it. */
  info: string;
  key: string | null;
  /** jsonb: read as an object, written as its JSON text. */
  params: ColumnType<NotificationParams | null, string | null, string | null>;
  read: Generated<boolean>;
  created_at: Generated<string>;
  /** The generated per-kind references (present when the kind's table exists). */
  user_id: ColumnType<number | null, never, never>;
  student_id: ColumnType<number | null, never, never>;
  parent_user_id: ColumnType<number | null, never, never>;
}

async function columnsOf(tx: Db): Promise<Map<string, boolean>> {
  const rows = await sql<{ column_name: string; is_generated: string }>`select column_name, is_generated
    from information_schema.columns where table_schema = current_schema() and table_name = 'app_notification'`.execute(tx);
  return new Map(rows.rows.map((r) => [r.column_name, r.is_generated === 'ALWAYS']));
}

async function tableExists(tx: Db, name: string): Promise<boolean> {
  const found = await sql<{ name: string | null }>`select to_regclass(${name})::text as name`.execute(tx);
  return !!found.rows[0]?.name;
}

/** Makes app_notification or brings it up to this shape, inside migrate's transaction. */
export async function makeNotificationTable(tx: Db): Promise<void> {
  await sql`create table if not exists app_notification (
    id serial primary key,
    recipient_kind text not null,
    recipient_id integer not null,
    doc_name text not null,
    doc_id text,
    info text not null,
    key text,
    params jsonb,
    read boolean not null default false,
    created_at timestamptz not null default now()
  )`.execute(tx);
  let columns = await columnsOf(tx);
  // The staff-only version: user_id (→ users) was the recipient, texts were free text.
  if (!columns.has('recipient_kind')) await sql`alter table app_notification add column recipient_kind text, add column recipient_id integer`.execute(tx);
  await sql`alter table app_notification add column if not exists key text, add column if not exists params jsonb`.execute(tx);
  if (columns.get('user_id') === false) {
    await sql`update app_notification set recipient_kind = 'users', recipient_id = user_id where recipient_kind is null`.execute(tx);
    await sql`alter table app_notification drop column user_id`.execute(tx);
  }
  await sql`alter table app_notification alter column recipient_kind set not null, alter column recipient_id set not null`.execute(tx);
  const check = await sql`select 1 from pg_constraint where conname = 'app_notification_recipient_kind_check'
    and conrelid = 'app_notification'::regclass`.execute(tx);
  if (!check.rows.length) {
    await sql`alter table app_notification add constraint app_notification_recipient_kind_check
      check (recipient_kind in ('users', 'student', 'parent_user'))`.execute(tx);
  }
  columns = await columnsOf(tx);
  for (const kind of RECIPIENT_KINDS) {
    const column = RECIPIENT_COLUMNS[kind];
    if (columns.has(column) || !(await tableExists(tx, kind))) continue;
    await sql`alter table app_notification add column ${sql.ref(column)} integer
      generated always as (case when recipient_kind = ${sql.lit(kind)} then recipient_id end) stored
      references ${sql.table(kind)} (id) on delete cascade`.execute(tx);
    await sql`create index if not exists ${sql.ref(`app_notification_${column}_idx`)} on app_notification (${sql.ref(column)})`.execute(tx);
  }
  await sql`create index if not exists app_notification_recipient_idx
    on app_notification (recipient_kind, recipient_id, created_at desc, id desc)`.execute(tx);
}
