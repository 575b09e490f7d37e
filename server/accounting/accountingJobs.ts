// The accounting sync's job in the server process (DESIGN: jobs live in the server process and
// keep their state in the database): the sync worker (./syncWorker.ts) ticking every
// ACCOUNTING_SYNC_INTERVAL_MS (default a minute: the schedule's hour or daily time is checked at
// each tick, the retries waiting out a backoff go when due). Started when the app is ready,
// stopped when it closes (app.ts). Sync now runs in the same line as the ticks.

import type { Db } from '../db/database';
import { startSyncWorker, type SyncOptions, type SyncWorker } from './syncWorker';

export const ACCOUNTING_SYNC_INTERVAL_MS = 60_000;

export interface AccountingJobOptions {
  /** How often the schedule is checked and due journals are pushed; 0: never (tests drive syncDue themselves). */
  intervalMs?: number;
  sync?: SyncOptions;
}

export interface AccountingJobs {
  /** Runs `work` after this process's current run (or at once when the job is not running). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  options: SyncOptions;
  start(db: Db, log: { error(details: unknown, message: string): void }): void;
  stop(): Promise<void>;
}

export function accountingJobs(options: AccountingJobOptions = {}): AccountingJobs {
  let worker: SyncWorker | undefined;
  let line: Promise<unknown> = Promise.resolve();
  return {
    options: options.sync ?? {},
    exclusive<T>(work: () => Promise<T>): Promise<T> {
      if (worker) return worker.exclusive(work);
      const result = line.then(work);
      line = result.catch(() => undefined);
      return result;
    },
    start(db, log) {
      const every = options.intervalMs ?? ACCOUNTING_SYNC_INTERVAL_MS;
      if (every > 0) worker = startSyncWorker(db, log, every, options.sync);
    },
    async stop() {
      await worker?.stop();
      await line;
    },
  };
}
