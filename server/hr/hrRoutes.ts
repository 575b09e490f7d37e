// The leave calls (src/shared/api/hr.ts), behind the session. An employee keeps their own
// drafts and sends them; approvers decide their rows through the declared workflow
// (server/workflow/), whose one engine this module builds with the leave's hooks
// (./leaveRequests.ts). Every write is one transaction through the write door.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  HR_PATHS,
  type LeaveApprovalAnswer,
  type LeaveDecisionAnswer,
  type LeaveDetailAnswer,
  type LeaveListAnswer,
  type LeaveTypeOptionsAnswer,
  type RemainingLeaveAnswer,
} from '../../src/shared/api/hr';
import type { Locale } from '../../src/shared/entityModel';
import { sessionUser } from '../auth/requireSession';
import type { AppUser } from '../auth/userStore';
import type { Catalog } from '../crud/catalog';
import { parseRecordId } from '../crud/recordId';
import type { Db, Row } from '../db/database';
import { typedDb } from '../db/typedDb';
import { ApiError, invalidInput } from '../http/apiError';
import { MAX_PAGE, pagingNumber } from '../http/pagingNumber';
import { requestLocale } from '../http/requestLocale';
import { success } from '../http/success';
import { callerOf } from '../records/routeDoor';
import { updateBody, workflowEngine, type Actor, type WorkflowEngine } from '../workflow/workflowEngine';
import { hrText } from './hrTexts';
import { leaveTypeOf } from './leaveLedger';
import { draftValues, employeeOf, leaveDetail, leaveHooks, leavePage, LEAVE_ENTITY, readsAll, typeFits, type LeaveEmployee } from './leaveRequests';
import { remainingLeave } from './remainingLeave';

type Query = Record<string, unknown>;

const actorOf = (request: FastifyRequest): Actor => ({ user: sessionUser(request), caller: callerOf(request) });

function idParam(request: FastifyRequest, locale: Locale): number {
  const id = parseRecordId(String((request.params as { id?: string }).id ?? ''));
  if (id === null) throw new ApiError(404, hrText(locale, 'notFound'));
  return id;
}

/** The employee of a staff login, or 422 saying the login is not linked to one. */
async function ownEmployee(db: Db, user: AppUser, locale: Locale): Promise<LeaveEmployee> {
  const employee = user.employee_id !== null && (user.kind === 'staff' || user.kind === 'booking') ? await employeeOf(db, user.employee_id) : undefined;
  if (!employee) throw new ApiError(422, hrText(locale, 'noEmployee'));
  return employee;
}

