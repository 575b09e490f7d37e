// Leave requests (schemas/leave_request.yaml): what a draft holds and counts, who may see
// which request, the answers of spec 3 §3.3, and what the leave adds to the declared workflow
// (server/workflow/): the balance checked before sending and before the final approval, the
// days written to the leave ledger once approved, the notification texts.

import { sql } from 'kysely';
import { HR_READ_ALL_ROLES, type ApproverRow as ApproverAnswer, type LeaveDetail, type LeaveKind, type LeaveRequestRow, type LeaveState, type LeaveUnit } from '../../src/shared/api/hr';
import type { Locale } from '../../src/shared/entityModel';
import type { NotificationKey, NotificationParams } from '../../src/shared/notificationMessages';
import type { AppUser } from '../auth/userStore';
import type { Db, Row } from '../db/database';
import { typedDb } from '../db/typedDb';
import { ApiError, invalidInput } from '../http/apiError';
import type { Actor, WorkflowEngine, WorkflowHooks } from '../workflow/workflowEngine';
import { hrText } from './hrTexts';
import { holidaySet, requestShares, round2, type Day, type PeriodShare } from './leaveDays';
import { leaveLedger, leaveTypeOf, today, type EmployeeRow, type LeaveTypeRow } from './leaveLedger';
import { eligibleFrom } from './leavePeriods';
import type { RecordWrites } from '../records/recordWrites';
import type { Catalog } from '../crud/catalog';
import { isCalendarDay } from '../../src/shared/schoolCalendar';

export const LEAVE_ENTITY = 'leave_request';

export interface LeaveEmployee extends EmployeeRow {
  ein: string;
  position_id: number | null;
  work_unit_id: number | null;
}

export async function employeeOf(db: Db, id: number): Promise<LeaveEmployee | undefined> {
  const row = await typedDb(db).selectFrom('employee').select(['id', 'name', 'ein', 'start_working', 'position_id', 'work_unit_id']).where('id', '=', id).executeTakeFirst();
  return row ? { id: row.id, name: row.name ?? '', ein: row.ein ?? '', start_working: row.start_working, position_id: row.position_id, work_unit_id: row.work_unit_id } : undefined;
}

