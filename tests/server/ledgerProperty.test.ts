// Random sequences of invoices, payments, waivers, penalties, merges and reversals on two fresh
// parties (fast-check): after every step each invoice's figures agree with the rows that moved
// them (outstanding = value − discount − payments − waivers + penalties − merged or reversed,
// never below zero; paid exactly when nothing is owed), every payment is its allocations plus
// its deposit, every journal balances, and per party the receivable the journals hold equals
// what the invoices still owe. Each step is also checked against what a person expects: a
// waiver above the outstanding, a merge of different VA numbers or of closed invoices, and a
// reversal of a paid invoice or before its date are refused; the rest goes through.

import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { ApiError } from '../../server/http/apiError';
import { ledgerOf } from '../../server/finance/ledger/ledger';
import { onPostgres, fileServer } from './harness';
import { draft, expectJournalsBalance, finance, invoiceRow, newParty, receivableByParty, type Party } from './ledgerHelpers';

const server = fileServer({ demoData: true });
const db = (): Db => server.database.db;

const party = fc.nat({ max: 1 });
const pick = fc.nat({ max: 20 });
const step = fc.oneof(
  fc.record({
    op: fc.constant('issue' as const),
    party,
    value: fc.integer({ min: 0, max: 2_000_000 }),
    discountPercent: fc.integer({ min: 0, max: 100 }),
    otherVa: fc.boolean(),
    incomeType: fc.constantFrom(1, 2),
    dueInDays: fc.integer({ min: 0, max: 90 }),
  }),
  fc.record({ op: fc.constant('pay' as const), party, amount: fc.integer({ min: 1, max: 3_000_000 }), byHand: fc.boolean(), desk: fc.boolean() }),
  fc.record({ op: fc.constant('waive' as const), party, pick, amount: fc.integer({ min: 1, max: 1_500_000 }) }),
  fc.record({ op: fc.constant('penalty' as const), party, pick, month: fc.integer({ min: 9, max: 11 }), amount: fc.integer({ min: 1, max: 100_000 }) }),
  fc.record({ op: fc.constant('merge' as const), party, a: pick, b: pick }),
  fc.record({ op: fc.constant('reverse' as const), party, pick, early: fc.boolean() }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

async function invoicesOf(who: Party): Promise<Awaited<ReturnType<typeof invoiceRow>>[]> {
  const rows = await db()
    .selectFrom('invoice')
    .select('id')
    .where(who.kind === 'student' ? 'student_id' : 'candidate_id', '=', who.id)
    .orderBy('id')
    .execute();
  return Promise.all(rows.map((r) => invoiceRow(db(), Number(r.id))));
}

/** Runs a step; answers whether the ledger refused it (an ApiError 4xx; anything else fails the test). */
async function run(who: Party, s: Step): Promise<{ refused: boolean; expectRefused: boolean }> {
  const ledger = ledgerOf(server.app.records);
  const mine = await invoicesOf(who);
  const chosen = (n: number) => (mine.length ? mine[n % mine.length] : undefined);
  const details = async (id: number) =>
    db().selectFrom('invoice').select(['va_no', 'source', 'invoice_date']).where('id', '=', id).executeTakeFirstOrThrow();
  let expectRefused = false;
  let work: ((tx: Db) => Promise<unknown>) | null = null;
  switch (s.op) {
    case 'issue': {
      const discount = Math.floor((s.value * s.discountPercent) / 100);
      const d = draft(who, s.value, { discount, income_type_id: s.incomeType, due_date: addDays('2025-08-01', s.dueInDays) });
      if (s.otherVa) d.va_no = `${d.va_no}9`;
      work = (tx) => ledger.issueInvoices(tx, finance, [d]);
      break;
    }
    case 'pay': {
      const open = mine.filter((i) => i.state === 'open' && i.outstanding > 0).map((i) => i.id);
      const order = s.byHand ? { invoice_order: open.reverse() } : {};
      const desk = s.desk ? { journal_type_id: 3 } : {};
      work = (tx) => ledger.pay(tx, finance, { kind: who.kind, party_id: who.id, payment_date: '2025-08-20', amount: s.amount, method: 'cash', ...order, ...desk });
      break;
    }
    case 'waive': {
      const invoice = chosen(s.pick);
      if (!invoice) return { refused: false, expectRefused: false };
      expectRefused = invoice.state !== 'open' || s.amount > invoice.outstanding;
      work = (tx) => ledger.waive(tx, finance, { invoice_id: invoice.id, waiver_date: '2025-08-21', amount: s.amount, reason: 'uji' });
      break;
    }
    case 'penalty': {
      const invoice = chosen(s.pick);
      if (!invoice) return { refused: false, expectRefused: false };
      work = (tx) => ledger.addPenalties(tx, finance, [{ invoice_id: invoice.id, period: `2025-${String(s.month).padStart(2, '0')}`, penalty_date: `2025-${String(s.month).padStart(2, '0')}-01`, amount: s.amount }]);
      break;
    }
    case 'merge': {
      const a = chosen(s.a);
      const b = chosen(s.b);
      if (!a || !b) return { refused: false, expectRefused: false };
      const [va, vb] = [await details(a.id), await details(b.id)];
      expectRefused = a.id === b.id || [a, b].some((i) => i.state !== 'open' || i.outstanding <= 0) || va.va_no !== vb.va_no;
      work = (tx) => ledger.mergeInvoices(tx, finance, { ids: [a.id, b.id], invoice_date: '2025-08-25', due_date: '2025-09-10' });
      break;
    }
    case 'reverse': {
      const invoice = chosen(s.pick);
      if (!invoice) return { refused: false, expectRefused: false };
      const { source, invoice_date } = await details(invoice.id);
      const date = s.early ? addDays(String(invoice_date), -1) : '2025-09-30';
      expectRefused = s.early || invoice.state === 'merged' || invoice.state === 'reversed' || source === 'merge' || invoice.paid_amount > 0 || invoice.waived_amount > 0;
      work = (tx) => ledger.reverseInvoices(tx, finance, { ids: [invoice.id], reversing_date: date });
      break;
    }
  }
  try {
    await db().transaction().execute(work);
    return { refused: false, expectRefused };
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return { refused: true, expectRefused };
    throw error;
  }
}

async function checkInvariants(parties: Party[]): Promise<void> {
  for (const who of parties) {
    for (const invoice of await invoicesOf(who)) {
      const moved = await sql<{ paid: string; waived: string; fined: string }>`
        select (select coalesce(sum(amount), 0) from payment_allocation where invoice_id = ${invoice.id}) as paid,
               (select coalesce(sum(amount), 0) from waiver where invoice_id = ${invoice.id}) as waived,
               (select coalesce(sum(amount), 0) from penalty where invoice_id = ${invoice.id}) as fined`.execute(db());
      const { paid, waived, fined } = moved.rows[0];
      expect([invoice.paid_amount, invoice.waived_amount, invoice.penalty_amount]).toEqual([Number(paid), Number(waived), Number(fined)]);
      expect(invoice.outstanding).toBe(invoice.value - invoice.discount - invoice.paid_amount - invoice.waived_amount + invoice.penalty_amount - invoice.closed_amount);
      expect(invoice.outstanding).toBeGreaterThanOrEqual(0);
      if (invoice.state === 'merged' || invoice.state === 'reversed') expect(invoice.outstanding).toBe(0);
      else expect(invoice.state).toBe(invoice.outstanding === 0 ? 'paid' : 'open');
    }
    const payments = await sql<{ id: number; off: string }>`
      select p.id, p.amount - p.deposit_amount - coalesce((select sum(a.amount) from payment_allocation a where a.payment_id = p.id), 0) as off
      from payment p where p.candidate_id = ${who.id}`.execute(db());
    for (const payment of payments.rows) expect(Number(payment.off)).toBe(0);
  }
  await expectJournalsBalance(db());
  const byParty = await receivableByParty(db());
  for (const who of parties) {
    const row = byParty.find((r) => r.party === `c${who.id}`);
    if (row) expect(row.receivable).toBe(row.outstanding);
  }
}

describe('the ledger under random sequences of operations', () => {
  it(
    'keeps every figure, journal and refusal right after every step',
    async () => {
      // A deposit with nothing owed goes to the school's deposit account.
      const settings = await db().selectFrom('setting_general').select('id').execute();
      if (settings.length) await sql`update setting_general set deposit_account_id = 6`.execute(db());
      else await sql`insert into setting_general (theme, deposit_account_id) values ('cc', 6)`.execute(db());
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
          const parties = [await newParty(db(), server.app.records), await newParty(db(), server.app.records)];
          for (const s of steps) {
            const { refused, expectRefused } = await run(parties[s.party], s);
            expect({ step: s, refused }).toEqual({ step: s, refused: expectRefused });
            await checkInvariants(parties);
          }
        }),
        { numRuns: onPostgres ? 15 : 25 },
      );
    },
    300_000,
  );
});
