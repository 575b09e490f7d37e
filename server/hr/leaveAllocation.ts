// The leave allocation job: writes, for every active employee and every leave type that fits
// them, the rows their current counting period is due (./leavePeriods.ts: allocation,
// carry-over, additions) in bulk, each under its ledger key (a second run, or a request's
// write of the same period, adds nothing). Run at seed, when the server is ready and every
// hour (a new month or year, an employee reaching the minimum working period, an addition
// entered in /hrleaveaddition). Reads never write: until the job has run they add the due rows
// themselves (the HR dashboard, remaining leave).

import type { Db, Row } from '../db/database';
import { typedDb } from '../db/typedDb';
import type { Caller, RecordWrites } from '../records/recordWrites';
import { periodOf, type Day } from './leaveDays';
import { leaveTypes } from './leaveLedger';
import { planPeriods, type PeriodTarget } from './leavePeriods';
import { typeFits, type LeaveEmployee } from './leaveRequests';

export const ALLOCATION_INTERVAL_MS = 60 * 60 * 1000;

/** Bodies per insert (the ledger has 11 columns: far under the bind parameter limits). */
const CHUNK = 1000;

const JOB_CALLER: Caller = { username: 'leave-allocation', roles: ['ROLE_ADMIN'], locale: 'id' };

/** The active employees (all, or the ones listed), as the leave rules read them. */
export async function activeEmployees(db: Db, ids?: readonly number[]): Promise<LeaveEmployee[]> {
  let query = typedDb(db).selectFrom('employee').select(['id', 'name', 'ein', 'start_working', 'position_id', 'work_unit_id']).where('status', '=', 'active');
  if (ids) query = query.where('id', 'in', ids.length ? [...ids] : [-1]);
  const rows = await query.orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, name: r.name ?? '', ein: r.ein ?? '', start_working: r.start_working, position_id: r.position_id, work_unit_id: r.work_unit_id }));
}

/** Writes the due rows of the current periods; answers how many rows it wrote. */
export async function allocateLeavePeriods(tx: Db, records: RecordWrites, day: Day, caller: Caller = JOB_CALLER): Promise<number> {
  const types = await leaveTypes(tx);
  const targets: PeriodTarget[] = [];
  for (const employee of await activeEmployees(tx)) {
    for (const type of types) if (typeFits(type, employee)) targets.push({ employee, type, period: periodOf(day, type.counting_period) });
  }
  const { due } = await planPeriods(tx, targets, day);
  let written = 0;
  for (let i = 0; i < due.length; i += CHUNK) {
    const chunk: Row[] = due.slice(i, i + CHUNK);
    written += (await records.createMany(tx, caller, 'leave_ledger', chunk, { onConflict: 'skip', returning: 'key' })).rows.length;
  }
  return written;
}

export interface AllocationJob {
  start(db: Db, records: RecordWrites, log: { error(details: unknown, message: string): void }): void;
  stop(): Promise<void>;
}

/** The job of the server process: at once when started, then every `everyMs` (0: never). */
export function allocationJob(everyMs: number, day: () => Day): AllocationJob {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> = Promise.resolve();
  return {
    start(db, records, log) {
      if (everyMs <= 0) return;
      const tick = () => {
        running = running
          .then(() => db.transaction().execute((tx) => allocateLeavePeriods(tx, records, day())))
          .catch((error: unknown) => log.error({ err: error }, 'Allocating the leave periods failed'));
      };
      timer = setInterval(tick, everyMs);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
