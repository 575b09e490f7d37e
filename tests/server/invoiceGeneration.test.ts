// Generating invoices (POST finance/invoices/generate; issue 12 "Invoices", spec 1 §5, spec 3 §5,
// §8): who may, the financial year's date rules with the spec's messages, parties without a VA
// number listed and not invoiced, monthly periods and installments as the ledger stores them, a
// dry run that writes nothing, a re-run that creates nothing, and the same run started twice at
// once creating each invoice once. PGlite by default, PostgreSQL with TEST_DATABASE=pg.

import { describe, expect, it } from 'vitest';
import { invoiceText } from '../../server/finance/invoices/invoiceTexts';
import { fileServer } from './harness';
import { DEMO, foundationToken, invoicesOf, makeCandidates, makeStudents } from './invoiceFixtures';

const server = fileServer({ demoData: true, poolSize: 6 });
const GENERATE = '/api/v1/finance/invoices/generate';
const EN = { 'accept-language': 'en' };

const spp = (fields: Record<string, unknown> = {}) => ({
  financial_year_id: DEMO.financialYear,
  income_type_id: DEMO.spp,
  kind: 'student',
  invoice_date: '2025-07-01',
  due_date: '2025-07-10',
  value: 500000,
  dry_run: true,
  ...fields,
});

describe('who may generate', () => {
  it('finance and admin finance may; admin, teacher and the read-only foundation get 403 and nothing is written', async () => {
    const students = await makeStudents(server.database.db, { count: 1, withVa: 1, class_id: 9 });
    const body = spp({ class_id: 9, party_ids: [students[0]!.id] });
    for (const as of ['admin', 'teacher']) {
      const answer = await server.call('POST', GENERATE, { as, body: { ...body, dry_run: false } });
      expect(answer.status, as).toBe(403);
    }
    const foundation = await foundationToken(server);
    const refused = await server.app.inject({ method: 'POST', url: GENERATE, headers: { authorization: `Bearer ${foundation}` }, payload: { ...body, dry_run: false } });
    expect(refused.statusCode).toBe(403);
    const reads = await server.app.inject({ method: 'GET', url: '/api/v1/finance/invoices', headers: { authorization: `Bearer ${foundation}` } });
    expect(reads.statusCode).toBe(200);
    expect(await invoicesOf(server.database.db, 'student_id', [students[0]!.id])).toEqual([]);
    for (const as of ['finance', 'adminfinance']) expect((await server.call('POST', GENERATE, { as, body })).status, as).toBe(200);
  });
});

describe('the rules', () => {
  it('refuses an invoice date before the financial year, in the caller language, under the field', async () => {
    const en = await server.call('POST', GENERATE, { as: 'finance', headers: EN, body: spp({ invoice_date: '2025-06-30' }) });
    expect(en.status).toBe(422);
    expect(en.json.messages.invoice_date).toEqual(['Invoice date must not be before the financial year start']);
    const id = await server.call('POST', GENERATE, { as: 'finance', body: spp({ invoice_date: '2026-07-01', due_date: '2026-07-10' }) });
    expect(id.json.messages.invoice_date).toEqual(['Tanggal tagihan tidak boleh melewati akhir tahun buku']);
  });

  it('refuses a due date before the invoice date, an income date before it, a discount above the value, and a missing value', async () => {
    const answer = await server.call('POST', GENERATE, { as: 'finance', headers: EN, body: spp({ due_date: '2025-06-30', income_date: '2025-06-01', discount: 600000 }) });
    expect(answer.status).toBe(422);
    expect(answer.json.messages).toMatchObject({
      due_date: ['Due date must not be before the invoice date'],
      income_date: ['Income journal date must not be before the invoice date'],
      discount: ['Discount must not exceed the value'],
    });
    const noValue = await server.call('POST', GENERATE, { as: 'finance', headers: EN, body: spp({ value: '' }) });
    expect(noValue.json.messages.value).toEqual(['Make sure the value is filled in']);
  });

  it('refuses a tenor above the income type maximum, and installments of a type without them', async () => {
    const upk = await server.call('POST', GENERATE, { as: 'finance', headers: EN, body: spp({ income_type_id: DEMO.upk, tenor: 7 }) });
    expect(upk.json.messages.tenor).toEqual(['Tenor must not exceed 6 installments']);
    const sppSplit = await server.call('POST', GENERATE, { as: 'finance', headers: EN, body: spp({ tenor: 2 }) });
    expect(sppSplit.json.messages.tenor).toEqual(['This income type cannot be paid in installments']);
  });

  it('candidates: every date within the financial year', async () => {
    const answer = await server.call('POST', GENERATE, {
      as: 'finance',
      headers: EN,
      body: spp({ kind: 'candidate', income_type_id: DEMO.upk, invoice_date: '2026-06-01', due_date: '2026-07-01' }),
    });
    expect(answer.status).toBe(422);
    expect(answer.json.messages.due_date).toEqual(['Candidate invoice and due dates must lie within the financial year period']);
  });

  it('404 for a financial year that does not exist', async () => {
    const answer = await server.call('POST', GENERATE, { as: 'finance', headers: EN, body: spp({ financial_year_id: 999999 }) });
    expect(answer.status).toBe(404);
    expect(answer.json.message).toBe('Financial year not found');
  });
});

