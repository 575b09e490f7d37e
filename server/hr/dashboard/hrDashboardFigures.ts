// Every figure of the HR dashboard (spec 3 §2.2, §7.2), from one module a test checks against
// the rows it summarizes (tests/server/hrDashboard.test.ts): the leave lists (Need Approve,
// Accepted, Rejected), the leave history, what is left of each leave type (from the leave
// ledger, server/hr/leaveLots.ts's arithmetic over the rows of the current period), and the
// contracts and documents expired or expiring (the thresholds of /setting-expired-employee).
// Each list is one counted query and one limited query; remaining leave of many employees is
// a few queries over the ledger (../leavePeriods.ts), summed per employee and type in memory.
// Nothing here writes.

import { sql } from 'kysely';
import {
  DASHBOARD_LIST_LIMIT,
  type DashboardLeaveItem,
  type DashboardList,
  type ExpiredEmployee,
  type ExpiringDocument,
  type ExpiringEmployee,
  type LeaveHistoryRow,
  type LeaveLeft,
  type LeaveNotif,
} from '../../../src/shared/api/hrDashboard';
import type { LeaveState, LeaveUnit } from '../../../src/shared/api/hr';
import type { Db } from '../../db/database';
import { typedDb } from '../../db/typedDb';
import { addDays, periodOf, type Day } from '../leaveDays';
import { leaveTypes, type EmployeeRow, type LeaveTypeRow } from '../leaveLedger';
import { remainingOn } from '../leaveLots';
import { periodKey, planPeriods, type PeriodTarget } from '../leavePeriods';

const unitOf = (value: unknown): LeaveUnit => (value === 'hour' ? 'hour' : 'day');

/** The requests a list filters (employee and leave type are required references: counted without joining them). */
function leaveQuery(db: Db) {
  return typedDb(db).selectFrom('leave_request as r');
}

type LeaveQuery = ReturnType<typeof leaveQuery>;

const withNames = (query: LeaveQuery) => query.innerJoin('employee as e', 'e.id', 'r.employee_id').innerJoin('leave_type as t', 't.id', 'r.leave_type_id');

async function leaveList(query: LeaveQuery, order: 'decided' | 'sent'): Promise<DashboardList<DashboardLeaveItem>> {
  // The count and the page side by side (on PostgreSQL, two pooled connections).
  const [counted, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirst(),
    withNames(query)
      .select([
        'r.id',
        'r.transaction_no',
        'e.name as employee_name',
        't.name as leave_name',
        'r.start_date',
        'r.end_date',
        'r.quantity',
        'r.unit',
        'r.state',
        'r.description',
        'r.comment',
        'r.decided_at',
      ])
      .orderBy(order === 'decided' ? 'r.decided_at' : 'r.sent_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(DASHBOARD_LIST_LIMIT)
      .execute(),
  ]);
  return {
    count: Number(counted?.count ?? 0),
    items: rows.map((r) => ({
      id: r.id,
      transaction_no: r.transaction_no ?? '',
      employee_name: r.employee_name ?? '',
      leave_name: r.leave_name ?? '',
      start_date: r.start_date ?? '',
      end_date: r.end_date ?? '',
      quantity: Number(r.quantity ?? 0),
      unit: unitOf(r.unit),
      state: r.state as LeaveState,
      info: (r.state === 'rejected' ? r.comment : r.description) ?? '',
      decided_at: r.decided_at === null || r.decided_at === undefined ? null : String(r.decided_at),
    })),
  };
}

/**
 * spec 3 §7.2 get-leave-notif. Need Approve: the requests waiting whose row for `userId` waits
 * and whose earlier rows are all approved (the caller's turn). Accepted and Rejected: the
 * employee's own decided requests, or everyone's when `all`.
 */
