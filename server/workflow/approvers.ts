// Where a document's approvers come from (a workflow's `approvers:`, in the order they act):
//
// - superiors: the owner employee's structural position is the active hr_position of their
//   position and work unit; its parent, the parent's parent… are the posts above. Each post's
//   holders are the active employees with its position and work unit; a holder counts when one
//   of their active logins holds an approver role of the transaction type (any login, when the
//   type names no role). A post without such a holder is passed over. Without a structural
//   position the general position tree (position.parent_id) is walked instead, its holders
//   looked for in the employee's work unit first, then in the units above it.
// - field: the employee a path of references names (the class's homeroom teacher), with the
//   first of their logins that holds an approver role.
//
// The owner never approves their own document: they are left out wherever they appear.

import { sql } from 'kysely';
import type { ApproverSource } from '../../src/shared/entityModel';
import type { Catalog } from '../crud/catalog';
import type { Db, Row } from '../db/database';
import { typedDb } from '../db/typedDb';

export interface Approver {
  user_id: number;
  employee_id: number;
  position_id: number | null;
  hr_position_id: number | null;
}

/** The transaction type's part in an approval: whether it is needed and by which roles. */
export interface ApprovalRules {
  needApproval: boolean;
  /** Role authorities; empty: any login of the approver. */
  roles: string[];
}

/** How many posts up the walk goes at most (a tree deeper than this is a mistake in the data). */
const MAX_DEPTH = 20;

/** The approval rules of the transaction type whose domain is the entity (the lowest id). */
export async function approvalRulesOf(db: Db, entityName: string): Promise<ApprovalRules> {
  const type = await typedDb(db)
    .selectFrom('transaction_type')
    .select(['need_approval', 'approver_role_ids'])
    .where('domain', '=', entityName)
    .orderBy('id')
    .executeTakeFirst();
  // No transaction type: approval is needed (the safe side), by anyone up the line.
  if (!type) return { needApproval: true, roles: [] };
  const ids = type.approver_role_ids ?? [];
  const roles = ids.length
    ? (await typedDb(db).selectFrom('role').select('authority').where('id', 'in', ids).execute()).flatMap((r) => (r.authority ? [r.authority] : []))
    : [];
  return { needApproval: type.need_approval !== false, roles };
}

/** The active logins of an employee that hold one of `roles` (any, when empty), lowest id first. */
async function approverLogin(db: Db, employeeId: number, roles: readonly string[]): Promise<number | null> {
  const rows = await sql<{ id: number }>`
    select u.id from users u
    where u.employee_id = ${employeeId} and u.is_active
      and (${roles.length === 0} or exists (
        select 1 from role_user ru join role_group g on g.id = ru.role_group_id join role r on r.id = any(g.role_ids)
        where ru.user_id = u.id and r.authority = any(${[...roles]}::text[])))
    order by u.id limit 1`.execute(db);
  return rows.rows[0] ? Number(rows.rows[0].id) : null;
}

interface Holder {
  employeeId: number;
  positionId: number | null;
}

/** The first holder of a post (position in a work unit) with an approver login, other than the owner. */
async function firstApprover(db: Db, holders: Holder[], roles: readonly string[], ownerId: number, hrPositionId: number | null): Promise<Approver | null> {
  for (const holder of holders) {
    if (holder.employeeId === ownerId) continue;
    const userId = await approverLogin(db, holder.employeeId, roles);
    if (userId !== null) return { user_id: userId, employee_id: holder.employeeId, position_id: holder.positionId, hr_position_id: hrPositionId };
  }
  return null;
}

async function holdersOf(db: Db, positionId: number, workUnitIds: readonly number[]): Promise<Holder[]> {
  if (!workUnitIds.length) return [];
  const rows = await typedDb(db)
    .selectFrom('employee')
    .select(['id', 'position_id', 'work_unit_id'])
    .where('position_id', '=', positionId)
    .where('work_unit_id', 'in', [...workUnitIds])
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
  // The nearest work unit first, in the order given.
  return rows
    .sort((a, b) => workUnitIds.indexOf(Number(a.work_unit_id)) - workUnitIds.indexOf(Number(b.work_unit_id)))
    .map((r) => ({ employeeId: r.id, positionId: r.position_id }));
}

/** A work unit and the units above it, nearest first. */
async function unitLine(db: Db, workUnitId: number): Promise<number[]> {
  const line: number[] = [];
  let current: number | null = workUnitId;
  while (current !== null && !line.includes(current) && line.length < MAX_DEPTH) {
    line.push(current);
    const unit: { parent_id: number | null } | undefined = await typedDb(db).selectFrom('work_unit').select('parent_id').where('id', '=', current).executeTakeFirst();
    current = unit?.parent_id ?? null;
  }
  return line;
}