describe('a dry run', () => {
  it('counts 12 monthly invoices per party with a VA, lists those without, and writes nothing', async () => {
    const students = await makeStudents(server.database.db, { count: 3, withVa: 2, class_id: 8 });
    const answer = await server.call('POST', GENERATE, { as: 'finance', headers: EN, body: spp({ class_id: 8 }) });
    expect(answer.status, answer.text).toBe(200);
    const data = answer.json.data;
    expect(data).toMatchObject({ created: 0, would_create: 24, existing: 0, parties: 3 });
    expect(data.without_va).toEqual([{ id: students[2]!.id, number: students[2]!.number, name: `Siswa ${students[2]!.number.slice(0, 3)}-3`, class_name: 'XII IPS 1' }]);
    expect(answer.json.message).toContain('Some students or candidates have no VA number; complete the data first');
    expect(data.periods).toHaveLength(12);
    expect(data.periods[11]).toEqual({ period_no: 12, period_start: '2026-06-01', invoice_date: '2026-06-01', due_date: '2026-06-10' });
    expect(await invoicesOf(server.database.db, 'student_id', students.map((s) => s.id))).toEqual([]);
  });

  it('says so when the narrowing finds nobody', async () => {
    const answer = await server.call('POST', GENERATE, { as: 'finance', headers: EN, body: spp({ class_id: 3, dry_run: false }) });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ message: 'No invoices generated. No students or candidates match the selection', data: { parties: 0, created: 0 } });
  });

  it('the Indonesian warning for parties without a VA number', async () => {
    await makeStudents(server.database.db, { count: 1, withVa: 0, class_id: 7 });
    const answer = await server.call('POST', GENERATE, { as: 'finance', body: spp({ class_id: 7 }) });
    expect(answer.json.message).toContain('Beberapa siswa atau calon siswa belum memiliki nomor VA; lengkapi datanya terlebih dahulu');
    expect(answer.json.message).toContain('Tidak ada tagihan yang dihasilkan');
  });
});

