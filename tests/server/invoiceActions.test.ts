// The invoice list and detail, and what staff do to invoices (spec 3 §2.7, §5; issue 12): filters,
// paging, sorting and totals; the detail with its waivers, merges and journals; editing (refused
// with derivatives), publishing, merging (same VA only), reversing, and waivers (reason required,
// never above the outstanding). PGlite by default, PostgreSQL with TEST_DATABASE=pg.

import { beforeAll, describe, expect, it } from 'vitest';
import { fileServer } from './harness';
import { DEMO, makeStudents, type MadeParty } from './invoiceFixtures';

const server = fileServer({ demoData: true });
const EN = { 'accept-language': 'en' };
const SRG = 4;

let students: MadeParty[] = [];

async function generate(incomeTypeId: number, party: MadeParty, value: number) {
  const answer = await server.call('POST', '/api/v1/finance/invoices/generate', {
    as: 'finance',
    body: {
      financial_year_id: DEMO.financialYear,
      income_type_id: incomeTypeId,
      kind: 'student',
      party_ids: [party.id],
      invoice_date: '2025-08-01',
      due_date: '2025-08-31',
      value,
      dry_run: false,
    },
  });
  expect(answer.status, answer.text).toBe(200);
  expect(answer.json.data.created).toBe(1);
}

async function list(query: string, as = 'finance') {
  const answer = await server.call('GET', `/api/v1/finance/invoices?${query}`, { as });
  expect(answer.status, answer.text).toBe(200);
  return answer.json;
}

async function idOf(party: MadeParty, incomeTypeId: number): Promise<number> {
  const found = await list(`student_id=${party.id}&income_type_id=${incomeTypeId}`);
  return found.data[0].id as number;
}

beforeAll(async () => {
  students = await makeStudents(server.database.db, { count: 3, withVa: 3, class_id: 2 });
  await generate(DEMO.upk, students[0]!, 7_000_000);
  await generate(SRG, students[0]!, 450_000);
  await generate(DEMO.upk, students[1]!, 6_000_000);
  await generate(SRG, students[2]!, 300_000);
});

describe('the list', () => {
  it('filters by party, income type, class and VA; totals cover the whole filter, not the page', async () => {
    const ofFirst = await list(`student_id=${students[0]!.id}&per_page=1&page=1&sort=value&order=ASC`);
    expect(ofFirst.total).toBe(2);
    expect(ofFirst.data).toHaveLength(1);
    expect(ofFirst.data[0]).toMatchObject({ value: 450_000, kind: 'student', party_number: students[0]!.number, class_name: 'X IPA 2', income_type_name: 'Seragam', has_derivatives: false });
    expect(ofFirst.totals).toEqual({ value: 7_450_000, outstanding: 7_450_000 });
    const page2 = await list(`student_id=${students[0]!.id}&per_page=1&page=2&sort=value&order=ASC`);
    expect(page2.data[0].value).toBe(7_000_000);
    const inClass = await list(`class_id=2&income_type_id=${DEMO.upk}`);
    expect(inClass.data.map((r: { party_id: number }) => r.party_id).sort()).toEqual([students[0]!.id, students[1]!.id].sort());
    expect((await list(`va_no=${students[2]!.va_no}`)).total).toBe(1);
    expect((await list(`q=${students[2]!.number}`)).total).toBe(1);
    expect((await list(`kind=candidate&class_id=2`)).total).toBe(0);
  });

  it('overdue_on finds what is past due and still owed', async () => {
    expect((await list(`class_id=2&overdue_on=2025-08-31`)).total).toBe(0);
    expect((await list(`class_id=2&overdue_on=2025-09-01`)).total).toBe(4);
  });

  it('refuses a nonsense page with 400, and answers 404 for an invoice that does not exist', async () => {
    expect((await server.call('GET', '/api/v1/finance/invoices?page=0', { as: 'finance' })).status).toBe(400);
    const missing = await server.call('GET', '/api/v1/finance/invoices/99999999', { as: 'finance', headers: EN });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('Invoice not found');
  });
});