/** The days of the active holiday lists between two days. */
export async function holidaysBetween(db: Db, start: Day, end: Day): Promise<Set<Day>> {
  const rows = await typedDb(db)
    .selectFrom('holiday_detail as d')
    .innerJoin('holiday as h', 'h.id', 'd.holiday_id')
    .select(['d.start_date', 'd.end_date'])
    .where('h.is_active', '=', true)
    .where('d.start_date', '<=', end)
    .where('d.end_date', '>=', start)
    .execute();
  return holidaySet(rows.flatMap((r) => (r.start_date && r.end_date ? [{ start_date: r.start_date, end_date: r.end_date }] : [])));
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** Whether the type may be taken by this employee (spec 3 §3.3: a type may be limited to a position and a work unit). */
export function typeFits(type: LeaveTypeRow, employee: LeaveEmployee): boolean {
  return (type.position_id === null || type.position_id === employee.position_id) && (type.work_unit_id === null || type.work_unit_id === employee.work_unit_id);
}

/** A draft's fields from the request body: checked, counted (422 under the field at fault). */
export async function draftValues(db: Db, locale: Locale, employee: LeaveEmployee, raw: unknown): Promise<Row> {
  const body = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Row;
  const errors: Record<string, string[]> = {};
  const typeId = Number(body.leave_type_id);
  const type = Number.isInteger(typeId) && typeId > 0 ? await leaveTypeOf(db, typeId) : undefined;
  if (!type) errors.leave_type_id = [hrText(locale, 'unknownType')];
  else if (!typeFits(type, employee)) errors.leave_type_id = [hrText(locale, 'typeNotForYou')];
  const start = body.start_date;
  if (start === undefined || start === null || start === '') errors.start_date = [hrText(locale, 'required')];
  else if (!isCalendarDay(start)) errors.start_date = [hrText(locale, 'dateInvalid')];
  const permission = type?.type === 'permission';
  // A Permission is on one day, between two times (spec 3 §2.3).
  const end = permission ? start : (body.end_date ?? start);
  if (!permission && end !== undefined && end !== null && end !== '' && !isCalendarDay(end)) errors.end_date = [hrText(locale, 'dateInvalid')];
  if (isCalendarDay(start) && isCalendarDay(end) && end < start) errors.end_date = [hrText(locale, 'endBeforeStart')];
  let startTime: string | null = null;
  let endTime: string | null = null;
  if (permission) {
    for (const [key, value] of [['start_time', body.start_time], ['end_time', body.end_time]] as const) {
      if (value === undefined || value === null || value === '') errors[key] = [hrText(locale, 'required')];
      else if (typeof value !== 'string' || !TIME.test(value)) errors[key] = [hrText(locale, 'timeInvalid')];
    }
    startTime = typeof body.start_time === 'string' ? body.start_time.slice(0, 5) : null;
    endTime = typeof body.end_time === 'string' ? body.end_time.slice(0, 5) : null;
    if (!errors.start_time && !errors.end_time && startTime && endTime && endTime <= startTime) errors.end_time = [hrText(locale, 'endTimeBeforeStart')];
  }
  const description = typeof body.description === 'string' ? body.description.trim() : '';
  if (description.length > 1000) errors.description = [hrText(locale, 'tooLong', { max: 1000 })];
  if (Object.keys(errors).length || !type || !isCalendarDay(start) || !isCalendarDay(end)) throw invalidInput(locale, errors);
  const eligible = eligibleFrom(employee, type);
  if (eligible && start < eligible) throw invalidInput(locale, { start_date: [hrText(locale, 'notEligible', { date: eligible, months: type.min_working_period, count: Number(type.min_working_period) })] });
  const shares = requestShares({ start_date: start, end_date: end, start_time: startTime, end_time: endTime }, type.unit, type.counting_period, await holidaysBetween(db, start, end));
  const quantity = round2(shares.reduce((sum, s) => sum + s.quantity, 0));
  if (quantity <= 0) throw invalidInput(locale, { [permission ? 'start_date' : 'end_date']: [hrText(locale, 'noWorkingDay')] });
  if (type.counting_period === 'occurrence' && quantity > type.max_qty) {
    throw invalidInput(locale, { end_date: [hrText(locale, 'perOccurrence', { max: type.max_qty, unit: hrText(locale, type.unit, { count: Number(type.max_qty) }), type: type.name, quantity })] });
  }
  const year = await typedDb(db)
    .selectFrom('academic_year')
    .select('id')
    .where('start_date', '<=', start)
    .where('end_date', '>=', start)
    .orderBy('start_date', 'desc')
    .executeTakeFirst();
  return {
    transaction_date: today(),
    employee_id: employee.id,
    leave_type_id: type.id,
    kind: type.type,
    ...(year ? { academic_year_id: year.id } : {}),
    year: Number(start.slice(0, 4)),
    start_date: start,
    end_date: end,
    ...(startTime ? { start_time: startTime, end_time: endTime } : {}),
    quantity,
    unit: type.unit,
    ...(description ? { description } : {}),
    state: 'draft',
  };
}

/** What a stored request takes per counting period. */
export async function sharesOfRequest(db: Db, request: Row, type: LeaveTypeRow): Promise<PeriodShare[]> {
  const start = String(request.start_date);
  const end = String(request.end_date);
  return requestShares({ start_date: start, end_date: end, start_time: request.start_time as string | null, end_time: request.end_time as string | null }, type.unit, type.counting_period, await holidaysBetween(db, start, end));
}

/**
 * Refuses a request beyond the balance: per period, what is left on its first day, less what
 * the employee's other requests of the type still waiting for approval take there.
 */
async function checkBalance(tx: Db, records: RecordWrites, catalog: Catalog, actor: Actor, request: Row, countWaiting: boolean): Promise<void> {
  const locale = actor.caller.locale;
  const type = await leaveTypeOf(tx, Number(request.leave_type_id));
  const employee = await employeeOf(tx, Number(request.employee_id));
  if (!type || !employee || type.counting_period === 'occurrence') return;
  const ledger = leaveLedger(records, catalog, actor.caller);
  const shares = await sharesOfRequest(tx, request, type);
  const others = countWaiting
    ? await typedDb(tx)
        .selectFrom('leave_request')
        .selectAll()
        .where('employee_id', '=', employee.id)
        .where('leave_type_id', '=', type.id)
        .where('state', '=', 'waiting')
        .where('id', '<>', Number(request.id))
        .execute()
    : [];
  const waitingBy = new Map<string, number>();
  for (const other of others) for (const s of await sharesOfRequest(tx, other as Row, type)) waitingBy.set(s.period, round2((waitingBy.get(s.period) ?? 0) + s.quantity));
  for (const share of shares) {
    const remaining = await ledger.remaining(tx, employee, type, share.period, share.first);
    const waiting = waitingBy.get(share.period) ?? 0;
    if (round2(remaining - waiting) < share.quantity) {
      const unit = hrText(locale, type.unit, { count: round2(remaining - waiting) });
      const message = hrText(locale, 'beyondBalance', {
        type: type.name,
        period: share.period,
        remaining: round2(remaining - waiting),
        unit,
        waiting: waiting ? hrText(locale, 'waitingPart', { waiting }) : '',
        quantity: share.quantity,
      });
      throw new ApiError(422, message, { end_date: [message] }, { remaining: round2(remaining - waiting) });
    }
  }
}

/** What the leave adds to the declared workflow. */
export function leaveHooks(records: RecordWrites, catalog: Catalog): WorkflowHooks {
  return {
    beforeSend: (tx, request, actor) => checkBalance(tx, records, catalog, actor, request, true),
    // Other leave may have been approved since this one was sent: checked again, without the
    // other requests still waiting (they are checked at their own approval).
    beforeApprove: (tx, request, actor) => checkBalance(tx, records, catalog, actor, request, false),
    async afterDecided(tx, request, state, actor) {
      if (state !== 'approved') return;
      const type = await leaveTypeOf(tx, Number(request.leave_type_id));
      const employee = await employeeOf(tx, Number(request.employee_id));
      if (!type || !employee) return;
      const ledger = leaveLedger(records, catalog, actor.caller);
      const shares = await sharesOfRequest(tx, request, type);
      for (const share of shares) await ledger.ensurePeriod(tx, employee, type, share.period);
      await ledger.recordTaken(tx, employee, type, Number(request.id), String(request.transaction_no ?? ''), shares);
    },
    async notification(tx, request, event, reason): Promise<{ key: NotificationKey; params: NotificationParams }> {
      if (event === 'waiting') {
        const employee = await employeeOf(tx, Number(request.employee_id));
        return { key: 'leave_request_waiting', params: { employee: employee?.name ?? '' } };
      }
      const number = String(request.transaction_no ?? '');
      return event === 'approved' ? { key: 'leave_request_approved', params: { number } } : { key: 'leave_request_rejected', params: { number, reason: reason ?? '' } };
    },
  };
}

// ---- reading ----

export function readsAll(user: AppUser): boolean {
  return user.roles.some((role) => (HR_READ_ALL_ROLES as readonly string[]).includes(role));
}

/** Whether the user may see the request: its owner, one of its approvers, or HR. */
export async function maySee(db: Db, user: AppUser, request: Row): Promise<boolean> {
  if (readsAll(user)) return true;
  if (user.employee_id !== null && Number(request.employee_id) === user.employee_id) return true;
  const row = await typedDb(db).selectFrom('leave_approval').select('id').where('leave_request_id', '=', Number(request.id)).where('user_id', '=', user.id).executeTakeFirst();
  return row !== undefined;
}

async function schoolName(db: Db): Promise<string> {
  const row = await typedDb(db).selectFrom('school_identity').select('name').orderBy('id').executeTakeFirst();
  return row?.name ?? '';
}

const REQUEST_COLUMNS = [
  'r.id',
  'r.version',
  'r.employee_id',
  'r.transaction_no',
  'r.transaction_date',
  'r.year',
  'r.leave_type_id',
  'r.kind',
  'r.unit',
  'r.quantity',
  'r.start_date',
  'r.end_date',
  'r.start_time',
  'r.end_time',
  'r.description',
  'r.state',
  'r.created_by',
  'r.comment',
  'r.sent_at',
  'r.decided_at',
  'e.name as employee_name',
  't.name as leave_name',
  'y.name as academic_year_name',
] as const;

function requestsQuery(db: Db) {
  return typedDb(db)
    .selectFrom('leave_request as r')
    .innerJoin('employee as e', 'e.id', 'r.employee_id')
    .innerJoin('leave_type as t', 't.id', 'r.leave_type_id')
    .leftJoin('academic_year as y', 'y.id', 'r.academic_year_id');
}

export interface LeaveFilter {
  scope: 'mine' | 'approvals' | 'all';
  state?: LeaveState;
  limit: number;
  offset: number;
}

/** A page of requests as the list shows them, newest first, and how many match. */
export async function leavePage(db: Db, engine: WorkflowEngine, user: AppUser, filter: LeaveFilter): Promise<{ rows: LeaveRequestRow[]; total: number }> {
  let query = requestsQuery(db);
  if (filter.scope === 'mine') query = query.where('r.employee_id', '=', user.employee_id ?? -1);
  if (filter.scope === 'approvals') {
    query = query.where('r.state', '<>', 'draft').where(sql<boolean>`exists (select 1 from leave_approval a where a.leave_request_id = r.id and a.user_id = ${user.id})`);
  }
  if (filter.state) query = query.where('r.state', '=', filter.state);
  const counted = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirst();
  const rows = await query.select(REQUEST_COLUMNS).orderBy('r.transaction_date', 'desc').orderBy('r.id', 'desc').limit(filter.limit).offset(filter.offset).execute();
  const school = await schoolName(db);
  const answers: LeaveRequestRow[] = [];
  for (const row of rows) {
    const approvers = await engine.rowsOf(db, LEAVE_ENTITY, row.id);
    answers.push(toAnswer(row as Row, school, approvers.some((a) => engine.mayDecide(row as Row, approvers, a, user, LEAVE_ENTITY))));
  }
  return { rows: answers, total: Number(counted?.count ?? 0) };
}

function toAnswer(row: Row, school: string, isApprove: boolean): LeaveRequestRow {
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    id: Number(row.id),
    version: Number(row.version),
    employee_id: Number(row.employee_id),
    transaction_no: String(row.transaction_no ?? ''),
    transaction_date: String(row.transaction_date ?? ''),
    school_name: school,
    branch_name: '',
    employee_name: String(row.employee_name ?? ''),
    academic_year_name: String(row.academic_year_name ?? ''),
    year: Number(row.year),
    leave_type_id: Number(row.leave_type_id),
    leave_name: String(row.leave_name ?? ''),
    leave_type: (row.kind === 'permission' ? 'permission' : 'leave') as LeaveKind,
    unit: (row.unit === 'hour' ? 'hour' : 'day') as LeaveUnit,
    quantity: Number(row.quantity ?? 0),
    start_date: String(row.start_date ?? ''),
    end_date: String(row.end_date ?? ''),
    start_time: text(row.start_time),
    end_time: text(row.end_time),
    description: text(row.description),
    state: row.state as LeaveState,
    created_by: String(row.created_by ?? ''),
    comment: text(row.comment),
    sent_at: text(row.sent_at),
    decided_at: text(row.decided_at),
    is_approve: isApprove,
  };
}

