// The attendance demo (issue 15 "Attendance data"): the current term's daily attendance of the
// demo families' children (Siti, SMA X IPA 1; Bima, SMP), dated from the day of seeding back to
// twelve weeks before, and Siti's lessons from her class's timetable; the last three school days of every
// other student, so /attendancelist looks like a school's. Mostly present, some late, a few days
// away with permission, sick or absent, and one special day (a class meeting) for everyone.
// The days the demo parent sees first are fixed, not drawn: in the home's week (spec 2 §9: 6 days
// back to 1 ahead) Siti was sick two school days ago and late yesterday, Bima away with
// permission yesterday and late four school days ago, so every colour of spec 2 §4 shows.
//
// Written through the write door in bulk (createMany: checked as an API write, one insert per
// 2,000 rows), as an admin; pseudo-random draws from each student's id, so every first start
// seeds the same school relative to its day.

import { sql } from 'kysely';
import { weekdayOf, type AttendanceStatus } from '../../src/shared/api/portal';
import { addDays, schoolToday } from '../../src/shared/schoolCalendar';
import type { Catalog } from '../crud/catalog';
import type { Db } from '../db/database';
import type { Caller, RecordWrites } from '../records/recordWrites';

const CALLER: Caller = { username: 'seed', roles: ['ROLE_ADMIN'], locale: 'id' };
const TERM_WEEKS = 12;
const ROSTER_DAYS = 3;
export const SPECIAL_DAY_NOTE = 'Class meeting dan pentas seni';

function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const time = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The school days (Monday to Friday) from `from` to `to`, newest first. */
function schoolDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = to; d >= from; d = addDays(d, -1)) {
    const day = weekdayOf(d);
    if (day !== 'Saturday' && day !== 'Sunday') days.push(d);
  }
  return days;
}

interface Pupil {
  id: number;
  department_id: number;
  class_id: number | null;
}

interface Fixed {
  status: AttendanceStatus;
  late?: number;
  note?: string;
}

/** The demo family's fixed days, by school days back from the latest (0). */
const FIXED: readonly Readonly<Record<number, Fixed>>[] = [
  { 1: { status: 'Hadir', late: 12 }, 2: { status: 'Sakit', note: 'Demam, surat dokter menyusul' } },
  { 1: { status: 'Izin', note: 'Acara keluarga di Bandung' }, 4: { status: 'Hadir', late: 7 } },
];

function dayRecord(pupil: Pupil, date: string, back: number, today: string, draw: () => number, fixed: Fixed | undefined) {
  const smp = pupil.department_id === 3;
  const start = smp ? 6 * 60 + 45 : 7 * 60;
  const lateAfter = start + 5;
  const end = weekdayOf(date) === 'Friday' ? 11 * 60 + 30 : smp ? 14 * 60 + 30 : 15 * 60;
  const checkOut = date === today ? null : time(end + Math.floor(draw() * 20));
  if (back === 3) {
    return { student_id: pupil.id, date, status: 'Hadir', check_in: time(start - 10 + Math.floor(draw() * 10)), check_out: time(11 * 60), late_minutes: 0, is_special: true, note: SPECIAL_DAY_NOTE };
  }
  const r = draw();
  const status: AttendanceStatus = fixed?.status ?? (r < 0.02 ? 'Alpa' : r < 0.05 ? 'Sakit' : r < 0.08 ? 'Izin' : 'Hadir');
  if (status !== 'Hadir') {
    const note = fixed?.note ?? (status === 'Sakit' ? 'Sakit, surat dari orang tua' : status === 'Izin' ? 'Izin keperluan keluarga' : null);
    return { student_id: pupil.id, date, status, check_in: null, check_out: null, late_minutes: 0, is_special: false, note };
  }
  const late = fixed ? (fixed.late ?? 0) : draw() < 0.1 ? 1 + Math.floor(draw() * 25) : 0;
  const checkIn = late > 0 ? lateAfter + late : start - 25 + Math.floor(draw() * 28);
  return { student_id: pupil.id, date, status, check_in: time(checkIn), check_out: checkOut, late_minutes: late, is_special: false, note: late > 0 ? 'Terlambat' : null };
}

