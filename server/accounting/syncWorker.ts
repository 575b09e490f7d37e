// Pushing journals to the accounting system (issue 13 "Accounting sync"), in the server
// process: on the /settingodoo schedule a run queues the journals not yet synced
// (./syncQueue.ts), then every tick claims the due ones and pushes each through the adapter
// (./accountingAdapter.ts), looking its external id up first. Several workers — two server
// processes on one PostgreSQL — may run at once: the claim decides who pushes a journal.
//
// Outcomes: found or made → Synced with the date; refused by the accounting system → Not
// Validated with its message (held until Sync now); no answer or a refused login → stays Not
// Sync with the error, tried again after an exponential backoff, and the run stops there (the
// rest of its batch is released: no point asking a system that is down once per journal).
//
// The lease (default 5 min) is far longer than a push may take (HTTP timeouts of 30 s per
// call, a handful of calls): a row is claimable again only when its worker died, and then the
// lookup finds what it made.

import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { AccountingError, type AccountingAdapter, type OutgoingJournal } from './accountingAdapter';
import { readAccountingSetting, scheduledSlot, type AccountingSetting } from './accountingSettings';
import { storedFailure } from './accountingTexts';
import { odooAdapter } from './odooAdapter';
import { claimDue, countDue, enqueueJournals, markHeld, markRetry, markSynced, release, takeScheduledRun, type ClaimedJournal } from './syncQueue';

export interface SyncOptions {
  /** Who claims (default: a random id per run). */
  workerId?: string;
  batchSize?: number;
  leaseMs?: number;
  /** The wait after the first failed attempt; each next one doubles it. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  httpTimeoutMs?: number;
  /** Claim no new batch after this many ms (Sync now answers within a request's time; the worker's next tick takes the rest). */
  budgetMs?: number;
  /** Tests only: runs after the accounting system made a journal and before it is marked synced (a crash there is what the lookup is for). */
  afterPush?: (journalId: number) => Promise<void> | void;
}

export const SYNC_DEFAULTS = {
  batchSize: 20,
  leaseMs: 5 * 60_000,
  backoffBaseMs: 60_000,
  backoffMaxMs: 60 * 60_000,
  httpTimeoutMs: 30_000,
} as const;

export interface SyncReport {
  synced: number;
  /** Of the synced, those the accounting system already had (an earlier attempt made them). */
  found: number;
  notValidated: number;
  retrying: number;
  /** Why the run stopped early (the system was down or refused the login), kept as the queue keeps it. */
  stopped: string | null;
  /** Left due when the run's time budget ran out (pushed by the worker's next ticks). */
  left: number;
}

export function adapterFor(setting: AccountingSetting, timeoutMs: number = SYNC_DEFAULTS.httpTimeoutMs): AccountingAdapter {
  return odooAdapter({ url: setting.url, database: setting.database, username: setting.username, password: setting.password, companyName: setting.companyName, timeoutMs });
}

const num = (value: unknown): number => {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`accounting sync: amount ${String(value)} is not whole rupiah`);
  return n;
};

/** The journals as they leave: header and lines by account code, one query each. */
async function outgoing(db: Db, rows: readonly ClaimedJournal[]): Promise<Map<number, OutgoingJournal>> {
  const ids = rows.map((row) => row.journal_id);
  const heads = await sql<{ id: number; journal_no: string | null; journal_date: string; description: string | null }>`
    select id, journal_no, to_char(journal_date, 'YYYY-MM-DD') as journal_date, description from journal where id = any(${sql.val(ids)})`.execute(db);
  const lines = await sql<{ journal_id: number; code: string; name: string; debit: string; credit: string; description: string | null }>`
    select l.journal_id, a.code, a.name, l.debit, l.credit, l.description from journal_line l join coa a on a.id = l.coa_id
    where l.journal_id = any(${sql.val(ids)}) order by l.journal_id, l.id`.execute(db);
  const external = new Map(rows.map((row) => [row.journal_id, row.external_id]));
  const made = new Map<number, OutgoingJournal>();
  for (const head of heads.rows) {
    const id = Number(head.id);
    made.set(id, { externalId: external.get(id)!, journalNo: head.journal_no ?? '', date: head.journal_date, description: head.description ?? '', lines: [] });
  }
  for (const line of lines.rows) {
    made.get(Number(line.journal_id))?.lines.push({ accountCode: line.code, label: line.description || line.name, debit: num(line.debit), credit: num(line.credit) });
  }
  return made;
}

