// The finance ledger's calls (issue 12; spec 1 §2.7 and §5, spec 3 §2.6, §2.7, §2.10, §4, §5,
// §8): the server answers them (server/finance/), the finance pages (src/pages/finance*/) ask
// them. No React, no DOM. Each answer is the v1 envelope (./envelope.ts).
//
// Money on the wire: whole rupiah as JSON integers (`Money`), never a fraction. The database
// keeps them as numeric; a request may also send a decimal string of digits ("1250000").
// The UI shows them as Rp with dot thousands separators (formatRupiah below).
//
// Dates: a date alone is `YYYY-MM-DD`; a date and time an ISO 8601 string with its offset.
//
// Who may call: FINANCE_ROLES below. Identity comes from the session only.

import type { Success } from './envelope';

/**
 * Who may call what (issue 12, "Who may do what"; spec 1 §6 and the finance menus of
 * src/app/menus/finance.ts): everyone else gets 403 from the server.
 * - read: the lists, details and journals;
 * - operate: what ROLE_FINANCE's limited menu offers besides reading: generating invoices
 *   (/income), publishing and merging them, waivers and payments;
 * - administer: the bulk jobs of the admin finance menu only (uploads of invoices and bank
 *   files, penalties, VA numbers, reversals) and editing an invoice.
 */
export const FINANCE_ROLES = {
  read: ['ROLE_ADMIN_FINANCE', 'ROLE_FINANCE', 'ROLE_FOUNDATION'],
  operate: ['ROLE_ADMIN_FINANCE', 'ROLE_FINANCE'],
  administer: ['ROLE_ADMIN_FINANCE'],
} as const satisfies Record<string, readonly string[]>;

/** Whole rupiah. */
export type Money = number;
/** A request's amount: whole rupiah as an integer or a string of digits. */
export type MoneyInput = number | string;

/** A party the ledger bills: a student or a candidate (spec 1 §5 "students or candidates"). */
export type PartyKind = 'student' | 'candidate';

export type InvoiceState = 'open' | 'paid' | 'merged' | 'reversed';
export type JournalSyncState = 'not_sync' | 'synced' | 'not_validated';
export type JournalSource = 'invoice' | 'payment' | 'waiver' | 'penalty' | 'merge' | 'reversal';
export type PaymentMethod = 'va' | 'cash' | 'transfer';
/** The school's default order in which a payment settles open invoices (setting_general). */
export type SettleOrder = 'due_date' | 'priority';

/** The call paths under /api/v1. */
export const FINANCE_PATHS = {
  /** POST GenerateInvoicesRequest → GenerateInvoicesAnswer (/income). */
  generateInvoices: 'finance/invoices/generate',
  /** GET InvoiceFilter & paging → InvoiceListAnswer (/invoicetransaction). */
  invoices: 'finance/invoices',
  /** GET finance/invoices/{id} → InvoiceDetailAnswer; PUT InvoiceEditRequest → InvoiceDetailAnswer. */
  invoice: 'finance/invoices',
  /** POST PublishRequest → CountAnswer. */
  publishInvoices: 'finance/invoices/publish',
  /** POST MergeRequest → InvoiceDetailAnswer (the merged invoice). */
  mergeInvoices: 'finance/invoices/merge',
  /** POST ReverseRequest → CountAnswer (/reversingdate). */
  reverseInvoices: 'finance/invoices/reverse',
  /** POST UploadInvoicesRequest → UploadInvoicesAnswer (/uploadincome; dry run, then commit). */
  uploadInvoices: 'finance/invoices/upload',
  /** POST WaiverRequest → InvoiceDetailAnswer. */
  waivers: 'finance/waivers',
  /** POST PenaltyRequest → PenaltyAnswer (/generatepenalty). */
  generatePenalties: 'finance/penalties/generate',
  /** POST GenerateVaRequest → GenerateVaAnswer (/generateva). */
  generateVa: 'finance/va/generate',
  /** GET ?kind=student|candidate&q= → PartyListAnswer: parties to pay for, with VA and outstanding. */
  parties: 'finance/parties',
  /** GET ?kind=&id= → OpenInvoicesAnswer: a party's open invoices, oldest first, and deposit. */
  openInvoices: 'finance/open-invoices',
  /** POST PaymentRequest → PaymentDetailAnswer (/payment); GET PaymentFilter → PaymentListAnswer (/paymenttransaction). */
  payments: 'finance/payments',
  /** GET finance/payments/{id} → PaymentDetailAnswer. */
  payment: 'finance/payments',
  /** GET → BankLayoutListAnswer: the layouts a bank file may have (/uploadva). */
  bankLayouts: 'finance/bank-layouts',
  /** POST BankImportRequest → BankImportAnswer: parse and stage (dry run), nothing paid. */
  bankImportStage: 'finance/bank-import/stage',
  /** POST BankCommitRequest → BankImportAnswer: pay the staged upload's payable lines. */
  bankImportCommit: 'finance/bank-import/commit',
  /** GET JournalFilter & paging → JournalListAnswer (/journal). */
  journals: 'finance/journals',
} as const;

