// A first `npm start` makes the embedded database in a process of its own while the code is
// generated (server/start.ts runs server/db/createEmbeddedDatabase.ts): the folder it leaves
// is a database the server opens, and running it on a folder that holds one changes nothing.
// Embedded only: on PostgreSQL (TEST_DATABASE=pg) there is no database to make, and the suite
// runs beside the browser tests, where initdb in a process of its own took over a minute.

import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { hasEmbeddedDatabase } from '../../server/db/dataDir';
import { openEmbedded } from '../../server/db/openDatabase';
import { onPostgres } from './harness';

const run = promisify(execFile);
const SCRIPT = resolve(import.meta.dirname, '../../server/db/createEmbeddedDatabase.ts');
const folder = mkdtempSync(join(tmpdir(), 'create-embedded-'));
const dataDir = join(folder, 'data');

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Every file under the folder with its size and modification time. */
function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      const { size, mtimeMs } = statSync(path);
      return `${path} ${size} ${mtimeMs}`;
    })
    .sort();
}

describe.skipIf(onPostgres)('createEmbeddedDatabase as npm start runs it', () => {
  it('makes a database the server opens in a folder that did not exist', async () => {
    expect(hasEmbeddedDatabase(dataDir)).toBe(false);
    await run(process.execPath, ['--import', 'tsx', SCRIPT, dataDir]);
    expect(hasEmbeddedDatabase(dataDir)).toBe(true);
    const handle = await openEmbedded(dataDir);
    try {
      await sql`create table opened (id integer primary key)`.execute(handle.db);
      await sql`insert into opened values (1)`.execute(handle.db);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from opened`.execute(handle.db);
      expect(rows[0].n).toBe(1);
    } finally {
      await handle.close();
    }
  }, 180_000);

  it('leaves a folder that holds a database as it is', async () => {
    const before = listing(dataDir);
    await run(process.execPath, ['--import', 'tsx', SCRIPT, dataDir]);
    expect(listing(dataDir)).toEqual(before);
  }, 120_000);

  it('says how to call it without a folder', async () => {
    const failed = await run(process.execPath, ['--import', 'tsx', SCRIPT]).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toContain('Usage: tsx server/db/createEmbeddedDatabase.ts <data folder>');
  });
});
