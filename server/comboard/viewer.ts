// Who is asking, as the board sees it (spec 2 §6 and issue 11 "Who sees and does what"), from
// the session only: the ids and roles that older clients send as parameters are ignored.
//
//   admin      ROLE_ADMIN, or an active comboard user with the administrator role: sees and
//              manages every announcement
//   publisher  an active comboard user (any role but moderator): creates and manages their own
//   moderator  an active comboard user with the moderator role: deletes any comment
//
// A publisher's comboard user row limits them: they post only in its categories and address
// only recipients of its departments (a student, class or level of another unit is refused);
// an empty list is all. Admins are not limited.
//
// Visible: to its creator and admins always; to other staff holding ROLE_TEACHER when it goes to
// teachers and its show time has come; to a parent when it goes to parents, is published and its
// audience holds one of their children; to a student likewise for themselves. Anyone else:
// it does not exist (404), whatever id they try.

import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { AppUser } from '../auth/userStore';
import type { Db, Row } from '../db/database';

export type ComboardRole = 'administrator' | 'publisher' | 'moderator';

export interface Viewer {
  kind: 'staff' | 'parent' | 'student';
  /** The account's id in its kind's table. */
  id: number;
  username: string;
  name: string;
  roles: readonly string[];
  /** A parent's children; a student themselves. */
  studentIds: readonly number[];
  isAdmin: boolean;
  canPost: boolean;
  canModerate: boolean;
  comboardRole: ComboardRole | null;
  /** The categories a publisher may post in; null for all. */
  categoryIds: readonly number[] | null;
  /** The departments (units) a publisher may address; null for all. */
  departmentIds: readonly number[] | null;
}

const limitOf = (value: unknown): number[] | null =>
  Array.isArray(value) && value.length ? value.map(Number) : null;

export async function viewerOf(db: Db, user: AppUser): Promise<Viewer> {
  const kind = user.kind === 'student' || user.kind === 'parent' ? user.kind : 'staff';
  let comboardRole: ComboardRole | null = null;
  let row: Row | undefined;
  if (kind === 'staff') {
    row = await db
      .selectFrom('comboard_user')
      .select(['comboard_role', 'department_ids', 'comboard_category_ids'])
      .where('user_id', '=', user.id)
      .where('is_active', '=', true)
      .executeTakeFirst();
    comboardRole = (row?.comboard_role as ComboardRole | undefined) ?? null;
  }
  const isAdmin = kind === 'staff' && (user.roles.includes('ROLE_ADMIN') || comboardRole === 'administrator');
  return {
    kind,
    id: user.id,
    username: user.username,
    name: user.name,
    roles: user.roles,
    studentIds: kind === 'parent' ? user.student_ids : kind === 'student' ? [user.id] : [],
    isAdmin,
    canPost: isAdmin || comboardRole === 'publisher',
    canModerate: isAdmin || comboardRole === 'moderator',
    comboardRole,
    categoryIds: isAdmin ? null : limitOf(row?.comboard_category_ids),
    departmentIds: isAdmin ? null : limitOf(row?.department_ids),
  };
}

/** Whether the viewer manages this announcement (edit, delete, recall, recipients, attachments). */
export function manages(viewer: Viewer, createdBy: unknown): boolean {
  return viewer.isAdmin || (viewer.kind === 'staff' && viewer.canPost && createdBy === viewer.username);
}

/** The SQL condition on `c` (the comboard table) under which the viewer sees an announcement. */
export function visibleTo(viewer: Viewer): RawBuilder<SqlBool> {
  if (viewer.isAdmin) return sql<SqlBool>`true`;
  if (viewer.kind === 'staff') {
    const teacher = viewer.roles.includes('ROLE_TEACHER');
    return teacher
      ? sql<SqlBool>`(c.created_by = ${viewer.username} or (c.to_teacher and c.show_date <= now()))`
      : sql<SqlBool>`c.created_by = ${viewer.username}`;
  }
  if (!viewer.studentIds.length) return sql<SqlBool>`false`;
  const flag = viewer.kind === 'parent' ? sql`c.to_parent` : sql`c.to_student`;
  return sql<SqlBool>`(${flag} and c.published_at is not null and exists (
    select 1 from comboard_audience a where a.comboard_id = c.id and a.student_id = any(${[...viewer.studentIds]}::int[])))`;
}
