// Changes to stored data (not to the tables' shape) that run once per database, in the
// schema sync's transaction, each recorded by name in app_data_migration. Each is written to
// be harmless when run again anyway. A new one is a new entry at the end; a name never changes.

import { sql } from 'kysely';
import { sanitizeStoredRichText } from '../richText/sanitizeStoredRichText';
import type { Db } from './database';
import type { TableDef } from '../../src/shared/tableModel';

interface DataMigration {
  name: string;
  /** Runs inside the sync's transaction; answers what it did, for the log ('' when nothing). */
  run(tx: Db, tables: readonly TableDef[]): Promise<string>;
}

const DATA_MIGRATIONS: readonly DataMigration[] = [
  {
    // Rich text written before the server cleaned it on write (server/richText/).
    name: 'sanitize-rich-text',
    async run(tx, tables) {
      const changed = await sanitizeStoredRichText(tx, tables);
      return Object.entries(changed).map(([column, rows]) => `${column}: ${rows} row(s)`).join(', ');
    },
  },
];

/** Runs the data migrations this database has not had yet; answers what each that changed something did. */
export async function runDataMigrations(tx: Db, tables: readonly TableDef[]): Promise<string[]> {
  const done = await sql<{ name: string }>`select name from app_data_migration`.execute(tx);
  const applied = new Set(done.rows.map((r) => r.name));
  const notes: string[] = [];
  for (const migration of DATA_MIGRATIONS) {
    if (applied.has(migration.name)) continue;
    const note = await migration.run(tx, tables);
    await sql`insert into app_data_migration (name) values (${migration.name})`.execute(tx);
    if (note) notes.push(`${migration.name}: ${note}`);
  }
  return notes;
}
