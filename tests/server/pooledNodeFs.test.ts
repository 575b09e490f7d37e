// The embedded database's folder through PooledNodeFS: descriptors and sizes kept between
// statements must not change what is stored or read, through the operations that remove,
// rewrite, truncate and recreate files, and nothing stays open after the database closes.

import nodeFs, { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { PooledNodeFS } from '../../server/db/pooledNodeFs';
import { onPostgres } from './harness';

const dirs: string[] = [];
/** A folder holding a new database, made by a plain PGlite as openEmbedded makes it (a pool serves one PGlite). */
async function databaseFolder(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'pooled-fs-'));
  dirs.push(dir);
  await (await PGlite.create({ dataDir: dir })).close();
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const openDescriptors = () => readdirSync('/proc/self/fd').length;

/** What the folder holds, read by a plain NodeFS (no pool): the files on disk, not a cache. */
async function readPlain(dir: string, query: string): Promise<unknown[]> {
  const plain = await PGlite.create({ dataDir: dir });
  try {
    return (await plain.query(query)).rows;
  } finally {
    await plain.close();
  }
}

// The embedded database's alone: the PostgreSQL suite has nothing of it to test.
describe.skipIf(onPostgres)('PooledNodeFS', () => {
  it('keeps every write through dropped, rewritten, truncated and recreated tables', async () => {
    const dir = await databaseFolder();
    const fs = new PooledNodeFS(dir);
    const db = await PGlite.create({ fs });
    await db.exec(`
      create table kept (id int primary key, name text);
      insert into kept select g, 'row ' || g from generate_series(1, 5000) g;
      create table gone (id int);
      insert into gone select generate_series(1, 100);`);
    for (let round = 0; round < 3; round++) {
      // Each statement reopens the files; a rewrite gives the table new files and removes the old.
      await db.exec(`update kept set name = name || '.' where id % 7 = ${round}`);
      await db.exec('vacuum full kept');
      await db.exec(`truncate gone; insert into gone select generate_series(1, ${10 * (round + 1)})`);
    }
    await db.exec('drop table gone; create table gone (id int); insert into gone values (42)');
    expect(fs.pooledFiles).toBeGreaterThan(0);
    const sizes = (await db.query<{ kept: number; gone: number }>("select pg_relation_size('kept')::int as kept, pg_relation_size('gone')::int as gone")).rows[0];
    const counts = (await db.query<{ n: number; dots: number }>("select count(*)::int as n, sum(length(name) - length(replace(name, '.', '')))::int as dots from kept")).rows[0];
    expect(counts).toEqual({ n: 5000, dots: 3 * Math.ceil(5000 / 7) - 1 });
    expect((await db.query('select id from gone')).rows).toEqual([{ id: 42 }]);
    await db.close();

    // The folder as any PGlite reads it: the same rows and the same sizes as seen through the pool.
    expect(await readPlain(dir, "select count(*)::int as n, sum(length(name) - length(replace(name, '.', '')))::int as dots from kept")).toEqual([counts]);
    expect(await readPlain(dir, 'select id from gone')).toEqual([{ id: 42 }]);
    expect(await readPlain(dir, "select pg_relation_size('kept')::int as kept, pg_relation_size('gone')::int as gone")).toEqual([sizes]);
  });

  it('opens a file once for many statements, and leaves none open after closing', async () => {
    const dir = await databaseFolder();
    // The opens PGlite's file system makes (it calls node:fs's openSync as it runs).
    let opens = 0;
    const openSync = nodeFs.openSync;
    nodeFs.openSync = ((...args: Parameters<typeof openSync>) => {
      opens++;
      return openSync(...args);
    }) as typeof openSync;
    try {
      // Statements that read 40 tables in turn (80 files with their keys' indexes): more than
      // PGlite's PostgreSQL keeps open, as a list call's statements do.
      const TABLES = 40;
      const opensOf = async (db: PGlite) => {
        const round = async () => {
          for (let i = 0; i < TABLES; i++) await db.query(`select v from t${i} where id = $1`, [i]);
        };
        await round();
        opens = 0;
        for (let r = 0; r < 3; r++) await round();
        return opens;
      };
      const plain = await PGlite.create({ dataDir: dir });
      for (let i = 0; i < TABLES; i++) await plain.exec(`create table t${i} (id int primary key, v text); insert into t${i} values (${i}, 'v')`);
      // Without the pool, each statement opens its table's and index's files again.
      expect(await opensOf(plain)).toBeGreaterThanOrEqual(3 * TABLES * 2);
      await plain.close();

      const before = openDescriptors();
      const fs = new PooledNodeFS(dir);
      const db = await PGlite.create({ fs });
      expect(await opensOf(db)).toBe(0);
      expect(fs.pooledFiles).toBeGreaterThan(0);
      await db.close();
      expect(openDescriptors()).toBe(before);
      expect(fs.pooledFiles).toBe(0);
      // One PGlite per pool: a second would close the first one's files.
      await expect(PGlite.create({ fs })).rejects.toThrow(/one PGlite/);
    } finally {
      nodeFs.openSync = openSync;
    }
  });

  it('sees a table grow and shrink at once (sizes kept in step with writes and truncations)', async () => {
    const dir = await databaseFolder();
    const db = await PGlite.create({ fs: new PooledNodeFS(dir) });
    await db.exec('create table grows (v text)');
    const size = async () => (await db.query<{ n: number }>("select pg_relation_size('grows')::int as n")).rows[0].n;
    expect(await size()).toBe(0);
    await db.exec("insert into grows select repeat('x', 500) from generate_series(1, 1000)");
    const grown = await size();
    expect(grown).toBeGreaterThan(400_000);
    await db.exec('delete from grows');
    await db.exec('vacuum grows');
    // VACUUM gives the empty pages at the end back (a truncation of the file).
    expect(await size()).toBe(0);
    await db.exec("insert into grows values ('again')");
    expect(await size()).toBe(8192);
    expect((await db.query('select count(*)::int as n from grows')).rows).toEqual([{ n: 1 }]);
    await db.close();
  });
});
