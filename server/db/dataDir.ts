// Where the embedded database lives, and whether it is there yet: read by the server's settings
// (server/config.ts) and by `npm start` (server/start.ts) before it loads anything heavy.

import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The embedded database's folder: DATA_DIR, or ./.data. */
export function dataDirOf(env: NodeJS.ProcessEnv): string {
  return env.DATA_DIR || './.data';
}

/** The folder holds a database (PostgreSQL's PG_VERSION, which initdb writes first). */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}
