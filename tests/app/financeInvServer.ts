// A stubbed finance server for the invoice pages' component tests: answers the lookups and
// the invoice calls of src/shared/api/finance.ts from plain data, remembers every call, and
// lets a test refuse one (`METHOD path` → status and body, e.g. a 422 with field messages).

import type { GenerateInvoicesAnswerData, InvoiceDetail, InvoiceRow, PenaltyAnswer, UploadInvoicesAnswer } from '../../src/shared/api/finance';

export interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export function invoice(id: number, fields: Partial<InvoiceRow> = {}): InvoiceRow {
  return {
    id,
    version: 1,
    transaction_no: `INV/2026/${String(id).padStart(4, '0')}`,
    kind: 'student',
    party_id: 100 + id,
    party_number: `2026${String(id).padStart(4, '0')}`,
    party_name: `Siswa ${id}`,
    department_name: 'SMA',
    class_name: 'X IPA 1',
    va_no: `8800${id}`,
    financial_year_id: 1,
    financial_year_name: 'TB 2026/2027',
    income_type_id: 1,
    income_type_name: 'SPP',
    period_no: 1,
    period_start: '2026-08-01',
    installment_no: 1,
    installment_count: 1,
    invoice_date: '2026-08-01',
    due_date: '2026-08-10',
    value: 1250000,
    discount: 0,
    paid_amount: 0,
    waived_amount: 0,
    penalty_amount: 0,
    closed_amount: 0,
    outstanding: 1250000,
    state: 'open',
    is_published: false,
    merged_into_id: null,
    remarks: null,
    has_derivatives: false,
    ...fields,
  };
}

export function detailOf(row: InvoiceRow, fields: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    ...row,
    income_date: null,
    reversing_date: null,
    payments: [],
    waivers: [],
    penalties: [],
    merged_from: [],
    journals: [
      {
        id: 1,
        journal_no: 'JU/2026/0001',
        journal_date: row.invoice_date,
        journal_type_name: 'Jurnal umum',
        source: 'invoice',
        description: `Tagihan ${row.transaction_no}`,
        invoice_no: row.transaction_no,
        payment_no: null,
        sync_state: 'not_sync',
        sync_date: null,
        officer: 'adminfinance',
        reverses_journal_no: null,
        debit: row.value,
        credit: row.value,
        lines: [
          { coa_code: '1-1200', coa_name: 'Piutang SPP', debit: row.value, credit: 0, description: null },
          { coa_code: '4-1100', coa_name: 'Pendapatan SPP', debit: 0, credit: row.value, description: null },
        ],
      },
    ],
    ...fields,
  };
}

export interface FinanceData {
  invoices: InvoiceRow[];
  details: Map<number, InvoiceDetail>;
  generate: (dryRun: boolean) => { message: string; data: GenerateInvoicesAnswerData };
  upload: (dryRun: boolean) => UploadInvoicesAnswer;
  penalty: (dryRun: boolean) => PenaltyAnswer;
  refuse: Map<string, { status: number; body: unknown }>;
}

export const YEARS = [
  { id: 1, description: 'TB 2026/2027', start_date: '2026-07-01', end_date: '2027-06-30', department_id: 2 },
  { id: 2, description: 'TB 2025/2026', start_date: '2025-07-01', end_date: '2026-06-30', department_id: 2 },
];
export const INCOME_TYPES = [
  { id: 1, label: 'SPP - Uang sekolah', code: 'SPP', is_installment: false, max_installment_tenor: null, is_recurring: true },
  { id: 2, label: 'UP - Uang pangkal', code: 'UP', is_installment: true, max_installment_tenor: 6, is_recurring: false },
];

