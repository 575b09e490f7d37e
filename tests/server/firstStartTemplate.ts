// The demo school as a first start leaves it (migrate + seedFirstStart: ~600 students, a year of
// their money, the term's attendance, the selection week, HR), seeded once and copied for each
// test file that reads it, as tests/e2e/harness.ts does for the app. Seeding it takes most of a
// minute; a copy takes a second.
//
//   PGlite       the seeded database's data folder as a tarball in the system's temp folder;
//                each file opens an in-memory PGlite from it
//   PostgreSQL   a template database on the server; each file gets `create database … template`
//                of it, dropped at the end
//
// The template is named by a hash of everything that shapes it (schemas, server code and seed
// files, the generated tables) and the school's date (the seed is relative to today), so a change
// makes a new one. The first file to need it builds it while holding a lock (a folder made
// atomically; on PostgreSQL an advisory lock); the others wait for it.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildCatalog } from '../../server/crud/catalog';
import { migrate } from '../../server/db/migrate';
import { openEmbedded } from '../../server/db/openDatabase';
import { tables } from '../../server/generated/tables';
import { seedFirstStart } from '../../server/seed/seedFirstStart';
import { entities, validators } from '../../src/generated/all';
import { onPostgres, quietLog, type TestDatabase } from './harness';
import { copyOfTemplate, postgresTemplate } from './postgresTemplate';

const ROOT = resolve(import.meta.dirname, '../..');
/** A builder that has held the lock this long has died: the lock is taken over. */
const STALE_LOCK_MS = 10 * 60_000;

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .sort();
}

/** The template's name: what shapes the seeded school, and the school's day. */
function templateKey(): string {
  const hash = createHash('sha256');
  for (const path of ['schemas', 'server', 'src/generated', 'src/shared'].flatMap((dir) => filesUnder(join(ROOT, dir)))) {
    hash.update(path.slice(ROOT.length));
    hash.update(readFileSync(path));
  }
  hash.update(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date()));
  return hash.digest('hex').slice(0, 16);
}

async function seedSchool(db: Parameters<typeof migrate>[0]): Promise<void> {
  await migrate(db, tables, quietLog);
  if (!(await seedFirstStart(db, buildCatalog(entities, validators, tables), quietLog))) throw new Error('the first start seeded nothing');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function embeddedTemplate(key: string): Promise<string> {
  const file = join(tmpdir(), `school-template-${key}.tar.gz`);
  const lock = `${file}.lock`;
  for (;;) {
    if (existsSync(file)) return file;
    try {
      mkdirSync(lock);
    } catch {
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      await sleep(500);
      continue;
    }
    try {
      if (existsSync(file)) return file;
      const handle = await openEmbedded();
      try {
        await seedSchool(handle.db);
        const dump = await handle.dump();
        const partial = `${file}.${process.pid}.part`;
        writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
        renameSync(partial, file);
      } finally {
        await handle.close();
      }
      return file;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** A fresh copy of the first start's demo school, for one test file. */
export async function openFirstStartDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const key = templateKey();
  if (!onPostgres) {
    const file = await embeddedTemplate(key);
    const handle = await openEmbedded(undefined, { loadDataDir: new Blob([readFileSync(file)]) });
    return { ...handle, dispose: handle.close };
  }
  return copyOfTemplate(await postgresTemplate(`school_template_${key}`, seedSchool), options);
}
