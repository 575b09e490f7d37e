// The bank commit's bulk path (server/finance/payments/payMany.ts) against the ledger's pay()
// (server/finance/ledger/): the same lines on two sets of like parties, one paid line by line
// through pay(), the other in one payMany call, end with the same payments, allocations, invoice
// figures and journal lines; a key already paid is answered, not paid again.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ledgerOf } from '../../server/finance/ledger/ledger';
import { payMany, type BankPayment } from '../../server/finance/payments/payMany';
import type { Caller } from '../../server/records/recordWrites';
import { fileServer } from './harness';
import { sampleParties, type SampleParty } from './bankFiles';

const server = fileServer({ demoData: true });
const finance: Caller = { username: 'adminfinance', roles: ['ROLE_ADMIN_FINANCE'], locale: 'en' };

/** What a party's payments did, without ids: per payment its amounts, allocations and journal lines. */
async function outcome(party: SampleParty) {
  const db = server.database.db;
  const payments = await db.selectFrom('payment').select(['id', 'amount', 'deposit_amount', 'method', 'payment_date', 'journal_type_id']).where('candidate_id', '=', party.id).orderBy('id').execute();
  const result = [];
  for (const p of payments) {
    const allocations = await sql<{ n: number; amount: number }>`
      select row_number() over (order by a.invoice_id)::int as n, a.amount from payment_allocation a where a.payment_id = ${p.id} order by a.invoice_id`.execute(db);
    const lines = await sql<{ coa_id: number; debit: number; credit: number; journal_type_id: number }>`
      select l.coa_id, l.debit, l.credit, j.journal_type_id from journal j join journal_line l on l.journal_id = j.id where j.payment_id = ${p.id} and j.source = 'payment' order by l.coa_id, l.debit`.execute(db);
    result.push({ amount: p.amount, deposit: p.deposit_amount, method: p.method, date: p.payment_date, journal_type_id: p.journal_type_id, allocations: allocations.rows, lines: lines.rows });
  }
  const invoices = await db.selectFrom('invoice').select(['paid_amount', 'outstanding', 'state']).where('candidate_id', '=', party.id).orderBy('id').execute();
  return { payments: result, invoices };
}

describe('payMany and pay()', () => {
  it('end the same: payments, allocations, invoice figures and balanced journals', async () => {
    const values = [300_000, 200_000, 150_000];
    const [byPay, byBulk] = [
      await sampleParties(server.database.db, server.app.records, 2, values),
      await sampleParties(server.database.db, server.app.records, 2, values),
    ];
    // Per party: a partial, an exact rest of the first invoice, then more than owed (to the deposit); the VA BCA journal.
    const plan = (parties: SampleParty[], tag: string): BankPayment[] =>
      parties.flatMap((party, n) =>
        [100_000, 200_000, 500_000].map((amount, i) => ({
          kind: 'candidate' as const,
          party_id: party.id,
          payment_date: `2025-08-1${i}`,
          amount: amount + n * 1000,
          va_no: party.va,
          external_key: `${tag}-${party.id}-${i}`,
          bank_reference: `REF${i}`,
        })),
      );
    const ledger = ledgerOf(server.app.records);
    await server.database.db.transaction().execute(async (tx) => {
      for (const request of plan(byPay!, 'one')) await ledger.pay(tx, finance, { ...request, method: 'va', journal_type_id: 4 });
    });
    const results = await server.database.db.transaction().execute((tx) => payMany(tx, server.app.records, finance, plan(byBulk!, 'bulk'), 4));
    expect(results.every((r) => r.created)).toBe(true);

    for (let i = 0; i < 2; i++) {
      const expected = await outcome(byPay![i]!);
      expect(expected.payments.at(-1)!.deposit).toBeGreaterThan(0);
      expect(await outcome(byBulk![i]!)).toEqual(expected);
    }
    const unbalanced = await sql`select j.id from journal j join journal_line l on l.journal_id = j.id group by j.id having sum(l.debit) <> sum(l.credit)`.execute(server.database.db);
    expect(unbalanced.rows).toEqual([]);

    // The same keys again, in bulk or through pay(): the existing payments, nothing new.
    const before = await server.database.db.selectFrom('payment').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const again = await server.database.db.transaction().execute((tx) => payMany(tx, server.app.records, finance, plan(byBulk!, 'bulk'), 4));
    expect(again.map((r) => [r.payment_id, r.created])).toEqual(results.map((r) => [r.payment_id, false]));
    const single = await server.database.db.transaction().execute((tx) => ledger.pay(tx, finance, { ...plan(byBulk!, 'bulk')[0]!, method: 'va' }));
    expect(single).toMatchObject({ payment_id: results[0]!.payment_id, created: false });
    const after = await server.database.db.selectFrom('payment').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