export function financeData(fields: Partial<FinanceData> = {}): FinanceData {
  return {
    invoices: [],
    details: new Map(),
    generate: (dryRun) => ({
      message: dryRun ? '' : '3 tagihan dibuat',
      data: {
        created: dryRun ? 0 : 3,
        would_create: dryRun ? 3 : 0,
        existing: 1,
        parties: 5,
        without_va: [{ id: 9, number: '20260009', name: 'Tanpa VA', class_name: 'X IPA 1' }],
        periods: [{ period_no: 1, period_start: '2026-08-01', invoice_date: '2026-08-01', due_date: '2026-08-10' }],
      },
    }),
    upload: (dryRun) => ({
      success: true,
      message: dryRun ? '' : '1 tagihan diunggah',
      data: {
        rows: [
          { line: 2, status: 'ok', party_number: '20260001', party_name: 'Siswa 1', income_type_code: 'SPP', value: 1250000, invoice_date: '2026-08-01', due_date: '2026-08-10', errors: [] },
          { line: 3, status: 'error', party_number: '99999999', party_name: null, income_type_code: 'SPP', value: null, invoice_date: null, due_date: null, errors: ['Siswa tidak ditemukan'] },
        ],
        ok: 1,
        exists: 0,
        errors: 1,
        created: dryRun ? 0 : 1,
      },
    }),
    penalty: (dryRun) => ({
      success: true,
      message: dryRun ? '' : 'Generate denda berhasil',
      data: {
        created: dryRun ? 0 : 2,
        would_create: dryRun ? 2 : 0,
        existing: 0,
        total: 75000,
        rows: [
          { invoice_id: 1, transaction_no: 'INV/2026/0001', party_name: 'Siswa 1', amount: 50000 },
          { invoice_id: 2, transaction_no: 'INV/2026/0002', party_name: 'Siswa 2', amount: 25000 },
        ],
      },
    }),
    refuse: new Map(),
    ...fields,
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch that answers the invoice pages' calls from `data`, recording each in `calls`. */
export function financeFetch(data: FinanceData, calls: Recorded[]) {
  return async (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const url = new URL(input, 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1\//, '');
    const query = Object.fromEntries(url.searchParams);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, query, body });
    const refusal = data.refuse.get(`${method} ${path}`);
    if (refusal) return json(refusal.body, refusal.status);
    const dryRun = (body as { dry_run?: boolean } | undefined)?.dry_run === true;
    switch (path) {
      case 'financialyear':
        return json({ success: true, data: YEARS });
      case 'income':
        return json({ success: true, data: INCOME_TYPES });
      case 'incomecategory':
        return json({ success: true, data: [{ id: 1, label: 'Uang sekolah' }] });
      case 'department':
        return json({ success: true, data: [{ id: 1, name: 'SD' }, { id: 2, name: 'SMA' }] });
      case 'level':
        return json({ success: true, data: query.department_id === '2' ? [{ id: 21, name: 'X' }] : [] });
      case 'class':
        return json({ success: true, data: query.department_id === '2' ? [{ id: 211, name: 'X IPA 1' }] : [] });
      case 'batch':
      case 'registration-batch':
        return json({ success: true, data: [{ id: 5, name: 'Angkatan 2026' }] });
      case 'finance/invoices/generate':
        return json({ success: true, ...data.generate(dryRun) });
      case 'finance/invoices/upload':
        return json(data.upload(dryRun));
      case 'finance/penalties/generate':
        return json(data.penalty(dryRun));
      case 'finance/invoices': {
        const page = Number(query.page ?? 1);
        const perPage = Number(query.per_page ?? 25);
        const rows = data.invoices.slice((page - 1) * perPage, page * perPage);
        const sum = (k: 'value' | 'outstanding') => data.invoices.reduce((s, r) => s + r[k], 0);
        return json({ success: true, data: rows, total: data.invoices.length, totals: { value: sum('value'), outstanding: sum('outstanding') } });
      }
      case 'finance/invoices/publish': {
        const input = body as { ids: number[]; published: boolean };
        return json({ success: true, message: `${input.ids.length} tagihan dipublikasikan`, data: { count: input.ids.length } });
      }
      case 'finance/invoices/merge': {
        const merged = detailOf(invoice(50, { transaction_no: 'INV/2026/0050' }));
        return json({ success: true, data: merged });
      }
      case 'finance/invoices/reverse': {
        const input = body as { ids: number[] };
        return json({ success: true, message: `${input.ids.length} tagihan dibalik`, data: { count: input.ids.length } });
      }
      case 'finance/waivers': {
        const input = body as { invoice_id: number; amount: number };
        const before = data.details.get(input.invoice_id)!;
        const after = { ...before, waived_amount: input.amount, outstanding: before.outstanding - input.amount };
        data.details.set(input.invoice_id, after);
        return json({ success: true, data: after });
      }
    }
    const one = /^finance\/invoices\/(\d+)$/.exec(path);
    if (one) {
      const id = Number(one[1]);
      const found = data.details.get(id);
      if (!found) return json({ success: false, message: 'Data tidak ditemukan' }, 404);
      if (method === 'PUT') {
        const next = { ...found, ...(body as Partial<InvoiceDetail>), version: found.version + 1 };
        data.details.set(id, next);
        return json({ success: true, data: next });
      }
      return json({ success: true, data: found });
    }
    return json({ success: false, message: `no stub for ${method} ${path}` }, 404);
  };
}
