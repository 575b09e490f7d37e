// Starts the server: opens the database (embedded PGlite in DATA_DIR, or PostgreSQL at
// DATABASE_URL), brings its tables up to the schemas, seeds demo data on a first start,
// and serves the API and the built app on HOST:PORT.

import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { entities, validators } from '../src/generated/all';
import { buildApp } from './app';
import { readConfig } from './config';
import { buildCatalog } from './crud/catalog';
import { openConfiguredDatabase } from './db/openConfiguredDatabase';
import { migrate, MigrationError } from './db/migrate';
import { tables } from './generated/tables';
import { seedFirstStart } from './seed/seedFirstStart';

async function main(): Promise<void> {
  const config = readConfig();
  let app: FastifyInstance | undefined;
  const handle = await openConfiguredDatabase(config, (error) =>
    app ? app.log.error({ err: error }, 'database connection lost') : console.error(error),
  );
  app = await buildApp({
    db: handle.db,
    entities,
    validators,
    tables,
    logger: { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    sessionIdleMs: config.sessionIdleMs,
    loginThrottle: config.loginThrottle,
    trustProxy: config.trustProxy,
    distDir: config.distDir,
    publishIntervalMs: config.publishIntervalMs,
    mail: { deliveryIntervalMs: config.mailDeliveryIntervalMs, reminderIntervalMs: config.mailReminderIntervalMs },
  });
  try {
    await migrate(handle.db, tables, app.log);
  } catch (error) {
    await handle.close();
    throw error; // a MigrationError's message says what to do; main's catch prints it
  }
  if (handle.kind === 'embedded' || config.seedDemo) {
    await seedFirstStart(handle.db, buildCatalog(entities, validators, tables), app.log);
  }
  // PGlite runs no autovacuum, so nothing refreshes the planner's statistics, which list
  // queries rely on to choose between exact and capped counting (server/crud/listRecords.ts).
  if (handle.kind === 'embedded') await sql`analyze`.execute(handle.db);

  let closing = false;
  const server = app;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await server.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && !(error instanceof MigrationError)) console.error(error.stack);
  process.exit(1);
});