async function superiors(db: Db, ownerId: number, levels: number, rules: ApprovalRules): Promise<Approver[]> {
  const owner = await typedDb(db).selectFrom('employee').select(['position_id', 'work_unit_id']).where('id', '=', ownerId).executeTakeFirst();
  if (!owner?.position_id || !owner.work_unit_id) return [];
  const found: Approver[] = [];
  const post = await typedDb(db)
    .selectFrom('hr_position')
    .select(['id', 'parent_id'])
    .where('position_id', '=', owner.position_id)
    .where('work_unit_id', '=', owner.work_unit_id)
    .where('is_active', '=', true)
    .orderBy('id')
    .executeTakeFirst();
  if (post) {
    const seen = new Set<number>([post.id]);
    let parentId = post.parent_id;
    while (parentId !== null && found.length < levels && !seen.has(parentId) && seen.size < MAX_DEPTH) {
      seen.add(parentId);
      const above = await typedDb(db).selectFrom('hr_position').select(['id', 'parent_id', 'position_id', 'work_unit_id', 'is_active']).where('id', '=', parentId).executeTakeFirst();
      if (!above) break;
      if (above.is_active !== false && above.position_id && above.work_unit_id) {
        const approver = await firstApprover(db, await holdersOf(db, above.position_id, [above.work_unit_id]), rules.roles, ownerId, above.id);
        if (approver && !found.some((a) => a.user_id === approver.user_id)) found.push(approver);
      }
      parentId = above.parent_id;
    }
    return found;
  }
  // No structural position: the general position tree, in the employee's unit and those above.
  const units = await unitLine(db, owner.work_unit_id);
  const seen = new Set<number>([owner.position_id]);
  let position = await typedDb(db).selectFrom('position').select(['id', 'parent_id']).where('id', '=', owner.position_id).executeTakeFirst();
  while (position?.parent_id && found.length < levels && !seen.has(position.parent_id) && seen.size < MAX_DEPTH) {
    seen.add(position.parent_id);
    const approver = await firstApprover(db, await holdersOf(db, position.parent_id, units), rules.roles, ownerId, null);
    if (approver && !found.some((a) => a.user_id === approver.user_id)) found.push(approver);
    position = await typedDb(db).selectFrom('position').select(['id', 'parent_id']).where('id', '=', position.parent_id).executeTakeFirst();
  }
  return found;
}

/** Follows a path of references from the document to an employee id. */
async function employeeAt(db: Db, catalog: Catalog, entityName: string, document: Row, path: readonly string[]): Promise<number | null> {
  let entity = catalog.entityNamed(entityName);
  let record: Row | undefined = document;
  for (const [n, step] of path.entries()) {
    const field = entity?.fields.find((f) => f.name === step);
    const id: unknown = record?.[step];
    if (!entity || !field?.to || id === null || id === undefined) return null;
    if (n === path.length - 1) return Number(id);
    entity = catalog.entityNamed(field.to);
    if (!entity) return null;
    record = await db.selectFrom(catalog.tableOf(entity)).selectAll().where('id', '=', Number(id)).executeTakeFirst();
  }
  return null;
}

/** The approvers of a document, in the order they act: each source's in turn, each login once. */
export async function approversOf(
  db: Db,
  catalog: Catalog,
  entityName: string,
  document: Row,
  sources: readonly ApproverSource[],
  owner: { employeeId: number | null },
  rules: ApprovalRules,
): Promise<Approver[]> {
  const all: Approver[] = [];
  for (const source of sources) {
    if (source.source === 'superiors') {
      if (owner.employeeId !== null) all.push(...(await superiors(db, owner.employeeId, source.levels, rules)));
      continue;
    }
    const employeeId = await employeeAt(db, catalog, entityName, document, source.path);
    if (employeeId === null || employeeId === owner.employeeId) continue;
    const employee = await typedDb(db).selectFrom('employee').select(['position_id', 'status']).where('id', '=', employeeId).executeTakeFirst();
    if (!employee || employee.status === 'non_active') continue;
    const userId = await approverLogin(db, employeeId, rules.roles);
    if (userId !== null) all.push({ user_id: userId, employee_id: employeeId, position_id: employee.position_id, hr_position_id: null });
  }
  return all.filter((a, i) => all.findIndex((b) => b.user_id === a.user_id) === i);
}
