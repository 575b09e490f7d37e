// Remaining leave (spec 3 §2.9, §3.3 "Remaining leave"): an employee's name, EIN, work unit,
// position and start of work, then per leave type what is left today (sisa cuti) and its
// history in the current period; with group=all, the same per period the ledger holds. The
// figures come from the leave ledger alone (./leaveLedger.ts), whose periods are made first.

import type { LeaveHistoryItem, RemainingLeave, RemainingLeaveType } from '../../src/shared/api/hr';
import type { Db } from '../db/database';
import { typedDb } from '../db/typedDb';
import type { Caller } from '../records/recordWrites';
import { hrText } from './hrTexts';
import { periodBounds, periodOf, round2 } from './leaveDays';
import { leaveTypes, ledgerRows, today, type LedgerRow, type LeaveTypeRow } from './leaveLedger';
import { periodKey, planPeriods } from './leavePeriods';
import { remainingOn } from './leaveLots';
import { sharesOfRequest, typeFits, type LeaveEmployee } from './leaveRequests';

const CREDIT_TEXT = { allocation: 'allocation', carry_over: 'carryOver', addition: 'addition', reversal: 'reversal' } as const;

async function typeFigures(db: Db, employee: LeaveEmployee, type: LeaveTypeRow, period: string, day: string, caller: Caller, due?: readonly LedgerRow[]): Promise<RemainingLeaveType> {
  const rows = due ? [...due] : await ledgerRows(db, employee.id, type.id, [period]);
  const { start, end } = periodBounds(period);
  const requests = await typedDb(db)
    .selectFrom('leave_request')
    .selectAll()
    .where('employee_id', '=', employee.id)
    .where('leave_type_id', '=', type.id)
    .where('state', '<>', 'draft')
    .where('start_date', '<=', end)
    .where('end_date', '>=', start)
    .orderBy('start_date')
    .execute();
  let waiting = 0;
  const history: LeaveHistoryItem[] = [];
  for (const row of rows) {
    if (row.kind === 'taken') continue;
    history.push({ leave_date: row.entry_date, transaction: row.kind === 'addition' && row.remarks ? row.remarks : hrText(caller.locale, CREDIT_TEXT[row.kind]), state: row.kind, quantity: row.quantity });
  }
  for (const request of requests) {
    const share = (await sharesOfRequest(db, request, type)).find((s) => s.period === period);
    if (!share) continue;
    if (request.state === 'waiting') waiting = round2(waiting + share.quantity);
    history.push({
      leave_date: request.start_date ?? '',
      transaction: request.transaction_no ?? '',
      state: request.state as LeaveHistoryItem['state'],
      quantity: request.state === 'rejected' ? 0 : -share.quantity,
    });
  }
  history.sort((a, b) => a.leave_date.localeCompare(b.leave_date));
  // Per occurrence: what one request may take.
  const left = type.counting_period === 'occurrence' ? type.max_qty : remainingOn(rows, day < start ? start : day > end ? end : day);
  return { leave_type_id: type.id, leave_name: type.name, unit: type.unit, sisa_cuti: left, waiting, history_cuti: history };
}

export async function remainingLeave(tx: Db, caller: Caller, employee: LeaveEmployee, group: string | null): Promise<RemainingLeave> {
  const db = typedDb(tx);
  const person = await db
    .selectFrom('employee as e')
    .leftJoin('work_unit as w', 'w.id', 'e.work_unit_id')
    .leftJoin('position as p', 'p.id', 'e.position_id')
    .select(['e.name', 'e.ein', 'e.start_working', 'w.name as work_unit', 'p.name as position'])
    .where('e.id', '=', employee.id)
    .executeTakeFirstOrThrow();
  const types = (await leaveTypes(tx)).filter((type) => typeFits(type, employee));
  const day = today();
  // The current periods with the rows they are due and the ledger does not hold yet (a read writes nothing).
  const plan = await planPeriods(tx, types.map((type) => ({ employee, type, period: periodOf(day, type.counting_period) })), day);
  const current: RemainingLeaveType[] = [];
  for (const type of types) {
    const period = periodOf(day, type.counting_period);
    current.push(await typeFigures(tx, employee, type, period, day, caller, plan.rows.get(periodKey(employee.id, type.id, period)) ?? []));
  }
  const listPeriod: RemainingLeave['list_period'] = [];
  if (group === 'all') {
    const held: Array<{ period: string | null; leave_type_id: number | null }> = await db.selectFrom('leave_ledger').select(['period', 'leave_type_id']).distinct().where('employee_id', '=', employee.id).execute();
    for (const type of types) {
      const period = periodOf(day, type.counting_period);
      if (plan.rows.get(periodKey(employee.id, type.id, period))?.length) held.push({ period, leave_type_id: type.id });
    }
    const periods = [...new Set(held.map((h) => h.period ?? ''))].filter(Boolean).sort().reverse();
    for (const period of periods) {
      const list: RemainingLeaveType[] = [];
      for (const type of types) {
        if (!held.some((h) => h.period === period && h.leave_type_id === type.id)) continue;
        list.push(await typeFigures(tx, employee, type, period, day, caller, plan.rows.get(periodKey(employee.id, type.id, period))));
      }
      listPeriod.push({ period, list });
    }
  }
  return {
    employee_id: employee.id,
    employee_name: person.name ?? '',
    ein: person.ein ?? '',
    work_unit: person.work_unit ?? '',
    position: person.position ?? '',
    start_working: person.start_working,
    period: day.slice(0, 4),
    list_leave: current,
    list_period: listPeriod,
  };
}
