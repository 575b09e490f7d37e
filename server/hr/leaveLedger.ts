// The leave ledger (schemas/leave_ledger.yaml): its rows are written here only, through the
// write door, each under a key that makes it happen once (a second writer, or the same call
// again, adds nothing: createMany skips a key already there). Rows are never changed; a
// correction is a reversal row.
//
// A period's rows are made by the writes that need the period (a request sent, an approval)
// and by the allocation job (./leaveAllocation.ts), never by a read; ./leavePeriods.ts works
// out which rows are due, in bulk: the allocation, from the employee's leave balance for the year (/hrleavebalance)
// when HR set one, else from the leave type's allowance, once the minimum working period is
// reached by the period's end; the carry-over, once the period before has ended, when the
// type carries over; and the additions of /hrleaveaddition (an addition changed since is
// reversed and written again). Approved leave is written as taken, per period; leave taken in
// a period whose next period already received a carry-over corrects that carry-over.

import { schoolToday } from '../../src/shared/schoolCalendar';
import type { Catalog } from '../crud/catalog';
import type { Db, Row } from '../db/database';
import { typedDb } from '../db/typedDb';
import type { Caller, RecordWrites } from '../records/recordWrites';
import { addMonths, periodBounds, round2, type CountingPeriod, type Day, type PeriodShare } from './leaveDays';
import { planPeriods } from './leavePeriods';
import { remainingOn, type LedgerEntry } from './leaveLots';

export interface LeaveTypeRow {
  id: number;
  name: string;
  type: 'leave' | 'permission';
  max_qty: number;
  unit: 'day' | 'hour';
  counting_period: CountingPeriod;
  min_working_period: number;
  transferrable_to_next_period: boolean;
  expiry_months: number | null;
  position_id: number | null;
  work_unit_id: number | null;
}

export interface EmployeeRow {
  id: number;
  name: string;
  start_working: Day | null;
}

type LeaveTypeRecord = Awaited<ReturnType<ReturnType<typeof leaveTypeQuery>['executeTakeFirstOrThrow']>>;

const leaveTypeQuery = (db: Db) => typedDb(db).selectFrom('leave_type').selectAll();

function asLeaveType(row: LeaveTypeRecord): LeaveTypeRow {
  return {
    id: row.id,
    name: row.name ?? '',
    type: row.type === 'permission' ? 'permission' : 'leave',
    max_qty: Number(row.max_qty ?? 0),
    unit: row.unit === 'hour' ? 'hour' : 'day',
    counting_period: (row.counting_period ?? 'year') as CountingPeriod,
    min_working_period: Number(row.min_working_period ?? 0),
    transferrable_to_next_period: row.transferrable_to_next_period === true,
    expiry_months: row.expiry_months ?? null,
    position_id: row.position_id,
    work_unit_id: row.work_unit_id,
  };
}

export async function leaveTypeOf(db: Db, id: number): Promise<LeaveTypeRow | undefined> {
  const row = await leaveTypeQuery(db).where('id', '=', id).executeTakeFirst();
  return row ? asLeaveType(row) : undefined;
}

/** Every leave type, by name. */
export async function leaveTypes(db: Db): Promise<LeaveTypeRow[]> {
  return (await leaveTypeQuery(db).orderBy('name').orderBy('id').execute()).map(asLeaveType);
}

/**
 * Today, as the school's calendar has it: the date in Jakarta (schoolToday, as the portals and
 * the demo data read it), whatever the server's own time zone. A server kept on UTC would
 * otherwise date a request made before 07:00 in Jakarta the day before, and number one made on
 * a month's first morning in the month before.
 */
export function today(): Day {
  return schoolToday();
}

function sourceOf(row: Pick<Row, 'kind' | 'leave_addition_id' | 'leave_request_id'>): string {
  if (row.leave_addition_id !== null && row.leave_addition_id !== undefined) return `addition:${String(row.leave_addition_id)}`;
  if (row.kind === 'allocation') return 'allocation';
  if (row.kind === 'taken') return `request:${String(row.leave_request_id)}`;
  return 'carry';
}

export interface LedgerRow extends LedgerEntry {
  key: string;
  period: string;
  kind: LedgerEntry['kind'];
  leave_request_id: number | null;
  leave_addition_id: number | null;
  remarks: string | null;
}

