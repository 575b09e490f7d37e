// The server's own tables and their triggers (files, sessions, notifications, the board's,
// the ledger's, the outbox, the accounting journal's, leave's) are made by fixed statements,
// each idempotent. Idempotent is not free: `alter table … add column if not exists` and
// `create index if not exists` take their table's lock even when there is nothing to do, and
// migrate holds every lock it took until it commits. A second server process starting beside
// a running one deadlocked there: its migrate held the ledger's tables and waited for the
// outbox, while the first process's delivery job held the outbox and waited for the ledger.
//
// So migrate records the fingerprint of the statements it ran, and a start whose statements
// and tables are those recorded, and whose schema sync changed nothing, runs none of them: it
// takes no table lock at all. An earlier version (no fingerprint, or another one) runs them
// all once, as before.

import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from './database';

/** The table that keeps the fingerprint: one row. */
export const SERVER_DDL_TABLE = 'app_server_ddl';

/**
 * The fingerprint of what the server's statements would do: their text (and that of the code
 * that decides among them), and the schema tables they are made beside.
 */
export function serverDdlFingerprint(parts: readonly (string | readonly string[])[], tableNames: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(JSON.stringify(part)).update('\0');
  hash.update(JSON.stringify([...tableNames].sort()));
  return hash.digest('hex');
}

/** The fingerprint recorded by the last migrate that ran the statements, or null. */
export async function recordedServerDdl(tx: Db): Promise<string | null> {
  const found = await sql<{ name: string | null }>`select to_regclass(${SERVER_DDL_TABLE})::text as name`.execute(tx);
  if (!found.rows[0]?.name) return null;
  const rows = await sql<{ fingerprint: string }>`select fingerprint from app_server_ddl`.execute(tx);
  return rows.rows[0]?.fingerprint ?? null;
}

export async function recordServerDdl(tx: Db, fingerprint: string): Promise<void> {
  await sql`create table if not exists app_server_ddl (fingerprint text not null, recorded_at timestamptz not null default now())`.execute(tx);
  await sql`delete from app_server_ddl`.execute(tx);
  await sql`insert into app_server_ddl (fingerprint) values (${fingerprint})`.execute(tx);
}

/** As an earlier version left the database: the next migrate runs every statement again. */
export async function forgetServerDdl(db: Db): Promise<void> {
  await sql`drop table if exists app_server_ddl`.execute(db);
}
