// The staff's daily attendance report (/reportattendancedaily, spec 1 §2.7; counts of spec 3
// §3.4): for each student of a class or a unit, the days recorded in a period and how many were
// present, with permission, sick, absent, and present but late. One grouped query over the
// attendance records; a student without a record in the period is listed with zeros.

import { sql } from 'kysely';
import type { DailyReportRow } from '../../src/shared/api/portal';
import type { Db } from '../db/database';
import type { Period } from './portalReads';

export async function dailyReport(db: Db, where: { classId: number | null; departmentId: number | null }, period: Period): Promise<DailyReportRow[]> {
  if (where.classId === null && where.departmentId === null) return [];
  const { rows } = await sql<Record<string, unknown>>`
    select s.id as student_id, s.nis, s.name, k.name as classname,
      count(a.id)::int as days,
      count(a.id) filter (where a.status = 'Hadir')::int as present,
      count(a.id) filter (where a.status = 'Izin')::int as permission,
      count(a.id) filter (where a.status = 'Sakit')::int as sick,
      count(a.id) filter (where a.status = 'Alpa')::int as absent,
      count(a.id) filter (where a.status = 'Hadir' and a.late_minutes > 0)::int as tardy,
      coalesce(sum(a.late_minutes), 0)::int as late_minutes
    from student s left join class k on k.id = s.class_id
      left join daily_attendance a on a.student_id = s.id and a.date between ${period.from}::date and ${period.to}::date
    where s.is_active
      and (${where.classId}::int is null or s.class_id = ${where.classId}::int)
      and (${where.departmentId}::int is null or s.department_id = ${where.departmentId}::int)
    group by s.id, s.nis, s.name, k.name
    order by k.name nulls last, s.name
    limit 2000`.execute(db);
  return rows.map((r) => ({
    student_id: Number(r.student_id),
    nis: String(r.nis),
    name: String(r.name),
    classname: r.classname === null ? null : String(r.classname),
    days: Number(r.days),
    present: Number(r.present),
    permission: Number(r.permission),
    sick: Number(r.sick),
    absent: Number(r.absent),
    tardy: Number(r.tardy),
    late_minutes: Number(r.late_minutes),
  }));
}
