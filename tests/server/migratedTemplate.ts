// The database most server test files start from, migrated with every generated table and the
// demo logins (migrate + seedDemoUsers), made once and copied for each file, on the embedded
// database: migrating ~150 tables and hashing the demo passwords took a few seconds of every
// one of some hundred files. The copy is the data folder of a PGlite that did it, as a tarball
// in the system's temp folder, named by a hash of what shapes it (schemas, server code, the
// generated code), so a change makes a new one; the first file to need it builds it under a
// lock (a folder made atomically), the others wait for it. PostgreSQL's suite keeps migrating
// each test's own schema.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildCatalog } from '../../server/crud/catalog';
import { migrate, type MigrationLog } from '../../server/db/migrate';
import { openEmbedded, type EmbeddedHandle } from '../../server/db/openDatabase';
import { tables } from '../../server/generated/tables';
import { seedDemoUsers } from '../../server/seed/demoUsers';
import { entities, validators } from '../../src/generated/all';

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
  key = hash.digest('hex').slice(0, 16);
  return key;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function templateFile(): Promise<string> {
  const file = join(tmpdir(), `sekolah-migrated-${templateKey()}.tar.gz`);
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
        await migrate(handle.db, tables, quiet);
        const catalog = buildCatalog(entities, validators, tables);
        await handle.db.transaction().execute((tx) => seedDemoUsers(tx, catalog));
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

/** An in-memory PGlite holding every generated table, migrated, and the demo logins. */
export async function openMigratedEmbedded(): Promise<EmbeddedHandle> {
  const file = await templateFile();
  return openEmbedded(undefined, { loadDataDir: new Blob([readFileSync(file)]) });
}
