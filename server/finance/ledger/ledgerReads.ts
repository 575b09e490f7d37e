// What the ledger reads inside its callers' transactions: invoices under a row lock (always in
// id order, so two writers touching the same invoices never wait on each other in a circle), the
// accounts of income types, the journal type of a category, and the school's settle order.

import { sql } from 'kysely';
import type { SettleOrder } from '../../../src/shared/api/finance';
import type { Db } from '../../db/database';
import { typedDb } from '../../db/typedDb';

/** An invoice as the ledger works with it: amounts as whole rupiah, never null. */
export interface LedgerInvoice {
  id: number;
  version: number;
  transaction_no: string | null;
  financial_year_id: number;
  income_type_id: number;
  student_id: number | null;
  candidate_id: number | null;
  va_no: string | null;
  period_no: number;
  installment_no: number;
  installment_count: number;
  invoice_date: string;
  due_date: string;
  income_date: string | null;
  reversing_date: string | null;
  value: number;
  discount: number;
  paid_amount: number;
  waived_amount: number;
  penalty_amount: number;
  closed_amount: number;
  outstanding: number;
  state: string;
  merged_into_id: number | null;
  journal_type_id: number | null;
  source: string;
  /** The income type's priority (payment order 'priority'). */
  priority: number;
}

const num = (value: unknown): number => Number(value ?? 0);

function invoiceOf(row: Record<string, unknown>): LedgerInvoice {
  return {
    id: num(row.id),
    version: num(row.version),
    transaction_no: (row.transaction_no as string | null) ?? null,
    financial_year_id: num(row.financial_year_id),
    income_type_id: num(row.income_type_id),
    student_id: (row.student_id as number | null) ?? null,
    candidate_id: (row.candidate_id as number | null) ?? null,
    va_no: (row.va_no as string | null) ?? null,
    period_no: num(row.period_no),
    installment_no: num(row.installment_no),
    installment_count: num(row.installment_count),
    invoice_date: String(row.invoice_date),
    due_date: String(row.due_date),
    income_date: (row.income_date as string | null) ?? null,
    reversing_date: (row.reversing_date as string | null) ?? null,
    value: num(row.value),
    discount: num(row.discount),
    paid_amount: num(row.paid_amount),
    waived_amount: num(row.waived_amount),
    penalty_amount: num(row.penalty_amount),
    closed_amount: num(row.closed_amount),
    outstanding: num(row.outstanding),
    state: String(row.state),
    merged_into_id: (row.merged_into_id as number | null) ?? null,
    journal_type_id: (row.journal_type_id as number | null) ?? null,
    source: String(row.source),
    priority: num(row.priority),
  };
}

/** How a person names an invoice in a message: its number, or its id before it has one. */
export function invoiceName(invoice: Pick<LedgerInvoice, 'id' | 'transaction_no'>): string {
  return invoice.transaction_no ?? `#${invoice.id}`;
}

/** The invoices with these ids, locked for update in id order (missing ids are left out). */
export async function lockInvoices(tx: Db, ids: readonly number[]): Promise<LedgerInvoice[]> {
  if (ids.length === 0) return [];
  const result = await sql<Record<string, unknown>>`
    select i.*, t.priority from invoice i join income_type t on t.id = i.income_type_id
    where i.id = any(${sql.val([...new Set(ids)])}) order by i.id for update of i`.execute(tx);
  return result.rows.map(invoiceOf);
}

/** A party's open invoices that still owe something, locked for update in id order. */
export async function lockOpenInvoicesOf(tx: Db, kind: 'student' | 'candidate', partyId: number): Promise<LedgerInvoice[]> {
  const column = sql.ref(kind === 'student' ? 'i.student_id' : 'i.candidate_id');
  const result = await sql<Record<string, unknown>>`
    select i.*, t.priority from invoice i join income_type t on t.id = i.income_type_id
    where ${column} = ${partyId} and i.state = 'open' and i.outstanding > 0 order by i.id for update of i`.execute(tx);
  return result.rows.map(invoiceOf);
}

/** The accounts of an income type (spec 3 §3.2) the journals use. */
export interface IncomeAccounts {
  id: number;
  cash: number;
  income: number;
  receivable: number;
  discount: number | null;
  prepaid: number | null;
  deposit: number | null;
}

/** The accounts of these income types, by id (cached by the caller for one operation). */
export async function incomeAccounts(tx: Db, ids: readonly number[]): Promise<Map<number, IncomeAccounts>> {
  const wanted = [...new Set(ids)];
  const found = new Map<number, IncomeAccounts>();
  if (!wanted.length) return found;
  const rows = await typedDb(tx)
    .selectFrom('income_type')
    .select(['id', 'cash_account_id', 'income_account_id', 'receivable_account_id', 'discount_account_id', 'prepaid_income_account_id', 'deposit_account_id'])
    .where('id', '=', sql<number>`any(${sql.val(wanted)})`)
    .execute();
  for (const row of rows)
    found.set(row.id, {
      id: row.id,
      cash: num(row.cash_account_id),
      income: num(row.income_account_id),
      receivable: num(row.receivable_account_id),
      discount: row.discount_account_id ?? null,
      prepaid: row.prepaid_income_account_id ?? null,
      deposit: row.deposit_account_id ?? null,
    });
  return found;
}

export type JournalCategory = 'invoice' | 'payment' | 'waiver' | 'penalty' | 'reversal';

/** The journal type a journal of this category gets when none is given: the active one of the category with the lowest id. */
export async function journalTypeOf(tx: Db, category: JournalCategory): Promise<number | null> {
  const row = await typedDb(tx)
    .selectFrom('journal_type')
    .select('id')
    .where('category', '=', category)
    .where('is_active', 'is not', false)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export interface PaymentJournalType {
  id: number;
  category: string;
  account_id: number | null;
}

export async function paymentJournalType(tx: Db, id: number): Promise<PaymentJournalType | null> {
  const row = await typedDb(tx).selectFrom('journal_type').select(['id', 'category', 'account_id']).where('id', '=', id).executeTakeFirst();
  return row ? { id: row.id, category: String(row.category), account_id: row.account_id ?? null } : null;
}

/** The school's settle order and its fallback deposit account (schemas/setting_general.yaml). */
export interface LedgerSettings {
  payment_order: SettleOrder;
  deposit_account_id: number | null;
}

export async function ledgerSettings(tx: Db): Promise<LedgerSettings> {
  const row = await typedDb(tx).selectFrom('setting_general').select(['payment_order', 'deposit_account_id']).orderBy('id').limit(1).executeTakeFirst();
  return {
    payment_order: row?.payment_order === 'priority' ? 'priority' : 'due_date',
    deposit_account_id: row?.deposit_account_id ?? null,
  };
}
