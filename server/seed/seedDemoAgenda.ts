// The agenda demo: the school events of the weeks after the day of seeding, so the academic home
// (/home-academic), the calendar and the portals' calendar show what is coming, whatever day
// the demo starts (the events of server/seed/demo/school_event.yaml are the 2025/2026 year's,
// fixed). A teachers' meeting (staff only), a science contest and the end-of-term assessment;
// each on school days (the assessment Monday to Friday of a week ahead). Written through the write door, as an admin.

import { sql } from 'kysely';
import { weekdayOf } from '../../src/shared/api/portal';
import { addDays, schoolToday } from '../../src/shared/schoolCalendar';
import type { Catalog } from '../crud/catalog';
import type { Db } from '../db/database';
import type { Caller, RecordWrites } from '../records/recordWrites';

const CALLER: Caller = { username: 'seed', roles: ['ROLE_ADMIN'], locale: 'id' };

/** `date`, or the first Monday after it when it falls on a weekend. */
function schoolDayFrom(date: string): string {
  const day = weekdayOf(date);
  return day === 'Saturday' ? addDays(date, 2) : day === 'Sunday' ? addDays(date, 1) : date;
}

/** `date`, or the first Monday after it: a week of assessment runs Monday to Friday. */
function mondayFrom(date: string): string {
  let day = date;
  while (weekdayOf(day) !== 'Monday') day = addDays(day, 1);
  return day;
}

/** Seeds inside the caller's transaction; answers how many events it wrote (0 when some lie ahead already). */
export async function seedDemoAgenda(tx: Db, catalog: Catalog, records: RecordWrites, now = new Date()): Promise<number> {
  if (!catalog.entityNamed('school_event')) return 0;
  const today = schoolToday(now);
  const ahead = await sql<{ n: number }>`select count(*)::int as n from school_event where end_date >= ${today}::date`.execute(tx);
  if ((ahead.rows[0]?.n ?? 0) > 0) return 0;
  const year = (await sql<{ id: number }>`select id from academic_year where is_active order by start_date desc nulls last limit 1`.execute(tx)).rows[0];
  const meeting = schoolDayFrom(addDays(today, 2));
  const contest = schoolDayFrom(addDays(today, 5));
  const exams = mondayFrom(addDays(today, 7));
  const events = [
    { name: 'Rapat Dewan Guru', event_type: 'meeting', department_ids: [4], start_date: meeting, end_date: meeting, start_time: '13:30', end_time: '15:00', location: 'Ruang Rapat Yayasan', description: 'Persiapan penilaian akhir semester dan pembagian rapor', color: '#7B1FA2', is_public: false },
    { name: 'Lomba Sains antar Kelas', event_type: 'competition', department_ids: [3, 4], start_date: contest, end_date: contest, start_time: '08:00', end_time: '12:00', location: 'Laboratorium Fisika', color: '#388E3C', is_public: true },
    { name: 'Penilaian Akhir Semester', event_type: 'exam', department_ids: [3, 4], start_date: exams, end_date: addDays(exams, 4), color: '#F57C00', is_public: true },
  ].map((event) => ({ ...event, ...(year ? { academic_year_id: Number(year.id) } : {}) }));
  return (await records.createMany(tx, CALLER, 'school_event', events)).rows.length;
}
