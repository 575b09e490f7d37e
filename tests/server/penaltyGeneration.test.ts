// Penalties on overdue invoices (POST finance/penalties/generate; issue 12, spec 3 §3.2 and §8):
// a fixed fine or a percentage of the outstanding rounded half up, once per invoice and month,
// never above the income type's maximum; a dry run writes nothing; the spec's messages in both
// languages; only admin finance may run it. PGlite by default, PostgreSQL with TEST_DATABASE=pg.

import { beforeAll, describe, expect, it } from 'vitest';
import { invoiceText } from '../../server/finance/invoices/invoiceTexts';
import { fileServer } from './harness';
import { DEMO, invoicesOf, makeStudents, type MadeParty } from './invoiceFixtures';

const server = fileServer({ demoData: true });
const PENALTIES = '/api/v1/finance/penalties/generate';
const EN = { 'accept-language': 'en' };

let student: MadeParty;

async function invoiceOf(incomeTypeId: number, periodNo: number) {
  const rows = await invoicesOf(server.database.db, 'student_id', [student.id]);
  return rows.find((row) => Number(row.income_type_id) === incomeTypeId && Number(row.period_no) === periodNo)!;
}

beforeAll(async () => {
  [student] = await makeStudents(server.database.db, { count: 1, withVa: 1, class_id: 3 });
  for (const [incomeTypeId, value] of [
    [DEMO.spp, 500_000],
    [DEMO.ukg, 1_250_025],
  ] as const) {
    const answer = await server.call('POST', '/api/v1/finance/invoices/generate', {
      as: 'finance',
      body: {
        financial_year_id: DEMO.financialYear,
        income_type_id: incomeTypeId,
        kind: 'student',
        party_ids: [student!.id],
        invoice_date: '2025-07-01',
        due_date: '2025-07-10',
        value,
        dry_run: false,
      },
    });
    expect(answer.status, answer.text).toBe(200);
  }
});

const run = (asOf: string, dryRun: boolean, incomeTypeId: number, as = 'adminfinance', headers: Record<string, string> = {}) =>
  server.call('POST', PENALTIES, { as, headers, body: { as_of_date: asOf, income_type_id: incomeTypeId, financial_year_id: DEMO.financialYear, dry_run: dryRun } });

