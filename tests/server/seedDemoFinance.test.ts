// The finance demo (server/seed/seedDemoFinance.ts): a first start seeds ~600 students over
// SD, SMP and SMA with VA numbers (a few without, so the generate warning has someone to name),
// the demo logins' students stay as they were, the same school on every start, every student
// with a VA billed for the year, and the sample bank file names VAs the start really seeds and
// stages as the recipe says (matched, partial, unknown VA, the bank's repeat).

import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/password';
import { buildCatalog } from '../../server/crud/catalog';
import { tables } from '../../server/generated/tables';
import { layoutById, stageBankFile } from '../../server/finance/bank/bankImport';
import { loadHooks } from '../../server/records/loadHooks';
import { recordWrites } from '../../server/records/recordWrites';
import { planRoster, readRoster, SAMPLE_BANK_FILE, sampleBankFile, SEED_FINANCE_CALLER, seedDemoFinance, type SampleLineKind } from '../../server/seed/seedDemoFinance';
import { entities, validators } from '../../src/generated/all';
import { openFirstStartDatabase } from './firstStartTemplate';
import type { TestDatabase } from './harness';

const catalog = buildCatalog(entities, validators, tables);

describe('the finance demo on a first start', () => {
  let database: TestDatabase;
  const rows = async <T,>(query: ReturnType<typeof sql<T>>) => (await query.execute(database.db)).rows;

  beforeAll(async () => {
    // The first start's school, seeded once for the files that read it (./firstStartTemplate.ts).
    database = await openFirstStartDatabase();
  }, 90_000);
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

  it('writes a ledger whose journals all balance, one for every invoice, payment, waiver and penalty', async () => {
    const unbalanced = await rows(sql<{ journal_id: number }>`
      select journal_id from journal_line group by journal_id having sum(debit) <> sum(credit) or sum(debit) = 0`);
    expect(unbalanced).toEqual([]);
    const missing = await rows(sql<{ what: string; n: number }>`
      select 'invoice' as what, count(*)::int as n from invoice i where not exists (select 1 from journal j where j.invoice_id = i.id and j.source = 'invoice')
      union all select 'payment', count(*)::int from payment p where not exists (select 1 from journal j where j.payment_id = p.id)
      union all select 'waiver', count(*)::int from waiver w where not exists (select 1 from journal j where j.waiver_id = w.id)
      union all select 'penalty', count(*)::int from penalty x where not exists (select 1 from journal j where j.penalty_id = x.id)`);
    expect(missing).toEqual([{ what: 'invoice', n: 0 }, { what: 'payment', n: 0 }, { what: 'waiver', n: 0 }, { what: 'penalty', n: 0 }]);
  });

  it('keeps every invoice\'s outstanding = value − discount − payments − waivers + penalties, never below zero', async () => {
    const wrong = await rows(sql<{ id: number }>`
      select i.id from invoice i
      where i.outstanding <> i.value - i.discount
              - coalesce((select sum(a.amount) from payment_allocation a where a.invoice_id = i.id), 0)
              - coalesce((select sum(w.amount) from waiver w where w.invoice_id = i.id), 0)
              + coalesce((select sum(x.amount) from penalty x where x.invoice_id = i.id), 0)
         or i.outstanding < 0 or (i.outstanding = 0) <> (i.state = 'paid')`);
    expect(wrong).toEqual([]);
    // A payment is what it settled plus what went to the deposit.
    const payments = await rows(sql<{ id: number }>`
      select p.id from payment p where p.amount <> p.deposit_amount + coalesce((select sum(a.amount) from payment_allocation a where a.payment_id = p.id), 0)`);
    expect(payments).toEqual([]);
    // Uang Pangkal's installments add up to the unit's amount.
    const gedung = await rows(sql<{ total: string; n: number }>`
      select sum(value)::text as total, count(*)::int as n from invoice where income_type_id = 2 group by student_id`);
    expect(gedung.length).toBeGreaterThan(0);
    for (const g of gedung) expect([g.n, ['6000000', '8000000', '10000000']]).toEqual([3, expect.arrayContaining([g.total])]);
  });

  it('shows what a finance officer expects: a year of SPP, most paid, some partly, some overdue > 3 months, waivers with reasons, penalties', async () => {
    const [siti] = await rows(sql<{ spp: number; gedung: number; kegiatan: number; paid: number }>`
      select count(*) filter (where income_type_id = 1)::int as spp, count(*) filter (where income_type_id = 2)::int as gedung,
             count(*) filter (where income_type_id = 3)::int as kegiatan, count(*) filter (where state = 'paid')::int as paid
      from invoice where student_id = 1`);
    expect(siti).toMatchObject({ spp: 12, gedung: 3, kegiatan: 1 });
    expect(siti!.paid).toBeGreaterThanOrEqual(4);
    const units = await rows(sql<{ department_id: number }>`select distinct s.department_id from invoice i join student s on s.id = i.student_id order by 1`);
    expect(units.map((u) => u.department_id)).toEqual([2, 3, 4]);
    // Every student with a VA number is billed, so every class has its bills.
    const [billed] = await rows(sql<{ billed: number; with_va: number }>`
      select (select count(distinct student_id)::int from invoice) as billed, (select count(distinct student_id)::int from va_student where is_active) as with_va`);
    expect(billed!.billed).toBe(billed!.with_va);
    expect(billed!.billed).toBeGreaterThan(560);
    const unbilled = await rows(sql<{ id: number }>`
      select c.id from class c where exists (select 1 from student s where s.class_id = c.id)
        and not exists (select 1 from invoice i join student s on s.id = i.student_id where s.class_id = c.id)`);
    expect(unbilled).toEqual([]);
    // Overdue by more than three months on 24 November 2026.
    const [overdue] = await rows(sql<{ n: number }>`select count(distinct student_id)::int as n from invoice where state = 'open' and outstanding > 0 and due_date < date '2026-08-24'`);
    expect(overdue!.n).toBeGreaterThanOrEqual(2);
    const [partly] = await rows(sql<{ n: number }>`select count(*)::int as n from invoice where state = 'open' and paid_amount > 0`);
    expect(partly!.n).toBeGreaterThanOrEqual(1);
    const [byVa] = await rows(sql<{ va: number; cash: number }>`select count(*) filter (where method = 'va')::int as va, count(*) filter (where method = 'cash')::int as cash from payment`);
    expect(byVa!.va).toBeGreaterThan(byVa!.cash * 5);
    const waivers = await rows(sql<{ reason: string }>`select reason from waiver`);
    expect(waivers.length).toBeGreaterThanOrEqual(2);
    for (const w of waivers) expect(w.reason).toMatch(/Potongan saudara|Beasiswa/);
    const penalties = await rows(sql<{ period: string; n: number }>`select period, count(*)::int as n from penalty group by period order by period`);
    expect(penalties.map((p) => p.period)).toEqual(['2026-10', '2026-11']);
    // Published up to December, not after.
    const [published] = await rows(sql<{ wrong: number; yes: number }>`
      select count(*) filter (where is_published <> (invoice_date <= date '2026-12-31'))::int as wrong, count(*) filter (where is_published)::int as yes from invoice`);
    expect(published).toMatchObject({ wrong: 0 });
    expect(published!.yes).toBeGreaterThan(0);
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

  it('stages the sample bank file as a finance officer would see it: most lines matched, three partial, the unknown VA, the repeat', async () => {
    const { kinds } = sampleBankFile();
    const records = recordWrites(catalog, await loadHooks(catalog));
    const staged = await database.db.transaction().execute(async (tx) =>
      stageBankFile(tx, records, SEED_FINANCE_CALLER, { layout: await layoutById(tx, 'id', 1), file_name: 'sample-bca-2026-11.csv', bytes: readFileSync(SAMPLE_BANK_FILE) }),
    );
    // Each line as the recipe built it: an exact SPP month is what the student owes by the day it was paid.
    const expected: Record<SampleLineKind, string> = { exact: 'matched', partial: 'partial', unknown_va: 'unknown_va', duplicate: 'duplicate' };
    expect(staged.lines.map((l) => l.status)).toEqual(kinds.map((k) => expected[k]));
    expect(staged.counts).toMatchObject({ matched: 35, partial: 3, unknown_va: 1, duplicate: 1, mismatch: 0, invalid: 0, already_uploaded: 0 });
    // A partial line names what stays owing; the matched ones carry the student's name and owe exactly the line's amount.
    for (const line of staged.lines.filter((l) => l.status === 'partial')) expect(line.message).toMatch(/^Kurang dari tagihan: sisa Rp/);
    for (const line of staged.lines.filter((l) => l.status === 'matched')) expect([line.party_name, line.outstanding]).toEqual([expect.any(String), line.amount]);
  });
});