// ---------- invoices

export interface GenerateInvoicesRequest {
  financial_year_id: number;
  income_type_id: number;
  kind: PartyKind;
  /** Narrowing (all optional): students by unit, level, class, academic batch; candidates by unit, level, registration batch. */
  department_id?: number | null;
  level_id?: number | null;
  class_id?: number | null;
  batch_id?: number | null;
  /** Only these parties (picked by hand); empty or absent: everyone the narrowing finds. */
  party_ids?: number[];
  invoice_date: string;
  due_date: string;
  income_date?: string | null;
  value: MoneyInput;
  discount?: MoneyInput;
  /** Installments per invoice (1 = no split); at most the income type's max_installment_tenor. */
  tenor?: number;
  journal_type_id?: number | null;
  remarks?: string | null;
  /** true: count and list what would happen, write nothing. */
  dry_run: boolean;
}

/** A party that cannot be invoiced because it has no VA number (spec 1 §5 warning). */
export interface PartyWithoutVa {
  id: number;
  number: string;
  name: string;
  class_name: string | null;
}

export interface GenerateInvoicesAnswerData {
  /** Invoices written (0 on a dry run). */
  created: number;
  /** Invoices a dry run would write. */
  would_create: number;
  /** Invoices that already existed and were left alone (the re-run case). */
  existing: number;
  /** Parties the narrowing found. */
  parties: number;
  /** Left out: no VA number (spec 1 §5: complete the data first). */
  without_va: PartyWithoutVa[];
  /** The periods generated: period_no and its start date. */
  periods: { period_no: number; period_start: string; invoice_date: string; due_date: string }[];
}
export type GenerateInvoicesAnswer = Success<{ message: string; data: GenerateInvoicesAnswerData }>;

export interface InvoiceFilter {
  q?: string;
  financial_year_id?: number;
  income_type_id?: number;
  income_group_id?: number;
  department_id?: number;
  class_id?: number;
  kind?: PartyKind;
  student_id?: number;
  candidate_id?: number;
  state?: InvoiceState;
  is_published?: boolean;
  /** Only invoices with outstanding > 0 past their due date as of this date. */
  overdue_on?: string;
  invoice_date_gte?: string;
  invoice_date_lte?: string;
  due_date_gte?: string;
  due_date_lte?: string;
  va_no?: string;
}

/** One row of /invoicetransaction (spec 3 §2.7 fields). */
export interface InvoiceRow {
  id: number;
  version: number;
  transaction_no: string;
  kind: PartyKind;
  party_id: number;
  party_number: string;
  party_name: string;
  department_name: string | null;
  class_name: string | null;
  va_no: string | null;
  financial_year_id: number;
  financial_year_name: string;
  income_type_id: number;
  income_type_name: string;
  period_no: number;
  period_start: string | null;
  installment_no: number;
  installment_count: number;
  invoice_date: string;
  due_date: string;
  value: Money;
  discount: Money;
  paid_amount: Money;
  waived_amount: Money;
  penalty_amount: Money;
  closed_amount: Money;
  outstanding: Money;
  state: InvoiceState;
  is_published: boolean;
  merged_into_id: number | null;
  remarks: string | null;
  /** Payments, waivers, penalties or a merge touch it: it cannot be edited (spec 3 §5). */
  has_derivatives: boolean;
}
export type InvoiceListAnswer = Success<{ data: InvoiceRow[]; total: number; totals: { value: Money; outstanding: Money } }>;

