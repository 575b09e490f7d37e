// A payment (../ledger.ts Ledger.pay): the party's open invoices locked in id order, settled in
// the order given by hand or the school's (setting_general.payment_order: oldest due date first,
// or the income types' priority), never more than each owes; the rest is the party's deposit.
// Journal: Dr the payment journal type's cash or bank account (else each income type's cash
// account), Cr each settled invoice's receivable, Cr the deposit (or prepaid income) account for
// the rest. A bank line's external_key makes a repeat of the same line the same payment.

import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { typedDb } from '../../db/typedDb';
import type { Caller, RecordWrites } from '../../records/recordWrites';
import { updateInvoice } from './invoiceFigures';
import { credit, debit, withoutEmpty, writeJournal, type JournalLine } from './journals';
import { incomeAccounts, invoiceName, journalTypeOf, ledgerSettings, lockOpenInvoicesOf, paymentJournalType, type LedgerInvoice } from './ledgerReads';
import { refusedField } from './ledgerTexts';
import type { PaymentCall, PaymentResult } from './ledgerTypes';
import { moneyOf } from './money';

/** The school's order: oldest due date first (then oldest invoice), or income type priority first. */
export function settleOrder(invoices: LedgerInvoice[], order: 'due_date' | 'priority'): LedgerInvoice[] {
  const byDue = (a: LedgerInvoice, b: LedgerInvoice) => (a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : a.id - b.id);
  return [...invoices].sort(order === 'priority' ? (a, b) => a.priority - b.priority || byDue(a, b) : byDue);
}

async function existingPayment(tx: Db, key: string): Promise<PaymentResult | null> {
  const found = await typedDb(tx).selectFrom('payment').select(['id', 'amount', 'deposit_amount']).where('external_key', '=', key).executeTakeFirst();
  if (!found) return null;
  const deposit = Number(found.deposit_amount ?? 0);
  return { payment_id: found.id, created: false, allocated: Number(found.amount ?? 0) - deposit, deposit };
}

