// Student permission requests (src/shared/api/permissions.ts), behind the session: a parent
// asks for one of their children and the request goes straight to its approvers through the
// declared workflow of schemas/permission_request.yaml (the child's homeroom teacher); the
// teacher approves or rejects; the parent is told (tr_permission). The same engine as leave
// (server/workflow/), with the permission's notification texts. Every write is one
// transaction through the write door.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ApproverRow as ApproverAnswer, LeaveState } from '../../src/shared/api/hr';
import { PERMISSION_PATHS, type ChoiceAnswer, type PermissionDetail, type PermissionDetailAnswer, type PermissionListAnswer, type PermissionRow } from '../../src/shared/api/permissions';
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
import { workflowEngine, type Actor, type WorkflowEngine } from '../workflow/workflowEngine';
import { workflowText } from '../workflow/workflowTexts';

const ENTITY = 'permission_request';
type Query = Record<string, unknown>;

const actorOf = (request: FastifyRequest): Actor => ({ user: sessionUser(request), caller: callerOf(request) });

async function studentName(db: Db, id: number): Promise<string> {
  const row = await typedDb(db).selectFrom('student').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? '';
}

function readsAll(user: AppUser): boolean {
  return user.kind === 'staff' && user.roles.includes('ROLE_ADMIN');
}

function baseQuery(db: Db) {
  return typedDb(db)
    .selectFrom('permission_request as p')
    .innerJoin('student as s', 's.id', 'p.student_id')
    .leftJoin('class as c', 'c.id', 's.class_id')
    .innerJoin('permission_reason as r', 'r.id', 'p.permission_reason_id')
    .select([
      'p.id',
      'p.permission_no',
      'p.student_id',
      's.name as student_name',
      'c.name as class_name',
      'r.name as type',
      'p.start_date',
      'p.end_date',
      'p.description',
      'p.remarks',
      'p.file',
      'p.state',
      'p.comment',
      'p.created_at',
    ]);
}

/** Narrows a query to what the user may see: a parent their children's, an approver theirs, an admin all. */
function visibleTo(query: ReturnType<typeof baseQuery>, user: AppUser) {
  if (user.kind === 'parent') return query.where('p.student_id', 'in', user.student_ids.length ? user.student_ids : [-1]);
  if (readsAll(user)) return query;
  return query.where(sql<boolean>`exists (select 1 from permission_approval a where a.permission_request_id = p.id and a.user_id = ${user.id})`);
}

