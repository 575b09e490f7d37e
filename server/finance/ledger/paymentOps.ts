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
import { incomeAccounts, invoiceName, ledgerSettings, lockOpenInvoicesOf, paymentJournalType, type LedgerInvoice } from './ledgerReads';
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
  const journalType = request.journal_type_id ? await paymentJournalType(tx, request.journal_type_id) : null;
  if (request.journal_type_id && journalType?.category !== 'payment') throw refusedField(caller.locale, 'journal_type_id', 'journalTypeNotPayment');

  const open = await lockOpenInvoicesOf(tx, request.kind, request.party_id);
  let order: LedgerInvoice[];
  if (request.invoice_order) {
    const byId = new Map(open.map((i) => [i.id, i]));
    const seen = new Set<number>();
    order = [];
    for (const id of request.invoice_order) {
      const invoice = byId.get(id);
      if (!invoice) throw refusedField(caller.locale, 'invoice_order', 'orderNotOpen', { id });
      if (seen.has(id)) continue;
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
    // The deposit's accounts: those of the last income type settled (else of the party's first open invoice), else the school's.
    const near = allocations.at(-1)?.invoice ?? order[0] ?? open[0];
    const own = near ? accounts.get(near.income_type_id) : undefined;
    const cash = journalType?.account_id ?? own?.cash ?? null;
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
      journal_type_id: request.journal_type_id,
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
  await writeJournal(tx, records, caller, { journal_date: request.payment_date, journal_type_id: request.journal_type_id ?? null, source: 'payment', payment_id: paymentId }, lines);
  return { payment_id: paymentId, created: true, allocated: amount - deposit, deposit };
}
