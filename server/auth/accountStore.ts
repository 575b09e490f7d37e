// The accounts of the four login kinds (spec 1 §1, §3, §6): where each kind's accounts are,
// and what the session of each kind holds.
//
// - staff (auth/login/): a record of `users` (schemas/users.yaml), roles from its role groups;
// - booking (auth/log-booking/): also a record of `users`, but only one holding a booking role
//   (BOOKING_ROLES) may log in there, and the session ends when the user no longer holds one;
// - student (auth/log-student/): a record of `student` (schemas/student.yaml), with the roles
//   spec 1 §6 gives every student login: ROLE_STUDENT and ROLE_CANDIDATE_STUDENT;
// - parent (auth/log-parent/): a record of `parent_user` (schemas/parent_user.yaml), with
//   ROLE_PARENT and ROLE_FAMILY.
//
// Students and parents get only these fixed roles: no schema grants them today, so the admin
// tables answer them 403.

import type { Db, Row } from '../db/database';
import { findUser, toAppUser, type AppUser, type LoginKind } from './userStore';

export const LOGIN_KINDS: readonly LoginKind[] = ['staff', 'student', 'parent', 'booking'];

/** The roles a booking login needs one of (spec 1 §6: staff and booking roles come from the server). */
export const BOOKING_ROLES: readonly string[] = ['ROLE_BOOKING'];

/** The fixed roles of the kinds that have no role groups (spec 1 §6). */
export const FIXED_ROLES: Readonly<Record<'student' | 'parent', readonly string[]>> = {
  student: ['ROLE_STUDENT', 'ROLE_CANDIDATE_STUDENT'],
  parent: ['ROLE_PARENT', 'ROLE_FAMILY'],
};

/** The schema table (= entity name) whose records are the accounts of `kind`. */
export function accountTable(kind: LoginKind): 'users' | 'student' | 'parent_user' {
  if (kind === 'student') return 'student';
  if (kind === 'parent') return 'parent_user';
  return 'users';
}

/** Staff and booking sessions are both of a `users` record (one password, one set of sessions). */
export function isUsersKind(kind: LoginKind): boolean {
  return accountTable(kind) === 'users';
}

export interface LoginCandidate {
  id: number;
  isActive: boolean;
  /** null when none is set. */
  passwordHash: string | null;
}

/** The account of this login name in the kind's table, without its roles; null when there is none. */
export async function findAccountForLogin(db: Db, kind: LoginKind, username: string): Promise<LoginCandidate | null> {
  const row: Row | undefined = await db.selectFrom(accountTable(kind)).select(['id', 'is_active', 'password']).where('username', '=', username).executeTakeFirst();
  if (!row) return null;
  return { id: Number(row.id), isActive: row.is_active === true, passwordHash: typeof row.password === 'string' ? row.password : null };
}

/** The stored password hash of an account (for change-password). */
export async function passwordHashOf(db: Db, kind: LoginKind, id: number): Promise<string | null> {
  const row: Row | undefined = await db.selectFrom(accountTable(kind)).select(['password']).where('id', '=', id).executeTakeFirst();
  return typeof row?.password === 'string' ? row.password : null;
}

/** A `users` record as the account of a staff or booking session: a booking one only while it holds a booking role. */
export function usersAccount(user: AppUser | null, kind: LoginKind): AppUser | null {
  if (!user) return null;
  if (kind === 'booking' && !user.roles.some((role) => BOOKING_ROLES.includes(role))) return null;
  return { ...user, kind };
}

/**
 * The account as the session's user, as of now; null when it is gone, or when a booking
 * session's user no longer holds a booking role. Inactive accounts come back with
 * `is_active: false` (the caller refuses them).
 */
export async function findAccount(db: Db, kind: LoginKind, id: number): Promise<AppUser | null> {
  if (isUsersKind(kind)) {
    return usersAccount(await findUser(db, id), kind);
  }
  const portal = kind as 'student' | 'parent';
  const row: Row | undefined = await db
    .selectFrom(accountTable(portal))
    .select([...PORTAL_ACCOUNT_COLUMNS[portal]])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? portalUser(row, portal) : null;
}

/** The columns a student's or a parent's account is read with (here and with its session, ./sessionStore.ts). */
export const PORTAL_ACCOUNT_COLUMNS = {
  student: ['id', 'username', 'name', 'email', 'department_id', 'is_active'],
  parent: ['id', 'username', 'name', 'email', 'student_ids', 'is_active'],
} as const;

/** A student's or parent's account from its row: no employee, the kind's fixed roles. */
export function portalUser(row: Row, kind: 'student' | 'parent'): AppUser {
  return toAppUser({ ...row, employee_id: null, roles: [...FIXED_ROLES[kind]] }, kind);
}
