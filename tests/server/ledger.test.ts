// The ledger's operations (server/finance/ledger/), each on the demo finance masters (income
// types with their accounts, journal types, financial year 2) through the real write door: what
// each writes (invoice figures, state, the journal's lines on the income type's accounts) and
// what each refuses, in both languages.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ledgerOf, moneyOf, type Ledger } from '../../server/finance/ledger/ledger';
import type { Db } from '../../server/db/database';
import { fileServer } from './harness';
import { draft, expectJournalsBalance, finance, financeId, invoiceRow, newParty, receivableByParty, refusal, type Party } from './ledgerHelpers';

const server = fileServer({ demoData: true });
const db = (): Db => server.database.db;
const ledger = (): Ledger => ledgerOf(server.app.records);
const inTx = <T>(work: (tx: Db) => Promise<T>): Promise<T> => db().transaction().execute(work);
const party = () => newParty(db(), server.app.records);

/** A journal's lines as [coa id, debit, credit], by source and the row it belongs to. */
async function journalLines(where: { invoice_id?: number; payment_id?: number; source: string }): Promise<[number, number, number][]> {
  let query = db()
    .selectFrom('journal_line as l')
    .innerJoin('journal as j', 'j.id', 'l.journal_id')
    .select(['l.coa_id', 'l.debit', 'l.credit'])
    .where('j.source', '=', where.source);
  if (where.invoice_id !== undefined) query = query.where('j.invoice_id', '=', where.invoice_id);
  if (where.payment_id !== undefined) query = query.where('j.payment_id', '=', where.payment_id);
  const rows = await query.orderBy('l.id').execute();
  return rows.map((r) => [Number(r.coa_id), Number(r.debit), Number(r.credit)]);
}

async function issue(who: Party, value: number, change: Parameters<typeof draft>[2] = {}): Promise<number> {
  const { ids } = await inTx((tx) => ledger().issueInvoices(tx, finance, [draft(who, value, change)]));
  return ids[0];
}

describe('moneyOf', () => {
  it.each([
    [1250000, 1250000],
    ['1250000', 1250000],
    [' 15 ', 15],
    [0, 0],
    [-1, null],
    [1.5, null],
    ['1.5', null],
    ['12,000', null],
    ['-3', null],
    [Number.MAX_SAFE_INTEGER + 1, null],
    ['99999999999999999', null],
    [null, null],
    [true, null],
  ])('%j → %j', (given, want) => expect(moneyOf(given)).toBe(want));
});

describe('issuing invoices', () => {
  it('writes each draft once with its journal: Dr receivable, Dr discount, Cr income', async () => {
    const who = await party();
    const one = draft(who, 500_000, { discount: 50_000 });
    const first = await inTx((tx) => ledger().issueInvoices(tx, finance, [one]));
    expect(first).toMatchObject({ created: 1, existing: 0 });
    const id = first.ids[0];
    expect(await invoiceRow(db(), id)).toMatchObject({ value: 500_000, discount: 50_000, outstanding: 450_000, state: 'open' });
    // SPP: receivable 3, discount 12, income 7
    expect(await journalLines({ invoice_id: id, source: 'invoice' })).toEqual([
      [3, 450_000, 0],
      [12, 50_000, 0],
      [7, 0, 500_000],
    ]);
    // Numbers from the transaction types of domain invoice and journal, dated by the invoice.
    const numbers = await db()
      .selectFrom('invoice as i')
      .innerJoin('journal as j', 'j.invoice_id', 'i.id')
      .select(['i.transaction_no', 'j.journal_no'])
      .where('i.id', '=', id)
      .executeTakeFirstOrThrow();
    expect(numbers.transaction_no).toMatch(/^INV\/2025\/08\/\d{5}$/);
    expect(numbers.journal_no).toMatch(/^JRN\/2025\/08\/\d{5}$/);
    const again = await inTx((tx) => ledger().issueInvoices(tx, finance, [one, draft(who, 100_000)]));
    expect(again).toMatchObject({ created: 1, existing: 1 });
    await expectJournalsBalance(db());
  });

  it('refuses a discount above the value', async () => {
    const who = await party();
    const error = await refusal(() => inTx((tx) => ledger().issueInvoices(tx, finance, [draft(who, 100, { discount: 200 })])));
    expect(error.status).toBe(422);
    expect(error.messages?.discount).toEqual(['The discount must not be more than the value']);
  });
});

