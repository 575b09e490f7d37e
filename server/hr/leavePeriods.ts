// The rows a counting period of the leave ledger is due (its allocation, its carry-over, its
// additions), worked out in bulk for many employees and types at once and without writing:
// three queries (the ledger rows of the periods concerned, the leave balances set by HR, the
// additions), then the rules below in memory. Reads (the HR dashboard, remaining leave) add the
// due rows to what the ledger holds, so a GET writes nothing; the writes that need a period
// (a request sent, an approval) and the allocation job (./leaveAllocation.ts, at seed, at
// start and every hour) write them, each under its key, so writing again changes nothing.
//
// The rules (schemas/leave_ledger.yaml): the allocation, from the employee's leave balance for
// the year when HR set one, else from the leave type's allowance, once the minimum working
// period is reached by the period's end (none for a type counted per occurrence); the
// carry-over, once the period before has ended and the employee worked in it, when the type
// carries over, looking back at most MAX_CARRY_DEPTH periods; the additions of
// /hrleaveaddition (an addition changed since it was written is reversed and written again).

import { sql } from 'kysely';
import type { Db, Row } from '../db/database';
import { typedDb } from '../db/typedDb';
import { addDays, addMonths, periodBounds, previousPeriod, round2, type Day } from './leaveDays';
import type { EmployeeRow, LeaveTypeRow, LedgerRow } from './leaveLedger';
import { remainingOn } from './leaveLots';

/** The first day the employee may take leave of this type: start working plus the minimum working period. */
export function eligibleFrom(employee: EmployeeRow, type: LeaveTypeRow): Day | null {
  if (!employee.start_working) return null;
  return addMonths(employee.start_working, type.min_working_period);
}

/** How far back a period's carry-over looks for periods not yet made. */
export const MAX_CARRY_DEPTH = 3;

export interface PeriodTarget {
  employee: EmployeeRow;
  type: LeaveTypeRow;
  period: string;
}

export interface PeriodPlan {
  /** The rows due and not in the ledger yet (bodies for leave_ledger), oldest period first. */
  due: Row[];
  /** Every row of each period looked at, the ledger's and the due ones, by periodKey(). */
  rows: Map<string, LedgerRow[]>;
}

export const periodKey = (employeeId: number, typeId: number, period: string): string => `${String(employeeId)}:${String(typeId)}:${period}`;

const carries = (type: LeaveTypeRow): boolean => type.transferrable_to_next_period && type.counting_period !== 'occurrence' && type.expiry_months !== 0;

/** Whether `period` receives a carry-over from the period before (it has ended, the employee worked in it). */
function carryApplies(employee: EmployeeRow, type: LeaveTypeRow, period: string, day: Day): boolean {
  if (!carries(type) || !employee.start_working) return false;
  const { end } = periodBounds(previousPeriod(period));
  return end < day && employee.start_working <= end;
}

/** The periods a target needs, oldest first: itself and the ones its carry-over comes from. */
function chainOf(target: PeriodTarget, day: Day): string[] {
  const chain = [target.period];
  let period = target.period;
  for (let depth = 0; depth < MAX_CARRY_DEPTH && carryApplies(target.employee, target.type, period, day); depth++) {
    period = previousPeriod(period);
    chain.unshift(period);
  }
  return chain;
}

function carryExpiry(type: LeaveTypeRow, period: string): Day | undefined {
  if (type.expiry_months === null) return undefined;
  return addDays(addMonths(periodBounds(period).start, type.expiry_months), -1);
}

function sourceOf(row: { kind: string; leave_addition_id: number | null; leave_request_id: number | null }): string {
  if (row.leave_addition_id !== null) return `addition:${String(row.leave_addition_id)}`;
  if (row.kind === 'allocation') return 'allocation';
  if (row.kind === 'taken') return `request:${String(row.leave_request_id)}`;
  return 'carry';
}

function asLedgerRow(body: Row): LedgerRow & { leave_type_id: number } {
  const row = {
    key: String(body.key),
    period: String(body.period),
    kind: body.kind as LedgerRow['kind'],
    quantity: Number(body.quantity),
    entry_date: String(body.entry_date),
    expires_on: (body.expires_on as string | undefined) ?? null,
    leave_request_id: (body.leave_request_id as number | undefined) ?? null,
    leave_addition_id: (body.leave_addition_id as number | undefined) ?? null,
    leave_type_id: Number(body.leave_type_id),
    remarks: (body.remarks as string | undefined) ?? null,
  };
  return { ...row, source: sourceOf(row) };
}

