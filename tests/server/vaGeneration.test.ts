// Generating VA numbers (POST finance/va/generate; issue 12, spec 1 §5): company code + sub
// company code + the NIS's digits padded to the code's length, for the active students of the
// code's unit (narrowed by class) who have none of that code; numbers that do not fit or are
// taken are error rows; a dry run writes nothing and a re-run creates nothing; then invoice
// generation finds the new numbers. PGlite by default, PostgreSQL with TEST_DATABASE=pg.

import { beforeAll, describe, expect, it } from 'vitest';
import { invoiceText } from '../../server/finance/invoices/invoiceTexts';
import { fileServer } from './harness';
import { DEMO, makeStudents, type MadeParty } from './invoiceFixtures';

const server = fileServer({ demoData: true });
const GENERATE_VA = '/api/v1/finance/va/generate';
const EN = { 'accept-language': 'en' };
const CLASS = 9;

let students: MadeParty[] = [];
let longNis = 0;

beforeAll(async () => {
  students = await makeStudents(server.database.db, { count: 3, withVa: 0, class_id: CLASS, prefix: '555' });
  const [row] = await server.database.db
    .insertInto('student')
    .values({ nis: '1234567890', name: 'Nomor Panjang', department_id: DEMO.department, class_id: CLASS, is_active: true })
    .returning('id')
    .execute();
  longNis = Number(row!.id);
  // someone else already holds the number the third student would get
  await server.database.db
    .insertInto('va_student')
    .values({ va_code_id: 4, va_no: '1234504055500003', student_number: 'X1', student_name: 'Pemegang Lama', department_id: DEMO.department, is_active: true })
    .execute();
});

const run = (dryRun: boolean, as = 'adminfinance') =>
  server.call('POST', GENERATE_VA, { as, headers: EN, body: { va_code_id: DEMO.vaCodeSma, class_id: CLASS, dry_run: dryRun } });

describe('generating VA numbers', () => {
  it('says one VA number in the singular, more in the plural; Indonesian the same for every count', () => {
    expect([invoiceText('en', 'vaGenerated', { count: 1 }), invoiceText('en', 'vaGenerated', { count: 2 })]).toEqual(['1 VA number generated', '2 VA numbers generated']);
    expect([invoiceText('en', 'vaWouldGenerate', { count: 1 }), invoiceText('en', 'vaWouldGenerate', { count: 2 })]).toEqual([
      '1 VA number would be generated',
      '2 VA numbers would be generated',
    ]);
    expect([invoiceText('id', 'vaGenerated', { count: 1 }), invoiceText('id', 'vaWouldGenerate', { count: 2 })]).toEqual(['1 nomor VA berhasil dibuat', '2 nomor VA akan dibuat']);
  });

  it('only admin finance may', async () => {
    expect((await run(true, 'finance')).status).toBe(403);
    expect((await run(true, 'admin')).status).toBe(403);
  });

  it('a dry run shows the numbers and the rows that cannot have one, and writes nothing', async () => {
    const answer = await run(true);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.data).toMatchObject({ created: 0, would_create: 2, existing: 0 });
    expect(answer.json.message).toBe('2 VA numbers would be generated');
    expect(answer.json.data.rows).toEqual([
      { party_id: students[0]!.id, party_number: '55500001', party_name: 'Siswa 555-1', va_no: '1234504055500001' },
      { party_id: students[1]!.id, party_number: '55500002', party_name: 'Siswa 555-2', va_no: '1234504055500002' },
    ]);
    expect(answer.json.data.errors).toEqual([
      { party_number: '55500003', message: 'VA number 1234504055500003 is already used by Pemegang Lama' },
      { party_number: '1234567890', message: 'The number 1234567890 does not fit a VA number of 16 digits' },
    ]);
    const written = await server.database.db.selectFrom('va_student').select('id').where('student_id', 'in', [...students.map((s) => s.id), longNis]).execute();
    expect(written).toEqual([]);
  });

  it('writes the numbers once; a re-run creates none; invoice generation then finds them', async () => {
    const answer = await run(false);
    expect(answer.json).toMatchObject({ message: '2 VA numbers generated', data: { created: 2 } });
    const rows = await server.database.db.selectFrom('va_student').select(['student_id', 'va_no', 'va_code_id', 'is_active']).where('student_id', 'in', students.map((s) => s.id)).orderBy('student_id').execute();
    expect(rows).toEqual([
      { student_id: students[0]!.id, va_no: '1234504055500001', va_code_id: DEMO.vaCodeSma, is_active: true },
      { student_id: students[1]!.id, va_no: '1234504055500002', va_code_id: DEMO.vaCodeSma, is_active: true },
    ]);
    const again = await run(false);
    expect(again.json).toMatchObject({ message: 'No VA numbers were generated', data: { created: 0, existing: 2 } });

    const invoices = await server.call('POST', '/api/v1/finance/invoices/generate', {
      as: 'finance',
      body: { financial_year_id: DEMO.financialYear, income_type_id: DEMO.upk, kind: 'student', class_id: CLASS, invoice_date: '2025-07-01', due_date: '2025-07-31', value: 1000, dry_run: true },
    });
    expect(invoices.json.data.would_create).toBe(2);
    expect(invoices.json.data.without_va.map((p: { number: string }) => p.number)).toEqual(['55500003', '1234567890']);
  });
});
