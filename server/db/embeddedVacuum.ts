// The embedded database's housekeeping: PGlite runs no autovacuum, so the server does what it
// would. VACUUM marks pages whose rows every transaction sees as such (the visibility map):
// a list's walk of a covering sort index then reads no table row (an index-only scan,
// server/crud/listRecords.ts); without it every row walked is read from the table as well.
// ANALYZE refreshes the planner's statistics, which lists use to choose how to find a page.

import { sql } from 'kysely';
import type { Db } from './database';

/** How often the running server vacuums the embedded database (~0.1 s when little changed). */
export const VACUUM_INTERVAL_MS = 10 * 60 * 1000;

/** VACUUM, with ANALYZE at start (statistics for the planner after a migration or a seed). */
export async function vacuumEmbedded(db: Db, options: { analyze?: boolean } = {}): Promise<void> {
  await sql.raw(options.analyze ? 'vacuum (analyze)' : 'vacuum').execute(db);
}

/**
 * Vacuums every `intervalMs` until stopped; a failure is logged and the next round tries again.
 * `vacuumed` runs after each round (the lists forget the estimates of the old statistics).
 */
export function startVacuumJob(db: Db, log: { error: (o: object, message: string) => void }, intervalMs = VACUUM_INTERVAL_MS, vacuumed: () => void = () => {}): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    vacuumEmbedded(db)
      .then(vacuumed)
      .catch((error: unknown) => log.error({ err: error }, 'vacuum of the embedded database failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
