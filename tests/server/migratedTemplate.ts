// The databases most server test files start from, made once and copied for each file, on the
// embedded database: migrated with every generated table, and either the demo logins only
// (migrate + seedDemoUsers: `logins`) or the demo data with them (migrate + seedDemoData:
// `demo`). Migrating ~150 tables, hashing the demo passwords and seeding the demo records took
// a few seconds of every one of some hundred files; a copy takes about one. The copy is the data folder of a PGlite that did it, as a tarball
// in the system's temp folder, named by a hash of what shapes it (schemas, server code, the
// generated code), so a change makes a new one; the first file to need it builds it under a
// lock (a folder made atomically), the others wait for it. On PostgreSQL the same databases are
// template databases on the server (./postgresTemplate.ts), and each file gets a copy of its own.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildCatalog } from '../../server/crud/catalog';
import { migrate, type MigrationLog } from '../../server/db/migrate';
import type { Db } from '../../server/db/database';
import { openEmbedded, type EmbeddedHandle } from '../../server/db/openDatabase';
import { tables } from '../../server/generated/tables';
import { seedDemoUsers } from '../../server/seed/demoUsers';
import { seedDemoData } from '../../server/seed/seedDemoData';
import { entities, validators } from '../../src/generated/all';
import { copyOfTemplate, postgresTemplate, type PostgresCopy } from './postgresTemplate';

const ROOT = resolve(import.meta.dirname, '../..');
/** A builder that has held the lock this long has died: the lock is taken over. */
const STALE_LOCK_MS = 5 * 60_000;
const quiet: MigrationLog = { info: () => {}, warn: () => {} };

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .sort();
}

let key: string | undefined;
function templateKey(): string {
  if (key) return key;
  const hash = createHash('sha256');
  for (const path of ['schemas', 'server', 'src/generated', 'src/shared'].flatMap((dir) => filesUnder(join(ROOT, dir)))) {
    hash.update(path.slice(ROOT.length));
    hash.update(readFileSync(path));
  }
  // The demo records may be relative to the school's day.
  hash.update(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date()));
  key = hash.digest('hex').slice(0, 16);
  return key;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a template holds besides the tables: the demo logins, or the demo data (which has them). */
export type TemplateFlavour = 'logins' | 'demo';

async function migrateAndSeed(db: Db, flavour: TemplateFlavour): Promise<void> {
  await migrate(db, tables, quiet);
  const catalog = buildCatalog(entities, validators, tables);
  await db.transaction().execute(async (tx) => {
    if (flavour === 'demo') await seedDemoData(tx, catalog);
    else await seedDemoUsers(tx, catalog);
  });
}

async function templateFile(flavour: TemplateFlavour): Promise<string> {
  const file = join(tmpdir(), `sekolah-migrated-${flavour}-${templateKey()}.tar.gz`);
  const lock = `${file}.lock`;
  for (;;) {
    if (existsSync(file)) return file;
    try {
      mkdirSync(lock);
    } catch {
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      await sleep(250);
      continue;
    }
    try {
      if (existsSync(file)) return file;
      const handle = await openEmbedded();
      try {
        await migrateAndSeed(handle.db, flavour);
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

/** An in-memory PGlite holding every generated table, migrated, and the demo logins (or the whole demo data). */
export async function openMigratedEmbedded(flavour: TemplateFlavour = 'logins'): Promise<EmbeddedHandle> {
  const file = await templateFile(flavour);
  return openEmbedded(undefined, { loadDataDir: new Blob([readFileSync(file)]) });
}

/** The same on PostgreSQL: a database of the test file's own, copied from the template database. */
export async function openMigratedPostgres(flavour: TemplateFlavour, options: { poolSize?: number; connectionTimeoutMs?: number } = {}): Promise<PostgresCopy> {
  const template = await postgresTemplate(`sekolah_migrated_${flavour}_${templateKey()}`, (db) => migrateAndSeed(db, flavour));
  return copyOfTemplate(template, options);
}
