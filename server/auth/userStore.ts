// The staff users of the app (table app_user).

import type { Db, Row } from '../db/database';
import { hashPassword } from './password';

export interface AppUser {
  id: number;
  username: string;
  name: string;
  employee_id: number | null;
  roles: string[];
  is_active: boolean;
}

export function toAppUser(row: Row): AppUser {
  return {
    id: Number(row.id),
    username: String(row.username),
    name: String(row.name ?? ''),
    employee_id: row.employee_id === null || row.employee_id === undefined ? null : Number(row.employee_id),
    roles: Array.isArray(row.roles) ? row.roles.map(String) : [],
    is_active: row.is_active === true,
  };
}

export async function findUserForLogin(db: Db, username: string): Promise<{ user: AppUser; passwordHash: string } | null> {
  const row: Row | undefined = await db.selectFrom('app_user').selectAll().where('username', '=', username).executeTakeFirst();
  if (!row) return null;
  return { user: toAppUser(row), passwordHash: String(row.password_hash) };
}

export async function countUsers(db: Db): Promise<number> {
  const row: Row | undefined = await db
    .selectFrom('app_user')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export interface NewUser {
  username: string;
  password: string;
  roles: string[];
  name?: string;
  employeeId?: number | null;
}

/** Creates the user, or gives an existing one this password, roles and name. Returns whether it was created. */
export async function saveUser(db: Db, user: NewUser): Promise<'created' | 'updated'> {
  const values = {
    username: user.username,
    name: user.name ?? user.username,
    password_hash: await hashPassword(user.password),
    roles: user.roles,
    employee_id: user.employeeId ?? null,
    is_active: true,
  };
  const existing: Row | undefined = await db.selectFrom('app_user').select('id').where('username', '=', user.username).executeTakeFirst();
  if (existing) {
    await db.updateTable('app_user').set(values).where('id', '=', existing.id).execute();
    return 'updated';
  }
  await db.insertInto('app_user').values(values).execute();
  return 'created';
}
