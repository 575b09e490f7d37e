// The notifications of the bell (spec 1 §3 notification: id, doc_name, doc_id, info,
// created_at; §4 click targets by doc_name): an internal table of the server, not a schema
// (server/db/notificationTable.ts, made by migrate). Nobody edits notifications in a form; the
// workflows of later issues (comboard, permissions, leave approval, invoices) add them with
// addNotification, the bell and the notification pages read them and mark them read. Typed
// queries (server/db/typedDb.ts): a column renamed in the table's type fails `tsc` here.
//
// Recipients. Every kind of login gets notifications: a recipient is (recipient_kind,
// recipient_id), the record of the login in its kind's table (server/auth/accountStore.ts):
// `users` for staff and booking logins, `student`, `parent_user`; a deleted recipient's
// notifications go with it (the table's per-kind references).
//
// Texts. A notification is stored with a message key and its params (the texts are
// src/shared/notificationMessages.ts): the browser shows it in the user's language. `info` keeps the Indonesian text as well, as v1 answered it; a notification
// with only a free text (no key) shows that text in both languages.

import { sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely';
import { accountTable } from '../auth/accountStore';
import type { AppUser } from '../auth/userStore';
import { RECIPIENT_COLUMNS, type AppNotificationTable, type RecipientKind } from '../db/notificationTable';
import type { Database, TypedDb } from '../db/typedDb';
import type { Db } from '../db/database';
import type { NotificationItem, NotificationList } from '../../src/shared/api/shell';
import { isNotificationKey, notificationText, type NotificationKey, type NotificationParams } from '../../src/shared/notificationMessages';

export { RECIPIENT_KINDS, type RecipientKind } from '../db/notificationTable';

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

// ---- reading and writing ----

const COLUMNS = ['id', 'doc_name', 'doc_id', 'info', 'key', 'params', 'created_at', 'read'] as const;

type AnswerRow = Pick<Selectable<AppNotificationTable>, (typeof COLUMNS)[number]>;

function toAnswer(row: AnswerRow): NotificationItem {
  return {
    id: row.id,
    doc_name: row.doc_name,
    doc_id: row.doc_id,
    info: row.info,
    key: row.key,
    params: row.params && typeof row.params === 'object' ? row.params : null,
    created_at: new Date(row.created_at).toISOString(),
    read: row.read,
  };
}

const ofRecipient =
  (r: Recipient) =>
  (eb: ExpressionBuilder<Database, 'app_notification'>): Expression<SqlBool> =>
    eb.and([eb('recipient_kind', '=', r.kind), eb('recipient_id', '=', r.id)]);

/** The recipient's notifications, newest first: a page of them (default: the latest 50). */
export async function notificationsOf(db: TypedDb, recipient: Recipient, page: { limit?: number; offset?: number } = {}): Promise<NotificationList> {
  const rows = await db
    .selectFrom('app_notification')
    .select(COLUMNS)
    .where(ofRecipient(recipient))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit ?? 50)
    .offset(page.offset ?? 0)
    .execute();
  const counts = await db
    .selectFrom('app_notification')
    .select([sql<number>`count(*) filter (where not read)::int`.as('unread'), sql<number>`count(*)::int`.as('total')])
    .where(ofRecipient(recipient))
    .executeTakeFirst();
  return { data: rows.map(toAnswer), count: counts?.unread ?? 0, total: counts?.total ?? 0 };
}

/** One notification: `missing` when there is none with this id, `forbidden` when it is someone else's. */
export type Lookup = { found: NotificationItem } | { missing: true } | { forbidden: true };

export async function notificationOf(db: TypedDb, recipient: Recipient, notificationId: number): Promise<Lookup> {
  const row = await db.selectFrom('app_notification').select([...COLUMNS, 'recipient_kind', 'recipient_id']).where('id', '=', notificationId).executeTakeFirst();
  if (!row) return { missing: true };
  if (row.recipient_kind !== recipient.kind || row.recipient_id !== recipient.id) return { forbidden: true };
  return { found: toAnswer(row) };
}

/** Marks one of the recipient's notifications read. */
export async function markRead(db: TypedDb, recipient: Recipient, notificationId: number): Promise<Lookup> {
  const lookup = await notificationOf(db, recipient, notificationId);
  if (!('found' in lookup)) return lookup;
  await db.updateTable('app_notification').set({ read: true }).where('id', '=', notificationId).where(ofRecipient(recipient)).execute();
  return { found: { ...lookup.found, read: true } };
}

export async function markAllRead(db: TypedDb, recipient: Recipient): Promise<void> {
  await db.updateTable('app_notification').set({ read: true }).where(ofRecipient(recipient)).where('read', '=', false).execute();
}

/**
 * Inserts a notification (the demo seed gives `createdAt`, to spread them in time); answers its id.
 * Refused (the database's foreign key) when the recipient's record does not exist.
 */
export async function insertNotification(db: TypedDb, recipient: Recipient, n: NewNotification, createdAt?: Expression<string>): Promise<number> {
  const keyed = 'key' in n;
  const row = await db
    .insertInto('app_notification')
    .values({
      recipient_kind: recipient.kind,
      recipient_id: recipient.id,
      doc_name: n.doc_name,
      doc_id: n.doc_id ?? null,
      info: keyed ? indonesianText(n.key, n.params) : n.info,
      key: keyed ? n.key : null,
      params: keyed ? JSON.stringify(n.params ?? {}) : null,
      ...(createdAt ? { created_at: createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The kinds whose recipients' deletion takes their notifications along: their reference column exists. */
async function referencedKinds(db: TypedDb): Promise<Set<string>> {
  const rows = await db
    .withTables<{ 'information_schema.columns': { column_name: string; table_name: string; table_schema: string } }>()
    .selectFrom('information_schema.columns')
    .select('column_name')
    .where('table_name', '=', 'app_notification')
    .where('table_schema', '=', sql<string>`current_schema()`)
    .execute();
  return new Set(rows.map((r) => r.column_name));
}

/**
 * Adds a notification for a recipient (for the workflows of later issues): with a message key
 * and params, shown in each user's language, or with a free text. Refused (the database's
 * foreign key) when the recipient's record does not exist. Answers the new notification's id.
 */
export async function addNotification(db: TypedDb, recipient: Recipient, n: NewNotification): Promise<number> {
  if (!(await referencedKinds(db)).has(RECIPIENT_COLUMNS[recipient.kind])) throw new Error(`Notifications for ${recipient.kind} need the table ${recipient.kind}`);
  if ('key' in n && !isNotificationKey(n.key)) throw new Error(`Unknown notification key ${String(n.key)}`);
  return insertNotification(db, recipient, n);
}

/**
 * Adds one keyed notification to each of many recipients in one statement (publishing an
 * announcement to thousands of accounts), in the caller's transaction.
 */
export async function addNotifications(tx: Db, recipients: readonly Recipient[], n: Extract<NewNotification, { key: NotificationKey }>): Promise<void> {
  if (!recipients.length) return;
  if (!isNotificationKey(n.key)) throw new Error(`Unknown notification key ${String(n.key)}`);
  const info = indonesianText(n.key, n.params);
  await sql`insert into app_notification (recipient_kind, recipient_id, doc_name, doc_id, info, key, params)
    select r.kind, r.id, ${n.doc_name}, ${n.doc_id ?? null}, ${info}, ${n.key}, ${JSON.stringify(n.params ?? {})}::jsonb
    from unnest(${recipients.map((r) => r.kind)}::text[], ${recipients.map((r) => r.id)}::int[]) as r(kind, id)`.execute(tx);
}
