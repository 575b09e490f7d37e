// The invoices' operations (../ledger.ts Ledger): issue, edit, publish, merge and reverse, each
// with its journal in the caller's transaction. Issue: Dr receivable (value − discount), Dr
// discount (the discount account, else the income account), Cr income (value). Merge: Cr each
// merged invoice's receivable by what it owed, Dr the new invoice's receivable by the sum.
// Reverse: the mirror of the invoice's and its penalties' journals.

import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { typedDb } from '../../db/typedDb';
import { ApiError, apiError } from '../../http/apiError';
import type { Caller, RecordWrites } from '../../records/recordWrites';
import { outstandingOf, requiredOf, updateInvoice } from './invoiceFigures';
import { credit, debit, reverseJournals, withoutEmpty, writeJournal, writeJournals, type JournalLine } from './journals';
import { incomeAccounts, invoiceName, journalTypeOf, lockInvoices, type IncomeAccounts, type LedgerInvoice } from './ledgerReads';
import { refused, refusedField } from './ledgerTexts';
import type { InvoiceDraft, InvoiceEditCall } from './ledgerTypes';
import { moneyOf } from './money';

/** Period numbers of merged invoices start here, above any recurring period (1…times ≤ 60), so a merge never takes a period a later generation will want. */
export const MERGED_PERIOD_BASE = 1000;

function notFound(caller: Caller): ApiError {
  return refused(caller.locale, 404, 'invoiceNotFound');
}

/** The invoice journal's lines. */
export function invoiceLines(accounts: IncomeAccounts, value: number, discount: number): JournalLine[] {
  return [debit(accounts.receivable, value - discount), debit(accounts.discount ?? accounts.income, discount), credit(accounts.income, value)];
}

function accountsFor(all: Map<number, IncomeAccounts>, incomeTypeId: number): IncomeAccounts {
  const found = all.get(incomeTypeId);
  if (!found) throw new Error(`ledger: income type ${incomeTypeId} not found`);
  return found;
}

function partyKey(kind: string, partyId: number, incomeTypeId: number, yearId: number, period: number, installment: number): string {
  return `${kind}:${partyId}:${incomeTypeId}:${yearId}:${period}:${installment}`;
}

function checkDraftAmounts(caller: Caller, draft: InvoiceDraft): void {
  if (moneyOf(draft.value) === null) throw refusedField(caller.locale, 'value', 'amountNotMoney');
  if (moneyOf(draft.discount) === null) throw refusedField(caller.locale, 'discount', 'amountNotMoney');
  if (draft.discount > draft.value) throw refusedField(caller.locale, 'discount', 'discountAboveValue');
}

