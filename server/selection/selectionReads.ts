// What the selection pages read (typed queries): the student and their class's major, the
// academic year the offerings belong to, the window, and the cards with their times and seats.
// A card's seats are the count of its enrolments, read when asked: nothing stores a count that
// could drift from the rows.

import { sql, type Expression } from 'kysely';
import { persenOf, type SelectionCard, type SelectionKind, type SelectionStudent, type SelectionTime } from '../../src/shared/api/selection';
import type { Db } from '../db/database';
import { typedDb } from '../db/typedDb';

export interface StudentInfo extends SelectionStudent {
  level_id: number | null;
  academic_batch_id: number | null;
}

/** The query of one student and their class (studentOf makes the answer). */
export function studentRow(db: Db, id: number) {
  return typedDb(db)
    .selectFrom('student')
    .leftJoin('class', 'class.id', 'student.class_id')
    .select([
      'student.id', 'student.nis', 'student.name', 'student.department_id', 'class.name as class_name', 'class.major_id',
      'class.level_id', 'class.academic_batch_id',
    ])
    .where('student.id', '=', id);
}

type StudentRow = Awaited<ReturnType<ReturnType<typeof studentRow>['executeTakeFirstOrThrow']>>;

export function studentOf(row: StudentRow | null | undefined): StudentInfo | undefined {
  if (!row) return undefined;
  return {
    id: Number(row.id),
    nis: String(row.nis ?? ''),
    name: String(row.name ?? ''),
    department_id: Number(row.department_id),
    class_name: row.class_name ?? null,
    major_id: row.major_id ?? null,
    level_id: row.level_id ?? null,
    academic_batch_id: row.academic_batch_id ?? null,
  };
}

export async function studentInfo(db: Db, id: number): Promise<StudentInfo | undefined> {
  return studentOf(await studentRow(db, id).executeTakeFirst());
}

/** The students an admin may choose for: by NIS or name, at most 20. */
export async function findStudents(db: Db, q: string): Promise<SelectionStudent[]> {
  let query = typedDb(db)
    .selectFrom('student')
    .leftJoin('class', 'class.id', 'student.class_id')
    .select(['student.id', 'student.nis', 'student.name', 'student.department_id', 'class.name as class_name', 'class.major_id'])
    .where('student.is_active', '=', true)
    .orderBy('student.name')
    .limit(20);
  const term = q.trim();
  if (term) query = query.where((eb) => eb.or([eb('student.nis', 'ilike', `%${term}%`), eb('student.name', 'ilike', `%${term}%`)]));
  const rows = await query.execute();
  return rows.map((row) => ({
    id: Number(row.id),
    nis: String(row.nis ?? ''),
    name: String(row.name ?? ''),
    department_id: Number(row.department_id),
    class_name: row.class_name ?? null,
    major_id: row.major_id ?? null,
  }));
}

/** The active academic year (the newest if several are marked active), as a query. */
export function currentYearQuery(db: Db) {
  return typedDb(db).selectFrom('academic_year').select('id').where('is_active', '=', true).orderBy('start_date', 'desc').limit(1);
}

export async function currentYearId(db: Db): Promise<number | null> {
  const row = await currentYearQuery(db).executeTakeFirst();
  return row ? Number(row.id) : null;
}

const hhmm = (value: unknown): string => String(value ?? '').slice(0, 5);

/** The weekly times of offerings (rows of offering_time), by offering id, in the order the rows come. */
export function timesByOffering(rows: readonly { selection_offering_id: number | null; day: string | null; start_time: string | null; end_time: string | null }[]): Map<number, SelectionTime[]> {
  const times = new Map<number, SelectionTime[]>();
  for (const row of rows) {
    const id = Number(row.selection_offering_id);
    const list = times.get(id) ?? [];
    list.push({ day: row.day as SelectionTime['day'], time1: hhmm(row.start_time), time2: hhmm(row.end_time) });
    times.set(id, list);
  }
  return times;
}

/** The query of offerings' weekly times (by offering, then day of the week and hour). */
export function timesQuery(db: Db, offeringIds: Expression<number[]>) {
  return typedDb(db)
    .selectFrom('selection_offering_time')
    .select(['selection_offering_id', 'day', 'start_time', 'end_time'])
    .where('selection_offering_id', '=', sql<number>`any(${offeringIds})`)
    .orderBy('selection_offering_id')
    .orderBy(sql`array_position(array['monday','tuesday','wednesday','thursday','friday','saturday','sunday'], day)`)
    .orderBy('start_time');
}

/** The weekly times of offerings, by offering id. */
export async function timesOf(db: Db, offeringIds: readonly number[]): Promise<Map<number, SelectionTime[]>> {
  if (!offeringIds.length) return new Map();
  return timesByOffering(await timesQuery(db, sql<number[]>`${sql.val(offeringIds)}::int[]`).execute());
}