describe('acting on invoices', () => {
  it('shows the detail with the invoice journal, balanced', async () => {
    const id = await idOf(students[1]!, DEMO.upk);
    const detail = await server.call('GET', `/api/v1/finance/invoices/${id}`, { as: 'finance' });
    expect(detail.status).toBe(200);
    expect(detail.json.data).toMatchObject({ id, value: 6_000_000, outstanding: 6_000_000, payments: [], waivers: [], penalties: [], merged_from: [] });
    expect(detail.json.data.journals).toHaveLength(1);
    const journal = detail.json.data.journals[0];
    expect(journal.source).toBe('invoice');
    expect(journal.debit).toBe(6_000_000);
    expect(journal.credit).toBe(6_000_000);
  });

  it('edits an invoice without derivatives (admin finance only); a waiver then blocks editing with the spec message', async () => {
    const id = await idOf(students[1]!, DEMO.upk);
    const before = (await server.call('GET', `/api/v1/finance/invoices/${id}`, { as: 'finance' })).json.data;
    const byStaff = await server.call('PUT', `/api/v1/finance/invoices/${id}`, { as: 'finance', body: { version: before.version, value: 5_500_000 } });
    expect(byStaff.status).toBe(403);
    const edited = await server.call('PUT', `/api/v1/finance/invoices/${id}`, { as: 'adminfinance', body: { version: before.version, value: 5_500_000 } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.data).toMatchObject({ value: 5_500_000, outstanding: 5_500_000 });

    const noReason = await server.call('POST', '/api/v1/finance/waivers', { as: 'finance', headers: EN, body: { invoice_id: id, waiver_date: '2025-08-05', amount: 500_000, reason: ' ' } });
    expect(noReason.status).toBe(422);
    expect(noReason.json.messages.reason).toEqual(['Write the reason for the waiver']);
    const tooMuch = await server.call('POST', '/api/v1/finance/waivers', { as: 'finance', headers: EN, body: { invoice_id: id, waiver_date: '2025-08-05', amount: 5_500_001, reason: 'Yatim' } });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.json.messages.amount[0]).toContain('5500000');
    const waived = await server.call('POST', '/api/v1/finance/waivers', { as: 'finance', body: { invoice_id: id, waiver_date: '2025-08-05', amount: '500000', reason: 'Yatim' } });
    expect(waived.status, waived.text).toBe(200);
    expect(waived.json.data).toMatchObject({ waived_amount: 500_000, outstanding: 5_000_000, has_derivatives: true });
    expect(waived.json.data.waivers).toMatchObject([{ amount: 500_000, reason: 'Yatim' }]);

    const refused = await server.call('PUT', `/api/v1/finance/invoices/${id}`, { as: 'adminfinance', headers: EN, body: { version: waived.json.data.version, value: 1 } });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toContain('An invoice with derivatives');
  });

  it('publishes and unpublishes', async () => {
    const ids = [await idOf(students[0]!, DEMO.upk), await idOf(students[0]!, SRG)];
    const answer = await server.call('POST', '/api/v1/finance/invoices/publish', { as: 'finance', headers: EN, body: { ids, published: true } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ message: '2 invoices published', data: { count: 2 } });
    expect((await list(`student_id=${students[0]!.id}&is_published=true`)).total).toBe(2);
    await server.call('POST', '/api/v1/finance/invoices/publish', { as: 'finance', body: { ids: [ids[0]], published: false } });
    expect((await list(`student_id=${students[0]!.id}&is_published=false`)).total).toBe(1);
  });

  it('merges only invoices with the same VA number; the merged invoice carries their outstanding', async () => {
    const other = await idOf(students[2]!, SRG);
    const mine = [await idOf(students[0]!, DEMO.upk), await idOf(students[0]!, SRG)];
    const body = { invoice_date: '2025-09-01', due_date: '2025-09-30' };
    const mixed = await server.call('POST', '/api/v1/finance/invoices/merge', { as: 'finance', headers: EN, body: { ...body, ids: [mine[0], other] } });
    expect(mixed.status).toBe(422);
    expect(mixed.json.messages.ids).toEqual(['Merging invoices requires the same VA number']);
    const one = await server.call('POST', '/api/v1/finance/invoices/merge', { as: 'finance', headers: EN, body: { ...body, ids: [mine[0]] } });
    expect(one.json.messages.ids).toEqual(['Select at least two invoices to merge']);

    const merged = await server.call('POST', '/api/v1/finance/invoices/merge', { as: 'finance', body: { ...body, ids: mine } });
    expect(merged.status, merged.text).toBe(200);
    expect(merged.json.data).toMatchObject({ outstanding: 7_450_000, va_no: students[0]!.va_no, has_derivatives: true });
    expect(merged.json.data.merged_from.map((m: { id: number; amount: number }) => [m.id, m.amount])).toEqual([
      [mine[0], 7_000_000],
      [mine[1], 450_000],
    ]);
    expect((await list(`student_id=${students[0]!.id}&state=merged`)).total).toBe(2);
  });

  it('reverses an invoice (admin finance only), not before its invoice date', async () => {
    const id = await idOf(students[2]!, SRG);
    expect((await server.call('POST', '/api/v1/finance/invoices/reverse', { as: 'finance', body: { ids: [id], reversing_date: '2025-08-15' } })).status).toBe(403);
    const early = await server.call('POST', '/api/v1/finance/invoices/reverse', { as: 'adminfinance', headers: EN, body: { ids: [id], reversing_date: '2025-07-31' } });
    expect(early.status).toBe(422);
    expect(early.json.message).toContain('Reversing journal date must not be earlier than the invoice date');
    const done = await server.call('POST', '/api/v1/finance/invoices/reverse', { as: 'adminfinance', headers: EN, body: { ids: [id], reversing_date: '2025-08-15' } });
    expect(done.status, done.text).toBe(200);
    expect(done.json).toMatchObject({ message: '1 invoice reversed', data: { count: 1 } });
    const detail = (await server.call('GET', `/api/v1/finance/invoices/${id}`, { as: 'finance' })).json.data;
    expect(detail).toMatchObject({ state: 'reversed', outstanding: 0, reversing_date: '2025-08-15' });
    expect(detail.journals.map((j: { source: string }) => j.source)).toContain('reversal');
  });
});