/** The ledger rows of an employee (of one type, of some periods), oldest first. */
export async function ledgerRows(db: Db, employeeId: number, typeId?: number, periods?: readonly string[]): Promise<Array<LedgerRow & { leave_type_id: number }>> {
  let query = typedDb(db).selectFrom('leave_ledger').selectAll().where('employee_id', '=', employeeId);
  if (typeId !== undefined) query = query.where('leave_type_id', '=', typeId);
  if (periods) query = query.where('period', 'in', periods.length ? [...periods] : ['']);
  const rows = await query.orderBy('entry_date').orderBy('id').execute();
  return rows.map((r) => ({
    key: r.key ?? '',
    period: r.period ?? '',
    kind: r.kind as LedgerEntry['kind'],
    quantity: Number(r.quantity ?? 0),
    entry_date: r.entry_date ?? '',
    expires_on: r.expires_on,
    leave_request_id: r.leave_request_id,
    leave_addition_id: r.leave_addition_id,
    leave_type_id: Number(r.leave_type_id),
    remarks: r.remarks,
    source: sourceOf(r),
  }));
}

export interface LeaveLedger {
  /** Makes the period's allocation, carry-over and additions when they are due and not there yet. */
  ensurePeriod(tx: Db, employee: EmployeeRow, type: LeaveTypeRow, period: string): Promise<void>;
  /** What is left of the period on `day` (its rows made first). */
  remaining(tx: Db, employee: EmployeeRow, type: LeaveTypeRow, period: string, day: Day): Promise<number>;
  /** Writes an approved request's days as taken, per period. */
  recordTaken(tx: Db, employee: EmployeeRow, type: LeaveTypeRow, requestId: number, number: string, shares: readonly PeriodShare[]): Promise<void>;
}

export function leaveLedger(records: RecordWrites, _catalog: Catalog, caller: Caller): LeaveLedger {
  const write = (tx: Db, bodies: Row[]) => (bodies.length ? records.createMany(tx, caller, 'leave_ledger', bodies, { onConflict: 'skip' }) : Promise.resolve({ rows: [], skipped: 0 }));
  const base = (employee: EmployeeRow, type: LeaveTypeRow, period: string) => ({ employee_id: employee.id, leave_type_id: type.id, period });

  async function ensure(tx: Db, employee: EmployeeRow, type: LeaveTypeRow, period: string): Promise<void> {
    await write(tx, (await planPeriods(tx, [{ employee, type, period }], today())).due);
  }

  return {
    ensurePeriod: (tx, employee, type, period) => ensure(tx, employee, type, period),

    async remaining(tx, employee, type, period, day) {
      await ensure(tx, employee, type, period);
      return remainingOn(await ledgerRows(tx, employee.id, type.id, [period]), day);
    },

    async recordTaken(tx, employee, type, requestId, number, shares) {
      await write(
        tx,
        shares.map((share) => ({
          ...base(employee, type, share.period),
          key: `taken:${String(requestId)}:${share.period}`,
          kind: 'taken',
          quantity: -share.quantity,
          entry_date: share.first,
          leave_request_id: requestId,
          remarks: number.slice(0, 255),
        })),
      );
      // A carry-over already made from a period this leave falls in is too large now: corrected.
      for (const share of shares) {
        if (!type.transferrable_to_next_period || type.counting_period === 'occurrence') continue;
        const next = share.period.length === 7 ? addMonths(`${share.period}-01`, 1).slice(0, 7) : String(Number(share.period) + 1);
        const nextRows = await ledgerRows(tx, employee.id, type.id, [next]);
        const carried = round2(nextRows.filter((r) => r.source === 'carry').reduce((sum, r) => sum + r.quantity, 0));
        if (!nextRows.some((r) => r.kind === 'carry_over')) continue;
        const due = Math.max(0, remainingOn(await ledgerRows(tx, employee.id, type.id, [share.period]), periodBounds(share.period).end));
        const fix = round2(due - carried);
        if (fix !== 0) {
          await write(tx, [{ ...base(employee, type, next), key: `carryfix:${String(requestId)}:${next}`, kind: 'reversal', quantity: fix, entry_date: periodBounds(next).start, remarks: number.slice(0, 255) }]);
        }
      }
    },
  };
}
