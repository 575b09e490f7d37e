// Records the selection tests and the bench start from, made as an admin would (the generic
// API) except the many students of a race: those are inserted in one statement with a hash of
// a random secret (no one logs in as them; an admin chooses on their behalf), since 1,000
// argon2 hashes would take most of a minute.

import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { hashPassword } from '../../server/auth/password';
import type { Db } from '../../server/db/database';
import type { TestServer } from './harness';

/** YYYY-MM-DD in Jakarta, `days` from now. */
export function jakartaDate(days = 0): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

async function created(server: TestServer, path: string, body: object): Promise<number> {
  const answer = await server.call('POST', `/api/v1/${path}`, { as: 'admin', body });
  if (answer.status !== 200 && answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${answer.text}`);
  return Number(answer.json.data.id);
}

/** An open subject window (from yesterday to in five days) for a class's major, level and cohort. */
export async function openSubjectWindow(server: TestServer, classId: number, timeout = 30): Promise<number> {
  const row = await server.database.db.selectFrom('class').select(['major_id', 'department_id', 'level_id', 'academic_batch_id']).where('id', '=', classId).executeTakeFirstOrThrow();
  return created(server, 'major-date', {
    major_id: row.major_id, department_id: row.department_id, level_id: row.level_id, academic_batch_id: row.academic_batch_id,
    start_date: jakartaDate(-1), end_date: jakartaDate(5), timeout,
  });
}

export interface OfferingSpec {
  name: string;
  kind?: 'subject' | 'extracurricular';
  major_id?: number;
  subject_id?: number;
  extracurricular_id?: number;
  capacity: number;
  department_id?: number;
  academic_year_id?: number;
  times?: [day: string, from: string, to: string][];
}

export async function offering(server: TestServer, spec: OfferingSpec): Promise<number> {
  const { times = [], ...fields } = spec;
  const kind = fields.kind ?? 'subject';
  const id = await created(server, 'selection-offering', {
    academic_year_id: 2, department_id: 4, is_active: true, ...fields, kind,
    ...(kind === 'subject' ? { subject_id: fields.subject_id ?? 7, major_id: fields.major_id ?? 1 } : {}),
  });
  for (const [day, start_time, end_time] of times) await created(server, 'selection-offering-time', { selection_offering_id: id, day, start_time, end_time });
  return id;
}

/** `count` students of a class, in one insert; their ids. */
export async function manyStudents(db: Db, count: number, classId: number, prefix: string): Promise<number[]> {
  const hash = await hashPassword(randomBytes(24).toString('base64'));
  const rows = await sql<{ id: number }>`
    insert into student (nis, name, department_id, class_id, username, password, is_active)
    select ${prefix} || lpad(n::text, 5, '0'), 'Siswa ' || ${prefix} || ' ' || n, 4, ${classId}, 'u' || ${prefix} || n, ${hash}, true
    from generate_series(1, ${count}) as n
    returning id`.execute(db);
  return rows.rows.map((row) => Number(row.id));
}
