// The academic home's figures (src/shared/api/academicHome.ts), each one query over the schema
// tables, never one per row: the caller's lessons today, their homeroom classes with today's
// attendance, the permission requests waiting for them, the agenda, and for the school's
// roles the school's figures. What is the caller's is decided here from the session's user
// (employee and user id), never from the request.

import { sql } from 'kysely';
import {
  AGENDA_DAYS,
  APPROVALS_LISTED,
  type AcademicHome,
  type DayAttendance,
  type HomeroomClass,
  type TodayLesson,
  type WaitingPermission,
} from '../../src/shared/api/academicHome';
import { weekdayOf, type CalendarItem } from '../../src/shared/api/portal';
import { addDays, isWeekend } from '../../src/shared/schoolCalendar';
import type { Db } from '../db/database';
import { calendarItems } from '../calendar/calendarItems';

const num = (value: unknown): number => Number(value ?? 0);
const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** The counts of one day's daily attendance, by status, over the students the `students` SQL selects (ids). */
const ATTENDANCE_COLUMNS = sql`
  count(*)::int as students,
  count(a.id) filter (where a.status = 'Hadir')::int as present,
  count(a.id) filter (where a.status = 'Hadir' and a.late_minutes > 0)::int as late,
  count(a.id) filter (where a.status = 'Izin')::int as permission,
  count(a.id) filter (where a.status = 'Sakit')::int as sick,
  count(a.id) filter (where a.status = 'Alpa')::int as absent,
  count(*) filter (where a.id is null)::int as unrecorded`;

function attendanceOf(row: Record<string, unknown> | undefined): DayAttendance {
  return {
    students: num(row?.students),
    present: num(row?.present),
    late: num(row?.late),
    permission: num(row?.permission),
    sick: num(row?.sick),
    absent: num(row?.absent),
    unrecorded: num(row?.unrecorded),
  };
}

async function activeTerm(db: Db): Promise<{ academic_year_id: number | null; academic_year: string | null; semester_id: number | null; semester: string | null }> {
  const { rows } = await sql<Record<string, unknown>>`
    select y.id as academic_year_id, y.name as academic_year, s.id as semester_id, s.name as semester
    from (select 1) as one
      left join lateral (select id, name from academic_year where is_active order by start_date desc nulls last, id desc limit 1) as y on true
      left join lateral (select id, name from semester where is_active order by start_date desc nulls last, id desc limit 1) as s on true`.execute(db);
  const row = rows[0] ?? {};
  return {
    academic_year_id: row.academic_year_id == null ? null : num(row.academic_year_id),
    academic_year: str(row.academic_year),
    semester_id: row.semester_id == null ? null : num(row.semester_id),
    semester: str(row.semester),
  };
}

async function holidaysOn(db: Db, date: string): Promise<string[]> {
  const { rows } = await sql<{ description: string }>`
    select h.description from holiday_detail h join holiday l on l.id = h.holiday_id
    where l.is_active and h.start_date <= ${date}::date and h.end_date >= ${date}::date
    order by h.start_date, h.description`.execute(db);
  return rows.map((r) => String(r.description));
}

/** The employee's lessons on `date`'s weekday, in the semester given (any when null), with the subject attendance taken that day. */
async function lessonsOf(db: Db, employeeId: number, date: string, semesterId: number | null): Promise<TodayLesson[]> {
  const day = weekdayOf(date).toLowerCase();
  const { rows } = await sql<Record<string, unknown>>`
    select x.id, to_char(x.start_time, 'HH24:MI') as start_time, to_char(x.end_time, 'HH24:MI') as end_time,
      x.class_id, k.name as class_name, j.name as subject, r.name as room,
      (select count(*) from subject_attendance sa where sa.schedule_id = x.id and sa.date = ${date}::date)::int as attendance_taken
    from schedule x
      join teacher t on t.id = x.teacher_id
      join class k on k.id = x.class_id
      join subject j on j.id = x.subject_id
      left join room r on r.id = x.room_id
    where t.employee_id = ${employeeId} and t.is_active and x.day::text = ${day}
      and (${semesterId}::int is null or x.semester_id = ${semesterId}::int)
    order by x.start_time, k.name`.execute(db);
  return rows.map((r) => ({
    id: num(r.id),
    start_time: String(r.start_time),
    end_time: String(r.end_time),
    class_id: num(r.class_id),
    class_name: String(r.class_name ?? ''),
    subject: String(r.subject ?? ''),
    room: str(r.room),
    attendance_taken: num(r.attendance_taken),
  }));
}

async function isTeacher(db: Db, employeeId: number): Promise<boolean> {
  const { rows } = await sql`select 1 from teacher where employee_id = ${employeeId} and is_active limit 1`.execute(db);
  return rows.length > 0;
}

