// Waivers and penalties (../ledger.ts Ledger.waive, addPenalties), each on a locked invoice with
// its journal. Waiver: Dr the discount account (the income account when the type has none), Cr
// receivable; never more than the invoice still owes. Penalty: Dr receivable, Cr income; one per
// invoice and period, a repeat adds nothing.

import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { typedDb } from '../../db/typedDb';
import type { Caller, RecordWrites } from '../../records/recordWrites';
import { moveInvoiceFigures, updateInvoice } from './invoiceFigures';
import { credit, debit, writeJournal, writeJournals } from './journals';
import { incomeAccounts, invoiceName, journalTypeOf, lockInvoices, type LedgerInvoice } from './ledgerReads';
import { refused, refusedField } from './ledgerTexts';
import type { PenaltyRow, WaiverCall } from './ledgerTypes';
import { moneyOf } from './money';

export async function waive(tx: Db, records: RecordWrites, caller: Caller, request: WaiverCall): Promise<{ waiver_id: number }> {
  const amount = moneyOf(request.amount);
  if (amount === null || amount < 1) throw refusedField(caller.locale, 'amount', 'amountNotMoney');
  if (!request.reason?.trim()) throw refusedField(caller.locale, 'reason', 'reasonRequired');
  const [invoice] = await lockInvoices(tx, [request.invoice_id]);
  if (!invoice) throw refused(caller.locale, 404, 'invoiceNotFound');
  if (invoice.state !== 'open') throw refusedField(caller.locale, 'invoice_id', 'invoiceNotOpen', { no: invoiceName(invoice) });
  if (amount > invoice.outstanding) throw refusedField(caller.locale, 'amount', 'waiverTooLarge', { outstanding: invoice.outstanding });
  const waiver = await records.create(tx, caller, 'waiver', { invoice_id: invoice.id, waiver_date: request.waiver_date, amount, reason: request.reason.trim() });
  const waiverId = Number(waiver.id);
  await updateInvoice(tx, records, caller, invoice, { waived_amount: invoice.waived_amount + amount });
  const accounts = (await incomeAccounts(tx, [invoice.income_type_id])).get(invoice.income_type_id);
  if (!accounts) throw new Error(`ledger: income type ${invoice.income_type_id} not found`);
  await writeJournal(
    tx,
    records,
    caller,
    { journal_date: request.waiver_date, journal_type_id: await journalTypeOf(tx, 'waiver'), source: 'waiver', invoice_id: invoice.id, waiver_id: waiverId, description: request.reason.trim().slice(0, 500) },
    [debit(accounts.discount ?? accounts.income, amount), credit(accounts.receivable, amount)],
  );
  return { waiver_id: waiverId };
}

export async function addPenalties(tx: Db, records: RecordWrites, caller: Caller, rows: PenaltyRow[]): Promise<{ created: number; existing: number; ids: number[] }> {
  if (!rows.length) return { created: 0, existing: 0, ids: [] };
  for (const row of rows) if (moneyOf(row.amount) === null || row.amount < 1) throw refusedField(caller.locale, 'amount', 'amountNotMoney');
  const invoices = new Map((await lockInvoices(tx, rows.map((r) => r.invoice_id))).map((i) => [i.id, i]));
  const taken = new Set(
    (
      await typedDb(tx)
        .selectFrom('penalty')
        .select(['invoice_id', 'period'])
        .where('invoice_id', '=', sql<number>`any(${sql.val([...invoices.keys()])})`)
        .execute()
    ).map((p) => `${p.invoice_id}:${p.period}`),
  );
  const accounts = await incomeAccounts(tx, [...invoices.values()].map((i) => i.income_type_id));
  const journalType = await journalTypeOf(tx, 'penalty');
  let existing = 0;
  const fresh: { row: PenaltyRow; invoice: LedgerInvoice }[] = [];
  for (const row of [...rows].sort((a, b) => a.invoice_id - b.invoice_id)) {
    const key = `${row.invoice_id}:${row.period}`;
    if (taken.has(key)) {
      existing += 1;
      continue;
    }
    const invoice = invoices.get(row.invoice_id);
    // Gone, merged or reversed since the caller chose it: nothing to fine.
    if (!invoice || invoice.state === 'merged' || invoice.state === 'reversed') continue;
    taken.add(key);
    fresh.push({ row, invoice });
  }
  // The invoices are locked, so no other run adds their penalties meanwhile: one bulk write.
  const { rows: written } = await records.createMany(
    tx,
    caller,
    'penalty',
    fresh.map(({ row }) => ({ invoice_id: row.invoice_id, period: row.period, penalty_date: row.penalty_date, amount: row.amount })),
  );
  const ids = written.map((penalty) => Number(penalty.id));
  const journals: Parameters<typeof writeJournals>[3][number][] = [];
  const added = new Map<number, number>();
  for (const [i, { row, invoice }] of fresh.entries()) {
    added.set(invoice.id, (added.get(invoice.id) ?? 0) + row.amount);
    const own = accounts.get(invoice.income_type_id);
    if (!own) throw new Error(`ledger: income type ${invoice.income_type_id} not found`);
    journals.push({
      header: { journal_date: row.penalty_date, journal_type_id: journalType, source: 'penalty', invoice_id: invoice.id, penalty_id: ids[i] },
      lines: [debit(own.receivable, row.amount), credit(own.income, row.amount)],
    });
  }
  // The invoices' figures in one statement, as updateInvoice would move them one by one.
  await moveInvoiceFigures(tx, caller, 'penalty_amount', added);
  await writeJournals(tx, records, caller, journals);
  return { created: ids.length, existing, ids };
}
