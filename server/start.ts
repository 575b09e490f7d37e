// `npm start`: generates the code from the schemas, then starts the server with the app built
// beside it (server/main.ts, `--build`). On a first start of the embedded database, the
// database itself (PGlite's initdb, ~5 s of one core) is made at the same time, in a process
// of its own (server/db/createEmbeddedDatabase.ts), while the code is generated and the server
// loads: neither needs the other, and the first start waited for them one after the other.
// Nothing heavy is imported before the generator has run: the server imports what it writes.

import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { dataDirOf, hasEmbeddedDatabase } from './db/dataDir';

const ROOT = resolve(import.meta.dirname, '..');

/** A TypeScript script of the project in a process of its own (this one's tsx loader); resolves on exit code 0. */
function runScript(script: string, args: string[], failure: (code: number | null) => string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...process.execArgv, resolve(ROOT, script), ...args], { stdio: 'inherit' });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(failure(code)))));
  });
}

async function start(): Promise<void> {
  const dataDir = process.env.DATABASE_URL ? undefined : dataDirOf(process.env);
  const databaseCreated =
    dataDir !== undefined && !hasEmbeddedDatabase(dataDir)
      ? runScript('server/db/createEmbeddedDatabase.ts', [dataDir], () => `Could not create the database in ${dataDir}; see the message above.`)
      : undefined;
  databaseCreated?.catch(() => undefined); // awaited by the server before it opens the database
  try {
    await runScript('generators/cli.ts', [], () => 'The schemas could not be generated (see above); the server was not started.');
  } catch (error) {
    // The generator said what is wrong. The database being made is let finish, not left half made.
    await databaseCreated?.catch(() => undefined);
    throw error;
  }
  const { startServer, failedStart } = await import('./main');
  await startServer({ build: true, databaseCreated }).catch(failedStart);
}

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