/** One run over the due rows, batch by batch until none is due or the system stops answering. */
export async function syncDue(db: Db, setting: AccountingSetting, options: SyncOptions = {}): Promise<SyncReport> {
  const o = { ...SYNC_DEFAULTS, ...options };
  const workerId = options.workerId ?? `a-${randomBytes(6).toString('hex')}`;
  const adapter = adapterFor(setting, o.httpTimeoutMs);
  const report: SyncReport = { synced: 0, found: 0, notValidated: 0, retrying: 0, stopped: null, left: 0 };
  const until = options.budgetMs === undefined ? Infinity : Date.now() + options.budgetMs;
  for (;;) {
    if (Date.now() >= until) {
      report.left = await countDue(db);
      return report;
    }
    const rows = await claimDue(db, workerId, o.batchSize, o.leaseMs);
    if (rows.length === 0) return report;
    const journals = await outgoing(db, rows);
    for (const [index, row] of rows.entries()) {
      const journal = journals.get(row.journal_id);
      try {
        if (!journal) throw new Error(`journal ${row.journal_id} is gone`);
        const existing = await adapter.findByExternalId(row.external_id);
        if (existing && !existing.posted) await adapter.postJournal(existing.remoteId);
        const remoteId = existing ? existing.remoteId : await adapter.pushJournal(journal);
        await options.afterPush?.(row.journal_id);
        if (await markSynced(db, row.journal_id, workerId, remoteId)) {
          report.synced += 1;
          if (existing) report.found += 1;
        }
      } catch (error) {
        if (error instanceof AccountingError && error.failure === 'refused') {
          await markHeld(db, row, workerId, storedFailure(error));
          report.notValidated += 1;
          continue;
        }
        if (!(error instanceof AccountingError)) throw error;
        await markRetry(db, row, workerId, storedFailure(error), o);
        report.retrying += 1;
        report.stopped = storedFailure(error);
        await release(
          db,
          rows.slice(index + 1).map((rest) => rest.journal_id),
          workerId,
          o.backoffBaseMs,
        );
        return report;
      }
    }
  }
}

/**
 * A tick of the schedule: when sync is on and the setting's hour or daily time has come (taken by
 * one process only), the journals not yet synced are queued; then the due ones are pushed
 * (queued now, or waiting out a backoff). Nothing when no setting is saved or sync is off.
 */
export async function scheduledSync(db: Db, options: SyncOptions = {}, now: Date = new Date()): Promise<SyncReport | null> {
  const setting = await readAccountingSetting(db);
  if (!setting?.enabled) return null;
  const slot = scheduledSlot(setting, now);
  if (slot && (await takeScheduledRun(db, slot))) await enqueueJournals(db);
  return syncDue(db, setting, options);
}

export interface SyncWorker {
  /** The current run, for tests and a clean stop. */
  idle(): Promise<void>;
  /** Runs `work` after the current run, in the same line (Sync now never runs beside a tick of this process). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

/** A tick pushes for at most this long, so Sync now (which waits for the tick under way) answers soon; the next tick goes on. */
export const TICK_BUDGET_MS = 30_000;

/** scheduledSync now and every `intervalMs`; one run at a time; failures are logged and tried again next time. */
export function startSyncWorker(db: Db, log: { error(details: unknown, message: string): void }, intervalMs: number, options: SyncOptions = {}): SyncWorker {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = running.then(() => (stopped ? undefined : scheduledSync(db, { budgetMs: TICK_BUDGET_MS, ...options }))).catch((error: unknown) => log.error({ err: error }, 'Syncing the journals failed'));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    idle: async () => {
      await running;
    },
    exclusive<T>(work: () => Promise<T>): Promise<T> {
      const result = running.then(work);
      running = result.catch(() => undefined);
      return result;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