/** The rows due for each target's period (and the periods its carry-over comes from), on `day`. */
export async function planPeriods(db: Db, targets: readonly PeriodTarget[], day: Day): Promise<PeriodPlan> {
  const rows = new Map<string, LedgerRow[]>();
  const due: Row[] = [];
  if (!targets.length) return { due, rows };
  const chains = targets.map((target) => ({
    target,
    chain: chainOf(target, day),
  }));
  const employeeIds = [...new Set(targets.map((t) => t.employee.id))];
  const typeIds = [...new Set(targets.map((t) => t.type.id))];
  const periods = [...new Set(chains.flatMap((c) => c.chain))];
  const years = [...new Set(periods.map((p) => Number(p.slice(0, 4))))];

  // The three reads side by side on a pool (PostgreSQL: one connection each); one after the
  // other inside a transaction (one connection; PGlite's would wait on itself).
  const ledgerRead = () =>
    typedDb(db)
      .selectFrom('leave_ledger')
      .selectAll()
      .where(sql<boolean>`employee_id = any(${employeeIds}::int[])`)
      .where(sql<boolean>`leave_type_id = any(${typeIds}::int[])`)
      .where(sql<boolean>`period = any(${periods}::text[])`)
      .orderBy('entry_date')
      .orderBy('id')
      .execute();
  const balanceRead = () =>
    typedDb(db)
      .selectFrom('leave_balance')
      .select(['employee_id', 'leave_type_id', 'year', 'quantity'])
      .where(sql<boolean>`employee_id = any(${employeeIds}::int[])`)
      .where(sql<boolean>`leave_type_id = any(${typeIds}::int[])`)
      .where(sql<boolean>`year = any(${years}::int[])`)
      .execute();
  const additionRead = () =>
    typedDb(db)
      .selectFrom('leave_addition')
      .selectAll()
      .where(sql<boolean>`employee_id = any(${employeeIds}::int[])`)
      .where(sql<boolean>`leave_type_id = any(${typeIds}::int[])`)
      .orderBy('id')
      .execute();
  const [held, balanceRows, additions] = db.isTransaction ? [await ledgerRead(), await balanceRead(), await additionRead()] : await Promise.all([ledgerRead(), balanceRead(), additionRead()]);
  for (const r of held) {
    const key = periodKey(Number(r.employee_id), Number(r.leave_type_id), r.period ?? '');
    const row = {
      key: r.key ?? '',
      period: r.period ?? '',
      kind: r.kind as LedgerRow['kind'],
      quantity: Number(r.quantity ?? 0),
      entry_date: r.entry_date ?? '',
      expires_on: r.expires_on,
      leave_request_id: r.leave_request_id,
      leave_addition_id: r.leave_addition_id,
      remarks: r.remarks,
    };
    const list = rows.get(key) ?? [];
    list.push({ ...row, source: sourceOf(row) });
    rows.set(key, list);
  }
  const balances = new Map<string, number>();
  for (const b of balanceRows) {
    if (b.quantity !== null && b.quantity !== undefined) balances.set(`${String(b.employee_id)}:${String(b.leave_type_id)}:${String(b.year)}`, Number(b.quantity));
  }

  const done = new Set<string>();
  const add = (key: string, body: Row) => {
    due.push(body);
    const list = rows.get(key) ?? [];
    list.push(asLedgerRow(body));
    rows.set(key, list);
  };
  for (const { target, chain } of chains) {
    const { employee, type } = target;
    chain.forEach((period, index) => {
      const key = periodKey(employee.id, type.id, period);
      if (done.has(key)) return;
      done.add(key);
      const base = { employee_id: employee.id, leave_type_id: type.id, period };
      const has = (k: string) => (rows.get(key) ?? []).some((r) => r.key === k);
      const { start, end } = periodBounds(period);
      const eligible = eligibleFrom(employee, type);
      const allocationKey = `alloc:${String(employee.id)}:${String(type.id)}:${period}`;
      // A type counted per occurrence has no allowance per period: each request may take up to max_qty.
      if (type.counting_period !== 'occurrence' && eligible && eligible <= end && !has(allocationKey)) {
        const set = type.counting_period === 'year' ? balances.get(`${String(employee.id)}:${String(type.id)}:${period.slice(0, 4)}`) : undefined;
        add(key, {
          ...base,
          key: allocationKey,
          kind: 'allocation',
          quantity: set ?? type.max_qty,
          entry_date: start,
        });
      }
      const carryKey = `carry:${String(employee.id)}:${String(type.id)}:${period}`;
      if (index > 0 && !has(carryKey)) {
        const before = chain[index - 1]!;
        const carried = Math.max(0, remainingOn(rows.get(periodKey(employee.id, type.id, before)) ?? [], periodBounds(before).end));
        const expires = carryExpiry(type, period);
        if (carried > 0)
          add(key, {
            ...base,
            key: carryKey,
            kind: 'carry_over',
            quantity: carried,
            entry_date: start,
            ...(expires ? { expires_on: expires } : {}),
          });
      }
      for (const addition of additions) {
        if (addition.employee_id !== employee.id || addition.leave_type_id !== type.id) continue;
        const inPeriod =
          type.counting_period === 'month' ? addition.granted_on !== null && addition.granted_on >= start && addition.granted_on <= end : Number(addition.year) === Number(period.slice(0, 4));
        if (!inPeriod) continue;
        const additionKey = `addition:${String(addition.id)}:v${String(addition.version)}`;
        if (has(additionKey)) continue;
        const standing = round2((rows.get(key) ?? []).filter((r) => r.leave_addition_id === addition.id).reduce((sum, r) => sum + r.quantity, 0));
        if (standing !== 0) {
          add(key, {
            ...base,
            key: `${additionKey}:out`,
            kind: 'reversal',
            quantity: -standing,
            entry_date: addition.granted_on,
            leave_addition_id: addition.id,
            remarks: 'changed',
          });
        }
        add(key, {
          ...base,
          key: additionKey,
          kind: 'addition',
          quantity: Number(addition.quantity ?? 0),
          entry_date: addition.granted_on,
          ...(addition.expires_on ? { expires_on: addition.expires_on } : {}),
          leave_addition_id: addition.id,
          remarks: (addition.reason ?? '').slice(0, 255),
        });
      }
    });
  }
  return { due, rows };
}
