// The staff logins: the records of schemas/users.yaml, each with the roles of the role
// groups it is in (role_user → role_group.role_ids → role.authority). Admins maintain them
// through the generic CRUD like every other table; this file only reads them for login and
// for the session of every call.

import { sql, type RawBuilder } from 'kysely';
import type { Catalog } from '../crud/catalog';
import type { Db, Row } from '../db/database';

/**
 * The four kinds of login of spec 1 §1: staff (admin login) and booking are records of
 * `users`; students and parents have tables of their own (server/auth/accountStore.ts).
 */
export type LoginKind = 'staff' | 'student' | 'parent' | 'booking';

/** Whoever is logged in, of any kind; `id` is the record's id in its kind's table. */
export interface AppUser {
  kind: LoginKind;
  id: number;
  username: string;
  name: string;
  email: string | null;
  employee_id: number | null;
  /** A student's unit (spec 1 §3 student login answer); null for the other kinds. */
  department_id: number | null;
  /** A parent's children; empty for the other kinds. */
  student_ids: number[];
  roles: string[];
  is_active: boolean;
}

/** The schemas login reads, with the fields it needs from each (table = entity name). */
const LOGIN_SCHEMAS: Record<string, string[]> = {
  users: ['username', 'name', 'employee_id', 'password', 'is_active'],
  role_user: ['user_id', 'role_group_id'],
  role_group: ['role_ids'],
  role: ['authority'],
};

/** Stops the start when a schema login depends on is missing or lacks a field, naming it. */
export function assertLoginSchemas(catalog: Catalog): void {
  const missing: string[] = [];
  for (const [name, fields] of Object.entries(LOGIN_SCHEMAS)) {
    const entity = catalog.entityNamed(name);
    if (!entity || catalog.tableOf(entity) !== name) missing.push(`schemas/${name}.yaml`);
    else for (const field of fields) if (!entity.fields.some((f) => f.name === field)) missing.push(`${name}.${field}`);
  }
  if (missing.length) throw new Error(`Login needs ${missing.join(', ')} (see server/auth/userStore.ts)`);
}

/** The authorities of every role of every group the user (`userId`, a column) is in, sorted, each once. */
function rolesOf(userId: RawBuilder<unknown>): RawBuilder<string[]> {
  return sql<string[]>`array(
    select distinct r.authority from role_user ru
    join role_group g on g.id = ru.role_group_id
    join role r on r.id = any(g.role_ids)
    where ru.user_id = ${userId} and r.authority is not null
    order by r.authority)`;
}

const USER_COLUMNS = ['u.id', 'u.username', 'u.name', 'u.email', 'u.employee_id', 'u.is_active'] as const;

const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** A staff user's row (USER_COLUMNS and roles) as the session's user. */
export function toAppUser(row: Row, kind: LoginKind = 'staff'): AppUser {
  return {
    kind,
    id: Number(row.id),
    username: String(row.username),
    name: String(row.name ?? ''),
    email: typeof row.email === 'string' ? row.email : null,
    employee_id: numberOrNull(row.employee_id),
    department_id: numberOrNull(row.department_id),
    student_ids: Array.isArray(row.student_ids) ? row.student_ids.map(Number) : [],
    roles: Array.isArray(row.roles) ? row.roles.map(String) : [],
    is_active: row.is_active === true,
  };
}

/** The user of this login name and its password hash (null when none is set), without its roles. */
export async function findUserForLogin(db: Db, username: string): Promise<{ id: number; isActive: boolean; passwordHash: string | null } | null> {
  const row: Row | undefined = await db.selectFrom('users').select(['id', 'is_active', 'password']).where('username', '=', username).executeTakeFirst();
  if (!row) return null;
  return { id: Number(row.id), isActive: row.is_active === true, passwordHash: typeof row.password === 'string' ? row.password : null };
}

/** The user with its roles as of now. */
export async function findUser(db: Db, id: number): Promise<AppUser | null> {
  const row: Row | undefined = await db
    .selectFrom('users as u')
    .select(USER_COLUMNS)
    .select(rolesOf(sql.ref('u.id')).as('roles'))
    .where('u.id', '=', id)
    .executeTakeFirst();
  return row ? toAppUser(row) : null;
}

/** The session's user with its roles, in the one query every call makes (see sessionStore). */
export function sessionUserColumns() {
  return [...USER_COLUMNS, rolesOf(sql.ref('u.id')).as('roles')] as const;
}

export async function countUsers(db: Db): Promise<number> {
  const row: Row | undefined = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