export function registerHrRoutes(app: FastifyInstance, db: Db, catalog: Catalog): WorkflowEngine {
  const hooks = leaveHooks(app.records, catalog);
  const engine = workflowEngine(catalog, app.records, () => hooks);
  const inTx = <T>(work: (tx: Db) => Promise<T>) => db.transaction().execute(work);

  async function detailOf(executor: Db, user: AppUser, id: number, locale: Locale) {
    const detail = await leaveDetail(executor, engine, user, id, locale);
    if (!detail) throw new ApiError(404, hrText(locale, 'notFound'));
    return detail;
  }

  /** The caller's own draft, locked, for a change. */
  async function ownDraft(tx: Db, user: AppUser, id: number, locale: Locale): Promise<Row> {
    const row: Row | undefined = await tx.selectFrom('leave_request').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw new ApiError(404, hrText(locale, 'notFound'));
    if (!engine.isOwner(LEAVE_ENTITY, row, user)) throw new ApiError(403, hrText(locale, 'notYours'));
    if (row.state !== 'draft') throw new ApiError(409, hrText(locale, 'notDraft'));
    return row;
  }

  app.get(`/${HR_PATHS.leaveRequests}`, async (request): Promise<LeaveListAnswer> => {
    const locale = requestLocale(request);
    const user = sessionUser(request);
    const query = (request.query ?? {}) as Query;
    const scope = query.scope === 'approvals' || query.scope === 'all' ? query.scope : 'mine';
    if (scope === 'all' && !readsAll(user)) throw new ApiError(403, hrText(locale, 'forbidden'));
    const state = ['draft', 'waiting', 'approved', 'rejected'].includes(String(query.state)) ? (String(query.state) as 'draft') : undefined;
    const page = pagingNumber(locale, 'page', query.page, 1, MAX_PAGE);
    const perPage = pagingNumber(locale, 'per_page', query.per_page, 25, 100);
    const { rows, total } = await leavePage(db, engine, user, { scope, ...(state ? { state } : {}), limit: perPage, offset: (page - 1) * perPage });
    return success({ data: rows, total });
  });

  app.post(`/${HR_PATHS.leaveRequests}`, async (request, reply): Promise<LeaveDetailAnswer> => {
    const locale = requestLocale(request);
    const actor = actorOf(request);
    const data = await inTx(async (tx) => {
      const employee = await ownEmployee(tx, actor.user, locale);
      const row = await app.records.create(tx, actor.caller, LEAVE_ENTITY, await draftValues(tx, locale, employee, request.body));
      return detailOf(tx, actor.user, Number(row.id), locale);
    });
    reply.code(201);
    return success({ message: hrText(locale, 'saved'), data });
  });

  app.get(`/${HR_PATHS.leaveRequest}/:id`, async (request): Promise<LeaveDetailAnswer> => {
    const locale = requestLocale(request);
    return success({ data: await detailOf(db, sessionUser(request), idParam(request, locale), locale) });
  });

  app.put(`/${HR_PATHS.leaveRequest}/:id`, async (request): Promise<LeaveDetailAnswer> => {
    const locale = requestLocale(request);
    const actor = actorOf(request);
    const id = idParam(request, locale);
    const data = await inTx(async (tx) => {
      const stored = await ownDraft(tx, actor.user, id, locale);
      const employee = await ownEmployee(tx, actor.user, locale);
      const body = (request.body ?? {}) as Query;
      const values = await draftValues(tx, locale, employee, body);
      const version = Number(body.version);
      if (!Number.isInteger(version)) throw invalidInput(locale, { version: [hrText(locale, 'required')] });
      // A draft changed: what it no longer says (times of a former Permission) is cleared.
      const cleared = { start_time: null, end_time: null, description: null, academic_year_id: null };
      const entity = catalog.entityNamed(LEAVE_ENTITY);
      if (!entity) throw new Error('leave_request is not declared');
      const next = { ...updateBody(entity, { ...stored, ...cleared }, { ...values, transaction_date: stored.transaction_date }), version };
      await app.records.update(tx, actor.caller, LEAVE_ENTITY, id, next);
      return detailOf(tx, actor.user, id, locale);
    });
    return success({ message: hrText(locale, 'saved'), data });
  });

  app.delete(`/${HR_PATHS.leaveRequest}/:id`, async (request) => {
    const locale = requestLocale(request);
    const actor = actorOf(request);
    const id = idParam(request, locale);
    await inTx(async (tx) => {
      await ownDraft(tx, actor.user, id, locale);
      await app.records.delete(tx, actor.caller, LEAVE_ENTITY, id);
    });
    return success({ message: hrText(locale, 'deleted') });
  });

  app.post(`/${HR_PATHS.leaveRequest}/:id/${HR_PATHS.send}`, async (request): Promise<LeaveDecisionAnswer> => {
    const locale = requestLocale(request);
    const actor = actorOf(request);
    const id = idParam(request, locale);
    return inTx(async (tx) => {
      const outcome = await engine.send(tx, actor, LEAVE_ENTITY, id);
      return success({ state: outcome.state, message: outcome.message, data: await detailOf(tx, actor.user, id, locale) });
    });
  });

  // spec 3 §7.2 leave-approval: the detail with its approver grid and whether the caller acts now.
  app.get(`/${HR_PATHS.leaveApproval}`, async (request): Promise<LeaveApprovalAnswer> => {
    const locale = requestLocale(request);
    const id = parseRecordId(String((request.query as Query).id ?? ''));
    if (id === null) throw new ApiError(404, hrText(locale, 'notFound'));
    const data = await detailOf(db, sessionUser(request), id, locale);
    return success({ data, isApprove: data.is_approve });
  });

  // spec 3 §7.2 leave-send-approval: the approval action payload; identity from the session only.
  app.post(`/${HR_PATHS.leaveSendApproval}`, async (request): Promise<LeaveDecisionAnswer> => {
    const locale = requestLocale(request);
    const actor = actorOf(request);
    const body = (request.body ?? {}) as Query;
    const rowId = typeof body.approval_id === 'number' && Number.isInteger(body.approval_id) ? body.approval_id : null;
    if (rowId === null) throw invalidInput(locale, { approval_id: [hrText(locale, 'required')] });
    const decision = body.state === 'approved' ? 'approve' : body.state === 'rejected' ? 'reject' : null;
    if (!decision) throw invalidInput(locale, { state: [hrText(locale, 'stateInvalid')] });
    return inTx(async (tx) => {
      const outcome = await engine.decide(tx, actor, LEAVE_ENTITY, rowId, decision, body.reason);
      return success({ state: outcome.state, message: outcome.message, data: await detailOf(tx, actor.user, Number(outcome.document.id), locale) });
    });
  });

  app.get(`/${HR_PATHS.remainingLeave}`, async (request): Promise<RemainingLeaveAnswer> => {
    const locale = requestLocale(request);
    const actor = actorOf(request);
    const query = (request.query ?? {}) as Query;
    const asked = query.employee_id === undefined || query.employee_id === '' ? null : parseRecordId(String(query.employee_id));
    const data = await inTx(async (tx) => {
      let employee: LeaveEmployee | undefined;
      if (asked === null) employee = await ownEmployee(tx, actor.user, locale);
      else {
        employee = await employeeOf(tx, asked);
        if (!employee) throw new ApiError(404, hrText(locale, 'notFound'));
        const own = actor.user.employee_id === asked;
        // HR, the employee, and whoever approves their leave.
        const approves = !own && !readsAll(actor.user)
          ? await typedDb(tx)
              .selectFrom('leave_approval as a')
              .innerJoin('leave_request as r', 'r.id', 'a.leave_request_id')
              .select('a.id')
              .where('a.user_id', '=', actor.user.id)
              .where('r.employee_id', '=', asked)
              .executeTakeFirst()
          : undefined;
        if (!own && !readsAll(actor.user) && !approves) throw new ApiError(403, hrText(locale, 'forbidden'));
      }
      return remainingLeave(tx, actor.caller, employee, typeof query.group === 'string' ? query.group : null);
    });
    return success({ data });
  });

  app.get(`/${HR_PATHS.leaveTypes}`, async (request): Promise<LeaveTypeOptionsAnswer> => {
    const locale = requestLocale(request);
    const employee = await ownEmployee(db, sessionUser(request), locale);
    const ids = await typedDb(db).selectFrom('leave_type').select('id').orderBy('name').execute();
    const data: LeaveTypeOptionsAnswer['data'] = [];
    for (const { id } of ids) {
      const type = await leaveTypeOf(db, id);
      if (type && typeFits(type, employee)) data.push({ id: type.id, name: type.name, type: type.type, unit: type.unit, max_qty: type.max_qty, counting_period: type.counting_period });
    }
    return success({ data });
  });

  return engine;
}
