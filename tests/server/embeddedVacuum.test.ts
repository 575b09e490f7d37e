// The embedded database's housekeeping (PGlite runs no autovacuum): VACUUM marks the table's
// pages all-visible, so a list's walk of a covering sort index reads no table row.

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVacuumJob, vacuumEmbedded } from '../../server/db/embeddedVacuum';
import type { EmbeddedHandle } from '../../server/db/openDatabase';
import { openEmptyEmbedded } from './embeddedTemplate';
import { onPostgres } from './harness';

let handle: EmbeddedHandle;

/** The table's pages, and how many of them the visibility map marks all-visible. */
async function visibility(): Promise<{ pages: number; visible: number }> {
  const rows = await sql<{ pages: number; visible: number }>`
    select (pg_relation_size('walked') / 8192)::int as pages, relallvisible::int as visible from pg_class where relname = 'walked'`.execute(handle.db);
  return rows.rows[0];
}

/** Heap fetches of an index-only walk of the first 500 rows by name. */
async function heapFetches(): Promise<number> {
  const plan = await sql<{ 'QUERY PLAN': string }>`
    explain (analyze, costs off) select id from walked where flag order by name, id limit 500`.execute(handle.db);
  const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
  expect(text).toMatch(/Index Only Scan using walked_name/);
  return Number(/Heap Fetches: (\d+)/.exec(text)?.[1]);
}

// The embedded database's alone: PostgreSQL runs its own autovacuum.
describe.skipIf(onPostgres)('embedded vacuum', () => {
  beforeAll(async () => {
    handle = await openEmptyEmbedded();
    await sql`create table walked (id integer primary key, name text, flag boolean)`.execute(handle.db);
    await sql`create index walked_name on walked (name, id) include (flag)`.execute(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('marks new rows all-visible, after which an index walk reads no table row', async () => {
    await sql`insert into walked select g, 'n' || lpad(g::text, 6, '0'), g % 2 = 0 from generate_series(1, 20000) g`.execute(handle.db);
    await vacuumEmbedded(handle.db, { analyze: true });
    const after = await visibility();
    expect(after.pages).toBeGreaterThan(10);
    expect(after.visible).toBe(after.pages);
    expect(await heapFetches()).toBe(0);
  });

  it('runs on its interval, until stopped', async () => {
    await sql`update walked set flag = not flag where id <= 5000`.execute(handle.db);
    // The updated rows' pages are no longer all-visible: the walk reads them from the table.
    expect(await heapFetches()).toBeGreaterThan(0);
    const errors: unknown[] = [];
    let rounds = 0;
    const stop = startVacuumJob(handle.db, { error: (o) => errors.push(o) }, 50, () => rounds++);
    try {
      const deadline = Date.now() + 20_000;
      while ((await heapFetches()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    } finally {
      stop();
    }
    expect(errors).toEqual([]);
    expect(await heapFetches()).toBe(0);
    // Each round says it ran (the server then has the lists forget the old statistics' estimates).
    expect(rounds).toBeGreaterThan(0);
  });
});
