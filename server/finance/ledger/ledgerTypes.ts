// The ledger's call shapes (pinned in /work/prompts/ledger-api.md; re-exported by ./ledger.ts,
// the one import point).

import type { Db } from '../../db/database';
import type { Caller } from '../../records/recordWrites';
import type { MoneyInput, PartyKind, PaymentMethod } from '../../../src/shared/api/finance';

export interface InvoiceDraft {
  kind: PartyKind;
  party_id: number;
  va_no: string | null;
  financial_year_id: number;
  income_type_id: number;
  period_no: number;
  period_start: string | null;
  installment_no: number;
  installment_count: number;
  invoice_date: string;
  due_date: string;
  income_date?: string | null;
  value: number;
  discount: number;
  journal_type_id?: number | null;
  remarks?: string | null;
  source: 'generate' | 'upload';
}

export interface PaymentCall {
  kind: PartyKind;
  party_id: number;
  payment_date: string;
  amount: MoneyInput;
  method: PaymentMethod;
  journal_type_id?: number | null;
  invoice_order?: number[];
  va_no?: string | null;
  external_key?: string | null;
  bank_reference?: string | null;
  remarks?: string | null;
}

export interface PaymentResult {
  payment_id: number;
  created: boolean;
  allocated: number;
  deposit: number;
}

export interface WaiverCall {
  invoice_id: number;
  waiver_date: string;
  amount: MoneyInput;
  reason: string;
}

export interface PenaltyRow {
  invoice_id: number;
  period: string;
  penalty_date: string;
  amount: number;
}

export interface InvoiceEditCall {
  version: number;
  invoice_date?: string;
  due_date?: string;
  income_date?: string | null;
  value?: MoneyInput;
  discount?: MoneyInput;
  remarks?: string | null;
}

export interface Ledger {
  /** Creates the drafts that do not exist yet (the unique keys decide; existing ones untouched), numbers
   * them (transaction type of domain 'invoice'), journals each (Dr receivable, Dr discount, Cr income).
   * Answers how many were created and how many existed. */
  issueInvoices(tx: Db, caller: Caller, drafts: InvoiceDraft[]): Promise<{ created: number; existing: number; ids: number[] }>;
  /** A payment: locks the party's open invoices, settles them in `invoice_order` or the school's order,
   * never more than each owes; the rest to deposit_amount. `external_key` unique: a second call with the
   * same key creates nothing and answers { payment_id: <existing>, created: false }. */
  pay(tx: Db, caller: Caller, request: PaymentCall): Promise<PaymentResult>;
  /** A waiver: at most the invoice's outstanding (422 otherwise), with a reason; Dr discount (or income), Cr receivable. */
  waive(tx: Db, caller: Caller, request: WaiverCall): Promise<{ waiver_id: number }>;
  /** Penalties: one per invoice and period (on conflict nothing); Dr receivable, Cr income. */
  addPenalties(tx: Db, caller: Caller, rows: PenaltyRow[]): Promise<{ created: number; existing: number; ids: number[] }>;
  /** Merge open invoices of one party with the same VA number into a new invoice carrying their outstanding. */
  mergeInvoices(tx: Db, caller: Caller, request: { ids: number[]; invoice_date: string; due_date: string; remarks?: string | null }): Promise<{ invoice_id: number }>;
  /** Reverse (cancel) invoices without payments or waivers on a date not before their invoice date: reversing journals. */
  reverseInvoices(tx: Db, caller: Caller, request: { ids: number[]; reversing_date: string }): Promise<{ count: number }>;
  /** Edit an invoice without derivatives (422 with spec 3 §5's message otherwise), re-journalling it. */
  editInvoice(tx: Db, caller: Caller, id: number, request: InvoiceEditCall): Promise<void>;
  publishInvoices(tx: Db, caller: Caller, request: { ids: number[]; published: boolean }): Promise<{ count: number }>;
}