export async function issueInvoices(
  tx: Db,
  records: RecordWrites,
  caller: Caller,
  drafts: InvoiceDraft[],
): Promise<{ created: number; existing: number; ids: number[] }> {
  if (!drafts.length) return { created: 0, existing: 0, ids: [] };
  for (const draft of drafts) checkDraftAmounts(caller, draft);
  const db = typedDb(tx);
  const students = [...new Set(drafts.filter((d) => d.kind === 'student').map((d) => d.party_id))];
  const candidates = [...new Set(drafts.filter((d) => d.kind === 'candidate').map((d) => d.party_id))];
  const incomeTypes = [...new Set(drafts.map((d) => d.income_type_id))];
  const have = new Set<string>();
  const stored = await db
    .selectFrom('invoice')
    .select(['student_id', 'candidate_id', 'income_type_id', 'financial_year_id', 'period_no', 'installment_no'])
    .where('income_type_id', '=', sql<number>`any(${sql.val(incomeTypes)})`)
    .where((eb) => eb.or([eb('student_id', '=', eb.fn.any(eb.val(students))), eb('candidate_id', '=', eb.fn.any(eb.val(candidates)))]))
    .execute();
  for (const row of stored) {
    const kind = row.student_id !== null ? 'student' : 'candidate';
    have.add(partyKey(kind, Number(row.student_id ?? row.candidate_id), Number(row.income_type_id), Number(row.financial_year_id), Number(row.period_no), Number(row.installment_no)));
  }
  const accounts = await incomeAccounts(tx, incomeTypes);
  const defaultType = await journalTypeOf(tx, 'invoice');
  const fresh: InvoiceDraft[] = [];
  let existing = 0;
  for (const draft of drafts) {
    const key = partyKey(draft.kind, draft.party_id, draft.income_type_id, draft.financial_year_id, draft.period_no, draft.installment_no);
    if (have.has(key)) existing += 1;
    else fresh.push(draft);
    have.add(key);
  }
  // One bulk write; an invoice another run wrote since the read above is skipped by its unique key.
  const { rows } = await records.createMany(
    tx,
    caller,
    'invoice',
    fresh.map((draft) => {
      const outstanding = draft.value - draft.discount;
      return withoutEmpty({
        financial_year_id: draft.financial_year_id,
        income_type_id: draft.income_type_id,
        [draft.kind === 'student' ? 'student_id' : 'candidate_id']: draft.party_id,
        va_no: draft.va_no,
        period_no: draft.period_no,
        period_start: draft.period_start,
        installment_no: draft.installment_no,
        installment_count: draft.installment_count,
        invoice_date: draft.invoice_date,
        due_date: draft.due_date,
        income_date: draft.income_date,
        value: draft.value,
        discount: draft.discount,
        outstanding,
        state: outstanding === 0 ? 'paid' : 'open',
        journal_type_id: draft.journal_type_id,
        source: draft.source,
        remarks: draft.remarks,
      });
    }),
    { onConflict: 'skip' },
  );
  const written = new Map<string, number>();
  for (const row of rows) {
    const kind = row.student_id !== null && row.student_id !== undefined ? 'student' : 'candidate';
    const party = Number(kind === 'student' ? row.student_id : row.candidate_id);
    written.set(partyKey(kind, party, Number(row.income_type_id), Number(row.financial_year_id), Number(row.period_no), Number(row.installment_no)), Number(row.id));
  }
  const ids: number[] = [];
  const journals: Parameters<typeof writeJournals>[3][number][] = [];
  for (const draft of fresh) {
    const id = written.get(partyKey(draft.kind, draft.party_id, draft.income_type_id, draft.financial_year_id, draft.period_no, draft.installment_no));
    if (id === undefined) continue;
    ids.push(id);
    journals.push({
      header: { journal_date: draft.income_date ?? draft.invoice_date, journal_type_id: draft.journal_type_id ?? defaultType, source: 'invoice', invoice_id: id, description: draft.remarks ?? null },
      lines: invoiceLines(accountsFor(accounts, draft.income_type_id), draft.value, draft.discount),
    });
  }
  await writeJournals(tx, records, caller, journals);
  existing += fresh.length - ids.length;
  return { created: ids.length, existing, ids };
}

/** Whether payments, waivers, penalties or a merge touch the invoice (spec 3 §5: then it cannot be edited). */
export async function hasDerivatives(tx: Db, invoice: LedgerInvoice): Promise<boolean> {
  if (invoice.paid_amount || invoice.waived_amount || invoice.penalty_amount || invoice.closed_amount) return true;
  if (invoice.state === 'merged' || invoice.state === 'reversed' || invoice.source === 'merge' || invoice.merged_into_id !== null) return true;
  const db = typedDb(tx);
  const touched = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('payment_allocation').select('id').where('invoice_id', '=', invoice.id)).as('paid'),
      eb.exists(eb.selectFrom('waiver').select('id').where('invoice_id', '=', invoice.id)).as('waived'),
      eb.exists(eb.selectFrom('penalty').select('id').where('invoice_id', '=', invoice.id)).as('fined'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(touched.paid || touched.waived || touched.fined);
}

