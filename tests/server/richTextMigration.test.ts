// Rich text stored before the server cleaned it on write is cleaned once by the schema sync
// (a data migration recorded in app_data_migration); a second sync changes nothing.

import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { tables } from '../../server/generated/tables';
import { sanitizeStoredRichText } from '../../server/richText/sanitizeStoredRichText';
import { openTestDatabase, quietLog, type TestDatabase } from './harness';

let database: TestDatabase;
beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  await database?.dispose();
});

const DIRTY = [
  '<p>Halo</p><img src=x onerror=alert(1)>',
  '<svg onload=alert(1)></svg><a href="javascript:alert(1)">klik</a>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript><strong>tebal</strong>',
];
const CLEAN = '<p><strong>Tebal</strong> <a href="https://sekolah.example">tautan</a></p><ul><li>satu</li></ul>';

async function insertTemplate(name: string, body: string, web: string | null): Promise<void> {
  await sql`insert into announcement_template (name, event, subject, body, web_announcement)
    values (${name}, 'school_event', 'Subjek', ${body}, ${web})`.execute(database.db);
}

async function storedTemplates(): Promise<Array<{ name: string; body: string; web_announcement: string | null; version: number }>> {
  const rows = await sql<{ name: string; body: string; web_announcement: string | null; version: number }>`
    select name, body, web_announcement, version from announcement_template order by name`.execute(database.db);
  return rows.rows;
}

/** A database of the version before: the tables exist, the rich text was never cleaned. */
async function databaseBeforeCleaning(): Promise<void> {
  await migrate(database.db, tables, quietLog);
  await sql`delete from app_data_migration`.execute(database.db);
}

describe('stored rich text from before the server cleaned it', () => {
  it('is cleaned by the next migrate, harmless formatting kept; a second migrate changes nothing', async () => {
    await databaseBeforeCleaning();
    await insertTemplate('a', DIRTY[0], DIRTY[1]);
    await insertTemplate('b', DIRTY[2], null);
    await insertTemplate('c', CLEAN, CLEAN);

    await migrate(database.db, tables, quietLog);
    const cleaned = await storedTemplates();
    expect(cleaned).toEqual([
      { name: 'a', body: '<p>Halo</p>', web_announcement: '<a>klik</a>', version: 1 },
      { name: 'b', body: '<strong>tebal</strong>', web_announcement: null, version: 1 },
      { name: 'c', body: CLEAN, web_announcement: CLEAN, version: 1 },
    ]);

    await migrate(database.db, tables, quietLog);
    expect(await storedTemplates()).toEqual(cleaned);
  });

  it('runs once: it is recorded, and cleaning clean text again changes no row', async () => {
    await databaseBeforeCleaning();
    await insertTemplate('a', DIRTY[0], null);
    await migrate(database.db, tables, quietLog);
    const applied = await sql<{ name: string }>`select name from app_data_migration`.execute(database.db);
    expect(applied.rows.map((r) => r.name)).toEqual(['sanitize-rich-text']);
    expect(await database.db.transaction().execute((tx) => sanitizeStoredRichText(tx, tables))).toEqual({});
  });
});
