// The server's own tables, next to the schema tables: sessions, uploaded files, idempotency
// keys, failed logins, notifications, the data migrations applied and the records' history; the one place they are
// declared, with their row types for typed queries (server/db/typedDb.ts). Migrate alone makes
// them (server/db/migrate.ts): the first group before the schema tables, the second after them,
// since sessions and notifications refer to the login tables. The staff logins themselves are
// the schema table `users` (schemas/users.yaml).

import { sql, type ColumnType, type Generated } from 'kysely';
import type { Db } from './database';
import { makeNotificationTable, type AppNotificationTable } from './notificationTable';
import { HISTORY_TABLE_DDL } from '../history/historyTable';

export interface AppFileTable {
  id: string;
  mime: string;
  title: string | null;
  /** bytea: a Buffer from pg, a Uint8Array from PGlite. */
  bytes: Uint8Array;
  created_at: Generated<string>;
}

export interface AppIdempotencyKeyTable {
  login_kind: string;
  account_id: number;
  key: string;
  fingerprint: string;
  status: number | null;
  /** jsonb: read as the answer's JSON, written as its text. */
  body: ColumnType<unknown, string | null, string | null>;
  created_at: Generated<string>;
}

export interface AppLoginFailureTable {
  /** bigint, read as a number (server/db/valueParsers.ts). */
  id: ColumnType<number, never, never>;
  name_hash: string;
  address: string;
  /** Epoch milliseconds (bigint, read as a number). */
  failed_at: number;
}

export interface AppDataMigrationTable {
  name: string;
  applied_at: Generated<string>;
}

/** A user's own settings (server/me/preferenceStore.ts): one JSON value per login and key. */
export interface AppUserPreferenceTable {
  login_kind: string;
  account_id: number;
  key: string;
  /** jsonb: read as the value, written as its JSON text. */
  value: ColumnType<unknown, string, string>;
  updated_at: Generated<string>;
}

export interface AppSessionTable {
  token_hash: string;
  user_id: number | null;
  kind: Generated<string>;
  account_id: number | null;
  created_at: Generated<string>;
  last_seen_at: Generated<string>;
}

/** The server's own tables by name. */
export interface InternalTables {
  app_file: AppFileTable;
  app_idempotency_key: AppIdempotencyKeyTable;
  app_login_failure: AppLoginFailureTable;
  app_data_migration: AppDataMigrationTable;
  app_session: AppSessionTable;
  app_user_preference: AppUserPreferenceTable;
  app_notification: AppNotificationTable;
}

/** Made before the schema tables. */
export const INTERNAL_TABLES_DDL: readonly string[] = [
  `create table if not exists app_file (
    id uuid primary key,
    mime text not null,
    title text,
    bytes bytea not null,
    created_at timestamptz not null default now()
  )`,
  // The Idempotency-Key of a write (server/http/idempotency.ts): per login, its first answer
  // for 24 hours. account_id is the record in the login kind's table, as in app_session.
  `create table if not exists app_idempotency_key (
    login_kind text not null,
    account_id integer not null,
    key text not null,
    fingerprint text not null,
    status integer,
    body jsonb,
    created_at timestamptz not null default now(),
    primary key (login_kind, account_id, key)
  )`,
  `create index if not exists app_idempotency_key_created_idx on app_idempotency_key (created_at)`,
  // One row per failed login, or login being checked (server/auth/loginThrottle.ts): the
  // sha256 of the lower-cased throttle name, the client address and the time in epoch milliseconds (the throttle's
  // clock, which tests move). Rows older than the throttle's window are swept.
  `create table if not exists app_login_failure (
    id bigint generated always as identity primary key,
    name_hash text not null,
    address text not null,
    failed_at bigint not null
  )`,
  `create index if not exists app_login_failure_name_idx on app_login_failure (name_hash, failed_at)`,
  `create index if not exists app_login_failure_address_idx on app_login_failure (address, failed_at)`,
  // A user's own settings, kept on the server so they follow the user to any browser
  // (server/me/preferenceStore.ts): the list columns and saved views of issue 16, one row per
  // login and key, so saving the same settings twice leaves one row.
  `create table if not exists app_user_preference (
    login_kind text not null,
    account_id integer not null,
    key text not null,
    value jsonb not null,
    updated_at timestamptz not null default now(),
    primary key (login_kind, account_id, key)
  )`,
  // The data migrations already applied (server/db/dataMigrations.ts), each once.
  `create table if not exists app_data_migration (
    name text primary key,
    applied_at timestamptz not null default now()
  )`,
  // The history of the records (server/history/historyTable.ts).
  ...HISTORY_TABLE_DDL,
];

/**
 * Made after the schema tables. A session is of one kind of login (staff, student, parent,
 * booking) and one account (account_id, the record in that kind's table: users, student or
 * parent_user; see server/auth/accountStore.ts). Staff and booking sessions also hold
 * user_id, so they end with their user; a student's or parent's session whose account is
 * gone is refused at its next call (ids are identity columns, never given again).
 */
export const SESSION_TABLES_DDL: readonly string[] = [
  // Only the sha256 of a session token is stored: a copy of this table logs nobody in.
  `create table if not exists app_session (
    token_hash text primary key,
    user_id integer references users (id) on delete cascade,
    kind text not null default 'staff',
    account_id integer,
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now()
  )`,
  // A database of the staff-only version: its sessions are staff sessions of user_id.
  `alter table app_session add column if not exists kind text not null default 'staff'`,
  `alter table app_session add column if not exists account_id integer`,
  `alter table app_session alter column user_id drop not null`,
  `create index if not exists app_session_user_id_idx on app_session (user_id)`,
  `create index if not exists app_session_account_idx on app_session (kind, account_id)`,
];

/** Makes or brings up the internal tables made after the schema tables, inside migrate's transaction. */
export async function makeTablesAfterSchemas(tx: Db): Promise<void> {
  for (const ddl of SESSION_TABLES_DDL) await sql.raw(ddl).execute(tx);
  await makeNotificationTable(tx);
}

/**
 * Before the logins were the schema table `users`, the server kept them in a table of its
 * own, app_user. A database that still has it would start with no login at all (and would
 * be seeded with demo data over its own): it is not migrated silently.
 */
export const FORMER_USER_TABLE = 'app_user';
export const FORMER_USER_TABLE_MESSAGE =
  'This database still keeps its logins in the former table app_user; logins are now the records of schemas/users.yaml. ' +
  'Note them (select username, roles from app_user), drop the old tables (drop table app_session, app_user), ' +
  'then re-create each login before the next start: npx tsx server/createUser.ts <username> <password> ROLE_A,ROLE_B. ' +
  'For a demo database, start on an empty DATA_DIR instead.';