describe('generating', () => {
  it('says one invoice in the singular, more in the plural; Indonesian the same for every count', () => {
    expect([invoiceText('en', 'invoicesGenerated', { count: 1 }), invoiceText('en', 'invoicesGenerated', { count: 2 })]).toEqual(['1 invoice generated', '2 invoices generated']);
    expect([invoiceText('en', 'invoicesWouldGenerate', { count: 1 }), invoiceText('en', 'invoicesWouldGenerate', { count: 2 })]).toEqual([
      '1 invoice would be generated',
      '2 invoices would be generated',
    ]);
    expect([invoiceText('id', 'invoicesGenerated', { count: 1 }), invoiceText('id', 'invoicesWouldGenerate', { count: 2 })]).toEqual(['1 tagihan berhasil dibuat', '2 tagihan akan dibuat']);
  });

  it('writes one invoice per party and period with its VA, then a re-run creates nothing and says so', async () => {
    const students = await makeStudents(server.database.db, { count: 2, withVa: 2, class_id: 6 });
    const first = await server.call('POST', GENERATE, { as: 'finance', headers: EN, body: spp({ class_id: 6, dry_run: false }) });
    expect(first.status, first.text).toBe(200);
    expect(first.json.data).toMatchObject({ created: 24, existing: 0 });
    expect(first.json.message).toBe('24 invoices generated');
    const invoices = await invoicesOf(server.database.db, 'student_id', students.map((s) => s.id));
    expect(invoices).toHaveLength(24);
    const ofFirst = invoices.filter((i) => i.student_id === students[0]!.id);
    expect(ofFirst.map((i) => i.period_no).sort((a, b) => Number(a) - Number(b))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(ofFirst.every((i) => i.va_no === students[0]!.va_no && Number(i.value) === 500000 && Number(i.outstanding) === 500000)).toBe(true);
    expect(ofFirst.find((i) => i.period_no === 8)).toMatchObject({ invoice_date: '2026-02-01', due_date: '2026-02-10', period_start: '2026-02-01' });

    const again = await server.call('POST', GENERATE, { as: 'finance', headers: EN, body: spp({ class_id: 6, dry_run: false }) });
    expect(again.json.data).toMatchObject({ created: 0, existing: 24 });
    expect(again.json.message).toBe('No invoices generated');
    const idAgain = await server.call('POST', GENERATE, { as: 'finance', body: spp({ class_id: 6, dry_run: false }) });
    expect(idAgain.json.message).toBe('Tidak ada tagihan yang dihasilkan');
    expect(await invoicesOf(server.database.db, 'student_id', students.map((s) => s.id))).toHaveLength(24);
  });

  it('splits an entrance fee into installments that add up to the whole, due a month apart', async () => {
    const [student] = await makeStudents(server.database.db, { count: 1, withVa: 1, class_id: 5 });
    const answer = await server.call('POST', GENERATE, {
      as: 'finance',
      body: spp({ income_type_id: DEMO.upk, party_ids: [student!.id], class_id: 5, value: '10000000', discount: 1000000, tenor: 3, due_date: '2025-07-31', dry_run: false }),
    });
    expect(answer.status, answer.text).toBe(200);
    const parts = await invoicesOf(server.database.db, 'student_id', [student!.id]);
    expect(parts.map((p) => [p.installment_no, p.installment_count, Number(p.value), Number(p.discount), p.due_date])).toEqual([
      [1, 3, 3333333, 333333, '2025-07-31'],
      [2, 3, 3333333, 333333, '2025-08-31'],
      [3, 3, 3333334, 333334, '2025-09-30'],
    ]);
  });

  it('candidates by registration batch-less narrowing: those with a VA get their invoice', async () => {
    const candidates = await makeCandidates(server.database.db, { count: 2, withVa: 1 });
    const answer = await server.call('POST', GENERATE, {
      as: 'finance',
      body: spp({ kind: 'candidate', income_type_id: DEMO.upk, party_ids: candidates.map((c) => c.id), invoice_date: '2025-08-01', due_date: '2025-08-31', dry_run: false }),
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.data).toMatchObject({ created: 1, parties: 2 });
    expect(answer.json.data.without_va.map((p: { id: number }) => p.id)).toEqual([candidates[1]!.id]);
    const invoices = await invoicesOf(server.database.db, 'candidate_id', candidates.map((c) => c.id));
    expect(invoices.map((i) => [i.candidate_id, i.period_no, i.installment_no])).toEqual([[candidates[0]!.id, 0, 0]]);
  });

  it('the same generation started twice at once creates each invoice once', async () => {
    const students = await makeStudents(server.database.db, { count: 20, withVa: 20, class_id: 4 });
    const body = spp({ class_id: 4, dry_run: false });
    const [a, b] = await Promise.all([
      server.call('POST', GENERATE, { as: 'finance', body }),
      server.call('POST', GENERATE, { as: 'adminfinance', body }),
    ]);
    expect([a.status, b.status], a.text + b.text).toEqual([200, 200]);
    expect(a.json.data.created + b.json.data.created).toBe(240);
    const invoices = await invoicesOf(server.database.db, 'student_id', students.map((s) => s.id));
    expect(invoices).toHaveLength(240);
    expect(new Set(invoices.map((i) => `${i.student_id}:${i.period_no}`)).size).toBe(240);
  });
});
