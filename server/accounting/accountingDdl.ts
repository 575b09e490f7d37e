// The journal sync's own tables (issue 13 "Accounting sync"; spec 3 §4 "Journal sync filter:
// Not Sync, Synced, Not Validated"). The journal keeps what people see (sync_state, sync_date,
// schemas/journal.yaml); the queue keeps the job's state, in the database so a restart or a
// second server process picks up where the first left off (DESIGN: jobs survive a restart
// without doing anything twice). Made by migrate, like the mail outbox.
//
// journal_sync: one row per journal a scheduled run or Sync now has queued.
// - external_id: `sekolah.journal_<id>`, fixed when the row is made and unique: every attempt
//   sends the same one, and the adapter looks it up before making anything (./odooAdapter.ts).
// - state: pending (to push; next_attempt_at says when) → done; `held` when the accounting
//   system refused the journal (the journal is Not Validated with its message) until a person
//   presses Sync now.
// - claimed_by / lease_until: the worker that reserved the row and until when; an expired lease
//   (its worker died) makes the row claimable again, which is safe because of the lookup.
// - attempts, last_error, last_attempt_at: what the journal list shows for a failed one.
// accounting_sync_run: the one row that says which scheduled run was last started, claimed by a
// conditional update so two processes never both start the same one.

import { sql, type Generated, type Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/typedDb';

export type JournalSyncQueueState = 'pending' | 'done' | 'held';

export interface JournalSyncTable {
  journal_id: number;
  external_id: string;
  state: Generated<JournalSyncQueueState>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  lease_until: Date | null;
  claimed_by: string | null;
  last_error: string | null;
  last_attempt_at: Date | null;
  remote_id: number | null;
}

export interface AccountingSyncRunTable {
  id: number;
  last_scheduled_at: Date | null;
}

export interface AccountingTables {
  journal_sync: JournalSyncTable;
  accounting_sync_run: AccountingSyncRunTable;
}

export type AccountingDb = Kysely<Database & AccountingTables>;

/** The same connection, typed with the sync tables. */
export function accountingDb(db: Db): AccountingDb {
  return db;
}

/** The external id of a journal: the same for every attempt, in every process. */
export const EXTERNAL_ID_PREFIX = 'sekolah.journal_';
export const externalIdOf = (journalId: number): string => `${EXTERNAL_ID_PREFIX}${journalId}`;

export const ACCOUNTING_DDL: readonly string[] = [
  `create table if not exists journal_sync (
    journal_id integer primary key references journal (id) on delete cascade,
    external_id text not null unique,
    state text not null default 'pending' check (state in ('pending', 'done', 'held')),
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    lease_until timestamptz,
    claimed_by text,
    last_error text,
    last_attempt_at timestamptz,
    remote_id bigint
  )`,
  "create index if not exists journal_sync_due_idx on journal_sync (next_attempt_at, journal_id) where state = 'pending'",
  `create table if not exists accounting_sync_run (
    id integer primary key check (id = 1),
    last_scheduled_at timestamptz
  )`,
  'insert into accounting_sync_run (id) values (1) on conflict do nothing',
];

/** Makes the sync tables when missing (every start; each statement is idempotent). */
export async function syncAccountingDdl(tx: Db): Promise<void> {
  for (const ddl of ACCOUNTING_DDL) await sql.raw(ddl).execute(tx);
}
