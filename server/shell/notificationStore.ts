// The notifications of the bell (spec 1 §3 notification: id, doc_name, doc_id, info,
// created_at; §4 click targets by doc_name): an internal table of the server, not a schema.
// Nobody edits notifications in a form; the workflows of later issues (comboard, permissions,
// leave approval, invoices) add them with addNotification, the bell and the notification pages
// read them and mark them read.
//
// Recipients. Every kind of login gets notifications: a recipient is (recipient_kind,
// recipient_id), the record of the login in its kind's table (server/auth/accountStore.ts):
// `users` for staff and booking logins, `student`, `parent_user`. One generated column per
// kind holds the id for that kind only and refers to its table with ON DELETE CASCADE, so a
// deleted recipient's notifications go with it, however it is deleted, and can never show to a
// later record that gets the same id; a notification to a record that does not exist is refused.
//
// Texts. A notification is stored with a message key and its params (the texts are
// src/shared/notificationMessages.ts): the browser shows it in the user's language. `info` keeps the Indonesian text as well, as v1 answered it; a notification
// with only a free text (no key) shows that text in both languages.
//
// The table is made, or brought up to this shape, on the first notification call of a
// process: a database of the staff-only version (user_id → users, no key) keeps its rows, which
// become notifications of their users. When the table is made or brought up, each demo login
// whose password is still the demo password and has no notification gets the demo ones of its kind.

import { sql } from 'kysely';
import type { Db, Row } from '../db/database';
import { anyOf } from '../db/anyOf';
import { accountTable } from '../auth/accountStore';
import { verifyPassword } from '../auth/password';
import type { AppUser } from '../auth/userStore';
import { DEMO_PASSWORD } from '../seed/demoUsers';
import type { NotificationItem, NotificationList } from '../../src/shared/api/shell';
import { isNotificationKey, notificationText, type NotificationKey, type NotificationParams } from '../../src/shared/notificationMessages';

/** The table of the recipient's record: `users` (staff and booking logins), `student`, `parent_user`. */
export type RecipientKind = ReturnType<typeof accountTable>;
export const RECIPIENT_KINDS: readonly RecipientKind[] = ['users', 'student', 'parent_user'];

export interface Recipient {
  kind: RecipientKind;
  id: number;
}

/** The recipient a session's user reads the notifications of. */
export function recipientOf(user: Pick<AppUser, 'kind' | 'id'>): Recipient {
  return { kind: accountTable(user.kind), id: user.id };
}

export type NewNotification =
  | { doc_name: string; doc_id?: string | null; key: NotificationKey; params?: NotificationParams }
  | { doc_name: string; doc_id?: string | null; info: string };

/** The Indonesian text of a key, as `info` keeps it. */
export function indonesianText(key: NotificationKey, params: NotificationParams = {}): string {
  return notificationText('id', key, params);
}

// ---- demo notifications ----

interface DemoNotification {
  doc_name: string;
  doc_id: string;
  key: NotificationKey;
  params: NotificationParams;
  /** How long ago it came, so that the list has an order. */
  hoursAgo: number;
}

const STAFF_DEMO: readonly DemoNotification[] = [
  { doc_name: 't_comboard_detail', doc_id: '1', key: 'announcement_new', params: { title: 'Rapat orang tua siswa' }, hoursAgo: 0 },
  { doc_name: 'tr_permission', doc_id: '1', key: 'permission_waiting', params: { student: 'Siti Rahmawati' }, hoursAgo: 1 },
  { doc_name: 'tr_hr_leave_approval', doc_id: '1', key: 'leave_request_waiting', params: { employee: 'Bambang Wijaya' }, hoursAgo: 2 },
  { doc_name: 'tr_invoice', doc_id: '1', key: 'invoice_issued', params: { number: 'INV/2025/0001' }, hoursAgo: 3 },
];

