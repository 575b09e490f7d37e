// The selection demo (issue 15 "Demo data"): what a school's selection week looks like on the
// day the app first starts. The grade X subject-selection windows of IPA, IPS and Bahasa (the
// 2025 cohort) and the extracurricular selection are open from two days ago for two weeks;
// the SMA's elective subjects and clubs of 2025/2026 are offered with their weekly times, and
// the roster's students (server/seed/finance/roster.yaml) have already taken some seats: bars of
// every colour, Bahasa Jepang and Futsal full. The demo student (Siti, X IPA 1) has chosen
// nothing yet, so the demo login can choose.
//
// Everything goes through the write door as an admin 'seed', in bulk (createMany). Each seat
// respects the rules the server enforces: a student's subjects are at different times (every
// offering has its own slot), at most two clubs each (the club seats go to different students).
// A database that already has offerings of this year is left as it is (last year's are demo
// records: server/seed/demo/selection_offering.yaml).

import { sql } from 'kysely';
import { schoolToday } from '../../src/shared/schoolCalendar';
import type { Catalog } from '../crud/catalog';
import type { Db } from '../db/database';
import type { Caller, RecordWrites } from '../records/recordWrites';

const SEED_CALLER: Caller = { username: 'seed', roles: ['ROLE_ADMIN'], locale: 'id' };
const YEAR = 2; // 2025/2026, the active year of server/seed/demo/academic_year.yaml
const SMA = 4;

/** [code, name, major id, subject group id, background, font] of the electives the demo subjects lack. */
const MORE_SUBJECTS: [string, string, number, number, string, string][] = [
  ['BIO', 'Biologi', 1, 3, '#FFF3E0', '#E65100'],
  ['MTKP', 'Matematika Peminatan', 1, 3, '#FFF3E0', '#E65100'],
  ['GEO', 'Geografi', 2, 3, '#E8F5E9', '#1B5E20'],
  ['SOS', 'Sosiologi', 2, 3, '#E8F5E9', '#1B5E20'],
  ['BIGL', 'Bahasa Inggris Lanjut', 3, 3, '#E3F2FD', '#0D47A1'],
  ['ANT', 'Antropologi', 3, 3, '#E3F2FD', '#0D47A1'],
];

/** [subject code, major, capacity, seats taken, day, from, to]: each its own slot, so no seat clashes. */
const SUBJECT_OFFERINGS: [string, number, number, number, string, string, string][] = [
  ['FIS', 1, 40, 22, 'monday', '07:00', '08:30'],
  ['KIM', 1, 40, 35, 'tuesday', '07:00', '08:30'],
  ['BIO', 1, 40, 12, 'wednesday', '07:00', '08:30'],
  ['MTKP', 1, 36, 0, 'thursday', '07:00', '08:30'],
  ['EKO', 2, 36, 14, 'monday', '08:45', '10:15'],
  ['GEO', 2, 36, 25, 'tuesday', '08:45', '10:15'],
  ['SOS', 2, 36, 0, 'wednesday', '08:45', '10:15'],
  ['SIN', 3, 30, 4, 'monday', '10:30', '12:00'],
  ['BIGL', 3, 30, 9, 'tuesday', '10:30', '12:00'],
  ['ANT', 3, 30, 0, 'wednesday', '10:30', '12:00'],
  ['BJP', 3, 20, 20, 'friday', '07:00', '08:30'],
];

/** [extracurricular code, seats taken]: capacity and times from the activity and its schedule. */
const CLUB_OFFERINGS: [string, number][] = [
  ['SMA-BASKET', 18],
  ['SMA-FUTSAL', 25],
  ['SMA-PADUS', 9],
  ['SMA-SAMAN', 20],
  ['SMA-ROBOTIK', 11],
  ['SMA-ROHIS', 0],
];

const DAY = 86_400_000;

