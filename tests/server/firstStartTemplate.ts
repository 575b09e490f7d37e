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

import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { buildCatalog } from '../../server/crud/catalog';
import { migrate } from '../../server/db/migrate';
import { openEmbedded, openPostgres } from '../../server/db/openDatabase';
import { tables } from '../../server/generated/tables';
import { seedFirstStart } from '../../server/seed/seedFirstStart';
import { entities, validators } from '../../src/generated/all';
import { onPostgres, quietLog, type TestDatabase } from './harness';

const ROOT = resolve(import.meta.dirname, '../..');
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
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

function databaseUrl(name: string): string {
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function postgresTemplate(key: string): Promise<string> {
  const name = `school_template_${key}`;
  const exists = async (client: pg.Client) => (await client.query('select 1 from pg_database where datname = $1 and datistemplate', [name])).rowCount === 1;
  return onServer(async (client) => {
    if (await exists(client)) return name;
    await client.query(`select pg_advisory_lock(hashtext('school-template'))`);
    try {
      if (await exists(client)) return name;
      // A build that died half-way leaves a database not yet marked as a template.
      await client.query(`drop database if exists ${name}`);
      await client.query(`create database ${name}`);
      const setup = new pg.Client({ connectionString: databaseUrl(name) });
      await setup.connect();
      await setup.query('create extension if not exists pg_trgm schema public').finally(() => setup.end());
      const handle = await openPostgres(databaseUrl(name), { max: 4 });
      try {
        await seedSchool(handle.db);
      } finally {
        await handle.close();
      }
      await client.query(`alter database ${name} is_template true`);
      return name;
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('school-template'))`);
    }
  });
}

/** A fresh copy of the first start's demo school, for one test file. */
export async function openFirstStartDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const key = templateKey();
  if (!onPostgres) {
    const file = await embeddedTemplate(key);
    const handle = await openEmbedded(undefined, { loadDataDir: new Blob([readFileSync(file)]) });
    return { ...handle, dispose: handle.close };
  }
  const template = await postgresTemplate(key);
  const name = `t_${randomBytes(6).toString('hex')}`;
  // Copying waits while another file copies the same template (one copy at a time).
  for (let attempt = 0; ; attempt++) {
    try {
      await onServer((client) => client.query(`create database ${name} template ${template}`));
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt > 100) throw error;
      await sleep(200 + Math.random() * 300);
    }
  }
  const handle = await openPostgres(databaseUrl(name), { max: options.poolSize ?? 4 });
  return {
    ...handle,
    dispose: async () => {
      await handle.close();
      await onServer((client) => client.query(`drop database if exists ${name}`));
    },
  };
}