export async function leaveNotif(db: Db, userId: number, employeeId: number | null, all: boolean): Promise<LeaveNotif> {
  const turn = leaveQuery(db)
    .where('r.state', '=', 'waiting')
    .where(
      sql<boolean>`exists (select 1 from leave_approval a where a.leave_request_id = r.id and a.user_id = ${userId} and a.state = 'waiting'
        and not exists (select 1 from leave_approval b where b.leave_request_id = r.id and b.seq < a.seq and b.state <> 'approved'))`,
    );
  const decided = (state: 'approved' | 'rejected') => {
    const query = leaveQuery(db).where('r.state', '=', state);
    return all ? query : query.where('r.employee_id', '=', employeeId ?? -1);
  };
  const [needApprove, accepted, rejected] = await Promise.all([leaveList(turn, 'sent'), leaveList(decided('approved'), 'decided'), leaveList(decided('rejected'), 'decided')]);
  return { needApprove, accepted, rejected, is_all: all };
}

/** spec 3 §7.2 get-leave-history: an employee's requests (drafts too), newest first. */
export async function leaveHistory(db: Db, employeeId: number, limit: number, offset: number): Promise<{ rows: LeaveHistoryRow[]; total: number }> {
  const query = leaveQuery(db).where('r.employee_id', '=', employeeId);
  const [counted, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirst(),
    withNames(query)
      .select(['r.id', 'r.transaction_no', 'r.start_date', 'r.end_date', 't.name as leave_name', 'r.description', 'r.comment', 'r.quantity', 'r.unit', 'r.state'])
      .orderBy('r.start_date', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return {
    total: Number(counted?.count ?? 0),
    rows: rows.map((r) => ({
      id: r.id,
      transaction_no: r.transaction_no ?? '',
      date: r.start_date ?? '',
      end_date: r.end_date ?? '',
      leave_name: r.leave_name ?? '',
      remarks: (r.state === 'rejected' && r.comment ? r.comment : r.description) ?? '',
      quantity: Number(r.quantity ?? 0),
      unit: unitOf(r.unit),
      state: r.state as LeaveState,
    })),
  };
}

export interface EmployeeKey extends EmployeeRow {
  position_id: number | null;
  work_unit_id: number | null;
}

/**
 * What is left today of each leave type with a balance, per employee: the rows of the type's
 * current period, the ledger's and the ones the period is due and not yet written
 * (../leavePeriods.ts: a read writes nothing), spent as server/hr/leaveLots.ts spends them. A
 * type limited to another position or work unit is left out. A handful of queries whatever
 * the number of employees.
 */
export async function leaveLeft(db: Db, employees: readonly EmployeeKey[], day: Day, allTypes?: readonly LeaveTypeRow[]): Promise<Map<number, LeaveLeft[]>> {
  const result = new Map<number, LeaveLeft[]>();
  if (!employees.length) return result;
  // The leave types that have a balance per period (a type counted per occurrence has none).
  const types = (allTypes ?? (await leaveTypes(db))).filter((t) => t.counting_period === 'year' || t.counting_period === 'month');
  const targets: PeriodTarget[] = [];
  for (const employee of employees) {
    for (const type of types) {
      if ((type.position_id !== null && type.position_id !== employee.position_id) || (type.work_unit_id !== null && type.work_unit_id !== employee.work_unit_id)) continue;
      targets.push({
        employee,
        type,
        period: periodOf(day, type.counting_period),
      });
    }
  }
  const { rows } = await planPeriods(db, targets, day);
  for (const employee of employees) result.set(employee.id, []);
  for (const { employee, type, period } of targets) {
    const entries = rows.get(periodKey(employee.id, type.id, period)) ?? [];
    result.get(employee.id)!.push({
      leave_type_id: type.id,
      leave_name: type.name,
      unit: type.unit,
      period,
      sisa_cuti: remainingOn(entries, day),
    });
  }
  return result;
}

const daysFrom = (today: Day, date: string): number => Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);

function listOf<T>(all: T[]): DashboardList<T> {
  return { count: all.length, items: all.slice(0, DASHBOARD_LIST_LIMIT) };
}

/**
 * spec 3 §7.2 get-list-expired-employee, for active employees: contracts ended (dataExpired)
 * or ending within the contract threshold (dataExpiring); passports and training
 * certificates expired or expiring within the document threshold. Soonest first; expired:
 * the most recently expired first.
 */
export async function expiredEmployee(db: Db, today: Day): Promise<ExpiredEmployee> {
  const setting = await typedDb(db).selectFrom('setting_expired_employee').select(['days_before_contract_end', 'days_before_document_expiry']).orderBy('id').executeTakeFirst();
  const contractDays = Number(setting?.days_before_contract_end ?? 30);
  const documentDays = Number(setting?.days_before_document_expiry ?? 60);
  const contractUntil = addDays(today, contractDays);
  const documentUntil = addDays(today, documentDays);
  const contracts = await typedDb(db)
    .selectFrom('employee as e')
    .leftJoin('work_unit as w', 'w.id', 'e.work_unit_id')
    .select(['e.id', 'e.name', 'e.ein', 'w.name as work_unit', 'e.contract_end_date'])
    .where('e.status', '=', 'active')
    .where('e.contract_end_date', 'is not', null)
    .where('e.contract_end_date', '<=', contractUntil)
    .orderBy('e.contract_end_date')
    .orderBy('e.id')
    .execute();
  const contract = contracts.map((r): ExpiringEmployee => ({
    employee_id: r.id,
    employee_name: r.name ?? '',
    ein: r.ein ?? '',
    work_unit: r.work_unit ?? '',
    date: r.contract_end_date ?? '',
    days: daysFrom(today, r.contract_end_date ?? today),
  }));
  const passports = await typedDb(db)
    .selectFrom('employee as e')
    .leftJoin('work_unit as w', 'w.id', 'e.work_unit_id')
    .select(['e.id', 'e.name', 'e.ein', 'w.name as work_unit', 'e.passport_no', 'e.passport_expiry_date'])
    .where('e.status', '=', 'active')
    .where('e.passport_expiry_date', 'is not', null)
    .where('e.passport_expiry_date', '<=', documentUntil)
    .execute();
  const certificates = await typedDb(db)
    .selectFrom('employee_training as t')
    .innerJoin('employee as e', 'e.id', 't.employee_id')
    .leftJoin('work_unit as w', 'w.id', 'e.work_unit_id')
    .select(['e.id', 'e.name', 'e.ein', 'w.name as work_unit', 't.name as training', 't.certificate_exp_date'])
    .where('e.status', '=', 'active')
    .where('t.certificate_exp_date', 'is not', null)
    .where('t.certificate_exp_date', '<=', documentUntil)
    .execute();
  type Holder = { id: number; name: string | null; ein: string | null; work_unit: string | null };
  const documentOf = (r: Holder, document: ExpiringDocument['document'], date: string | null, title: string | null): ExpiringDocument => ({
    employee_id: r.id,
    employee_name: r.name ?? '',
    ein: r.ein ?? '',
    work_unit: r.work_unit ?? '',
    date: date ?? '',
    days: daysFrom(today, date ?? today),
    document,
    title: title ?? '',
  });
  const documents: ExpiringDocument[] = [
    ...passports.map((r) => documentOf(r, 'passport', r.passport_expiry_date, r.passport_no)),
    ...certificates.map((r) => documentOf(r, 'certificate', r.certificate_exp_date, r.training)),
  ].sort((a, b) => a.date.localeCompare(b.date) || a.employee_id - b.employee_id);
  const expired = <T extends ExpiringEmployee>(list: T[]) => list.filter((x) => x.date < today).reverse();
  const expiring = <T extends ExpiringEmployee>(list: T[]) => list.filter((x) => x.date >= today);
  return {
    days_before_contract_end: contractDays,
    days_before_document_expiry: documentDays,
    dataExpired: listOf(expired(contract)),
    dataExpiring: listOf(expiring(contract)),
    dataDocExpired: listOf(expired(documents)),
    dataDocExpiring: listOf(expiring(documents)),
  };
}
