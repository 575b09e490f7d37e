// What the ledger needs in the database beyond its schemas' tables, made by migrate once the
// tables exist: the checks that keep every invoice's figures consistent and every journal
// balanced, whatever code writes them. Filled by the ledger work.

import type { Db } from '../db/database';

export const LEDGER_DDL: readonly string[] = [];

/** Runs LEDGER_DDL when the ledger's tables are there (a schema set without them skips it). */
export async function syncLedgerDdl(_tx: Db): Promise<boolean> {
  return false;
}