describe('payments', () => {
  it('settle the oldest due date first, never more than each owes; the rest goes to the deposit', async () => {
    const who = await party();
    const later = await issue(who, 300_000, { due_date: '2025-09-10' });
    const sooner = await issue(who, 200_000, { due_date: '2025-08-10' });
    const paid = await inTx((tx) => ledger().pay(tx, finance, { kind: who.kind, party_id: who.id, payment_date: '2025-08-05', amount: '250000', method: 'transfer' }));
    expect(paid).toMatchObject({ created: true, allocated: 250_000, deposit: 0 });
    expect(await invoiceRow(db(), sooner)).toMatchObject({ paid_amount: 200_000, outstanding: 0, state: 'paid' });
    expect(await invoiceRow(db(), later)).toMatchObject({ paid_amount: 50_000, outstanding: 250_000, state: 'open' });
    // a transfer without a journal type: the income type's cash account (2) Dr, receivable (3) Cr
    expect(await journalLines({ payment_id: paid.payment_id, source: 'payment' })).toEqual([
      [2, 250_000, 0],
      [3, 0, 250_000],
    ]);

    const over = await inTx((tx) =>
      ledger().pay(tx, finance, { kind: who.kind, party_id: who.id, payment_date: '2025-08-06', amount: 400_000, method: 'cash', journal_type_id: 3 }),
    );
    expect(over).toMatchObject({ allocated: 250_000, deposit: 150_000 });
    expect(await invoiceRow(db(), later)).toMatchObject({ outstanding: 0, state: 'paid' });
    // journal type KAS: cash account 1; the rest to SPP's deposit account (6)
    expect(await journalLines({ payment_id: over.payment_id, source: 'payment' })).toEqual([
      [1, 400_000, 0],
      [3, 0, 250_000],
      [6, 0, 150_000],
    ]);
    const payment = await db().selectFrom('payment').selectAll().where('id', '=', over.payment_id).executeTakeFirstOrThrow();
    expect([Number(payment.amount), Number(payment.deposit_amount)]).toEqual([400_000, 150_000]);
    await expectJournalsBalance(db());
  });

  it('cash without a journal type goes to the first payment journal, which the payment and its journal name', async () => {
    const who = await party();
    await issue(who, 100_000, { due_date: '2025-08-10' });
    const paid = await inTx((tx) =>
      ledger().pay(tx, finance, { kind: who.kind, party_id: who.id, payment_date: '2025-08-05', amount: 100_000, method: 'cash', remarks: 'Loket pagi' }),
    );
    const payment = await db().selectFrom('payment').selectAll().where('id', '=', paid.payment_id).executeTakeFirstOrThrow();
    const journal = await db().selectFrom('journal').selectAll().where('payment_id', '=', paid.payment_id).executeTakeFirstOrThrow();
    expect([payment.journal_type_id, journal.journal_type_id, journal.description]).toEqual([3, 3, 'Loket pagi']);
    // KAS's cash account (1) Dr, receivable (3) Cr
    expect(await journalLines({ payment_id: paid.payment_id, source: 'payment' })).toEqual([
      [1, 100_000, 0],
      [3, 0, 100_000],
    ]);
  });

  it('settle in the order given by hand, and only the invoices given', async () => {
    const who = await party();
    const a = await issue(who, 100_000, { due_date: '2025-08-10' });
    const b = await issue(who, 100_000, { due_date: '2025-09-10' });
    const c = await issue(who, 100_000, { due_date: '2025-10-10' });
    const paid = await inTx((tx) =>
      ledger().pay(tx, finance, { kind: who.kind, party_id: who.id, payment_date: '2025-08-05', amount: 150_000, method: 'transfer', invoice_order: [c, b] }),
    );
    expect(paid.deposit).toBe(0);
    expect((await invoiceRow(db(), c)).outstanding).toBe(0);
    expect((await invoiceRow(db(), b)).outstanding).toBe(50_000);
    expect((await invoiceRow(db(), a)).outstanding).toBe(100_000);
    const other = await party();
    const foreign = await issue(other, 10_000);
    const error = await refusal(() =>
      inTx((tx) => ledger().pay(tx, financeId, { kind: who.kind, party_id: who.id, payment_date: '2025-08-05', amount: 1, method: 'cash', invoice_order: [foreign] })),
    );
    expect(error.status).toBe(422);
    expect(error.messages?.invoice_order?.[0]).toContain('bukan tagihan milik');
  });

  it("follow the school's setting: income type priority first", async () => {
    const who = await party();
    const uniform = await issue(who, 100_000, { income_type_id: 4, due_date: '2025-08-05' }); // priority 4
    const tuition = await issue(who, 100_000, { income_type_id: 1, due_date: '2025-09-10' }); // priority 1
    await sql`update setting_general set payment_order = 'priority'`.execute(db());
    const settings = await db().selectFrom('setting_general').select('id').execute();
    if (!settings.length) await sql`insert into setting_general (theme, payment_order) values ('cc', 'priority')`.execute(db());
    try {
      await inTx((tx) => ledger().pay(tx, finance, { kind: who.kind, party_id: who.id, payment_date: '2025-08-05', amount: 100_000, method: 'cash' }));
    } finally {
      await sql`update setting_general set payment_order = 'due_date'`.execute(db());
    }
    expect((await invoiceRow(db(), tuition)).outstanding).toBe(0);
    expect((await invoiceRow(db(), uniform)).outstanding).toBe(100_000);
  });

  it('put an overpayment on the school deposit account when the income type has none, and refuse when there is none', async () => {
    const who = await party();
    await issue(who, 100_000, { income_type_id: 4 }); // uniforms: no deposit or prepaid account
    // A school without a deposit account (the demo's general setting names one).
    await sql`update setting_general set deposit_account_id = null`.execute(db());
    const error = await refusal(() => inTx((tx) => ledger().pay(tx, finance, { kind: who.kind, party_id: who.id, payment_date: '2025-08-05', amount: 120_000, method: 'cash' })));
    expect(error.status).toBe(422);
    expect(error.messages?.amount?.[0]).toContain('no deposit account');
    const settings = await db().selectFrom('setting_general').select('id').execute();
    if (settings.length) await sql`update setting_general set deposit_account_id = 6`.execute(db());
    else await sql`insert into setting_general (theme, deposit_account_id) values ('cc', 6)`.execute(db());
    const paid = await inTx((tx) => ledger().pay(tx, finance, { kind: who.kind, party_id: who.id, payment_date: '2025-08-05', amount: 120_000, method: 'cash' }));
    expect(paid).toMatchObject({ allocated: 100_000, deposit: 20_000 });
    expect(await journalLines({ payment_id: paid.payment_id, source: 'payment' })).toEqual([
      [1, 120_000, 0],
      [3, 0, 100_000],
      [6, 0, 20_000],
    ]);
  });

  it('with the same external key are one payment', async () => {
    const who = await party();
    await issue(who, 100_000);
    const call = { kind: who.kind, party_id: who.id, payment_date: '2025-08-05', amount: 60_000, method: 'va' as const, external_key: `bank-line-${who.id}` };
    const first = await inTx((tx) => ledger().pay(tx, finance, call));
    const second = await inTx((tx) => ledger().pay(tx, finance, call));
    expect(second).toEqual({ payment_id: first.payment_id, created: false, allocated: 60_000, deposit: 0 });
    const count = await db().selectFrom('payment').select((eb) => eb.fn.countAll().as('n')).where('external_key', '=', call.external_key).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuse an amount that is not whole rupiah', async () => {
    const who = await party();
    for (const amount of ['12.5', -5, 0, 'abc']) {
      const error = await refusal(() => inTx((tx) => ledger().pay(tx, finance, { kind: who.kind, party_id: who.id, payment_date: '2025-08-05', amount, method: 'cash' })));
      expect([error.status, Object.keys(error.messages ?? {})]).toEqual([422, ['amount']]);
    }
  });
});

