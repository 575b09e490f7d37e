// A new embedded database in a data folder: PGlite's initdb, about five seconds of one core,
// in a PGlite of its own that is closed after (openEmbedded then mounts the folder through
// PooledNodeFS, which must not share it). Also a script, `tsx server/db/createEmbeddedDatabase.ts
// <folder>`: `npm start` (server/start.ts) runs it in a process of its own on a first start,
// so the database is made while the code is generated and the server loads, not after.

import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { isEntryModule } from '../entryModule';
import { hasEmbeddedDatabase } from './dataDir';

export async function createEmbeddedDatabase(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  if (hasEmbeddedDatabase(dataDir)) return;
  await (await PGlite.create({ dataDir })).close();
}

if (isEntryModule(import.meta.url)) {
  const folder = process.argv[2];
  if (!folder) {
    console.error('Usage: tsx server/db/createEmbeddedDatabase.ts <data folder>');
    process.exit(2);
  }
  createEmbeddedDatabase(folder).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`Could not create the database in ${folder}: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