/** The active classes the employee is a homeroom teacher of, each with its active students' attendance on `date`. */
async function homeroomOf(db: Db, employeeId: number, date: string): Promise<HomeroomClass[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select k.id as class_id, k.name as class_name, ${ATTENDANCE_COLUMNS}
    from class k
      join student s on s.class_id = k.id and s.is_active
      left join daily_attendance a on a.student_id = s.id and a.date = ${date}::date
    where k.is_active and ${employeeId} in (k.homeroom_teacher_1_id, k.homeroom_teacher_2_id, k.homeroom_teacher_3_id)
    group by k.id, k.name
    union all
    select k.id, k.name, 0, 0, 0, 0, 0, 0, 0
    from class k
    where k.is_active and ${employeeId} in (k.homeroom_teacher_1_id, k.homeroom_teacher_2_id, k.homeroom_teacher_3_id)
      and not exists (select 1 from student s where s.class_id = k.id and s.is_active)
    order by class_name, class_id`.execute(db);
  return rows.map((r) => ({ class_id: num(r.class_id), class_name: String(r.class_name ?? ''), ...attendanceOf(r) }));
}

/** Permission requests waiting, whose waiting approver row is the user's and every earlier row approved. */
async function approvalsOf(db: Db, userId: number): Promise<AcademicHome['approvals']> {
  const { rows } = await sql<Record<string, unknown>>`
    select p.id, p.permission_no, s.name as student_name, k.name as class_name, r.name as reason,
      to_char(p.start_date, 'YYYY-MM-DD') as start_date, to_char(p.end_date, 'YYYY-MM-DD') as end_date,
      count(*) over () as total
    from permission_request p
      join permission_approval a on a.permission_request_id = p.id and a.user_id = ${userId} and a.state = 'waiting'
      join student s on s.id = p.student_id
      left join class k on k.id = s.class_id
      join permission_reason r on r.id = p.permission_reason_id
    where p.state = 'waiting'
      and not exists (select 1 from permission_approval b where b.permission_request_id = p.id and b.seq < a.seq and b.state <> 'approved')
    order by p.start_date, p.id
    limit ${APPROVALS_LISTED}`.execute(db);
  const items: WaitingPermission[] = rows.map((r) => ({
    id: num(r.id),
    permission_no: String(r.permission_no ?? ''),
    student_name: String(r.student_name ?? ''),
    class_name: String(r.class_name ?? ''),
    reason: String(r.reason ?? ''),
    start_date: String(r.start_date),
    end_date: String(r.end_date),
  }));
  return { count: rows.length ? num(rows[0].total) : 0, items };
}

/** Every school event (staff see those not shown to families too) and the active holiday lists' days that touch `from`…`to`. */
export function calendarBetween(db: Db, from: string, to: string): Promise<CalendarItem[]> {
  return calendarItems(db, { from, to });
}

async function schoolOf(db: Db, date: string, academicYearId: number | null): Promise<NonNullable<AcademicHome['school']>> {
  const { rows } = await sql<Record<string, unknown>>`
    select
      (select count(*) from class k where k.is_active and (${academicYearId}::int is null or k.academic_year_id = ${academicYearId}::int))::int as classes,
      (select count(*) from class k where k.is_active and (${academicYearId}::int is null or k.academic_year_id = ${academicYearId}::int)
         and k.homeroom_teacher_1_id is null)::int as classes_without_homeroom,
      (select count(*) from teacher t where t.is_active)::int as teachers,
      d.*
    from (select ${ATTENDANCE_COLUMNS}
          from student s left join daily_attendance a on a.student_id = s.id and a.date = ${date}::date
          where s.is_active) as d`.execute(db);
  const row = rows[0];
  const attendance = attendanceOf(row);
  return { students: attendance.students, classes: num(row?.classes), teachers: num(row?.teachers), classes_without_homeroom: num(row?.classes_without_homeroom), attendance };
}

export interface HomeCaller {
  userId: number;
  employeeId: number | null;
  /** Whether the school's figures are the caller's to see. */
  school: boolean;
}

export async function academicHome(db: Db, caller: HomeCaller, date: string): Promise<AcademicHome> {
  const term = await activeTerm(db);
  const employee = caller.employeeId;
  const [holidays, teaches, lessons, homeroom, approvals, agenda, school] = await Promise.all([
    holidaysOn(db, date),
    employee === null ? false : isTeacher(db, employee),
    employee === null ? [] : lessonsOf(db, employee, date, term.semester_id),
    employee === null ? [] : homeroomOf(db, employee, date),
    approvalsOf(db, caller.userId),
    calendarBetween(db, date, addDays(date, AGENDA_DAYS - 1)),
    caller.school ? schoolOf(db, date, term.academic_year_id) : null,
  ]);
  return {
    date,
    holidays,
    weekend: isWeekend(date),
    academic_year: term.academic_year,
    semester: term.semester,
    is_teacher: teaches,
    lessons,
    homeroom,
    approvals,
    agenda,
    school,
  };
}