describe('waivers', () => {
  it('lower the outstanding with a journal on the discount account, never below zero', async () => {
    const who = await party();
    const id = await issue(who, 100_000);
    const over = await refusal(() => inTx((tx) => ledger().waive(tx, financeId, { invoice_id: id, waiver_date: '2025-08-05', amount: 100_001, reason: 'Yatim' })));
    expect(over.status).toBe(422);
    expect(over.messages?.amount).toEqual(['Keringanan melebihi sisa tagihan (100000)']);
    const noReason = await refusal(() => inTx((tx) => ledger().waive(tx, finance, { invoice_id: id, waiver_date: '2025-08-05', amount: 1, reason: '  ' })));
    expect(noReason.messages?.reason).toEqual(['This field is required']);

    const { waiver_id } = await inTx((tx) => ledger().waive(tx, finance, { invoice_id: id, waiver_date: '2025-08-05', amount: 40_000, reason: 'Yatim' }));
    expect(waiver_id).toBeGreaterThan(0);
    expect(await invoiceRow(db(), id)).toMatchObject({ waived_amount: 40_000, outstanding: 60_000, state: 'open' });
    expect(await journalLines({ invoice_id: id, source: 'waiver' })).toEqual([
      [12, 40_000, 0],
      [3, 0, 40_000],
    ]);
    await inTx((tx) => ledger().waive(tx, finance, { invoice_id: id, waiver_date: '2025-08-06', amount: 60_000, reason: 'Sisa' }));
    expect(await invoiceRow(db(), id)).toMatchObject({ outstanding: 0, state: 'paid' });
  });
});