export async function editInvoice(tx: Db, records: RecordWrites, caller: Caller, id: number, request: InvoiceEditCall): Promise<void> {
  const [invoice] = await lockInvoices(tx, [id]);
  if (!invoice) throw notFound(caller);
  if (invoice.version !== request.version) throw apiError(caller.locale, 409, 'versionConflict');
  if (await hasDerivatives(tx, invoice)) throw refused(caller.locale, 422, 'editWithDerivatives');
  const value = request.value === undefined ? invoice.value : moneyOf(request.value);
  if (value === null) throw refusedField(caller.locale, 'value', 'amountNotMoney');
  const discount = request.discount === undefined ? invoice.discount : moneyOf(request.discount);
  if (discount === null) throw refusedField(caller.locale, 'discount', 'amountNotMoney');
  if (discount > value) throw refusedField(caller.locale, 'discount', 'discountAboveValue');
  const oldJournalDate = invoice.income_date ?? invoice.invoice_date;
  const change: Parameters<typeof updateInvoice>[4] = { value, discount };
  if (request.invoice_date !== undefined) change.invoice_date = request.invoice_date;
  if (request.due_date !== undefined) change.due_date = request.due_date;
  if (request.income_date !== undefined) change.income_date = request.income_date;
  const remarks = request.remarks === undefined ? {} : { remarks: request.remarks };
  const before = { value: invoice.value, discount: invoice.discount, date: oldJournalDate };
  const row = await records.update(tx, caller, 'invoice', id, {
    ...requiredOf(invoice),
    ...change,
    ...remarks,
    outstanding: outstandingOf({ ...invoice, ...change }),
    state: value - discount === 0 ? 'paid' : 'open',
    version: request.version,
  });
  Object.assign(invoice, change, { version: Number(row.version) });
  const newJournalDate = invoice.income_date ?? invoice.invoice_date;
  if (before.value === value && before.discount === discount && before.date === newJournalDate) return;
  // A posted journal is never edited: reverse it, then journal the invoice as it is now.
  const reversalDate = newJournalDate > before.date ? newJournalDate : before.date;
  await reverseJournals(tx, records, caller, { invoice_id: id, sources: ['invoice'] }, reversalDate, await journalTypeOf(tx, 'reversal'), `Edit ${invoiceName(invoice)}`);
  const accounts = await incomeAccounts(tx, [invoice.income_type_id]);
  await writeJournal(
    tx,
    records,
    caller,
    { journal_date: newJournalDate, journal_type_id: invoice.journal_type_id ?? (await journalTypeOf(tx, 'invoice')), source: 'invoice', invoice_id: id },
    invoiceLines(accountsFor(accounts, invoice.income_type_id), value, discount),
  );
}

export async function publishInvoices(tx: Db, records: RecordWrites, caller: Caller, request: { ids: number[]; published: boolean }): Promise<{ count: number }> {
  // A flag that moves no money, no journal and no hook: the locked invoices in one statement.
  const invoices = (await lockInvoices(tx, request.ids)).filter((invoice) => invoice.state !== 'merged' && invoice.state !== 'reversed');
  if (!invoices.length) return { count: 0 };
  await sql`update invoice set is_published = ${request.published}, version = version + 1, updated_by = ${caller.username}, updated_at = now()
    where id = any(${sql.val(invoices.map((invoice) => invoice.id))}::bigint[])`.execute(tx);
  return { count: invoices.length };
}

