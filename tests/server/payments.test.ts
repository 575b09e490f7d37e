// Payments by hand and what the payment pages read (issue 12; spec 1 §2.7 /payment,
// /paymenttransaction, /journal; spec 3 §2.6 the payment detail): a payment settles the school's
// order or the order given by hand, the rest goes to the deposit; the list's filters, paging and
// totals; parties and their open invoices; journals with their lines. Who may: finance roles
// read, the foundation only reads, teachers and the plain admin get 403.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fileServer } from './harness';
import { sampleParties } from './bankFiles';

const server = fileServer({ demoData: true });
const en = { 'accept-language': 'en' };

async function pay(body: Record<string, unknown>, as = 'finance') {
  return server.call('POST', '/api/v1/finance/payments', { as, headers: en, body });
}

async function outstanding(invoiceId: number): Promise<number> {
  const row = await server.database.db.selectFrom('invoice').select('outstanding').where('id', '=', invoiceId).executeTakeFirstOrThrow();
  return Number(row.outstanding);
}

let foundationToken = '';
/** A login holding only ROLE_FOUNDATION (the demo has none). */
async function foundation(): Promise<Record<string, string>> {
  if (!foundationToken) {
    const user = await server.call('POST', '/api/v1/users', { as: 'admin', body: { username: 'yayasan.uji', name: 'Yayasan Uji', password: 'rahasia-awal' } });
    expect(user.status, user.text).toBe(201);
    const group = await server.call('POST', '/api/v1/role-group', { as: 'admin', body: { name: 'Yayasan Uji', role_ids: [4] } });
    expect(group.status, group.text).toBe(201);
    await server.call('POST', '/api/v1/role-user', { as: 'admin', body: { user_id: user.json.data.id, role_group_id: group.json.data.id } });
    const login = await server.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'yayasan.uji', password: 'rahasia-awal' } });
    foundationToken = login.json().access_token as string;
  }
  return { authorization: `Bearer ${foundationToken}`, ...en };
}

describe('a payment by hand with an Idempotency-Key', () => {
  const payKeyed = (body: Record<string, unknown>, key: string) =>
    server.call('POST', '/api/v1/finance/payments', { as: 'finance', headers: { ...en, 'idempotency-key': key }, body });
  const paymentsOf = async (partyId: number) =>
    (await sql<{ n: number }>`select count(*)::int as n from payment where candidate_id = ${partyId}`.execute(server.database.db)).rows[0]!.n;

  it('makes one payment for the same key sent twice and answers the same; a new key pays again', async () => {
    const [party] = await sampleParties(server.database.db, server.app.records, 1, [400_000]);
    const body = { kind: 'candidate', party_id: party!.id, payment_date: '2025-08-20', amount: 150_000, method: 'cash' };
    const first = await payKeyed(body, 'pay-retry-1');
    expect(first.status, first.text).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await payKeyed({ ...body }, 'pay-retry-1');
    expect(again.status, again.text).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json).toEqual(first.json);
    expect(await paymentsOf(party!.id)).toBe(1);
    expect(await outstanding(party!.invoiceIds[0]!)).toBe(250_000);

    // The same key with another amount is refused, nothing paid; a fresh key is a new payment.
    const reused = await payKeyed({ ...body, amount: 100_000 }, 'pay-retry-1');
    expect(reused.status).toBe(422);
    expect(await paymentsOf(party!.id)).toBe(1);
    const next = await payKeyed(body, 'pay-retry-2');
    expect(next.status, next.text).toBe(200);
    expect(next.json.data.id).not.toBe(first.json.data.id);
    expect(await paymentsOf(party!.id)).toBe(2);
    expect(await outstanding(party!.invoiceIds[0]!)).toBe(100_000);
  });

  it('leaves the key unused when the payment is refused, so the corrected retry pays', async () => {
    const [party] = await sampleParties(server.database.db, server.app.records, 1, [400_000]);
    const body = { kind: 'candidate', party_id: party!.id, payment_date: '2025-08-20', amount: 'banyak', method: 'cash' };
    const refused = await payKeyed(body, 'pay-bad-1');
    expect(refused.status).toBe(422);
    expect(await paymentsOf(party!.id)).toBe(0);
    const fixed = await payKeyed({ ...body, amount: 400_000 }, 'pay-bad-1');
    expect(fixed.status, fixed.text).toBe(200);
    expect(await outstanding(party!.invoiceIds[0]!)).toBe(0);
  });

  it('refuses a day the calendar does not have (30 February) under its field, and writes nothing', async () => {
    const [party] = await sampleParties(server.database.db, server.app.records, 1, [400_000]);
    const refused = await payKeyed({ kind: 'candidate', party_id: party!.id, payment_date: '2026-02-30', amount: 400_000, method: 'cash' }, 'pay-feb-30');
    expect(refused.status, refused.text).toBe(422);
    expect(Object.keys((JSON.parse(refused.text) as { messages?: object }).messages ?? {})).toContain('payment_date');
    expect(await paymentsOf(party!.id)).toBe(0);
  });
});