export function registerPermissionRoutes(app: FastifyInstance, db: Db, catalog: Catalog): WorkflowEngine {
  const engine = workflowEngine(catalog, app.records, () => ({
    async notification(tx, request, event) {
      const student = await studentName(tx, Number(request.student_id));
      const key = event === 'waiting' ? 'permission_waiting' : event === 'approved' ? 'permission_approved' : 'permission_rejected';
      return { key, params: { student } };
    },
  }));
  const inTx = <T>(work: (tx: Db) => Promise<T>) => db.transaction().execute(work);

  async function toRow(executor: Db, row: Row, user: AppUser): Promise<PermissionRow & { approverRows: Awaited<ReturnType<WorkflowEngine['rowsOf']>> }> {
    const approverRows = await engine.rowsOf(executor, ENTITY, Number(row.id));
    const file = row.file && typeof row.file === 'object' ? (row.file as { src: string; title: string }) : null;
    return {
      id: Number(row.id),
      permission_no: String(row.permission_no ?? ''),
      student_id: Number(row.student_id),
      student_name: String(row.student_name ?? ''),
      class_name: String(row.class_name ?? ''),
      type: String(row.type ?? ''),
      start_date: String(row.start_date ?? ''),
      end_date: String(row.end_date ?? ''),
      description: String(row.description ?? ''),
      remarks: (row.remarks as string | null) ?? null,
      file,
      state: row.state as LeaveState,
      comment: (row.comment as string | null) ?? null,
      created_at: String(row.created_at ?? ''),
      is_approve: approverRows.some((a) => engine.mayDecide(row, approverRows, a, user, ENTITY)),
      approverRows,
    };
  }

  async function detailOf(executor: Db, user: AppUser, id: number, locale: Locale): Promise<PermissionDetail> {
    const row = await visibleTo(baseQuery(executor), user).where('p.id', '=', id).executeTakeFirst();
    if (!row) throw new ApiError(404, workflowText(locale, 'notFound'));
    const { approverRows, ...answer } = await toRow(executor, row as Row, user);
    const names = new Map((await typedDb(executor).selectFrom('users').select(['id', 'name']).where('id', 'in', approverRows.map((a) => a.user_id).concat(-1)).execute()).map((u) => [u.id, u.name ?? '']));
    const positions = new Map((await typedDb(executor).selectFrom('position').select(['id', 'name']).where('id', 'in', approverRows.flatMap((a) => (a.position_id === null ? [] : [a.position_id])).concat(-1)).execute()).map((p) => [p.id, p.name ?? '']));
    const approvers: ApproverAnswer[] = approverRows.map((a) => ({
      id: a.id,
      seq: a.seq,
      position: a.position_id === null ? '' : (positions.get(a.position_id) ?? ''),
      user_name: names.get(a.user_id) ?? '',
      state: a.state,
      action_date: a.action_date,
      reason: a.reason,
      is_approve: engine.mayDecide(row as Row, approverRows, a, user, ENTITY),
    }));
    return { ...answer, approvers };
  }

  app.get(`/${PERMISSION_PATHS.children}`, async (request): Promise<ChoiceAnswer> => {
    const user = sessionUser(request);
    if (user.kind !== 'parent' || !user.student_ids.length) return success({ data: [] as ChoiceAnswer['data'] });
    const rows = await typedDb(db).selectFrom('student').select(['id', 'name']).where('id', 'in', user.student_ids).orderBy('name').execute();
    return success({ data: rows.map((r) => ({ id: r.id, name: r.name ?? '' })) });
  });

  app.get(`/${PERMISSION_PATHS.reasons}`, async (): Promise<ChoiceAnswer> => {
    const rows = await typedDb(db).selectFrom('permission_reason').select(['id', 'name']).where('is_active', '=', true).orderBy('name').execute();
    return success({ data: rows.map((r) => ({ id: r.id, name: r.name ?? '' })) });
  });

  app.get(`/${PERMISSION_PATHS.permissions}`, async (request): Promise<PermissionListAnswer> => {
    const locale = requestLocale(request);
    const user = sessionUser(request);
    const query = (request.query ?? {}) as Query;
    const page = pagingNumber(locale, 'page', query.page, 1, MAX_PAGE);
    const perPage = pagingNumber(locale, 'per_page', query.per_page, 25, 100);
    let list = visibleTo(baseQuery(db), user);
    if (user.kind !== 'parent') list = list.where('p.state', '<>', 'draft');
    if (['waiting', 'approved', 'rejected'].includes(String(query.state))) list = list.where('p.state', '=', String(query.state));
    const total = (await list.clearSelect().select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirst())?.count ?? 0;
    const rows = await list.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(perPage).offset((page - 1) * perPage).execute();
    const data: PermissionRow[] = [];
    for (const row of rows) {
      const { approverRows: _rows, ...answer } = await toRow(db, row as Row, user);
      data.push(answer);
    }
    return success({ data, total: Number(total) });
  });

  app.get(`/${PERMISSION_PATHS.permission}/:id`, async (request): Promise<PermissionDetailAnswer> => {
    const locale = requestLocale(request);
    const id = parseRecordId(String((request.params as { id?: string }).id ?? ''));
    if (id === null) throw new ApiError(404, workflowText(locale, 'notFound'));
    return success({ data: await detailOf(db, sessionUser(request), id, locale) });
  });

  // A parent's request for their child: made and sent to the homeroom teacher in one go.
  app.post(`/${PERMISSION_PATHS.permissions}`, async (request, reply): Promise<PermissionDetailAnswer> => {
    const locale = requestLocale(request);
    const actor = actorOf(request);
    const body = (request.body ?? {}) as Query;
    if (actor.user.kind !== 'parent') throw new ApiError(403, workflowText(locale, 'notOwner'));
    const studentId = Number(body.student_id);
    if (!actor.user.student_ids.includes(studentId)) throw invalidInput(locale, { student_id: [workflowText(locale, 'notOwner')] });
    const { student_id: _s, ...rest } = body;
    const outcome = await inTx(async (tx) => {
      const row = await app.records.create(tx, actor.caller, ENTITY, { ...rest, student_id: studentId, state: 'draft' });
      const sent = await engine.send(tx, actor, ENTITY, Number(row.id));
      return { id: Number(row.id), message: sent.message, data: await detailOf(tx, actor.user, Number(row.id), locale) };
    });
    reply.code(201);
    return success({ message: outcome.message, data: outcome.data });
  });

  app.post(`/${PERMISSION_PATHS.decide}`, async (request): Promise<PermissionDetailAnswer> => {
    const locale = requestLocale(request);
    const actor = actorOf(request);
    const body = (request.body ?? {}) as Query;
    const rowId = typeof body.approval_id === 'number' && Number.isInteger(body.approval_id) ? body.approval_id : null;
    const decision = body.state === 'approved' ? 'approve' : body.state === 'rejected' ? 'reject' : null;
    if (rowId === null || !decision) throw invalidInput(locale, rowId === null ? { approval_id: [workflowText(locale, 'notFound')] } : { state: [workflowText(locale, 'notFound')] });
    return inTx(async (tx) => {
      const outcome = await engine.decide(tx, actor, ENTITY, rowId, decision, body.reason);
      return success({ message: outcome.message, data: await detailOf(tx, actor.user, Number(outcome.document.id), locale) });
    });
  });

  return engine;
}