/** The demo notifications of each demo login, by the table of its record. */
export const DEMO_NOTIFICATIONS: ReadonlyArray<{ kind: RecipientKind; usernames: readonly string[]; notifications: readonly DemoNotification[] }> = [
  { kind: 'users', usernames: ['admin', 'adminfinance', 'finance', 'teacher'], notifications: STAFF_DEMO },
  {
    kind: 'users',
    usernames: ['booking'],
    notifications: [
      { doc_name: 'tr_booking', doc_id: '1', key: 'booking_waiting', params: { room: 'Aula Utama' }, hoursAgo: 0 },
      ...STAFF_DEMO.map((n) => ({ ...n, hoursAgo: n.hoursAgo + 1 })),
    ],
  },
  {
    kind: 'student',
    usernames: ['student'],
    notifications: [
      { doc_name: 'tr_permission', doc_id: '1', key: 'permission_approved', params: { student: 'Siti Rahmawati' }, hoursAgo: 0 },
      { doc_name: 'tr_invoice', doc_id: '1', key: 'invoice_issued', params: { number: 'INV/2025/0001' }, hoursAgo: 5 },
      { doc_name: 't_comboard_detail', doc_id: '2', key: 'announcement_new', params: { title: 'Libur akhir semester ganjil' }, hoursAgo: 26 },
    ],
  },
  {
    kind: 'parent_user',
    usernames: ['parent'],
    notifications: [
      { doc_name: 'tr_invoice', doc_id: '2', key: 'invoice_issued_for', params: { number: 'INV/2025/0002', student: 'Bima Rahmawan' }, hoursAgo: 0 },
      { doc_name: 'tr_permission', doc_id: '1', key: 'permission_approved', params: { student: 'Siti Rahmawati' }, hoursAgo: 3 },
      { doc_name: 't_comboard_detail', doc_id: '1', key: 'announcement_new', params: { title: 'Rapat orang tua siswa' }, hoursAgo: 24 },
    ],
  },
];

// ---- the table ----

/** The key of the advisory lock that lets one process at a time make the table (migrate.ts uses 730_001). */
const NOTIFICATION_LOCK_KEY = 730_002;

/** The generated column that refers to the recipient's table, per kind. */
const KIND_COLUMNS: Record<RecipientKind, string> = { users: 'user_id', student: 'student_id', parent_user: 'parent_user_id' };

interface TableState {
  /** The kinds whose recipients' deletion takes their notifications along (their tables exist). */
  kinds: ReadonlySet<RecipientKind>;
}

const ready = new WeakMap<Db, Promise<TableState>>();

async function columnsOf(tx: Db): Promise<Map<string, boolean>> {
  const rows = await sql<{ column_name: string; is_generated: string }>`select column_name, is_generated
    from information_schema.columns where table_schema = current_schema() and table_name = 'app_notification'`.execute(tx);
  return new Map(rows.rows.map((r) => [r.column_name, r.is_generated === 'ALWAYS']));
}

async function tableExists(tx: Db, name: string): Promise<boolean> {
  const found = await sql<{ name: string | null }>`select to_regclass(${name})::text as name`.execute(tx);
  return !!found.rows[0]?.name;
}