describe('penalties', () => {
  it('are one per invoice and period: Dr receivable, Cr income', async () => {
    const who = await party();
    const id = await issue(who, 100_000);
    const rows = [{ invoice_id: id, period: '2025-09', penalty_date: '2025-09-01', amount: 25_000 }];
    expect(await inTx((tx) => ledger().addPenalties(tx, finance, rows))).toMatchObject({ created: 1, existing: 0 });
    expect(await inTx((tx) => ledger().addPenalties(tx, finance, [...rows, ...rows]))).toMatchObject({ created: 0, existing: 2 });
    expect(await invoiceRow(db(), id)).toMatchObject({ penalty_amount: 25_000, outstanding: 125_000 });
    expect(await journalLines({ invoice_id: id, source: 'penalty' })).toEqual([
      [3, 25_000, 0],
      [7, 0, 25_000],
    ]);
  });
});

describe('merging invoices', () => {
  it('needs the same VA number (spec 3 §5), in both languages', async () => {
    const who = await party();
    const a = await issue(who, 100_000);
    const b = await issue(who, 100_000, { va_no: '99999' });
    for (const [caller, words] of [
      [finance, 'Merging invoices requires the same VA number'],
      [financeId, 'Penggabungan tagihan memerlukan nomor VA yang sama'],
    ] as const) {
      const error = await refusal(() => inTx((tx) => ledger().mergeInvoices(tx, caller, { ids: [a, b], invoice_date: '2025-08-15', due_date: '2025-08-30' })));
      expect([error.status, error.message]).toEqual([422, words]);
    }
  });

  it('moves what the invoices owe to a new invoice, with a journal between receivables', async () => {
    const who = await party();
    const a = await issue(who, 100_000);
    const b = await issue(who, 50_000);
    await inTx((tx) => ledger().pay(tx, finance, { kind: who.kind, party_id: who.id, payment_date: '2025-08-05', amount: 30_000, method: 'cash', invoice_order: [a] }));
    const { invoice_id } = await inTx((tx) => ledger().mergeInvoices(tx, finance, { ids: [b, a], invoice_date: '2025-08-15', due_date: '2025-08-30' }));
    expect(await invoiceRow(db(), invoice_id)).toMatchObject({ value: 120_000, outstanding: 120_000, state: 'open' });
    expect(await invoiceRow(db(), a)).toMatchObject({ closed_amount: 70_000, outstanding: 0, state: 'merged' });
    expect(await invoiceRow(db(), b)).toMatchObject({ closed_amount: 50_000, outstanding: 0, state: 'merged' });
    expect(await journalLines({ invoice_id, source: 'merge' })).toEqual([
      [3, 120_000, 0],
      [3, 0, 120_000],
    ]);
    const merged = await refusal(() => inTx((tx) => ledger().mergeInvoices(tx, finance, { ids: [a, invoice_id], invoice_date: '2025-08-15', due_date: '2025-08-30' })));
    expect(merged.status).toBe(422);
    expect(await receivableByParty(db())).toContainEqual({ party: `c${who.id}`, receivable: 120_000, outstanding: 120_000 });
  });
});

