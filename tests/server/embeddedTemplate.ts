// What the tests' seeded templates share (./migratedTemplate.ts, ./firstStartTemplate.ts): the
// key that names a template, and on the embedded database the template itself, a seeded PGlite's
// data folder as a tarball in the system's temp folder that each test file opens a copy of.
//
// The key is a hash of everything that shapes a seeded database (schemas, server code and seed
// files, generated and shared code) and the school's day (seeds are relative to today), so a
// change makes a new template. The first file to need one builds it under a lock (a folder made
// atomically); the others wait for it. PostgreSQL's templates are ./postgresTemplate.ts.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Db } from '../../server/db/database';
import { openEmbedded, type EmbeddedHandle } from '../../server/db/openDatabase';
import { removeStaleTemp, templateDir } from '../setup/staleTemp';

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

let key: string | undefined;
/** The templates' key: what shapes a seeded database, and the school's day. */
export function templateKey(): string {
  if (key) return key;
  const hash = createHash('sha256');
  for (const path of ['schemas', 'server', 'src/generated', 'src/shared'].flatMap((dir) => filesUnder(join(ROOT, dir)))) {
    hash.update(path.slice(ROOT.length));
    hash.update(readFileSync(path));
  }
  hash.update(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date()));
  key = hash.digest('hex').slice(0, 16);
  return key;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A template built this long ago is of an earlier day (its key holds the school's day): no run opens it again. */
const OUTDATED_MS = 24 * 60 * 60_000;

/**
 * The tarballs of the same template under other keys, over a day old: every change of the
 * schemas or the server code makes new ones (~400 MB a key, all templates), which filled the
 * temp folder of a machine over days. A newer one under another key stays: another checkout may
 * be using it. Only the key may follow the prefix: `sekolah-migrated-` is not a prefix of
 * `sekolah-migrated-demo-`'s files.
 */
function pruneOutdated(name: string): void {
  const prefix = name.slice(0, name.lastIndexOf('-') + 1);
  removeStaleTemp(
    templateDir(),
    (entry) => entry.startsWith(prefix) && entry.endsWith('.tar') && entry !== `${name}.tar` && !entry.slice(prefix.length, -'.tar'.length).includes('-'),
    OUTDATED_MS,
  );
}

/** The tarball `<name>.tar`, kept between runs (templateDir), of a PGlite that `seed` filled, built once. */
export async function embeddedTemplateFile(name: string, seed: (db: Db) => Promise<void>): Promise<string> {
  const file = join(templateDir(), `${name}.tar`);
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
        await seed(handle.db);
        const dump = await handle.dump();
        const partial = `${file}.${process.pid}.part`;
        writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
        renameSync(partial, file);
      } finally {
        await handle.close();
      }
      pruneOutdated(name);
      return file;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/**
 * A new, empty in-memory PGlite, copied from an empty template: starting PGlite afresh runs
 * its initdb (~3.5–4 s on this machine, several times that beside the other suites), loading
 * the empty data folder ~1.2 s; migrate's tests alone open some thirty.
 */
export async function openEmptyEmbedded(): Promise<EmbeddedHandle> {
  return openTemplateCopy(await embeddedTemplateFile(`sekolah-empty-${templateKey()}`, async () => {}));
}

/** An in-memory PGlite holding a copy of the template tarball `file` (embeddedTemplateFile's). */
export function openTemplateCopy(file: string): Promise<EmbeddedHandle> {
  return openEmbedded(undefined, { loadDataDir: new Blob([readFileSync(file)]) });
}
