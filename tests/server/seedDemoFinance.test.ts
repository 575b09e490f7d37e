// The finance demo (server/seed/seedDemoFinance.ts): a first start seeds ~600 students over
// SD, SMP and SMA with VA numbers (a few without, so the generate warning has someone to name),
// the demo logins' students stay as they were, the same school on every start, and the
// sample bank file names VAs the start really seeds.

import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/password';
import { buildCatalog } from '../../server/crud/catalog';
import { migrate } from '../../server/db/migrate';
import { tables } from '../../server/generated/tables';
import { planRoster, readRoster, SAMPLE_BANK_FILE, sampleBankFile, seedDemoFinance } from '../../server/seed/seedDemoFinance';
import { seedFirstStart } from '../../server/seed/seedFirstStart';
import { entities, validators } from '../../src/generated/all';
import { openTestDatabase, quietLog, type TestDatabase } from './harness';

const catalog = buildCatalog(entities, validators, tables);

describe('the finance demo on a first start', () => {
  let database: TestDatabase;
  const rows = async <T,>(query: ReturnType<typeof sql<T>>) => (await query.execute(database.db)).rows;

  beforeAll(async () => {
    database = await openTestDatabase();
    await migrate(database.db, tables, quietLog);
    expect(await seedFirstStart(database.db, catalog, quietLog)).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await database?.dispose();
  });

  it('has about 600 students over the three units, every class filled', async () => {
    const units = await rows(sql<{ code: string; students: number; classes: number }>`
      select d.code, count(s.id)::int as students, count(distinct s.class_id)::int as classes
      from student s join department d on d.id = s.department_id group by d.code order by d.code`);
    expect(units.map((u) => u.code)).toEqual(['SD', 'SMA', 'SMP']);
    const total = units.reduce((sum, u) => sum + u.students, 0);
    expect(total).toBeGreaterThanOrEqual(580);
    expect(total).toBeLessThanOrEqual(620);
    expect(units.find((u) => u.code === 'SD')).toMatchObject({ classes: 12 });
    expect(units.find((u) => u.code === 'SMP')?.classes).toBeGreaterThanOrEqual(9);
    expect(units.find((u) => u.code === 'SMA')).toMatchObject({ classes: 9 });
    for (const unit of units) expect(unit.students, unit.code).toBeGreaterThan(150);
  });

  it('gives ~97% of the students a VA number of their unit, and leaves a few in each unit without one', async () => {
    const perUnit = await rows(sql<{ code: string; students: number; with_va: number }>`
      select d.code, count(s.id)::int as students, count(v.id)::int as with_va
      from student s join department d on d.id = s.department_id left join va_student v on v.student_id = s.id
      group by d.code order by d.code`);
    for (const unit of perUnit) {
      expect(unit.students - unit.with_va, unit.code).toBeGreaterThanOrEqual(1);
      expect(unit.with_va / unit.students, unit.code).toBeGreaterThan(0.94);
    }
    // Each VA number: its code's company and sub company code, the code's length, the student's unit.
    const wrong = await rows(sql<{ va_no: string }>`
      select v.va_no from va_student v join va_code c on c.id = v.va_code_id join student s on s.id = v.student_id
      where v.va_no not like c.company_code || c.sub_company_code || '%' or length(v.va_no) <> c.length
         or c.department_id <> s.department_id or v.student_name <> s.name or v.student_number <> s.nis`);
    expect(wrong).toEqual([]);
  });

  it('keeps the demo logins\' students, Siti and Bima, as they were', async () => {
    const demo = await rows(sql<{ id: number; nis: string; name: string; username: string; password: string; class_id: number | null }>`
      select id, nis, name, username, password, class_id from student where id in (1, 2) order by id`);
    expect(demo.map((s) => [s.id, s.nis, s.name, s.username, s.class_id])).toEqual([
      [1, '2025001', 'Siti Rahmawati', 'student', 1],
      [2, '2025002', 'Bima Rahmawan', 'bima', null],
    ]);
    expect(await verifyPassword(demo[0]!.password, 'demo')).toBe(true);
    const vas = await rows(sql<{ student_id: number; va_no: string }>`select student_id, va_no from va_student where student_id in (1, 2) order by student_id`);
    expect(vas).toEqual([{ student_id: 1, va_no: '1234504002025001' }, { student_id: 2, va_no: '1234503002025002' }]);
  });

  it('lets none of the roster students log in with the demo password', async () => {
    const [one] = await rows(sql<{ password: string }>`select password from student where id > 2 order by id limit 1`);
    expect(await verifyPassword(one!.password, 'demo')).toBe(false);
  });

  it('seeds the same roster on every start, and nothing on a second call', async () => {
    const seeded = await rows(sql<{ nis: string; name: string }>`select nis, name from student where id > 2 order by id`);
    const planned = planRoster(readRoster());
    expect(seeded).toEqual(planned.map((s) => ({ nis: s.nis, name: s.name })));
    const again = await database.db.transaction().execute((tx) => seedDemoFinance(tx, catalog, null));
    expect(again.students).toBe(0);
    const [count] = await rows(sql<{ n: number }>`select count(*)::int as n from student`);
    expect(count!.n).toBe(planned.length + 2);
  });

  it('ships a sample bank file whose VA numbers the start seeded, but for the one unknown', async () => {
    const { text, kinds } = sampleBankFile();
    // The committed file is what the recipes make (rebuild it with sampleBankFile() after changing them).
    expect(readFileSync(SAMPLE_BANK_FILE, 'utf8')).toBe(text);
    const lines = text.trim().split('\n').slice(2);
    expect(lines).toHaveLength(kinds.length);
    expect(kinds.length).toBeGreaterThanOrEqual(35);
    expect(kinds.filter((k) => k === 'unknown_va')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'duplicate')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'partial').length).toBeGreaterThanOrEqual(2);
    const vaNumbers = lines.map((line) => line.split(',')[0]!);
    const known = new Set((await rows(sql<{ va_no: string }>`select va_no from va_student where is_active`)).map((r) => r.va_no));
    vaNumbers.forEach((va, i) => expect(known.has(va), `line ${i + 3} (${kinds[i]})`).toBe(kinds[i] !== 'unknown_va'));
    const duplicate = kinds.indexOf('duplicate');
    expect(lines[duplicate]).toBe(lines[duplicate - 1]);
  });
});