describe('editing an invoice', () => {
  it('is refused once it has derivatives (spec 3 §5), in both languages', async () => {
    const who = await party();
    const id = await issue(who, 100_000);
    await inTx((tx) => ledger().waive(tx, finance, { invoice_id: id, waiver_date: '2025-08-05', amount: 1, reason: 'x' }));
    const version = Number((await db().selectFrom('invoice').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version);
    for (const [caller, words] of [
      [finance, 'An invoice with derivatives (payments, waivers, penalties or a merge) cannot be edited'],
      [financeId, 'Tagihan yang sudah memiliki turunan (pembayaran, keringanan, denda, atau penggabungan) tidak dapat diubah'],
    ] as const) {
      const error = await refusal(() => inTx((tx) => ledger().editInvoice(tx, caller, id, { version, value: 90_000 })));
      expect([error.status, error.message]).toEqual([422, words]);
    }
  });

  it('without derivatives: new figures, the old journal reversed and a new one written; a stale version is 409', async () => {
    const who = await party();
    const id = await issue(who, 100_000);
    await inTx((tx) => ledger().editInvoice(tx, finance, id, { version: 1, value: '90000', discount: 10_000, remarks: 'koreksi' }));
    expect(await invoiceRow(db(), id)).toMatchObject({ value: 90_000, discount: 10_000, outstanding: 80_000 });
    expect(await journalLines({ invoice_id: id, source: 'reversal' })).toEqual([
      [3, 0, 100_000],
      [7, 100_000, 0],
    ]);
    expect(await journalLines({ invoice_id: id, source: 'invoice' })).toEqual([
      [3, 100_000, 0],
      [7, 0, 100_000],
      [3, 80_000, 0],
      [12, 10_000, 0],
      [7, 0, 90_000],
    ]);
    const stale = await refusal(() => inTx((tx) => ledger().editInvoice(tx, finance, id, { version: 1, value: 1 })));
    expect(stale.status).toBe(409);
    await expectJournalsBalance(db());
  });
});

describe('reversing invoices', () => {
  it('is refused before the invoice date (spec 3 §5) and for an invoice with payments', async () => {
    const who = await party();
    const id = await issue(who, 100_000, { invoice_date: '2025-08-01' });
    const early = await refusal(() => inTx((tx) => ledger().reverseInvoices(tx, financeId, { ids: [id], reversing_date: '2025-07-31' })));
    expect(early.status).toBe(422);
    expect(early.messages?.reversing_date?.[0]).toContain('Tanggal jurnal balik tidak boleh lebih awal dari tanggal tagihan');
    await inTx((tx) => ledger().pay(tx, finance, { kind: who.kind, party_id: who.id, payment_date: '2025-08-05', amount: 1, method: 'cash' }));
    const paid = await refusal(() => inTx((tx) => ledger().reverseInvoices(tx, finance, { ids: [id], reversing_date: '2025-08-31' })));
    expect(paid.messages?.ids?.[0]).toContain('has payments or waivers');
  });

  it('mirrors the invoice and its penalties: state reversed, nothing owed, the receivable back to zero', async () => {
    const who = await party();
    const id = await issue(who, 100_000, { discount: 5_000 });
    await inTx((tx) => ledger().addPenalties(tx, finance, [{ invoice_id: id, period: '2025-09', penalty_date: '2025-09-01', amount: 25_000 }]));
    expect(await inTx((tx) => ledger().reverseInvoices(tx, finance, { ids: [id], reversing_date: '2025-09-15' }))).toEqual({ count: 1 });
    expect(await invoiceRow(db(), id)).toMatchObject({ closed_amount: 120_000, outstanding: 0, state: 'reversed' });
    expect(await journalLines({ invoice_id: id, source: 'reversal' })).toEqual([
      [3, 0, 95_000],
      [12, 0, 5_000],
      [7, 100_000, 0],
      [3, 0, 25_000],
      [7, 25_000, 0],
    ]);
    expect(await receivableByParty(db())).toContainEqual({ party: `c${who.id}`, receivable: 0, outstanding: 0 });
    const again = await refusal(() => inTx((tx) => ledger().reverseInvoices(tx, finance, { ids: [id], reversing_date: '2025-09-15' })));
    expect(again.status).toBe(422);
  });
});

describe('publishing', () => {
  it('sets the flag on the invoices given', async () => {
    const who = await party();
    const id = await issue(who, 100_000);
    expect(await inTx((tx) => ledger().publishInvoices(tx, finance, { ids: [id], published: true }))).toEqual({ count: 1 });
    const row = await db().selectFrom('invoice').select('is_published').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.is_published).toBe(true);
  });
});
