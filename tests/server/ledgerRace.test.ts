// Payments and waivers racing on one invoice (PostgreSQL only: PGlite runs one query at a
// time). Each runs in its own transaction on its own connection, all started at once; the
// invoice's row lock makes them take turns, so together they never settle or waive more than
// the invoice owes, and a payment's excess goes to the deposit instead.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { ledgerOf } from '../../server/finance/ledger/ledger';
import { ApiError } from '../../server/http/apiError';
import { fileServer, onPostgres } from './harness';
import { draft, expectJournalsBalance, finance, invoiceRow, newParty } from './ledgerHelpers';

const server = fileServer({ demoData: true, poolSize: 8 });
const db = (): Db => server.database.db;

async function oneInvoice(value: number): Promise<{ id: number; party: { kind: 'student' | 'candidate'; id: number } }> {
  const who = await newParty(db(), server.app.records);
  const { ids } = await db()
    .transaction()
    .execute((tx) => ledgerOf(server.app.records).issueInvoices(tx, finance, [draft(who, value)]));
  return { id: ids[0], party: who };
}

describe.skipIf(!onPostgres)('racing on one invoice (PostgreSQL)', () => {
  it('payments at the same moment never settle more than it owes', async () => {
    const { id, party } = await oneInvoice(100_000);
    const ledger = ledgerOf(server.app.records);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        db()
          .transaction()
          .execute((tx) => ledger.pay(tx, finance, { kind: party.kind, party_id: party.id, payment_date: '2025-08-05', amount: 30_000, method: 'cash', invoice_order: [id] })),
      ),
    );
    expect(results.reduce((sum, r) => sum + r.allocated, 0)).toBe(100_000);
    expect(results.reduce((sum, r) => sum + r.deposit, 0)).toBe(80_000);
    expect(await invoiceRow(db(), id)).toMatchObject({ paid_amount: 100_000, outstanding: 0, state: 'paid' });
    const allocated = await sql<{ total: string }>`select sum(amount) as total from payment_allocation where invoice_id = ${id}`.execute(db());
    expect(Number(allocated.rows[0].total)).toBe(100_000);
    await expectJournalsBalance(db());
  });

  it('two payments with the same bank line at the same moment are one payment', async () => {
    const { party } = await oneInvoice(100_000);
    const ledger = ledgerOf(server.app.records);
    const call = { kind: party.kind, party_id: party.id, payment_date: '2025-08-05', amount: 50_000, method: 'va' as const, external_key: `race-${party.id}` };
    const results = await Promise.all([0, 1].map(() => db().transaction().execute((tx) => ledger.pay(tx, finance, call))));
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    expect(results[0].payment_id).toBe(results[1].payment_id);
  });

  it('waivers at the same moment never waive more than it owes: the late one is refused', async () => {
    const { id } = await oneInvoice(100_000);
    const ledger = ledgerOf(server.app.records);
    const outcomes = await Promise.all(
      [0, 1].map(() =>
        db()
          .transaction()
          .execute((tx) => ledger.waive(tx, finance, { invoice_id: id, waiver_date: '2025-08-05', amount: 60_000, reason: 'Yatim' }))
          .then(
            () => 'waived',
            (error: unknown) => (error instanceof ApiError ? error.status : error),
          ),
      ),
    );
    expect(outcomes.sort()).toEqual([422, 'waived']);
    expect(await invoiceRow(db(), id)).toMatchObject({ waived_amount: 60_000, outstanding: 40_000 });
  });
});
