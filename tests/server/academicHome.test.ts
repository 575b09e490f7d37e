// The academic home (/home-academic; src/shared/api/academicHome.ts) on the demo school, with
// the first start's attendance and permission requests: each figure recomputed here from the
// table rows by other means than the query module (plain rows, filtered in JS), and narrowed to
// the caller: the teacher's own lessons and homeroom class, the requests whose turn is theirs,
// the school's figures for the admin only, nothing for a parent.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { buildCatalog } from '../../server/crud/catalog';
import { tables } from '../../server/generated/tables';
import { loadHooks } from '../../server/records/loadHooks';
import { recordWrites } from '../../server/records/recordWrites';
import { DEMO_PASSWORD } from '../../server/seed/demoUsers';
import { seedDemoAgenda } from '../../server/seed/seedDemoAgenda';
import { seedDemoPermissions } from '../../server/seed/seedDemoPermissions';
import { entities, validators } from '../../src/generated/all';
import { ACADEMIC_HOME_PATHS, type AcademicHome } from '../../src/shared/api/academicHome';
import type { CalendarItem } from '../../src/shared/api/portal';
import { message } from '../../src/shared/messages';
import { addDays, isWeekend, schoolToday } from '../../src/shared/schoolCalendar';
import { openFirstStartDatabase } from './firstStartTemplate';
import type { TestDatabase } from './harness';

const catalog = buildCatalog(entities, validators, tables);
const path = `/api/v1/${ACADEMIC_HOME_PATHS.home}`;
let database: TestDatabase;
let app: FastifyInstance;
const tokens = new Map<string, string>();