/** Seats taken per offering. */
export async function seatsOf(db: Db, offeringIds: readonly number[]): Promise<Map<number, number>> {
  const seats = new Map<number, number>();
  if (!offeringIds.length) return seats;
  const rows = await typedDb(db)
    .selectFrom('selection_enrolment')
    .select(['selection_offering_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('selection_offering_id', '=', sql<number>`any(${sql.val(offeringIds)}::int[])`)
    .groupBy('selection_offering_id')
    .execute();
  for (const row of rows) seats.set(Number(row.selection_offering_id), Number(row.n));
  return seats;
}

export interface ChosenOffering {
  id: number;
  name: string;
  kind: SelectionKind;
  major_id: number | null;
}

/** The query of the offerings a student holds in a year, of one kind or both, by id. */
export function chosenQuery(db: Db, studentId: number, yearId: number, kind?: SelectionKind) {
  let query = typedDb(db)
    .selectFrom('selection_enrolment')
    .innerJoin('selection_offering', 'selection_offering.id', 'selection_enrolment.selection_offering_id')
    .select(['selection_offering.id', 'selection_offering.name', 'selection_offering.kind', 'selection_offering.major_id'])
    .where('selection_enrolment.student_id', '=', studentId)
    .where('selection_offering.academic_year_id', '=', yearId)
    .orderBy('selection_offering.id');
  if (kind) query = query.where('selection_offering.kind', '=', kind);
  return query;
}

export function chosenOf(rows: readonly { id: number; name: string | null; kind: string | null; major_id: number | null }[]): ChosenOffering[] {
  return rows.map((row) => ({ id: Number(row.id), name: String(row.name), kind: row.kind as SelectionKind, major_id: row.major_id ?? null }));
}

/** The offerings a student holds in a year, of one kind or both. */
export async function chosenOfferings(db: Db, studentId: number, yearId: number, kind?: SelectionKind): Promise<ChosenOffering[]> {
  return chosenOf(await chosenQuery(db, studentId, yearId, kind).execute());
}

/** The cards of one kind open to a unit's students in a year, with this student's seats marked. */
export async function cardsOf(db: Db, kind: SelectionKind, yearId: number, departmentId: number, studentId: number): Promise<SelectionCard[]> {
  const rows = await typedDb(db)
    .selectFrom('selection_offering as o')
    .innerJoin('department as d', 'd.id', 'o.department_id')
    .leftJoin('major as m', 'm.id', 'o.major_id')
    .leftJoin('subject as s', 's.id', 'o.subject_id')
    .leftJoin('subject_group as g', 'g.id', 's.subject_group_id')
    .leftJoin('extracurricular as x', 'x.id', 'o.extracurricular_id')
    .leftJoin('extracurricular_group as xg', 'xg.id', 'x.extracurricular_group_id')
    .select([
      'o.id', 'o.name', 'o.major_id', 'o.capacity', 'o.department_id', 'd.name as department_name', 'm.name as major_name',
      's.subject_group_id', 'g.name as subject_group_name', 'xg.name as extra_group_name', 's.background_color', 's.font_color',
    ])
    .where('o.kind', '=', kind)
    .where('o.academic_year_id', '=', yearId)
    .where('o.department_id', '=', departmentId)
    .where('o.is_active', '=', true)
    .orderBy('m.code')
    .orderBy('g.sorting_no')
    .orderBy('o.name')
    .execute();
  const ids = rows.map((row) => Number(row.id));
  const [times, seats, mine] = await Promise.all([timesOf(db, ids), seatsOf(db, ids), chosenOfferings(db, studentId, yearId, kind)]);
  const chosen = new Set(mine.map((o) => o.id));
  return rows.map((row) => {
    const id = Number(row.id);
    const already = seats.get(id) ?? 0;
    const capacity = Number(row.capacity ?? 0);
    return {
      id,
      name: String(row.name),
      description: kind === 'subject' ? String(row.major_name ?? '') : String(row.department_name ?? ''),
      major_id: row.major_id ?? null,
      subject_group_id: row.subject_group_id ?? null,
      group_name: String((kind === 'subject' ? row.subject_group_name : row.extra_group_name) ?? ''),
      department_id: Number(row.department_id),
      department_name: String(row.department_name ?? ''),
      set_color: String(row.background_color ?? '#FFFFFF'),
      font_color: String(row.font_color ?? '#000000'),
      timeList: times.get(id) ?? [],
      already,
      capacity,
      persen: persenOf(already, capacity),
      chosen: chosen.has(id),
    };
  });
}

export interface SittingRow {
  id: number;
  version: number;
  started_at: string;
  finalized_at: string | null;
}

export async function sittingOf(db: Db, studentId: number, yearId: number, kind: SelectionKind): Promise<SittingRow | undefined> {
  const row = await typedDb(db)
    .selectFrom('selection_sitting')
    .select(['id', 'version', 'started_at', 'finalized_at'])
    .where('student_id', '=', studentId)
    .where('academic_year_id', '=', yearId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row) return undefined;
  return { id: Number(row.id), version: Number(row.version), started_at: String(row.started_at), finalized_at: row.finalized_at ? String(row.finalized_at) : null };
}
