// Starts the server: opens the database (embedded PGlite in DATA_DIR, or PostgreSQL at
// DATABASE_URL), brings its tables up to the schemas, seeds demo data on a first start,
// and serves the API and the built app on HOST:PORT.
//
// With `--build`, it builds the app (vite build, in a process of its own) while it opens,
// migrates and seeds the database, and serves once both are done: the build and the first
// start's seed each keep one core busy for seconds, and neither needs the other. `npm start`
// comes in through server/start.ts, which also makes a new embedded database while it
// generates the code and this module loads.

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { entities, validators } from '../src/generated/all';
import { buildApp } from './app';
import { isEntryModule } from './entryModule';
import { readConfig } from './config';
import { buildCatalog } from './crud/catalog';
import { forgetListStatistics } from './crud/listRecords';
import { ALLOCATION_INTERVAL_MS } from './hr/leaveAllocation';
import { openConfiguredDatabase } from './db/openConfiguredDatabase';
import { migrate, MigrationError } from './db/migrate';
import { startVacuumJob, vacuumEmbedded } from './db/embeddedVacuum';
import { tables } from './generated/tables';
import { seedFirstStart } from './seed/seedFirstStart';

/** A failed start whose message says it all (no stack trace). */
export class StartError extends Error {}

/** `vite build` in a child process; resolves when it succeeded. */
function buildTheApp(): Promise<void> {
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new StartError(`Building the app failed (vite build exited with ${code}); see its messages above.`))));
  });
}

export interface StartOptions {
  /** Build the app (vite build) while the database is made ready. */
  build: boolean;
  /** A new embedded database being made in the data folder by another process (server/start.ts). */
  databaseCreated?: Promise<void>;
}

export async function startServer(options: StartOptions): Promise<void> {
  const config = readConfig();
  const built = options.build ? buildTheApp() : Promise.resolve();
  built.catch(() => undefined); // awaited below, after the database is ready
  const log = pino({ level: config.logLevel });
  await options.databaseCreated?.catch((error: unknown) => {
    throw new StartError(error instanceof Error ? error.message : String(error));
  });
  const handle = await openConfiguredDatabase(config, (error) => log.error({ err: error }, 'database connection lost'));
  try {
    await migrate(handle.db, tables, log);
    if (handle.kind === 'embedded' || config.seedDemo) {
      await seedFirstStart(handle.db, buildCatalog(entities, validators, tables), log);
    }
    // PGlite runs no autovacuum: the server vacuums and analyzes at start, and vacuums while
    // it runs (server/db/embeddedVacuum.ts); lists rely on both (server/crud/listRecords.ts).
    if (handle.kind === 'embedded') await vacuumEmbedded(handle.db, { analyze: true });
    await built;
  } catch (error) {
    await handle.close();
    throw error; // a MigrationError's or the build's message says what to do; main's catch prints it
  }
  const app: FastifyInstance = await buildApp({
    db: handle.db,
    entities,
    validators,
    tables,
    loggerInstance: log,
    bodyLimit: config.bodyLimit,
    sessionIdleMs: config.sessionIdleMs,
    loginThrottle: config.loginThrottle,
    trustProxy: config.trustProxy,
    distDir: config.distDir,
    publishIntervalMs: config.publishIntervalMs,
    mail: { deliveryIntervalMs: config.mailDeliveryIntervalMs, reminderIntervalMs: config.mailReminderIntervalMs },
    accounting: { intervalMs: config.accountingSyncIntervalMs },
    leaveAllocationIntervalMs: ALLOCATION_INTERVAL_MS,
  });

  const stopVacuum = handle.kind === 'embedded' ? startVacuumJob(handle.db, log, undefined, () => forgetListStatistics(handle.db)) : () => {};
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    stopVacuum();
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  await app.listen({ port: config.port, host: config.host });
}

/** Prints why the server could not start (a stack trace only for what has no message of its own) and exits 1. */
export function failedStart(error: unknown): never {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && !(error instanceof MigrationError) && !(error instanceof StartError)) console.error(error.stack);
  process.exit(1);
}

if (isEntryModule(import.meta.url)) {
  startServer({ build: process.argv.includes('--build') }).catch(failedStart);
}