describe('a payment by hand', () => {
  it('settles the oldest due date first, never more than owed, and puts the rest on the deposit', async () => {
    const [party] = await sampleParties(server.database.db, server.app.records, 1, [400_000, 300_000]);
    const [older, newer] = party!.invoiceIds;
    const answer = await pay({ kind: 'candidate', party_id: party!.id, payment_date: '2025-08-20', amount: '900000', method: 'cash', remarks: 'Setoran loket' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.message).toBe('Payment saved');
    const detail = answer.json.data;
    expect(detail).toMatchObject({ kind: 'candidate', party_id: party!.id, amount: 900_000, deposit_amount: 200_000, method: 'cash', va_no: party!.va, remarks: 'Setoran loket', payment_date: '2025-08-20' });
    expect(detail.party_number).toMatch(/^BANK-/);
    expect(detail.department_name).toBeTruthy();
    expect(detail.allocations.map((a: { invoice_id: number; amount: number; outstanding: number }) => [a.invoice_id, a.amount, a.outstanding])).toEqual([
      [older, 400_000, 0],
      [newer, 300_000, 0],
    ]);
    expect(detail.allocations[0].income_type_name).toMatch(/SPP/);
    expect(detail.journals).toHaveLength(1);
    const journal = detail.journals[0];
    expect(journal.source).toBe('payment');
    expect(journal.debit).toBe(900_000);
    expect(journal.credit).toBe(900_000);
    expect(journal.lines.length).toBeGreaterThanOrEqual(2);

    // The party now owes nothing and holds the deposit.
    const parties = await server.call('GET', `/api/v1/finance/parties?kind=candidate&q=${encodeURIComponent(party!.va)}`, { as: 'finance' });
    expect(parties.json.data).toEqual([expect.objectContaining({ id: party!.id, va_no: party!.va, outstanding: 0, deposit: 200_000 })]);
  });

  it('settles only the invoices given by hand, in that order', async () => {
    const [party] = await sampleParties(server.database.db, server.app.records, 1, [400_000, 300_000, 200_000]);
    const [first, second, third] = party!.invoiceIds;
    const open = await server.call('GET', `/api/v1/finance/open-invoices?kind=candidate&id=${party!.id}`, { as: 'finance' });
    expect(open.status, open.text).toBe(200);
    expect(open.json.data.settle_order).toBe('due_date');
    expect(open.json.data.invoices.map((i: { id: number }) => i.id)).toEqual([first, second, third]);
    expect(open.json.data.party.outstanding).toBe(900_000);

    const answer = await pay({ kind: 'candidate', party_id: party!.id, payment_date: '2025-08-21', amount: 250_000, method: 'transfer', invoice_order: [third, second] });
    expect(answer.status, answer.text).toBe(200);
    expect(await outstanding(first!)).toBe(400_000);
    expect(await outstanding(third!)).toBe(0);
    expect(await outstanding(second!)).toBe(250_000);
    expect(answer.json.data.deposit_amount).toBe(0);
  });

  it('refuses what it cannot take with 422 under the field, in both languages', async () => {
    const [party] = await sampleParties(server.database.db, server.app.records, 1, [100_000]);
    const before = await server.database.db.selectFrom('payment').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const bad = await pay({ kind: 'nobody', party_id: party!.id, payment_date: '20-08-2025', amount: '', method: 'cheque' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.messages).sort()).toEqual(['amount', 'kind', 'method', 'payment_date']);
    const fraction = await pay({ kind: 'candidate', party_id: party!.id, payment_date: '2025-08-20', amount: '1000.5', method: 'cash' });
    expect(fraction.status).toBe(422);
    expect(fraction.json.messages.amount).toBeDefined();
    const nobody = await server.call('POST', '/api/v1/finance/payments', {
      as: 'finance',
      headers: { 'accept-language': 'id' },
      body: { kind: 'candidate', party_id: 999999, payment_date: '2025-08-20', amount: 1000, method: 'cash' },
    });
    expect(nobody.status).toBe(422);
    expect(nobody.json.messages.party_id[0]).toContain('tidak ditemukan');
    const notOpen = await pay({ kind: 'candidate', party_id: party!.id, payment_date: '2025-08-20', amount: 1000, method: 'cash', invoice_order: [1] });
    expect(notOpen.status).toBe(422);
    const after = await server.database.db.selectFrom('payment').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('the payments list, a payment, the journals', () => {
  it('filters, pages and totals the payments, newest first; a payment that does not exist is 404', async () => {
    const [a, b] = await sampleParties(server.database.db, server.app.records, 2, [100_000]);
    for (const [party, date, method] of [
      [a!, '2030-01-05', 'cash'],
      [a!, '2030-01-06', 'transfer'],
      [b!, '2030-01-07', 'cash'],
    ] as const) {
      expect((await pay({ kind: 'candidate', party_id: party.id, payment_date: date, amount: 50_000, method })).status).toBe(200);
    }
    const list = await server.call('GET', '/api/v1/finance/payments?payment_date_gte=2030-01-01&per_page=2&page=1', { as: 'finance' });
    expect(list.status, list.text).toBe(200);
    expect(list.json.total).toBe(3);
    expect(list.json.totals.amount).toBe(150_000);
    expect(list.json.data.map((p: { payment_date: string }) => p.payment_date)).toEqual(['2030-01-07', '2030-01-06']);
    const page2 = await server.call('GET', '/api/v1/finance/payments?payment_date_gte=2030-01-01&per_page=2&page=2', { as: 'finance' });
    expect(page2.json.data.map((p: { payment_date: string }) => p.payment_date)).toEqual(['2030-01-05']);
    // What each payment's invoices still owe now: b's bill half paid, a's paid off by its two payments.
    expect(list.json.data.map((p: { allocated_outstanding: number | null }) => p.allocated_outstanding)).toEqual([50_000, 0]);
    expect(page2.json.data[0].allocated_outstanding).toBe(0);
    const cash = await server.call('GET', '/api/v1/finance/payments?payment_date_gte=2030-01-01&method=cash', { as: 'finance' });
    expect(cash.json.total).toBe(2);
    const byName = await server.call('GET', `/api/v1/finance/payments?payment_date_gte=2030-01-01&q=${encodeURIComponent(a!.va)}`, { as: 'finance' });
    expect(byName.json.data.every((p: { party_id: number }) => p.party_id === a!.id)).toBe(true);
    expect(byName.json.total).toBe(2);
    const byType = await server.call('GET', '/api/v1/finance/payments?payment_date_gte=2030-01-01&income_type_id=1', { as: 'finance' });
    expect(byType.json.total).toBe(3);
    const byOtherType = await server.call('GET', '/api/v1/finance/payments?payment_date_gte=2030-01-01&income_type_id=2', { as: 'finance' });
    expect(byOtherType.json.total).toBe(0);

    const one = await server.call('GET', `/api/v1/finance/payments/${list.json.data[0].id}`, { as: 'finance' });
    expect(one.status).toBe(200);
    expect(one.json.data.allocations).toHaveLength(1);
    expect((await server.call('GET', '/api/v1/finance/payments/987654', { as: 'finance' })).status).toBe(404);
  });

  it('lists journals with their lines and totals, by source and date', async () => {
    const journals = await server.call('GET', '/api/v1/finance/journals?source=payment&journal_date_gte=2030-01-01&per_page=10', { as: 'adminfinance' });
    expect(journals.status, journals.text).toBe(200);
    expect(journals.json.total).toBe(3);
    for (const journal of journals.json.data) {
      expect(journal.source).toBe('payment');
      expect(journal.debit).toBe(journal.credit);
      expect(journal.lines.reduce((sum: number, l: { debit: number }) => sum + l.debit, 0)).toBe(journal.debit);
      expect(journal.lines[0].coa_code).toBeTruthy();
    }
    const invoices = await server.call('GET', '/api/v1/finance/journals?source=invoice&per_page=5', { as: 'finance' });
    expect(invoices.json.total).toBeGreaterThan(0);
    expect(invoices.json.data.every((j: { source: string }) => j.source === 'invoice')).toBe(true);
  });
});

describe('who may', () => {
  it('gives teachers and the plain admin 403 on every call, and nothing is written', async () => {
    const [party] = await sampleParties(server.database.db, server.app.records, 1, [100_000]);
    for (const as of ['teacher', 'admin']) {
      expect((await pay({ kind: 'candidate', party_id: party!.id, payment_date: '2025-08-20', amount: 1000, method: 'cash' }, as)).status, as).toBe(403);
      for (const path of ['payments', 'parties?kind=student', `open-invoices?kind=candidate&id=${party!.id}`, 'journals', 'bank-layouts', 'payments/1']) {
        expect((await server.call('GET', `/api/v1/finance/${path}`, { as })).status, `${as} ${path}`).toBe(403);
      }
    }
    expect(await outstanding(party!.invoiceIds[0]!)).toBe(100_000);
  });

  it('lets the foundation read but not pay', async () => {
    const [party] = await sampleParties(server.database.db, server.app.records, 1, [100_000]);
    const headers = await foundation();
    expect((await server.call('GET', '/api/v1/finance/payments', { headers })).status).toBe(200);
    expect((await server.call('GET', '/api/v1/finance/journals', { headers })).status).toBe(200);
    expect((await server.call('GET', `/api/v1/finance/open-invoices?kind=candidate&id=${party!.id}`, { headers })).status).toBe(200);
    const refused = await server.call('POST', '/api/v1/finance/payments', {
      headers,
      body: { kind: 'candidate', party_id: party!.id, payment_date: '2025-08-20', amount: 1000, method: 'cash' },
    });
    expect(refused.status).toBe(403);
    const stage = await server.call('POST', '/api/v1/finance/bank-import/stage', { headers, body: { bank_layout_id: 1, file_name: 'a.csv', file: 'YQ==' } });
    expect(stage.status).toBe(403);
    expect(await outstanding(party!.invoiceIds[0]!)).toBe(100_000);
  });
});