describe('penalties', () => {
  it('says one penalty in the singular, more in the plural; Indonesian the same for every count', () => {
    expect([invoiceText('en', 'penaltiesWouldGenerate', { count: 1 }), invoiceText('en', 'penaltiesWouldGenerate', { count: 2 })]).toEqual([
      '1 penalty would be generated',
      '2 penalties would be generated',
    ]);
    expect([invoiceText('id', 'penaltiesWouldGenerate', { count: 1 }), invoiceText('id', 'penaltiesWouldGenerate', { count: 2 })]).toEqual(['1 denda akan dibuat', '2 denda akan dibuat']);
  });

  it('only admin finance may generate them', async () => {
    expect((await run('2025-07-11', true, DEMO.spp, 'finance')).status).toBe(403);
    expect((await run('2025-07-11', true, DEMO.spp, 'teacher')).status).toBe(403);
  });

  it('nothing is overdue on the due date itself', async () => {
    const answer = await run('2025-07-10', false, DEMO.spp, 'adminfinance', EN);
    expect(answer.json).toMatchObject({ message: 'No penalties were generated', data: { created: 0, rows: [] } });
  });

  it('a dry run lists the fine and writes nothing; the run writes it once; a re-run in the month adds nothing', async () => {
    const dry = await run('2025-07-11', true, DEMO.spp);
    expect(dry.status, dry.text).toBe(200);
    expect(dry.json.data).toMatchObject({ created: 0, would_create: 1, total: 25_000 });
    expect(dry.json.message).toBe('1 denda akan dibuat');
    expect((await run('2025-07-11', true, DEMO.spp, 'adminfinance', EN)).json.message).toBe('1 penalty would be generated');
    expect(Number((await invoiceOf(DEMO.spp, 1)).penalty_amount)).toBe(0);

    const done = await run('2025-07-11', false, DEMO.spp);
    expect(done.json).toMatchObject({ message: 'Generate denda berhasil', data: { created: 1, total: 25_000 } });
    const invoice = await invoiceOf(DEMO.spp, 1);
    expect([Number(invoice.penalty_amount), Number(invoice.outstanding)]).toEqual([25_000, 525_000]);

    const again = await run('2025-07-25', false, DEMO.spp);
    expect(again.json).toMatchObject({ message: 'Tidak ada denda yang dihasilkan', data: { created: 0, existing: 1 } });
    const againEn = await run('2025-07-26', false, DEMO.spp, 'adminfinance', EN);
    expect(againEn.json.message).toBe('No penalties were generated');
  });

  it('month after month, the fines of one invoice stop at the income type maximum (150 000)', async () => {
    for (const asOf of ['2025-08-11', '2025-09-11', '2025-10-11', '2025-11-11', '2025-12-11', '2026-01-11', '2026-02-11']) {
      const answer = await run(asOf, false, DEMO.spp);
      expect(answer.status, answer.text).toBe(200);
    }
    expect(Number((await invoiceOf(DEMO.spp, 1)).penalty_amount)).toBe(150_000);
    // August's invoice, overdue from 2025-08-11: seven runs by February, capped at six fines
    expect(Number((await invoiceOf(DEMO.spp, 2)).penalty_amount)).toBe(150_000);
    // October's, overdue from 2025-10-11: five runs, five fines
    expect(Number((await invoiceOf(DEMO.spp, 4)).penalty_amount)).toBe(125_000);
  });

  it('a percentage fine is rounded half up to whole rupiah: 2% of 1 250 025 is 25 001', async () => {
    const answer = await run('2025-07-11', false, DEMO.ukg);
    expect(answer.json.data.rows).toMatchObject([{ amount: 25_001 }]);
    expect(Number((await invoiceOf(DEMO.ukg, 1)).penalty_amount)).toBe(25_001);
    // the next month's 2% is again of what the invoice itself owes (1 250 025), not of last month's fine too
    const next = await run('2025-08-11', false, DEMO.ukg);
    expect(next.json.data.rows).toMatchObject([{ amount: 25_001 }]);
    expect(Number((await invoiceOf(DEMO.ukg, 1)).penalty_amount)).toBe(50_002);
  });

  it('two runs at the same moment fine each overdue invoice once (on PostgreSQL, truly at once)', async () => {
    const others = await makeStudents(server.database.db, { count: 4, withVa: 4, class_id: 3 });
    const issued = await server.call('POST', '/api/v1/finance/invoices/generate', {
      as: 'finance',
      body: {
        financial_year_id: DEMO.financialYear, income_type_id: DEMO.spp, kind: 'student', party_ids: others.map((o) => o.id),
        invoice_date: '2025-07-01', due_date: '2025-07-10', value: 500_000, dry_run: false,
      },
    });
    expect(issued.status, issued.text).toBe(200);
    const decemberFines = () => server.database.db.selectFrom('penalty').select(['invoice_id']).where('period', '=', '2025-12').execute();
    const before = (await decemberFines()).length;
    const [first, second] = await Promise.all([run('2025-12-11', false, DEMO.spp), run('2025-12-11', false, DEMO.spp)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const invoices = await invoicesOf(server.database.db, 'student_id', others.map((o) => o.id));
    // Whichever run wrote a fine, no invoice got two: the two runs created as many as the month
    // gained, and no invoice carries two.
    const december = await decemberFines();
    expect(first.json.data.created + second.json.data.created).toBe(december.length - before);
    expect(new Set(december.map((p) => Number(p.invoice_id))).size).toBe(december.length);
    // Each new SPP month due by then (July to December, four students) carries exactly one.
    const overdue = invoices.filter((i) => String(i.due_date) <= '2025-12-10' || (i.due_date instanceof Date && i.due_date <= new Date('2025-12-10')));
    expect(overdue.length).toBe(24);
    expect(december.filter((p) => overdue.some((i) => Number(i.id) === Number(p.invoice_id)))).toHaveLength(overdue.length);
    const again = await run('2025-12-12', false, DEMO.spp);
    expect(again.json.data.created).toBe(0);
  });
});