/** Seeds the attendance inside the caller's transaction; answers how many records it wrote (0 when there are some already). */
export async function seedDemoAttendance(tx: Db, catalog: Catalog, records: RecordWrites, now = new Date()): Promise<number> {
  if (!catalog.entityNamed('daily_attendance') || !catalog.entityNamed('subject_attendance')) return 0;
  const there = await sql<{ n: number }>`select count(*)::int as n from daily_attendance`.execute(tx);
  if ((there.rows[0]?.n ?? 0) > 0) return 0;
  const today = schoolToday(now);
  const family = (
    await sql<Pupil>`
      select s.id, s.department_id, s.class_id from student s
      where s.id in (select unnest(p.student_ids) from parent_user p) order by s.id`.execute(tx)
  ).rows.map((p) => ({ id: Number(p.id), department_id: Number(p.department_id), class_id: p.class_id === null ? null : Number(p.class_id) }));
  const others = (
    await sql<Pupil>`
      select s.id, s.department_id, s.class_id from student s
      where s.is_active and not exists (select 1 from parent_user p where s.id = any(p.student_ids)) order by s.id`.execute(tx)
  ).rows.map((p) => ({ id: Number(p.id), department_id: Number(p.department_id), class_id: p.class_id === null ? null : Number(p.class_id) }));

  const termDays = schoolDays(addDays(today, -7 * TERM_WEEKS), today);
  const daily: Record<string, unknown>[] = [];
  family.forEach((pupil, index) => {
    const draw = generator(pupil.id * 7919);
    termDays.forEach((date, back) => daily.push(dayRecord(pupil, date, back, today, draw, FIXED[index]?.[back])));
  });
  const recentDays = termDays.slice(0, ROSTER_DAYS);
  for (const pupil of others) {
    const draw = generator(pupil.id * 7919);
    recentDays.forEach((date, back) => daily.push(dayRecord(pupil, date, back, today, draw, undefined)));
  }
  await records.createMany(tx, CALLER, 'daily_attendance', daily);

  // The family's lessons before today, from their class's timetable, as the day went.
  const classes = [...new Set(family.map((p) => p.class_id).filter((id): id is number => id !== null))];
  const lessons = classes.length
    ? (
        await sql<{ id: number; class_id: number; subject_id: number; day: string; start_time: string; end_time: string }>`
          select id, class_id, subject_id, day, to_char(start_time, 'HH24:MI') as start_time, to_char(end_time, 'HH24:MI') as end_time
          from schedule where class_id = any(${sql.val(classes)}) order by start_time`.execute(tx)
      ).rows
    : [];
  const byDay = new Map(daily.map((d) => [`${String(d.student_id)}/${String(d.date)}`, d]));
  const subject: Record<string, unknown>[] = [];
  for (const pupil of family) {
    const draw = generator(pupil.id * 104729);
    for (const date of termDays) {
      if (date >= today) continue;
      const day = byDay.get(`${pupil.id}/${date}`);
      if (!day) continue;
      for (const lesson of lessons) {
        if (Number(lesson.class_id) !== pupil.class_id || lesson.day !== weekdayOf(date).toLowerCase()) continue;
        if (day.is_special && lesson.start_time >= '11:00') continue;
        const skipped = day.status === 'Hadir' && draw() < 0.03;
        subject.push({
          student_id: pupil.id,
          date,
          schedule_id: Number(lesson.id),
          subject_id: Number(lesson.subject_id),
          start_time: lesson.start_time,
          end_time: lesson.end_time,
          status: skipped ? 'Alpa' : day.status,
          note: skipped ? 'Tidak masuk kelas tanpa keterangan' : (day.status === 'Hadir' ? null : day.note),
        });
      }
    }
  }
  if (subject.length) await records.createMany(tx, CALLER, 'subject_attendance', subject);
  return daily.length + subject.length;
}