/** The income type of the party's latest invoice, whatever its state (a deposit's accounts when nothing is open). */
async function latestIncomeType(tx: Db, request: PaymentCall): Promise<number | null> {
  const row = await typedDb(tx)
    .selectFrom('invoice')
    .select('income_type_id')
    .where(request.kind === 'student' ? 'student_id' : 'candidate_id', '=', request.party_id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.income_type_id ?? null;
}

/** The cash or bank account of the school's first payment journal type, if it has one. */
async function defaultDeskAccount(tx: Db): Promise<number | null> {
  const id = await journalTypeOf(tx, 'payment');
  return id === null ? null : ((await paymentJournalType(tx, id))?.account_id ?? null);
}

export async function pay(tx: Db, records: RecordWrites, caller: Caller, request: PaymentCall): Promise<PaymentResult> {
  const amount = moneyOf(request.amount);
  if (amount === null || amount < 1) throw refusedField(caller.locale, 'amount', 'amountNotMoney');
  const key = request.external_key?.trim() || null;
  if (key) {
    // Two imports of the same bank line at the same moment take turns here; the second finds the first's payment.
    await sql`select pg_advisory_xact_lock(hashtext(${`payment:${key}`}))`.execute(tx);
    const found = await existingPayment(tx, key);
    if (found) return found;
  }
  // Cash at the desk without a journal named goes to the school's first payment journal (the cash
  // desk's, in the demo: KAS), so the payment and its journal say where the money went.
  const journalTypeId = request.journal_type_id ?? (request.method === 'cash' ? await journalTypeOf(tx, 'payment') : null);
  const journalType = journalTypeId ? await paymentJournalType(tx, journalTypeId) : null;
  if (journalTypeId && journalType?.category !== 'payment') throw refusedField(caller.locale, 'journal_type_id', 'journalTypeNotPayment');

  const open = await lockOpenInvoicesOf(tx, request.kind, request.party_id);
  let order: LedgerInvoice[];
  if (request.invoice_order) {
    const byId = new Map(open.map((i) => [i.id, i]));
    const seen = new Set<number>();
    order = [];
    // An invoice of the party that a payment just before this one settled is skipped (its share
    // goes on to the next or to the deposit); an id that is not the party's is a mistake.
    const missing = request.invoice_order.filter((id) => !byId.has(id));
    if (missing.length) {
      const owned = await typedDb(tx)
        .selectFrom('invoice')
        .select('id')
        .where('id', '=', sql<number>`any(${sql.val(missing)})`)
        .where(request.kind === 'student' ? 'student_id' : 'candidate_id', '=', request.party_id)
        .execute();
      const mine = new Set(owned.map((row) => row.id));
      const stranger = missing.find((id) => !mine.has(id));
      if (stranger !== undefined) throw refusedField(caller.locale, 'invoice_order', 'orderNotOpen', { id: stranger });
    }
    for (const id of request.invoice_order) {
      const invoice = byId.get(id);
      if (!invoice || seen.has(id)) continue;
      seen.add(id);
      order.push(invoice);
    }
  } else order = settleOrder(open, (await ledgerSettings(tx)).payment_order);

  const allocations: { invoice: LedgerInvoice; amount: number }[] = [];
  let left = amount;
  for (const invoice of order) {
    if (left === 0) break;
    const part = Math.min(left, invoice.outstanding);
    if (part <= 0) continue;
    allocations.push({ invoice, amount: part });
    left -= part;
  }
  const deposit = left;
  const accounts = await incomeAccounts(tx, [...open.map((i) => i.income_type_id)]);
  const lines: JournalLine[] = [];
  for (const { invoice, amount: part } of allocations) {
    const own = accounts.get(invoice.income_type_id);
    if (!own) throw new Error(`ledger: income type ${invoice.income_type_id} not found`);
    lines.push(debit(journalType?.account_id ?? own.cash, part), credit(own.receivable, part, invoiceName(invoice)));
  }
  if (deposit > 0) {
    // The deposit's accounts: those of the last income type settled (else of the party's first open
    // invoice, else of its latest invoice), else the school's deposit account and cash desk.
    const near = allocations.at(-1)?.invoice.income_type_id ?? order[0]?.income_type_id ?? open[0]?.income_type_id ?? (await latestIncomeType(tx, request));
    const own = near === null ? undefined : (accounts.get(near) ?? (await incomeAccounts(tx, [near])).get(near));
    const cash = journalType?.account_id ?? own?.cash ?? (await defaultDeskAccount(tx));
    if (cash === null) throw refusedField(caller.locale, 'journal_type_id', 'noCashAccount');
    const depositAccount = own?.deposit ?? own?.prepaid ?? (await ledgerSettings(tx)).deposit_account_id;
    if (depositAccount === null) throw refusedField(caller.locale, 'amount', 'noDepositAccount');
    lines.push(debit(cash, deposit), credit(depositAccount, deposit));
  }

  const payment = await records.create(
    tx,
    caller,
    'payment',
    withoutEmpty({
      [request.kind === 'student' ? 'student_id' : 'candidate_id']: request.party_id,
      payment_date: request.payment_date,
      amount,
      deposit_amount: deposit,
      method: request.method,
      journal_type_id: journalTypeId,
      va_no: request.va_no,
      external_key: key,
      bank_reference: request.bank_reference,
      remarks: request.remarks,
    }),
  );
  const paymentId = Number(payment.id);
  // Invoices in id order, as they were locked.
  for (const { invoice, amount: part } of [...allocations].sort((a, b) => a.invoice.id - b.invoice.id)) {
    await records.create(tx, caller, 'payment_allocation', { payment_id: paymentId, invoice_id: invoice.id, amount: part });
    await updateInvoice(tx, records, caller, invoice, { paid_amount: invoice.paid_amount + part });
  }
  await writeJournal(tx, records, caller, { journal_date: request.payment_date, journal_type_id: journalTypeId, source: 'payment', payment_id: paymentId, description: request.remarks?.trim().slice(0, 500) || null }, lines);
  return { payment_id: paymentId, created: true, allocated: amount - deposit, deposit };
}