beforeAll(async () => {
  // The first start's school (./firstStartTemplate.ts): its roster fills the SMA classes.
  database = await openFirstStartDatabase();
  app = await buildApp({ db: database.db, entities, validators, tables });
  await app.ready();
  for (const [as, login] of [['admin', 'login'], ['teacher', 'login'], ['wakasek', 'login'], ['parent', 'log-parent'], ['student', 'log-student']]) {
    const answer = await app.inject({ method: 'POST', url: `/api/v1/auth/${login}/`, payload: { username: as, password: DEMO_PASSWORD } });
    tokens.set(as, answer.json().access_token as string);
  }
}, 300_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

async function call(url: string, as?: string) {
  const answer = await app.inject({ method: 'GET', url, headers: as ? { authorization: `Bearer ${tokens.get(as)}` } : {} });
  return { status: answer.statusCode, text: answer.body, json: answer.json() };
}

async function home(as: string, date?: string): Promise<AcademicHome> {
  const answer = await call(date ? `${path}?date=${date}` : path, as);
  expect(answer.status, answer.text).toBe(200);
  return answer.json.data as AcademicHome;
}

async function rows<T>(query: ReturnType<typeof sql<T>>): Promise<T[]> {
  return (await query.execute(database.db)).rows;
}

/** The next `weekday` (monday…) on or after `from`. */
function next(from: string, weekday: string): string {
  for (let d = from; ; d = addDays(d, 1)) {
    if (new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' }).toLowerCase() === weekday) return d;
  }
}

describe('the academic home', () => {
  it('the first start seeded its demo once: two requests waiting for the demo teacher, one he approved', async () => {
    const records = recordWrites(catalog, await loadHooks(catalog));
    expect(await database.db.transaction().execute((tx) => seedDemoPermissions(tx, catalog, records))).toBe(0);
    const states = await rows(sql<{ state: string; n: number }>`select state, count(*)::int as n from permission_request group by state order by state`);
    expect(states).toEqual([
      { state: 'approved', n: 1 },
      { state: 'waiting', n: 2 },
    ]);
  });

  it("the teacher's lessons of the day from the timetable of the active semester, by start time", async () => {
    const monday = next(schoolToday(), 'monday');
    const expected = await rows(sql<{ id: number; start_time: string; class_name: string }>`
      select x.id, to_char(x.start_time, 'HH24:MI') as start_time, k.name as class_name from schedule x
      join teacher t on t.id = x.teacher_id join users u on u.employee_id = t.employee_id join class k on k.id = x.class_id
      join semester s on s.id = x.semester_id
      where u.username = 'teacher' and x.day = 'monday' and s.is_active`);
    const answer = await home('teacher', monday);
    expect(answer.date).toBe(monday);
    expect(answer.is_teacher).toBe(true);
    expect(answer.lessons.map((l) => l.id)).toEqual([...expected].sort((a, b) => a.start_time.localeCompare(b.start_time)).map((l) => l.id));
    expect(answer.lessons.map((l) => `${l.start_time}-${l.end_time} ${l.class_name} ${l.subject}`)).toEqual(['07:00-08:30 X IPA 1 Matematika', '09:30-11:00 X IPA 2 Matematika']);
    // Every school day has his lessons; Sunday none.
    for (const day of ['tuesday', 'wednesday', 'thursday', 'friday']) expect((await home('teacher', next(schoolToday(), day))).lessons.length).toBeGreaterThan(0);
    expect((await home('teacher', next(schoolToday(), 'sunday'))).lessons).toEqual([]);
    // Another teacher's lessons are not his: the vice principal teaches English on Tuesday only.
    const wakasek = await home('wakasek', next(schoolToday(), 'monday'));
    expect(wakasek.lessons).toEqual([]);
  });

  it("the homeroom class's attendance today, counted against the attendance rows", async () => {
    const today = schoolToday();
    const answer = await home('teacher');
    expect(answer.homeroom.map((c) => c.class_name)).toEqual(['X IPA 1']);
    const students = await rows(sql<{ id: number }>`select id from student where class_id = 1 and is_active`);
    const records = await rows(sql<{ student_id: number; status: string; late_minutes: number }>`
      select student_id, status, late_minutes from daily_attendance where date = ${today}::date and student_id in (select id from student where class_id = 1 and is_active)`);
    const count = (status: string) => records.filter((r) => r.status === status).length;
    expect(answer.homeroom[0]).toMatchObject({
      class_id: 1,
      students: students.length,
      present: count('Hadir'),
      late: records.filter((r) => r.status === 'Hadir' && Number(r.late_minutes) > 0).length,
      permission: count('Izin'),
      sick: count('Sakit'),
      absent: count('Alpa'),
      unrecorded: students.length - records.length,
    });
    // The admin is nobody's homeroom teacher and teaches nothing.
    const admin = await home('admin');
    expect(admin).toMatchObject({ homeroom: [], lessons: [], is_teacher: false });
  });

  it('the requests waiting for the caller only, with the earlier approvers done', async () => {
    const mine = await rows(sql<{ id: number }>`
      select p.id from permission_request p join permission_approval a on a.permission_request_id = p.id
      join users u on u.id = a.user_id where u.username = 'teacher' and a.state = 'waiting' and p.state = 'waiting' order by p.start_date, p.id`);
    const teacher = await home('teacher');
    expect(teacher.approvals.count).toBe(2);
    expect(teacher.approvals.items.map((i) => i.id)).toEqual(mine.map((r) => r.id));
    expect(teacher.approvals.items[0]).toMatchObject({ class_name: 'X IPA 1', reason: 'Sakit' });
    expect((await home('wakasek')).approvals).toEqual({ count: 0, items: [] });
    expect((await home('admin')).approvals.count).toBe(0);
  });

  it("the school's figures for the admin only, against the rows", async () => {
    const [figures] = await rows(sql<{ students: number; classes: number; teachers: number; without: number }>`
      select (select count(*)::int from student where is_active) as students,
        (select count(*)::int from class where is_active and academic_year_id = (select id from academic_year where is_active)) as classes,
        (select count(*)::int from teacher where is_active) as teachers,
        (select count(*)::int from class where is_active and academic_year_id = (select id from academic_year where is_active) and homeroom_teacher_1_id is null) as without`);
    const [recorded] = await rows(sql<{ n: number; present: number }>`
      select count(*)::int as n, count(*) filter (where a.status = 'Hadir')::int as present
      from daily_attendance a join student s on s.id = a.student_id where s.is_active and a.date = ${schoolToday()}::date`);
    const admin = await home('admin');
    expect(admin.school).toMatchObject({ students: figures.students, classes: figures.classes, teachers: figures.teachers, classes_without_homeroom: figures.without });
    expect(admin.school!.attendance.present).toBe(recorded.present);
    expect(admin.school!.attendance.unrecorded).toBe(figures.students - recorded.n);
    expect(admin.academic_year).toBe('2025/2026');
    expect(admin.semester).toBe('Semester Ganjil 2025/2026');
    expect((await home('teacher')).school).toBeNull();
    expect((await home('wakasek')).school).toBeNull();
  });

  it('the agenda: school events and holidays of the next two weeks', async () => {
    const from = '2025-12-15';
    const answer = await home('teacher', from);
    const events = await rows(sql<{ name: string }>`select name from school_event where end_date >= ${from}::date and start_date <= ${addDays(from, 13)}::date`);
    const holidays = await rows(sql<{ description: string }>`
      select h.description from holiday_detail h join holiday l on l.id = h.holiday_id
      where l.is_active and h.end_date >= ${from}::date and h.start_date <= ${addDays(from, 13)}::date`);
    expect(answer.agenda.map((a) => a.name).sort()).toEqual([...events.map((e) => e.name), ...holidays.map((h) => h.description)].sort());
    expect(answer.agenda.length).toBeGreaterThan(0);
    const dates = answer.agenda.map((a) => a.start_date);
    expect(dates).toEqual([...dates].sort());
  });

  it("today's agenda holds the coming weeks' events the first start seeded, staff-only ones included; seeding again adds none", async () => {
    const records = recordWrites(catalog, await loadHooks(catalog));
    expect(await database.db.transaction().execute((tx) => seedDemoAgenda(tx, catalog, records))).toBe(0);
    const today = schoolToday();
    const agenda = (await home('teacher')).agenda;
    const events = await rows(sql<{ name: string; start_date: string; end_date: string }>`
      select name, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date
      from school_event where end_date >= ${today}::date and start_date <= ${addDays(today, 13)}::date
      order by start_date, start_time nulls first, name`);
    // Their order is the day's: the contest, moved past a weekend or holiday, may start with the exams (all-day, so first).
    expect(events.map((e) => e.name).sort()).toEqual(['Lomba Sains antar Kelas', 'Penilaian Akhir Semester', 'Rapat Dewan Guru']);
    // By start date, all-day items first on a day, then by name.
    expect(agenda.filter((a) => a.kind === 'event').map((a) => a.name)).toEqual(events.map((e) => e.name));
    // Each on school days: no weekend day from its start to its end.
    for (const event of events) {
      for (let day = event.start_date; day <= event.end_date; day = addDays(day, 1)) expect(isWeekend(day), `${event.name} on ${day}`).toBe(false);
    }
  });

  it('a Saturday and a Sunday are the weekend, a Monday is not', async () => {
    expect((await home('teacher', '2026-12-05')).weekend).toBe(true);
    expect((await home('teacher', '2026-12-06')).weekend).toBe(true);
    const monday = await home('teacher', '2026-12-07');
    expect(monday.weekend).toBe(false);
    expect(monday.holidays).toEqual([]);
  });

  it('a holiday says so', async () => {
    const [holiday] = await rows(sql<{ start_date: string; description: string }>`
      select to_char(h.start_date, 'YYYY-MM-DD') as start_date, h.description from holiday_detail h join holiday l on l.id = h.holiday_id where l.is_active order by h.start_date limit 1`);
    expect((await home('teacher', holiday.start_date)).holidays).toContain(holiday.description);
  });

  it("the staff calendar: a period's events (staff-only ones too) and holidays against the rows; this month by default", async () => {
    const calendar = `/api/v1/${ACADEMIC_HOME_PATHS.calendar}`;
    const answer = await call(`${calendar}?date_from=2025-11-24&date_to=2026-01-04`, 'teacher');
    expect(answer.status, answer.text).toBe(200);
    const items = answer.json.data as CalendarItem[];
    const events = await rows(sql<{ name: string }>`select name from school_event where end_date >= '2025-11-24' and start_date <= '2026-01-04'`);
    const holidays = await rows(sql<{ description: string }>`
      select h.description from holiday_detail h join holiday l on l.id = h.holiday_id
      where l.is_active and h.end_date >= '2025-11-24' and h.start_date <= '2026-01-04'`);
    expect(items.filter((i) => i.kind === 'event').map((i) => i.name).sort()).toEqual(events.map((e) => e.name).sort());
    expect(items.filter((i) => i.kind === 'holiday').map((i) => i.name).sort()).toEqual(holidays.map((h) => h.description).sort());
    expect(holidays.length).toBeGreaterThan(0);
    const starts = items.map((i) => i.start_date);
    expect(starts).toEqual([...starts].sort());
    // This month by default; the staff-only teachers' meeting is on the staff's calendar.
    const month = await call(calendar, 'admin');
    const today = schoolToday();
    expect(month.json.date_from).toBe(`${today.slice(0, 7)}-01`);
    expect(month.json.date_to.slice(0, 7)).toBe(today.slice(0, 7));
    expect(addDays(month.json.date_to, 1).slice(8)).toBe('01');
    const december = await call(`${calendar}?date_from=2025-12-01`, 'teacher');
    expect(december.json).toMatchObject({ date_from: '2025-12-01', date_to: '2025-12-31' });
    expect((december.json.data as CalendarItem[]).map((i) => i.name)).toContain('Hari Raya Natal');
    const meeting = await rows(sql<{ start_date: string }>`select to_char(start_date, 'YYYY-MM-DD') as start_date from school_event where name = 'Rapat Dewan Guru'`);
    const around = await call(`${calendar}?date_from=${meeting[0].start_date}&date_to=${meeting[0].start_date}`, 'teacher');
    expect((around.json.data as CalendarItem[]).map((i) => i.name)).toContain('Rapat Dewan Guru');
  });

  it('the staff calendar refuses a reversed or too long period, a date that is none, and a parent', async () => {
    const calendar = `/api/v1/${ACADEMIC_HOME_PATHS.calendar}`;
    const reversed = await call(`${calendar}?date_from=2026-12-10&date_to=2026-12-01`, 'teacher');
    expect(reversed.status).toBe(422);
    expect(reversed.json.messages.date_to).toBeDefined();
    const tooLong = await call(`${calendar}?date_from=2026-01-01&date_to=2026-06-30`, 'teacher');
    expect(tooLong.status).toBe(422);
    expect(tooLong.json.messages.date_to).toEqual(['Pilih periode paling lama 62 hari']);
    expect([message('en', 'maxPeriod', { count: 1 }), message('en', 'maxPeriod', { count: 62 })]).toEqual(['Choose a period of at most 1 day', 'Choose a period of at most 62 days']);
    expect(message('id', 'maxPeriod', { count: 1 })).toBe('Pilih periode paling lama 1 hari');
    const none = await call(`${calendar}?date_from=2026-13-01`, 'teacher');
    expect(none.status).toBe(422);
    expect(none.json.messages.date_from).toBeDefined();
    expect((await call(calendar, 'parent')).status).toBe(403);
  });

  it('refuses a parent and a student, and a date that is none', async () => {
    expect((await call(path, 'parent')).status).toBe(403);
    expect((await call(path, 'student')).status).toBe(403);
    const bad = await call(`${path}?date=2026-02-30`, 'teacher');
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.json)).toMatch(/date/i);
    expect((await call(path)).status).toBe(401);
  });
});