async function bringUpTable(db: Db): Promise<TableState> {
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(NOTIFICATION_LOCK_KEY)})`.execute(tx);
    const existed = await tableExists(tx, 'app_notification');
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
    let broughtUp = false;
    // The staff-only version: user_id (→ users) was the recipient, texts were free text.
    if (!columns.has('recipient_kind')) {
      await sql`alter table app_notification add column recipient_kind text, add column recipient_id integer`.execute(tx);
      broughtUp = true;
    }
    await sql`alter table app_notification add column if not exists key text, add column if not exists params jsonb`.execute(tx);
    if (columns.get('user_id') === false) {
      await sql`update app_notification set recipient_kind = 'users', recipient_id = user_id where recipient_kind is null`.execute(tx);
      await sql`alter table app_notification drop column user_id`.execute(tx);
      broughtUp = true;
    }
    await sql`alter table app_notification alter column recipient_kind set not null, alter column recipient_id set not null`.execute(tx);
    const check = await sql`select 1 from pg_constraint where conname = 'app_notification_recipient_kind_check'
      and conrelid = 'app_notification'::regclass`.execute(tx);
    if (!check.rows.length) {
      await sql`alter table app_notification add constraint app_notification_recipient_kind_check
        check (recipient_kind in ('users', 'student', 'parent_user'))`.execute(tx);
    }
    columns = await columnsOf(tx);
    const kinds = new Set<RecipientKind>();
    for (const kind of RECIPIENT_KINDS) {
      const column = KIND_COLUMNS[kind];
      if (!columns.has(column)) {
        if (!(await tableExists(tx, kind))) continue;
        await sql`alter table app_notification add column ${sql.ref(column)} integer
          generated always as (case when recipient_kind = ${sql.lit(kind)} then recipient_id end) stored
          references ${sql.table(kind)} (id) on delete cascade`.execute(tx);
        await sql`create index if not exists ${sql.ref(`app_notification_${column}_idx`)} on app_notification (${sql.ref(column)})`.execute(tx);
      }
      kinds.add(kind);
    }
    await sql`create index if not exists app_notification_recipient_idx
      on app_notification (recipient_kind, recipient_id, created_at desc, id desc)`.execute(tx);
    if (!existed || broughtUp) await seedDemoNotifications(tx, kinds);
    return { kinds };
  });
}

async function seedDemoNotifications(tx: Db, kinds: ReadonlySet<RecipientKind>): Promise<void> {
  for (const demo of DEMO_NOTIFICATIONS) {
    if (!kinds.has(demo.kind)) continue;
    const accounts: Row[] = await tx.selectFrom(demo.kind).select(['id', 'password']).where(anyOf('username', demo.usernames)).execute();
    for (const account of accounts) {
      const recipient: Recipient = { kind: demo.kind, id: Number(account.id) };
      if (!(await verifyPassword(typeof account.password === 'string' ? account.password : null, DEMO_PASSWORD))) continue;
      const has = await sql`select 1 from app_notification where recipient_kind = ${recipient.kind} and recipient_id = ${recipient.id} limit 1`.execute(tx);
      if (has.rows.length) continue;
      for (const n of demo.notifications) {
        await insert(tx, recipient, n, sql`now() - make_interval(hours => ${n.hoursAgo})`);
      }
    }
  }
}

/** Makes or brings up the table once per database (and per process); a failed attempt is tried again. */
export function ensureNotifications(db: Db): Promise<TableState> {
  let promise = ready.get(db);
  if (!promise) {
    promise = bringUpTable(db);
    promise.catch(() => ready.delete(db));
    ready.set(db, promise);
  }
  return promise;
}

// ---- reading and writing ----

const COLUMNS = sql`id, doc_name, doc_id, info, key, params, created_at, read`;

function toAnswer(row: Row): NotificationItem {
  const params = row.params && typeof row.params === 'object' ? (row.params as NotificationParams) : null;
  return {
    id: Number(row.id),
    doc_name: String(row.doc_name),
    doc_id: row.doc_id === null || row.doc_id === undefined ? null : String(row.doc_id),
    info: String(row.info),
    key: typeof row.key === 'string' ? row.key : null,
    params,
    created_at: new Date(row.created_at as string).toISOString(),
    read: row.read === true,
  };
}

const ofRecipient = (r: Recipient) => sql`recipient_kind = ${r.kind} and recipient_id = ${r.id}`;

/** The recipient's notifications, newest first: a page of them (default: the latest 50). */
export async function notificationsOf(db: Db, recipient: Recipient, page: { limit?: number; offset?: number } = {}): Promise<NotificationList> {
  await ensureNotifications(db);
  const limit = page.limit ?? 50;
  const offset = page.offset ?? 0;
  const rows = await sql<Row>`select ${COLUMNS} from app_notification where ${ofRecipient(recipient)}
    order by created_at desc, id desc limit ${limit} offset ${offset}`.execute(db);
  const counts = await sql<{ unread: number; total: number }>`select count(*) filter (where not read)::int as unread, count(*)::int as total
    from app_notification where ${ofRecipient(recipient)}`.execute(db);
  return { data: rows.rows.map(toAnswer), count: counts.rows[0]?.unread ?? 0, total: counts.rows[0]?.total ?? 0 };
}

/** One notification: `missing` when there is none with this id, `forbidden` when it is someone else's. */
export type Lookup = { found: NotificationItem } | { missing: true } | { forbidden: true };

export async function notificationOf(db: Db, recipient: Recipient, notificationId: number): Promise<Lookup> {
  await ensureNotifications(db);
  const rows = await sql<Row>`select ${COLUMNS}, recipient_kind, recipient_id from app_notification where id = ${notificationId}`.execute(db);
  const row = rows.rows[0];
  if (!row) return { missing: true };
  if (row.recipient_kind !== recipient.kind || Number(row.recipient_id) !== recipient.id) return { forbidden: true };
  return { found: toAnswer(row) };
}

/** Marks one of the recipient's notifications read. */
export async function markRead(db: Db, recipient: Recipient, notificationId: number): Promise<Lookup> {
  const lookup = await notificationOf(db, recipient, notificationId);
  if (!('found' in lookup)) return lookup;
  await sql`update app_notification set read = true where id = ${notificationId} and ${ofRecipient(recipient)}`.execute(db);
  return { found: { ...lookup.found, read: true } };
}

export async function markAllRead(db: Db, recipient: Recipient): Promise<void> {
  await ensureNotifications(db);
  await sql`update app_notification set read = true where ${ofRecipient(recipient)} and not read`.execute(db);
}

async function insert(tx: Db, recipient: Recipient, n: NewNotification, createdAt = sql`now()`): Promise<number> {
  const keyed = 'key' in n;
  const info = keyed ? indonesianText(n.key, n.params) : n.info;
  const result = await sql<{ id: number }>`insert into app_notification
      (recipient_kind, recipient_id, doc_name, doc_id, info, key, params, created_at)
    values (${recipient.kind}, ${recipient.id}, ${n.doc_name}, ${n.doc_id ?? null}, ${info},
      ${keyed ? n.key : null}, ${keyed ? JSON.stringify(n.params ?? {}) : null}::jsonb, ${createdAt})
    returning id`.execute(tx);
  return Number(result.rows[0]!.id);
}

/**
 * Adds a notification for a recipient (for the workflows of later issues): with a message key
 * and params, shown in each user's language, or with a free text. Refused (the database's
 * foreign key) when the recipient's record does not exist. Answers the new notification's id.
 */
export async function addNotification(db: Db, recipient: Recipient, n: NewNotification): Promise<number> {
  const { kinds } = await ensureNotifications(db);
  if (!kinds.has(recipient.kind)) throw new Error(`Notifications for ${recipient.kind} need the table ${recipient.kind}`);
  if ('key' in n && !isNotificationKey(n.key)) throw new Error(`Unknown notification key ${String(n.key)}`);
  return insert(db, recipient, n);
}

/**
 * Adds one keyed notification to each of many recipients in one statement (publishing an
 * announcement to thousands of accounts). Call ensureNotifications(db) first, outside the
 * caller's transaction.
 */
export async function addNotifications(tx: Db, recipients: readonly Recipient[], n: Extract<NewNotification, { key: NotificationKey }>): Promise<void> {
  if (!recipients.length) return;
  if (!isNotificationKey(n.key)) throw new Error(`Unknown notification key ${String(n.key)}`);
  const info = indonesianText(n.key, n.params);
  await sql`insert into app_notification (recipient_kind, recipient_id, doc_name, doc_id, info, key, params)
    select r.kind, r.id, ${n.doc_name}, ${n.doc_id ?? null}, ${info}, ${n.key}, ${JSON.stringify(n.params ?? {})}::jsonb
    from unnest(${recipients.map((r) => r.kind)}::text[], ${recipients.map((r) => r.id)}::int[]) as r(kind, id)`.execute(tx);
}
