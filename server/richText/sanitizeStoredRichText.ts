// Rich text stored before the server cleaned it on write: every rich text column of every
// table, cleaned with the same sanitizer. Rows it leaves as they are are not written, so a
// second run changes nothing.

import { sql } from 'kysely';
import type { Db, Row } from '../db/database';
import type { TableDef } from '../../src/shared/tableModel';
import { sanitizeRichText } from './sanitizeRichText';

/** Cleans the stored rich text inside the caller's transaction; answers `table.column` → rows changed. */
export async function sanitizeStoredRichText(tx: Db, tables: readonly TableDef[]): Promise<Record<string, number>> {
  const changed: Record<string, number> = {};
  for (const table of tables) {
    for (const column of table.columns.filter((c) => c.html)) {
      // Text without markup characters is left as it is by the sanitizer: no need to read it.
      const rows: Row[] = await tx
        .selectFrom(table.table)
        .select(['id', sql<string>`${sql.ref(column.name)}`.as('html')])
        .where(sql<boolean>`${sql.ref(column.name)} ~ '[<>&]'`)
        .execute();
      let count = 0;
      for (const row of rows) {
        const clean = sanitizeRichText(String(row.html));
        if (clean === row.html) continue;
        await tx.updateTable(table.table).set({ [column.name]: clean }).where('id', '=', row.id).execute();
        count += 1;
      }
      if (count) changed[`${table.table}.${column.name}`] = count;
    }
  }
  return changed;
}
