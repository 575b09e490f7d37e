// The history of the records (issue 16): one row per create, update and delete of a record,
// written by the write door in the transaction of the write (./recordHistory.ts). `changes`
// lists what changed, field by field: `{ field, before, after }`, or `{ field, secret: true }`
// for a secret (a password, a write-only field), whose values are never kept. Made by migrate
// with the server's other tables (server/db/internalTables.ts).

export const HISTORY_TABLE = 'app_record_history';

export const HISTORY_TABLE_DDL: readonly string[] = [
  `create table if not exists app_record_history (
    id bigint generated always as identity primary key,
    entity text not null,
    record_id integer not null,
    action text not null check (action in ('create', 'update', 'delete')),
    changed_by text not null,
    changed_at timestamptz not null default now(),
    changes jsonb not null
  )`,
  // A record's history, newest first.
  `create index if not exists app_record_history_record_idx on app_record_history (entity, record_id, id)`,
];

export type HistoryAction = 'create' | 'update' | 'delete';

/** One changed field: its values before and after, or only that a secret changed. */
export interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
  secret?: true;
}