export interface JournalLineRow {
  coa_code: string;
  coa_name: string;
  debit: Money;
  credit: Money;
  description: string | null;
}
export interface JournalRow {
  id: number;
  journal_no: string;
  journal_date: string;
  journal_type_name: string | null;
  source: JournalSource;
  description: string | null;
  invoice_no: string | null;
  payment_no: string | null;
  sync_state: JournalSyncState;
  sync_date: string | null;
  /** Why the last attempt to sync failed, in the reader's language (the journal list; server/accounting/). */
  sync_error?: string | null;
  sync_attempts?: number;
  officer: string | null;
  reverses_journal_no: string | null;
  debit: Money;
  credit: Money;
  lines: JournalLineRow[];
}

export interface InvoiceDetail extends InvoiceRow {
  income_date: string | null;
  reversing_date: string | null;
  payments: { payment_id: number; payment_no: string; payment_date: string; amount: Money; method: PaymentMethod }[];
  waivers: { id: number; waiver_no: string; waiver_date: string; amount: Money; reason: string }[];
  penalties: { id: number; period: string; penalty_date: string; amount: Money }[];
  merged_from: { id: number; transaction_no: string; amount: Money }[];
  journals: JournalRow[];
}
export type InvoiceDetailAnswer = Success<{ data: InvoiceDetail }>;

/** What may change on an invoice without derivatives (spec 3 §5: one with derivatives cannot be edited). */
export interface InvoiceEditRequest {
  version: number;
  invoice_date?: string;
  due_date?: string;
  income_date?: string | null;
  value?: MoneyInput;
  discount?: MoneyInput;
  remarks?: string | null;
}

export interface PublishRequest {
  ids: number[];
  published: boolean;
}
export type CountAnswer = Success<{ message: string; data: { count: number } }>;

/** Spec 3 §5: merging needs one VA number across the invoices; the new invoice carries their outstanding. */
export interface MergeRequest {
  ids: number[];
  invoice_date: string;
  due_date: string;
  remarks?: string | null;
}

export interface ReverseRequest {
  ids: number[];
  /** Not earlier than each invoice's date (spec 3 §5). */
  reversing_date: string;
}

export interface UploadInvoicesRequest {
  file_name: string;
  /** The CSV or XLSX file, base64. */
  file: string;
  dry_run: boolean;
}
export type UploadRowStatus = 'ok' | 'exists' | 'error';
export interface UploadInvoiceRow {
  line: number;
  status: UploadRowStatus;
  party_number: string;
  party_name: string | null;
  income_type_code: string;
  value: Money | null;
  invoice_date: string | null;
  due_date: string | null;
  /** Why the row cannot be written, in the caller's language. */
  errors: string[];
}
export type UploadInvoicesAnswer = Success<{
  message: string;
  data: { rows: UploadInvoiceRow[]; ok: number; exists: number; errors: number; created: number };
}>;

// ---------- waivers and penalties

export interface WaiverRequest {
  invoice_id: number;
  waiver_date: string;
  amount: MoneyInput;
  reason: string;
}

export interface PenaltyRequest {
  /** Invoices overdue as of this date; the penalty's period is this date's month. */
  as_of_date: string;
  financial_year_id?: number | null;
  income_type_id?: number | null;
  dry_run: boolean;
}
export type PenaltyAnswer = Success<{
  /** 'Generate denda berhasil' / 'Tidak ada denda yang dihasilkan' (spec 1 §8, in the caller's language). */
  message: string;
  data: { created: number; would_create: number; existing: number; total: Money; rows: { invoice_id: number; transaction_no: string; party_name: string; amount: Money }[] };
}>;

// ---------- virtual accounts

export interface GenerateVaRequest {
  va_code_id: number;
  department_id?: number | null;
  class_id?: number | null;
  dry_run: boolean;
}
export type GenerateVaAnswer = Success<{
  message: string;
  data: { created: number; would_create: number; existing: number; rows: { party_id: number; party_number: string; party_name: string; va_no: string }[]; errors: { party_number: string; message: string }[] };
}>;

// ---------- payments

export interface PartyRow {
  kind: PartyKind;
  id: number;
  number: string;
  name: string;
  department_name: string | null;
  class_name: string | null;
  va_no: string | null;
  outstanding: Money;
  deposit: Money;
}
export type PartyListAnswer = Success<{ data: PartyRow[] }>;
export type OpenInvoicesAnswer = Success<{ data: { party: PartyRow; invoices: InvoiceRow[]; settle_order: SettleOrder } }>;

