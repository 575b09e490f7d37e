// The receivables and payment reports (issue 13 "Receivables reports"; spec 3 §2.10 the finance
// menu's report screens, §3.2 the invoice's and payment's fields, §9 amounts and dates; spec 1
// §6 the card header's Excel and PDF buttons). The server answers them (server/finance/reports/),
// the report pages (src/pages/financeReports/) ask them. No React, no DOM.
//
// One call per report: GET finance/reports/{report}?<filters>&page=&per_page=&sort=&order= answers a
// page of rows, their count and the totals over every row the filters find; GET
// finance/reports/{report}/export?format=xlsx|pdf&<filters>&sort=&order= answers the same rows,
// all of them, as a file. Who may call: FINANCE_ROLES.read (./finance.ts).
//
// The columns are declared here once, with their labels in both languages: the screen's grid,
// the XLSX sheet and the PDF table are all drawn from them.

import type { Locale } from '../entityModel';
import type { Success } from './envelope';

export const FINANCE_REPORT_PATHS = {
  /** GET finance/reports/{report} → ReportAnswer. */
  report: 'finance/reports',
} as const;

export const REPORT_NAMES = [
  'aroutstanding',
  'araging',
  'arsummary',
  'ardashboard',
  'paymentdashboard',
  'paymentsummaryclass',
  'paymentsummarytype',
  'financial-report',
  'reportcandidatepayment',
  'paymentreportimport',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/** The reports' titles, as the menu names them (locales/*.ts app.page.*): the exported files' headings. */
export const REPORT_TITLES: Record<ReportName, Record<Locale, string>> = {
  aroutstanding: { en: 'AR outstanding', id: 'Sisa tagihan piutang' },
  araging: { en: 'AR aging', id: 'Umur piutang' },
  arsummary: { en: 'AR summary', id: 'Ringkasan piutang' },
  ardashboard: { en: 'AR dashboard', id: 'Dasbor piutang' },
  paymentdashboard: { en: 'Payment dashboard', id: 'Dasbor pembayaran' },
  paymentsummaryclass: { en: 'Payment summary by class', id: 'Ringkasan pembayaran per kelas' },
  paymentsummarytype: { en: 'Payment summary by type', id: 'Ringkasan pembayaran per jenis' },
  'financial-report': { en: 'Financial report', id: 'Laporan keuangan' },
  reportcandidatepayment: { en: 'Candidate payment report', id: 'Laporan pembayaran calon siswa' },
  paymentreportimport: { en: 'Payment import report', id: 'Laporan impor pembayaran' },
};

/** The filters' names in the file's heading line and on the screen. */
export const REPORT_FILTER_LABELS: Record<ReportFilterName, Record<Locale, string>> = {
  cutoff: { en: 'Cut-off date', id: 'Tanggal batas' },
  date_from: { en: 'From', id: 'Dari' },
  date_to: { en: 'To', id: 'Sampai' },
  financial_year_id: { en: 'Financial year', id: 'Tahun buku' },
  department_id: { en: 'Unit', id: 'Unit' },
  class_id: { en: 'Class', id: 'Kelas' },
  income_type_id: { en: 'Income type', id: 'Jenis pendapatan' },
  kind: { en: 'Students or candidates', id: 'Siswa atau calon siswa' },
  method: { en: 'Method', id: 'Metode' },
  registration_batch_id: { en: 'Registration batch', id: 'Gelombang pendaftaran' },
  status: { en: 'Status', id: 'Status' },
  q: { en: 'Search', id: 'Cari' },
};

export const isReportName = (value: unknown): value is ReportName => typeof value === 'string' && (REPORT_NAMES as readonly string[]).includes(value);

/** How a column's values are written: money is whole rupiah, a date `YYYY-MM-DD`, a percent 0–100 with two decimals. */
export type ReportColumnType = 'text' | 'money' | 'date' | 'integer' | 'percent';

export interface ReportColumn {
  key: string;
  type: ReportColumnType;
  label: Record<Locale, string>;
  /** Summed in the totals row (money and integer columns that add up). */
  total?: boolean;
}

/** The filters a report may take; each report declares which (REPORTS[…].filters). */
export interface ReportFilters {
  /** The cut-off date: amounts as they stood at the end of this day (default today). */
  cutoff?: string;
  date_from?: string;
  date_to?: string;
  financial_year_id?: number;
  department_id?: number;
  class_id?: number;
  income_type_id?: number;
  kind?: 'student' | 'candidate';
  method?: 'va' | 'cash' | 'transfer';
  registration_batch_id?: number;
  status?: string;
  q?: string;
}
export type ReportFilterName = keyof ReportFilters;

export type ReportValue = string | number | null;
export type ReportRow = Record<string, ReportValue>;

export interface ReportAnswerData {
  data: ReportRow[];
  total: number;
  /** Sums over every row the filters find (not only this page), by column key. */
  totals: Record<string, number>;
  /** The filters as the server read them, defaults filled in (the cut-off date it used). */
  filters: ReportFilters;
}
export type ReportAnswer = Success<ReportAnswerData>;

export type ExportFormat = 'xlsx' | 'pdf';

/** A PDF table is drawn page by page in memory: larger reports are exported as XLSX. */
export const PDF_MAX_ROWS = 3000;

/** Days past due (cut-off − due date) of aging's buckets (issue 13): current is not yet past due. */
export const AGING_BUCKETS = [
  { key: 'current', from: null, to: 0 },
  { key: 'days_1_30', from: 1, to: 30 },
  { key: 'days_31_60', from: 31, to: 60 },
  { key: 'days_61_90', from: 61, to: 90 },
  { key: 'over_90', from: 91, to: null },
] as const;

const c = (key: string, type: ReportColumnType, en: string, id: string, total = false): ReportColumn => ({ key, type, label: { en, id }, ...(total ? { total } : {}) });

const PARTY = [
  c('party_number', 'text', 'NIS / Reg. no', 'NIS / No. daftar'),
  c('party_name', 'text', 'Name', 'Nama'),
  c('department_name', 'text', 'Unit', 'Unit'),
  c('class_name', 'text', 'Class', 'Kelas'),
];

const PAID_FIGURES = [
  c('billed', 'money', 'Billed', 'Tagihan', true),
  c('paid', 'money', 'Paid', 'Dibayar', true),
  c('waived', 'money', 'Waived', 'Keringanan', true),
  c('outstanding', 'money', 'Outstanding', 'Sisa tagihan', true),
  c('paid_percent', 'percent', 'Paid %', '% dibayar'),
];

export interface ReportDeclaration {
  filters: readonly ReportFilterName[];
  columns: readonly ReportColumn[];
  /** The default sort: a column key and its order. */
  sort: { key: string; order: 'asc' | 'desc' };
}

/**
 * Each report: its filters, its columns in order, its default sort. A percent column's total is
 * computed from the summed columns (paid ÷ billed), never summed itself.
 */
export const REPORTS: Record<ReportName, ReportDeclaration> = {
  aroutstanding: {
    filters: ['cutoff', 'financial_year_id', 'department_id', 'class_id', 'income_type_id', 'kind', 'q'],
    columns: [
      ...PARTY,
      c('transaction_no', 'text', 'Invoice no', 'No. tagihan'),
      c('income_type_name', 'text', 'Income type', 'Jenis pendapatan'),
      c('invoice_date', 'date', 'Invoice date', 'Tanggal tagihan'),
      c('due_date', 'date', 'Due date', 'Jatuh tempo'),
      c('days_overdue', 'integer', 'Days overdue', 'Hari lewat jatuh tempo'),
      c('value', 'money', 'Value', 'Nilai', true),
      c('discount', 'money', 'Discount', 'Potongan', true),
      c('penalty', 'money', 'Penalty', 'Denda', true),
      c('paid', 'money', 'Paid', 'Dibayar', true),
      c('waived', 'money', 'Waived', 'Keringanan', true),
      c('outstanding', 'money', 'Outstanding', 'Sisa tagihan', true),
    ],
    sort: { key: 'due_date', order: 'asc' },
  },
  araging: {
    filters: ['cutoff', 'financial_year_id', 'department_id', 'class_id', 'income_type_id', 'kind', 'q'],
    columns: [
      ...PARTY,
      c('invoices', 'integer', 'Invoices', 'Tagihan', true),
      c('current', 'money', 'Current', 'Belum jatuh tempo', true),
      c('days_1_30', 'money', '1–30 days', '1–30 hari', true),
      c('days_31_60', 'money', '31–60 days', '31–60 hari', true),
      c('days_61_90', 'money', '61–90 days', '61–90 hari', true),
      c('over_90', 'money', 'Over 90 days', 'Lebih dari 90 hari', true),
      c('outstanding', 'money', 'Outstanding', 'Sisa tagihan', true),
    ],
    sort: { key: 'outstanding', order: 'desc' },
  },
  arsummary: {
    filters: ['date_from', 'date_to', 'financial_year_id', 'department_id', 'kind'],
    columns: [
      c('income_group_name', 'text', 'Income group', 'Kelompok pendapatan'),
      c('income_type_name', 'text', 'Income type', 'Jenis pendapatan'),
      c('opening', 'money', 'Opening', 'Saldo awal', true),
      c('invoiced', 'money', 'Invoiced', 'Ditagihkan', true),
      c('penalty', 'money', 'Penalties', 'Denda', true),
      c('paid', 'money', 'Paid', 'Dibayar', true),
      c('waived', 'money', 'Waived', 'Keringanan', true),
      c('closed', 'money', 'Merged or reversed', 'Digabung atau dibalik', true),
      c('closing', 'money', 'Closing', 'Saldo akhir', true),
    ],
    sort: { key: 'income_type_name', order: 'asc' },
  },
  ardashboard: {
    filters: ['cutoff', 'financial_year_id', 'department_id', 'income_type_id', 'kind'],
    columns: [
      c('month', 'text', 'Due month', 'Bulan jatuh tempo'),
      c('invoices', 'integer', 'Invoices', 'Tagihan', true),
      ...PAID_FIGURES.slice(0, 4),
      c('overdue', 'money', 'Overdue', 'Lewat jatuh tempo', true),
      PAID_FIGURES[4]!,
    ],
    sort: { key: 'month', order: 'asc' },
  },
  paymentdashboard: {
    filters: ['date_from', 'date_to', 'department_id', 'kind', 'method'],
    columns: [
      c('month', 'text', 'Month', 'Bulan'),
      c('payments', 'integer', 'Payments', 'Pembayaran', true),
      c('va', 'money', 'Virtual account', 'Virtual account', true),
      c('cash', 'money', 'Cash', 'Tunai', true),
      c('transfer', 'money', 'Bank transfer', 'Transfer bank', true),
      c('deposit', 'money', 'To deposit', 'Ke deposit', true),
      c('amount', 'money', 'Total', 'Total', true),
    ],
    sort: { key: 'month', order: 'asc' },
  },
  paymentsummaryclass: {
    filters: ['cutoff', 'financial_year_id', 'department_id', 'income_type_id'],
    columns: [c('department_name', 'text', 'Unit', 'Unit'), c('class_name', 'text', 'Class', 'Kelas'), c('parties', 'integer', 'Students', 'Siswa', true), ...PAID_FIGURES],
    sort: { key: 'class_name', order: 'asc' },
  },
  paymentsummarytype: {
    filters: ['cutoff', 'financial_year_id', 'department_id', 'kind'],
    columns: [
      c('income_group_name', 'text', 'Income group', 'Kelompok pendapatan'),
      c('income_type_name', 'text', 'Income type', 'Jenis pendapatan'),
      c('parties', 'integer', 'Students and candidates', 'Siswa dan calon siswa', true),
      ...PAID_FIGURES,
    ],
    sort: { key: 'income_type_name', order: 'asc' },
  },
  'financial-report': {
    filters: ['date_from', 'date_to'],
    columns: [
      c('category_name', 'text', 'Category', 'Kategori'),
      c('coa_code', 'text', 'Account', 'Akun'),
      c('coa_name', 'text', 'Account name', 'Nama akun'),
      c('opening', 'money', 'Opening balance', 'Saldo awal', true),
      c('debit', 'money', 'Debit', 'Debit', true),
      c('credit', 'money', 'Credit', 'Kredit', true),
      c('closing', 'money', 'Closing balance', 'Saldo akhir', true),
    ],
    sort: { key: 'coa_code', order: 'asc' },
  },
  reportcandidatepayment: {
    filters: ['date_from', 'date_to', 'department_id', 'registration_batch_id', 'income_type_id', 'q'],
    columns: [
      c('payment_date', 'date', 'Payment date', 'Tanggal bayar'),
      c('payment_no', 'text', 'Payment no', 'No. pembayaran'),
      c('party_number', 'text', 'Registration no', 'No. pendaftaran'),
      c('party_name', 'text', 'Candidate', 'Calon siswa'),
      c('department_name', 'text', 'Unit', 'Unit'),
      c('batch_name', 'text', 'Registration batch', 'Gelombang pendaftaran'),
      c('income_types', 'text', 'Income types', 'Jenis pendapatan'),
      c('invoices', 'text', 'Invoices', 'Tagihan'),
      c('method', 'text', 'Method', 'Metode'),
      c('allocated', 'money', 'To invoices', 'Ke tagihan', true),
      c('deposit', 'money', 'To deposit', 'Ke deposit', true),
      c('amount', 'money', 'Amount', 'Jumlah', true),
    ],
    sort: { key: 'payment_date', order: 'desc' },
  },
  paymentreportimport: {
    filters: ['date_from', 'date_to', 'status', 'q'],
    columns: [
      c('uploaded_on', 'date', 'Uploaded on', 'Tanggal unggah'),
      c('file_name', 'text', 'File', 'File'),
      c('layout_name', 'text', 'Layout', 'Format'),
      c('line_no', 'integer', 'Line', 'Baris'),
      c('va_no', 'text', 'VA number', 'Nomor VA'),
      c('paid_at', 'text', 'Paid at', 'Dibayar pada'),
      c('party_name', 'text', 'Name', 'Nama'),
      c('status', 'text', 'Status', 'Status'),
      c('payment_no', 'text', 'Payment no', 'No. pembayaran'),
      c('amount', 'money', 'Amount', 'Jumlah', true),
      c('paid_amount', 'money', 'Paid', 'Dibayar', true),
    ],
    sort: { key: 'uploaded_on', order: 'desc' },
  },
};

/** The bank line statuses /paymentreportimport filters by (schemas/bank_upload_line.yaml). */
export const IMPORT_STATUSES = ['matched', 'partial', 'mismatch', 'unknown_va', 'duplicate', 'already_uploaded', 'invalid'] as const;