export async function seedDemoSelection(tx: Db, catalog: Catalog, records: RecordWrites, now = Date.now()): Promise<number> {
  if (!catalog.entityNamed('selection_offering') || !catalog.entityNamed('major_date')) return 0;
  const there = await sql<{ n: number }>`select count(*)::int as n from selection_offering where academic_year_id = ${YEAR}`.execute(tx);
  if ((there.rows[0]?.n ?? 0) > 0) return 0;
  const majors = await sql<{ id: number }>`select id from major where id in (1, 2, 3) order by id`.execute(tx);
  if (majors.rows.length < 3) return 0;
  let count = 0;

  // The windows: grade X (level 4) of the 2025 cohort (academic batch 3), all three majors.
  const start = schoolToday(new Date(now - 2 * DAY));
  const end = schoolToday(new Date(now + 12 * DAY));
  const windows = majors.rows.map((m) => ({ major_id: m.id, department_id: SMA, level_id: 4, academic_batch_id: 3, start_date: start, end_date: end, timeout: 30 }));
  count += (await records.createMany(tx, SEED_CALLER, 'major_date', windows)).rows.length;

  const setting = await sql<Record<string, unknown>>`select * from setting_extracurricular order by id limit 1`.execute(tx);
  const current = setting.rows[0];
  if (current) {
    await records.update(tx, SEED_CALLER, 'setting_extracurricular', Number(current.id), {
      selection_start: new Date(now - 2 * DAY).toISOString(),
      selection_end: new Date(now + 12 * DAY).toISOString(),
      min_choices: current.min_choices ?? 1,
      max_choices: current.max_choices ?? 2,
      time_limit_minutes: current.time_limit_minutes ?? 15,
      allow_change: current.allow_change ?? true,
      allow_over_capacity: current.allow_over_capacity ?? false,
      version: current.version,
    });
  }

  const made = await records.createMany(
    tx,
    SEED_CALLER,
    'subject',
    MORE_SUBJECTS.map(([code, name, major, group, background, font], i) => ({
      code, name, type: 'major', subject_group_id: group, major_ids: [major], is_header: false, kkm: 72, sorting_no: 20 + i, background_color: background, font_color: font,
    })),
    { onConflict: 'skip' },
  );
  count += made.rows.length;
  const subjects = await sql<{ id: number; code: string; name: string }>`select id, code, name from subject`.execute(tx);
  const subjectBy = new Map(subjects.rows.map((s) => [s.code, s]));
  const clubs = await sql<{ id: number; code: string; name: string; capacity: number }>`select id, code, name, capacity from extracurricular where department_id = ${SMA}`.execute(tx);
  const clubBy = new Map(clubs.rows.map((c) => [c.code, c]));

  const subjectRows = SUBJECT_OFFERINGS.filter(([code]) => subjectBy.has(code));
  const clubRows = CLUB_OFFERINGS.filter(([code]) => clubBy.has(code));
  const offerings = await records.createMany(tx, SEED_CALLER, 'selection_offering', [
    ...subjectRows.map(([code, major, capacity]) => {
      const subject = subjectBy.get(code)!;
      return { kind: 'subject', academic_year_id: YEAR, department_id: SMA, name: subject.name, major_id: major, subject_id: subject.id, capacity, is_active: true };
    }),
    ...clubRows.map(([code]) => {
      const club = clubBy.get(code)!;
      return { kind: 'extracurricular', academic_year_id: YEAR, department_id: SMA, name: club.name, extracurricular_id: club.id, capacity: club.capacity, is_active: true };
    }),
  ]);
  count += offerings.rows.length;
  const subjectIds = offerings.rows.slice(0, subjectRows.length).map((row) => Number(row.id));
  const clubIds = offerings.rows.slice(subjectRows.length).map((row) => Number(row.id));

  const clubTimes = await sql<{ extracurricular_id: number; day: string; start_time: string; end_time: string }>`
    select extracurricular_id, day, start_time::text, end_time::text from extracurricular_schedule where academic_year_id = ${YEAR} and is_active`.execute(tx);
  const times = [
    ...subjectRows.map(([, , , , day, from, to], i) => ({ selection_offering_id: subjectIds[i], day, start_time: from, end_time: to })),
    ...clubRows.flatMap(([code], i) =>
      clubTimes.rows
        .filter((t) => t.extracurricular_id === clubBy.get(code)!.id)
        .map((t) => ({ selection_offering_id: clubIds[i], day: t.day, start_time: t.start_time.slice(0, 5), end_time: t.end_time.slice(0, 5) })),
    ),
  ];
  count += (await records.createMany(tx, SEED_CALLER, 'selection_offering_time', times)).rows.length;

  // Seats: grade X's roster students for subjects (distinct slots, so any mix is clash-free),
  // the SMA's for clubs, each club's seats to students no other club has (at most one club each).
  const gradeX = (await sql<{ id: number }>`select id from student where class_id in (1, 2, 3) and username <> 'student' order by id`.execute(tx)).rows.map((r) => r.id);
  const sma = (await sql<{ id: number }>`select id from student where department_id = ${SMA} and username <> 'student' order by id desc`.execute(tx)).rows.map((r) => r.id);
  const seats: { selection_offering_id: number; student_id: number }[] = [];
  subjectRows.forEach(([, , , taken], i) => {
    for (let k = 0; k < taken && k < gradeX.length; k++) seats.push({ selection_offering_id: subjectIds[i], student_id: gradeX[(i * 7 + k) % gradeX.length] });
  });
  let next = 0;
  clubRows.forEach(([, taken], i) => {
    for (let k = 0; k < taken && next < sma.length; k++) seats.push({ selection_offering_id: clubIds[i], student_id: sma[next++] });
  });
  count += (await records.createMany(tx, SEED_CALLER, 'selection_enrolment', seats, { onConflict: 'skip' })).rows.length;
  return count;
}
