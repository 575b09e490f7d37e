// The `*-parent` lookups (spec 1 §7.3: academicyear-parent, department-parent, class-parent, …)
// as a parent or a student calls them: narrowed by the server to the records of the caller's
// own children (a student: themself), whatever user_parent_id or filters the call sends (issue 15).
// Each entity a `-parent` lookup lists names the ids its caller may see; an entity with no link to
// a child (the admission's batches and candidate groups: a child is a student, not a candidate)
// answers none. Staff calls keep the entity's own access (server/crud/lookupRoutes.ts).

import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';

type Ids = RawBuilder<unknown>;

/** The ids of `entity` that concern these students, as one SQL subquery each. */
const OWN_IDS: Readonly<Record<string, (students: Ids) => RawBuilder<{ id: number }>>> = {
  department: (s) => sql`select department_id as id from student where id = any(${s})`,
  class: (s) => sql`select class_id as id from student where id = any(${s}) and class_id is not null`,
  level: (s) => sql`select k.level_id as id from class k join student t on t.class_id = k.id where t.id = any(${s})`,
  academic_year: (s) => sql`select k.academic_year_id as id from class k join student t on t.class_id = k.id where t.id = any(${s})`,
  semester: (s) => sql`select m.id from semester m join class k on k.academic_year_id = m.academic_year_id join student t on t.class_id = k.id where t.id = any(${s})`,
  schedule: (s) => sql`select x.id from schedule x join student t on t.class_id = x.class_id where t.id = any(${s})`,
  subject: (s) => sql`select x.subject_id as id from schedule x join student t on t.class_id = x.class_id where t.id = any(${s})`,
  financial_year: (s) => sql`select f.id from financial_year f join student t on t.department_id = f.department_id where t.id = any(${s})`,
  income_type: (s) => sql`select income_type_id as id from invoice where student_id = any(${s}) and is_published`,
  journal_type: (s) => sql`select journal_type_id as id from payment where student_id = any(${s}) and journal_type_id is not null`,
};

/** The ids of `entityName` a parent or student with these students may see in a `-parent` lookup. */
export async function ownLookupIds(db: Db, entityName: string, students: readonly number[]): Promise<number[]> {
  const query = OWN_IDS[entityName];
  if (!query || !students.length) return [];
  const { rows } = await sql<{ id: number }>`select distinct id from (${query(sql.val([...students]))}) x where id is not null`.execute(db);
  return rows.map((r) => Number(r.id));
}