export interface PaymentRequest {
  kind: PartyKind;
  party_id: number;
  payment_date: string;
  amount: MoneyInput;
  method: PaymentMethod;
  journal_type_id?: number | null;
  /** Settle these invoices in this order (by hand); absent: the school's order. Invoices not listed are not touched. */
  invoice_order?: number[];
  remarks?: string | null;
}

export interface PaymentFilter {
  q?: string;
  kind?: PartyKind;
  method?: PaymentMethod;
  payment_date_gte?: string;
  payment_date_lte?: string;
  department_id?: number;
  class_id?: number;
  income_type_id?: number;
}

/** One row of /paymenttransaction, and the payment detail of spec 3 §2.6. */
export interface PaymentRow {
  id: number;
  payment_no: string;
  kind: PartyKind;
  party_id: number;
  party_number: string;
  party_name: string;
  department_name: string | null;
  class_name: string | null;
  va_no: string | null;
  payment_date: string;
  amount: Money;
  deposit_amount: Money;
  method: PaymentMethod;
  journal_type_name: string | null;
  bank_reference: string | null;
  remarks: string | null;
  /**
   * Added by the payments list (optional): what the invoices this payment settled still owe
   * now (the sum of its allocations' invoices' outstanding). With it the list shows the payment
   * icon of spec 3 §4 per row; absent, only the detail shows it, per allocation.
   */
  allocated_outstanding?: Money | null;
}
export interface PaymentDetail extends PaymentRow {
  allocations: { invoice_id: number; transaction_no: string; income_type_name: string; invoice_date: string; due_date: string; value: Money; amount: Money; outstanding: Money }[];
  journals: JournalRow[];
}
export type PaymentListAnswer = Success<{ data: PaymentRow[]; total: number; totals: { amount: Money } }>;
export type PaymentDetailAnswer = Success<{ message?: string; data: PaymentDetail }>;

// ---------- bank VA import (/uploadva)

export interface BankLayoutRow {
  id: number;
  name: string;
  bank: string;
  file_kind: 'csv' | 'xlsx';
}
export type BankLayoutListAnswer = Success<{ data: BankLayoutRow[] }>;

export interface BankImportRequest {
  bank_layout_id: number;
  file_name: string;
  /** The CSV or XLSX file, base64. */
  file: string;
}
export interface BankCommitRequest {
  upload_id: number;
}

/**
 * A line's fate: matched (pays its VA's open invoices exactly), partial (less than owed),
 * mismatch (more than owed: the rest goes to the deposit), unknown_va, duplicate (the same
 * line again within this file beyond what the bank sent, or already paid by an earlier upload:
 * "already uploaded"), invalid (unreadable amount or date).
 */
export type BankLineStatus = 'matched' | 'partial' | 'mismatch' | 'unknown_va' | 'duplicate' | 'already_uploaded' | 'invalid';
export interface BankLine {
  line: number;
  va_no: string;
  amount: Money | null;
  paid_at: string | null;
  reference: string | null;
  status: BankLineStatus;
  party_name: string | null;
  outstanding: Money | null;
  payment_no: string | null;
  message: string | null;
}
export type BankImportAnswer = Success<{
  message: string;
  data: {
    upload_id: number;
    committed: boolean;
    lines: BankLine[];
    counts: Record<BankLineStatus, number>;
    /** Payments written by this call (0 on staging and on a re-import). */
    payments_created: number;
    total_amount: Money;
  };
}>;

// ---------- journals (/journal)

export interface JournalFilter {
  q?: string;
  source?: JournalSource;
  sync_state?: JournalSyncState;
  journal_type_id?: number;
  journal_date_gte?: string;
  journal_date_lte?: string;
}
export type JournalListAnswer = Success<{ data: JournalRow[]; total: number }>;

// ---------- formatting

/** 1250000 → 'Rp 1.250.000' (spec 3 §1: prefix Rp, dot thousands separators); negative with a minus. */
export function formatRupiah(value: Money | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const text = typeof value === 'number' ? Math.trunc(value).toString() : String(value).trim();
  const negative = text.startsWith('-');
  const digits = (negative ? text.slice(1) : text).replace(/\D/g, '') || '0';
  const grouped = digits.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}Rp ${grouped}`;
}