export async function mergeInvoices(
  tx: Db,
  records: RecordWrites,
  caller: Caller,
  request: { ids: number[]; invoice_date: string; due_date: string; remarks?: string | null },
): Promise<{ invoice_id: number }> {
  const invoices = await lockInvoices(tx, request.ids);
  if (invoices.length !== new Set(request.ids).size) throw notFound(caller);
  if (invoices.length < 2) throw refusedField(caller.locale, 'ids', 'mergeNeedsTwo');
  for (const invoice of invoices)
    if (invoice.state !== 'open' || invoice.outstanding <= 0) throw refusedField(caller.locale, 'ids', 'invoiceNotOpen', { no: invoiceName(invoice) });
  const first = invoices[0];
  // spec 3 §5: merging invoices requires the same VA number
  if (invoices.some((i) => !i.va_no || i.va_no !== first.va_no)) throw refusedField(caller.locale, 'ids', 'mergeNeedsSameVa');
  if (invoices.some((i) => i.student_id !== first.student_id || i.candidate_id !== first.candidate_id)) throw refusedField(caller.locale, 'ids', 'mergeNeedsOneParty');
  const total = invoices.reduce((sum, i) => sum + i.outstanding, 0);
  const party = first.student_id !== null ? { student_id: first.student_id } : { candidate_id: first.candidate_id };
  const db = typedDb(tx);
  const highest = await db
    .selectFrom('invoice')
    .select((eb) => eb.fn.max('period_no').as('period'))
    .where(first.student_id !== null ? 'student_id' : 'candidate_id', '=', first.student_id ?? first.candidate_id)
    .where('income_type_id', '=', first.income_type_id)
    .where('financial_year_id', '=', first.financial_year_id)
    .executeTakeFirst();
  const period = Math.max(MERGED_PERIOD_BASE, Number(highest?.period ?? 0)) + 1;
  const merged = await records.create(
    tx,
    caller,
    'invoice',
    withoutEmpty({
      financial_year_id: first.financial_year_id,
      income_type_id: first.income_type_id,
      ...party,
      va_no: first.va_no,
      period_no: period,
      installment_no: 0,
      installment_count: 1,
      invoice_date: request.invoice_date,
      due_date: request.due_date,
      value: total,
      discount: 0,
      outstanding: total,
      state: 'open',
      journal_type_id: first.journal_type_id,
      source: 'merge',
      remarks: request.remarks,
    }),
  );
  const mergedId = Number(merged.id);
  const accounts = await incomeAccounts(tx, invoices.map((i) => i.income_type_id));
  const lines: JournalLine[] = [debit(accountsFor(accounts, first.income_type_id).receivable, total)];
  for (const invoice of invoices) {
    lines.push(credit(accountsFor(accounts, invoice.income_type_id).receivable, invoice.outstanding, invoiceName(invoice)));
    await updateInvoice(tx, records, caller, invoice, { closed_amount: invoice.closed_amount + invoice.outstanding, state: 'merged', merged_into_id: mergedId });
  }
  await writeJournal(tx, records, caller, { journal_date: request.invoice_date, journal_type_id: await journalTypeOf(tx, 'invoice'), source: 'merge', invoice_id: mergedId }, lines);
  return { invoice_id: mergedId };
}

export async function reverseInvoices(tx: Db, records: RecordWrites, caller: Caller, request: { ids: number[]; reversing_date: string }): Promise<{ count: number }> {
  const invoices = await lockInvoices(tx, request.ids);
  if (invoices.length !== new Set(request.ids).size) throw notFound(caller);
  for (const invoice of invoices) {
    const no = invoiceName(invoice);
    if (invoice.state === 'merged' || invoice.state === 'reversed') throw refusedField(caller.locale, 'ids', 'reverseMerged', { no });
    if (invoice.source === 'merge') throw refusedField(caller.locale, 'ids', 'reverseMergeResult', { no });
    if (invoice.paid_amount > 0 || invoice.waived_amount > 0) throw refusedField(caller.locale, 'ids', 'reverseWithDerivatives', { no });
    // spec 3 §5: reversing journal date must not be earlier than the invoice date
    if (request.reversing_date < invoice.invoice_date) throw refusedField(caller.locale, 'reversing_date', 'reversingBeforeInvoice', { no, date: invoice.invoice_date });
  }
  const journalType = await journalTypeOf(tx, 'reversal');
  for (const invoice of invoices) {
    await reverseJournals(tx, records, caller, { invoice_id: invoice.id, sources: ['invoice', 'penalty'] }, request.reversing_date, journalType, `Reversal ${invoiceName(invoice)}`);
    await updateInvoice(tx, records, caller, invoice, { reversing_date: request.reversing_date, closed_amount: invoice.closed_amount + invoice.outstanding, state: 'reversed' });
  }
  return { count: invoices.length };
}