/** One request with its approver grid, as `user` sees it; undefined when it does not exist. 403 when not theirs to see. */
export async function leaveDetail(db: Db, engine: WorkflowEngine, user: AppUser, id: number, locale: Locale): Promise<LeaveDetail | undefined> {
  const row = await requestsQuery(db).select(REQUEST_COLUMNS).where('r.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  if (!(await maySee(db, user, row as Row))) throw new ApiError(403, hrText(locale, 'forbidden'));
  const approvers = await engine.rowsOf(db, LEAVE_ENTITY, id);
  const names = new Map(
    (
      await typedDb(db)
        .selectFrom('users')
        .select(['id', 'name'])
        .where('id', 'in', approvers.length ? approvers.map((a) => a.user_id) : [-1])
        .execute()
    ).map((u) => [u.id, u.name ?? '']),
  );
  const positions = new Map(
    (
      await typedDb(db)
        .selectFrom('position')
        .select(['id', 'name'])
        .where('id', 'in', approvers.flatMap((a) => (a.position_id === null ? [] : [a.position_id])).concat(-1))
        .execute()
    ).map((p) => [p.id, p.name ?? '']),
  );
  const grid: ApproverAnswer[] = approvers.map((a) => ({
    id: a.id,
    seq: a.seq,
    position: a.position_id === null ? '' : (positions.get(a.position_id) ?? ''),
    user_name: names.get(a.user_id) ?? '',
    state: a.state,
    action_date: a.action_date,
    reason: a.reason,
    is_approve: engine.mayDecide(row as Row, approvers, a, user, LEAVE_ENTITY),
  }));
  return {
    ...toAnswer(row as Row, await schoolName(db), grid.some((g) => g.is_approve)),
    approvers: grid,
    is_owner: engine.isOwner(LEAVE_ENTITY, row as Row, user),
  };
}
