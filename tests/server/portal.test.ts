// The parent and student portals (issue 15; server/portal/) on a first start's demo school: what
// the demo parent's home shows agrees with the attendance records and the ledger, the details
// open, a period whose end is before its start is refused under its field, and the sweep: every
// portal call made with another family's ids (a student_id, a record's id) answers nothing of
// theirs, for a parent, another parent and a student; staff get 403.

import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { buildCatalog } from '../../server/crud/catalog';
import { tables } from '../../server/generated/tables';
import { addDays, schoolToday } from '../../src/shared/schoolCalendar';
import { loadHooks } from '../../server/records/loadHooks';
import { recordWrites } from '../../server/records/recordWrites';
import { DEMO_PASSWORD } from '../../server/seed/demoUsers';
import { SPECIAL_DAY_NOTE, seedDemoAttendance } from '../../server/seed/seedDemoAttendance';
import { entities, validators } from '../../src/generated/all';
import { PORTAL_PATHS, defaultWeek } from '../../src/shared/api/portal';
import { openFirstStartDatabase } from './firstStartTemplate';
import type { TestDatabase } from './harness';

const catalog = buildCatalog(entities, validators, tables);
const OTHER_PASSWORD = 'another-family-1';

describe('the parent and student portals', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const tokens = new Map<string, string>();
  let siti = 0;
  let bima = 0;
  /** A roster student: the other family's child. */
  let other = 0;
  let seedMs = 0;
  const rows = async <T,>(query: ReturnType<typeof sql<T>>) => (await query.execute(database.db)).rows;

  async function login(path: string, username: string, password: string): Promise<string> {
    const answer = await app.inject({ method: 'POST', url: `/api/v1/auth/${path}/`, payload: { username, password } });
    const token = answer.json().access_token as string;
    if (!token) throw new Error(`login of ${username}: ${answer.body}`);
    return token;
  }

  async function call(as: string, url: string) {
    const answer = await app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { authorization: `Bearer ${tokens.get(as)}` } });
    return { status: answer.statusCode, json: answer.json() };
  }

  beforeAll(async () => {
    // The first start's school, seeded once for the files that read it (./firstStartTemplate.ts).
    database = await openFirstStartDatabase();
    // The attendance seed again, timed alone (issue: at most ~1 s of a first start).
    await sql`delete from subject_attendance`.execute(database.db);
    await sql`delete from daily_attendance`.execute(database.db);
    const started = performance.now();
    await database.db.transaction().execute(async (tx) => seedDemoAttendance(tx, catalog, recordWrites(catalog, await loadHooks(catalog))));
    seedMs = performance.now() - started;
    app = await buildApp({ db: database.db, entities, validators, tables });
    await app.ready();
    [siti, bima] = (await rows(sql<{ id: number }>`select id from student where username in ('student', 'bima') order by id`)).map((r) => Number(r.id)) as [number, number];
    // Another family: a parent account for one roster student who has invoices, payments and attendance.
    other = Number(
      (
        await rows(sql<{ id: number }>`
          select s.id from student s where s.id not in (${siti}, ${bima})
            and exists (select 1 from payment p where p.student_id = s.id)
            and exists (select 1 from waiver w join invoice i on i.id = w.invoice_id where i.student_id = s.id)
            and exists (select 1 from daily_attendance a where a.student_id = s.id)
          order by s.id limit 1`)
      )[0]!.id,
    );
    tokens.set('admin', await login('login', 'admin', DEMO_PASSWORD));
    const made = await app.inject({
      method: 'POST',
      url: '/api/v1/parentuser',
      headers: { authorization: `Bearer ${tokens.get('admin')}` },
      payload: { username: 'otherparent', name: 'Keluarga Lain', password: OTHER_PASSWORD, student_ids: [other], is_active: true },
    });
    expect(made.statusCode, made.body).toBe(201);
    tokens.set('parent', await login('log-parent', 'parent', DEMO_PASSWORD));
    tokens.set('student', await login('log-student', 'student', DEMO_PASSWORD));
    tokens.set('otherparent', await login('log-parent', 'otherparent', OTHER_PASSWORD));
    tokens.set('finance', await login('login', 'finance', DEMO_PASSWORD));
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('seeds the term attendance in about a second', () => {
    console.info(`seedDemoAttendance: ${seedMs.toFixed(0)} ms`);
    expect(seedMs).toBeLessThan(3000);
  });

  it("lists the demo parent's two children and the student's own self", async () => {
    const parent = await call('parent', PORTAL_PATHS.children);
    expect(parent.json.data.map((c: { id: number }) => c.id)).toEqual([siti, bima]);
    expect(parent.json.data[0]).toMatchObject({ label: 'Siti Rahmawati', classname: 'X IPA 1' });
    const student = await call('student', PORTAL_PATHS.children);
    expect(student.json.data.map((c: { id: number }) => c.id)).toEqual([siti]);
  });

  it("shows each child's week as the attendance records hold it, the special day with its note", async () => {
    const week = defaultWeek(schoolToday());
    const answer = await call('parent', PORTAL_PATHS.week);
    expect(answer.json).toMatchObject({ firstWeek: week.firstWeek, lastWeek: week.lastWeek });
    const stored = await rows(sql<{ student_id: number; date: string; status: string; late_minutes: number; is_special: boolean; note: string | null }>`
      select student_id, to_char(date, 'YYYY-MM-DD') as date, status, late_minutes, is_special, note from daily_attendance
      where student_id in (${siti}, ${bima}) and date between ${week.firstWeek}::date and ${week.lastWeek}::date`);
    expect(stored.length).toBeGreaterThanOrEqual(8);
    for (const child of answer.json.data as { student_id: number; data: { date: string; status: string | null; late_check: number; is_special: boolean; ket: string | null; off_day: boolean }[] }[]) {
      expect(child.data).toHaveLength(8);
      for (const day of child.data) {
        const record = stored.find((r) => Number(r.student_id) === child.student_id && r.date === day.date);
        expect(day.status).toBe(record?.status ?? null);
        expect(day.late_check).toBe(record ? Number(record.late_minutes) : 0);
        if (record?.is_special) expect(day.ket).toBe(SPECIAL_DAY_NOTE);
      }
      expect(child.data.some((d) => d.is_special)).toBe(true);
      expect(child.data.some((d) => d.late_check > 0)).toBe(true);
    }
    const sitiWeek = answer.json.data[0].data.map((d: { status: string | null }) => d.status);
    expect(sitiWeek).toContain('Sakit');
    expect(answer.json.data[1].data.map((d: { status: string | null }) => d.status)).toContain('Izin');
  });

  it("shows each child's outstanding invoices and payments as the ledger holds them", async () => {
    const invoices = await call('parent', PORTAL_PATHS.invoices);
    const owed = await rows(sql<{ student_id: number; n: number; total: string }>`
      select student_id, count(*)::int as n, sum(outstanding)::text as total from invoice
      where student_id in (${siti}, ${bima}) and is_published and state in ('open', 'paid') and outstanding > 0 group by student_id`);
    for (const child of invoices.json.data as { student_id: number; total_outstanding: number; rows: unknown[] }[]) {
      const ledger = owed.find((o) => Number(o.student_id) === child.student_id);
      expect(child.rows.length).toBe(ledger?.n ?? 0);
      expect(child.total_outstanding).toBe(Number(ledger?.total ?? 0));
    }
    expect(invoices.json.data.some((c: { rows: unknown[] }) => c.rows.length > 1)).toBe(true);
    const payments = await call('parent', PORTAL_PATHS.payments);
    const paid = await rows(sql<{ student_id: number; total: string }>`
      select student_id, sum(amount)::text as total from payment where student_id in (${siti}, ${bima}) group by student_id`);
    for (const child of payments.json.data as { student_id: number; total_paid: number }[]) {
      expect(child.total_paid).toBe(Number(paid.find((p) => Number(p.student_id) === child.student_id)?.total ?? 0));
    }
  });

  it('opens an invoice, a payment and a day in detail', async () => {
    const invoices = await call('parent', `${PORTAL_PATHS.invoices}?selectinv=all`);
    const invoice = invoices.json.data[0].rows[0];
    const detail = await call('parent', `${PORTAL_PATHS.invoiceDetail}/${invoice.id}`);
    expect(detail.status).toBe(200);
    expect(detail.json.data).toMatchObject({ invoice_no: invoice.invoice_no, nis: '2025001', classname: 'X IPA 1', departname: expect.any(String) });
    const payments = await call('parent', PORTAL_PATHS.payments);
    const payment = payments.json.data.flatMap((c: { rows: unknown[] }) => c.rows)[0];
    const paymentDetail = await call('parent', `${PORTAL_PATHS.paymentDetail}/${payment.id}`);
    expect(paymentDetail.status).toBe(200);
    expect(paymentDetail.json.data).toMatchObject({ payment_no: payment.payment_no, payment_value: payment.payment_value });
    const daily = await call('student', `${PORTAL_PATHS.daily}?date_from=${addDays(schoolToday(), -14)}&date_to=${schoolToday()}`);
    const monday = daily.json.data[0].rows.find((r: { date: string; status: string }) => new Date(`${r.date}T00:00:00Z`).getUTCDay() === 1 && r.date < schoolToday());
    const day = await call('student', `${PORTAL_PATHS.attendanceDetail}/${monday.id}`);
    expect(day.json.data).toMatchObject({ nis: '2025001', name_class: 'X IPA 1', ket_hri: 'Monday', start_school: '07:00', end_school: '15:00' });
    expect(day.json.data.semua_pelajaran.length).toBeGreaterThanOrEqual(1);
  });


  it('counts a subject\'s lesson periods a week from the timetable and the study times, not its timetable rows', async () => {
    // X IPA 1: Mathematics Monday 07:00-08:30 (periods 1-2), Physics Monday 09:30-11:45 (4-6,
    // after the break), Bahasa Indonesia Monday 08:30-09:15 (3), PE Wednesday 07:00-09:15 (1-3).
    const academic = await call('parent', PORTAL_PATHS.academic);
    expect(academic.status).toBe(200);
    const siti = academic.json.data.find((c: { nis: string }) => c.nis === '2025001');
    const periods = Object.fromEntries(siti.subjects.map((s: { code: string; lessons_per_week: number }) => [s.code, s.lessons_per_week]));
    expect(periods).toMatchObject({ MTK: 2, FIS: 3, BIN: 1, PJOK: 3 });
    // A timetable entry outside any study time is still one lesson.
    await sql`insert into schedule (department_id, academic_year_id, semester_id, class_id, subject_id, teacher_id, day, start_time, end_time)
      values (4, 2, 3, 1, 2, 1, 'friday', '13:00', '13:30')`.execute(database.db);
    try {
      const again = await call('parent', PORTAL_PATHS.academic);
      const subjects = again.json.data.find((c: { nis: string }) => c.nis === '2025001').subjects;
      expect(subjects.find((s: { code: string }) => s.code === 'PPKN')?.lessons_per_week).toBe(1);
    } finally {
      await sql`delete from schedule where day = 'friday' and start_time = '13:00' and class_id = 1`.execute(database.db);
    }
  });
  it('narrows every -parent lookup to the caller\'s own children', async () => {
    const otherRow = (await rows(sql<{ department_id: number; class_id: number }>`select department_id, class_id from student where id = ${other}`))[0]!;
    const idsOf = (answer: { json: { data: { id: number | string }[] } }) => answer.json.data.map((r) => r.id).filter((id) => id !== 'ALL').map(Number).sort((a, b) => a - b);
    expect(idsOf(await call('parent', 'department-parent'))).toEqual([3, 4]);
    expect(idsOf(await call('otherparent', 'department-parent'))).toEqual([Number(otherRow.department_id)]);
    expect(idsOf(await call('parent', 'class-parent'))).toEqual([1]);
    expect(idsOf(await call('otherparent', 'class-parent'))).toEqual([Number(otherRow.class_id)]);
    expect(idsOf(await call('student', 'department-parent'))).toEqual([4]);
    // Siti's timetable is her class's; the other family's child has none.
    const sitiLessons = (await rows(sql<{ id: number }>`select id from schedule where class_id = 1 order by id`)).map((r) => Number(r.id));
    expect(idsOf(await call('parent', 'schedule-parent'))).toEqual(sitiLessons);
    expect(idsOf(await call('otherparent', 'schedule-parent?class_id=1'))).toEqual([]);
    // The sweep: whatever a -parent lookup answers the other family concerns their child only, never Siti's or Bima's.
    const parentLookups = entities.flatMap((entity) => (entity.lookups ?? []).filter((l) => l.name.endsWith('-parent')).map((l) => ({ entity, name: l.name })));
    expect(parentLookups.length).toBeGreaterThanOrEqual(10);
    for (const { entity, name } of parentLookups) {
      const theirs = await call('otherparent', name);
      expect(theirs.status, name).toBe(200);
      const ours = new Set(idsOf(await call('parent', name)));
      const shared = new Set(
        (await rows(sql<{ id: number }>`select id from ${sql.table(entity.name)}`)).map((r) => Number(r.id)).filter((id) => ours.has(id)),
      );
      for (const id of idsOf(theirs)) {
        // An id both families may see (the same unit, a shared income type) is no leak; one only ours is.
        if (shared.has(id)) expect(await isTheirs(entity.name, id), `${name} ${id}`).toBe(true);
      }
    }
    // The same lookups asked with the other family's ids in every filter they take (their unit,
    // class, year, semester): the demo parent still gets only what concerns Siti and Bima.
    const theirClass = (await rows(sql<{ academic_year_id: number; semester_id: number | null }>`
      select k.academic_year_id, (select m.id from semester m where m.academic_year_id = k.academic_year_id order by m.id limit 1) as semester_id
      from class k where k.id = ${otherRow.class_id}`))[0]!;
    const theirFilters: Record<string, number | null> = {
      department_id: Number(otherRow.department_id),
      class_id: Number(otherRow.class_id),
      academic_year_id: Number(theirClass.academic_year_id),
      semester_id: theirClass.semester_id === null ? null : Number(theirClass.semester_id),
    };
    for (const { entity, name } of parentLookups) {
      const lookup = entity.lookups!.find((l) => l.name === name)!;
      const params = lookup.filters.filter((f) => theirFilters[f] !== undefined && theirFilters[f] !== null).map((f) => `${f}=${theirFilters[f]}`);
      const mine = new Set(await ownLookupIdsOf(entity.name, [siti, bima]));
      for (const as of ['parent', 'student'] as const) {
        const answer = await call(as, params.length ? `${name}?${params.join('&')}` : name);
        expect(answer.status, `${as} ${name}?${params.join('&')}`).toBe(200);
        const allowed = as === 'parent' ? mine : new Set(await ownLookupIdsOf(entity.name, [siti]));
        for (const id of idsOf(answer)) expect(allowed.has(id), `${as} ${name} ${id}`).toBe(true);
      }
      // A filter the lookup does not take (the other family's parent or child named outright) is
      // refused, with nothing listed.
      const named = await call('parent', `${name}?student_id=${other}`);
      expect(named.status, name).toBe(400);
      expect(named.json.data, name).toBeUndefined();
    }
    // Staff keep the entity's own access: all classes for an admin.
    expect(idsOf(await call('admin', 'class-parent')).length).toBeGreaterThan(5);
  });

  /** The ids of an entity that concern these students (what their family may see in its lookup). */
  async function ownLookupIdsOf(entityName: string, students: number[]): Promise<number[]> {
    const { ownLookupIds } = await import('../../server/portal/ownLookupIds');
    return ownLookupIds(database.db, entityName, students);
  }

  /** Whether the record concerns the other family's child (their unit, class, year, invoices, payments). */
  async function isTheirs(entityName: string, id: number): Promise<boolean> {
    return (await ownLookupIdsOf(entityName, [other])).includes(id);
  }

  it("reports a class's daily attendance per student as the records hold it, to staff only", async () => {
    const from = addDays(schoolToday(), -60);
    const to = schoolToday();
    const answer = await call('admin', `${PORTAL_PATHS.dailyReport}?class_id=1&date_from=${from}&date_to=${to}`);
    expect(answer.status).toBe(200);
    const stored = await rows(sql<{ student_id: number; status: string; late_minutes: number }>`
      select a.student_id, a.status, a.late_minutes from daily_attendance a join student s on s.id = a.student_id
      where s.class_id = 1 and s.is_active and a.date between ${from}::date and ${to}::date`);
    const report = answer.json.data as { student_id: number; days: number; present: number; sick: number; permission: number; absent: number; tardy: number }[];
    expect(report.reduce((n, r) => n + r.days, 0)).toBe(stored.length);
    const siti_ = report.find((r) => r.student_id === siti)!;
    const own = stored.filter((r) => Number(r.student_id) === siti);
    expect(siti_).toMatchObject({
      days: own.length,
      present: own.filter((r) => r.status === 'Hadir').length,
      sick: own.filter((r) => r.status === 'Sakit').length,
      tardy: own.filter((r) => r.status === 'Hadir' && Number(r.late_minutes) > 0).length,
    });
    expect(siti_.sick).toBeGreaterThanOrEqual(1);
    expect((await call('parent', `${PORTAL_PATHS.dailyReport}?class_id=1`)).status).toBe(403);
    expect((await call('student', `${PORTAL_PATHS.dailyReport}?class_id=1`)).status).toBe(403);
  });

  it('refuses a period whose end is before its start, under the end field', async () => {
    const answer = await call('parent', `${PORTAL_PATHS.daily}?date_from=2026-11-10&date_to=2026-11-01`);
    expect(answer.status).toBe(422);
    expect(answer.json.messages.date_to).toBeTruthy();
    const bad = await call('parent', `${PORTAL_PATHS.week}?firstWeek=yesterday`);
    expect(bad.status).toBe(422);
    expect(bad.json.messages.firstWeek).toBeTruthy();
  });

  it('answers nothing of another family, whatever ids are sent (the sweep)', async () => {
    const wide = `date_from=${addDays(schoolToday(), -100)}&date_to=${schoolToday()}`;
    const lists = [
      PORTAL_PATHS.children,
      PORTAL_PATHS.week,
      `${PORTAL_PATHS.daily}?${wide}`,
      `${PORTAL_PATHS.subject}?${wide}`,
      `${PORTAL_PATHS.invoices}?selectinv=all`,
      PORTAL_PATHS.payments,
      PORTAL_PATHS.waivers,
      PORTAL_PATHS.schedule,
      PORTAL_PATHS.calendar,
      PORTAL_PATHS.academic,
      PORTAL_PATHS.coursework,
    ];
    // Every portal call is in the sweep: the lists above, the details below, the contact number
    // (the school's, no family's) and staff's report (403 to a family, tested above).
    const swept = new Set([...lists.map((url) => url.split('?')[0]), PORTAL_PATHS.invoiceDetail, PORTAL_PATHS.paymentDetail, PORTAL_PATHS.attendanceDetail, PORTAL_PATHS.contact, PORTAL_PATHS.dailyReport]);
    expect([...swept].sort()).toEqual(Object.values(PORTAL_PATHS).sort());
    const contact = await call('parent', `${PORTAL_PATHS.contact}?student_id=${other}`);
    expect(contact.status).toBe(200);
    expect(Object.keys(contact.json.data).sort()).toEqual(['phone', 'theme']);
    const withChild = (url: string, id: number) => `${url}${url.includes('?') ? '&' : '?'}student_id=${id}`;
    const mentions = (json: unknown, id: number) => JSON.stringify(json).match(new RegExp(`"(student_id|id)":${id}[,}]`)) !== null;
    // The other family's records, by id.
    const firstOf = async (query: ReturnType<typeof sql<{ student_id: number; id: number }>>) =>
      new Map((await rows(query)).map((r) => [Number(r.student_id), Number(r.id)]));
    const family = [siti, bima, other];
    const invoiceOf = await firstOf(sql`select student_id, min(id) as id from invoice where student_id = any(${family}) and is_published group by student_id`);
    const allocationOf = await firstOf(sql`select p.student_id, min(a.id) as id from payment_allocation a join payment p on p.id = a.payment_id where p.student_id = any(${family}) group by p.student_id`);
    const dayOf = await firstOf(sql`select student_id, min(id) as id from daily_attendance where student_id = any(${family}) group by student_id`);
    expect([invoiceOf.get(other), allocationOf.get(other), dayOf.get(other), invoiceOf.get(siti), dayOf.get(siti), dayOf.get(bima)].every((id) => id !== undefined)).toBe(true);

    for (const url of lists) {
      // The demo parent asking for the other family's child gets no group and no row of theirs.
      const asked = await call('parent', withChild(url, other));
      expect(asked.status, url).toBe(200);
      expect(mentions(asked.json, other), url).toBe(false);
      if (url !== PORTAL_PATHS.calendar) expect(asked.json.data, url).toEqual([]);
      // The other parent sees their child only, never Siti or Bima, asked or not.
      for (const target of [undefined, siti, bima]) {
        const theirs = await call('otherparent', target === undefined ? url : withChild(url, target));
        expect(theirs.status, url).toBe(200);
        expect(mentions(theirs.json, siti) || mentions(theirs.json, bima), `${url} ${target}`).toBe(false);
      }
      // The student asking for their brother gets nothing.
      const sister = await call('student', withChild(url, bima));
      expect(mentions(sister.json, bima), url).toBe(false);
      // Staff have the staff screens, not the portal.
      expect((await call('finance', url)).status, url).toBe(403);
    }
    // Every detail endpoint, for each caller, with a record of each child: their own open (200),
    // anyone else's is as if it did not exist (404).
    const sees: Record<string, number[]> = { parent: [siti, bima], otherparent: [other], student: [siti] };
    const details: [string, string, number][] = [];
    for (const [as, own] of Object.entries(sees)) {
      for (const child of [siti, bima, other]) {
        const status = own.includes(child) ? 200 : 404;
        for (const [path, id] of [
          [PORTAL_PATHS.invoiceDetail, invoiceOf.get(child)],
          [PORTAL_PATHS.paymentDetail, allocationOf.get(child) === undefined ? undefined : `a${allocationOf.get(child)}`],
          [PORTAL_PATHS.attendanceDetail, dayOf.get(child)],
        ] as const) {
          if (id !== undefined) details.push([as, `${path}/${id}`, status]);
        }
      }
    }
    // Each kind of detail is asked of another family at least once.
    for (const path of [PORTAL_PATHS.invoiceDetail, PORTAL_PATHS.paymentDetail, PORTAL_PATHS.attendanceDetail]) {
      expect(details.some(([, url, status]) => url.startsWith(`${path}/`) && status === 404), path).toBe(true);
    }
    for (const [as, url, status] of details) expect((await call(as, url)).status, `${as} ${url}`).toBe(status);
  });
});
