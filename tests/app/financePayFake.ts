// A stubbed finance server for the payment pages' component tests (/payment,
// /paymenttransaction, /uploadva, /generateva, /journal): answers the calls of
// src/shared/api/finance.ts by path from handlers a test gives, remembers every call with its
// method, query, body and headers, and answers a path no handler knows with a 404.

import type { InvoiceRow, JournalRow, PartyRow, PaymentDetail } from '../../src/shared/api/finance';

export interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

export interface Answer {
  status?: number;
  body: unknown;
}

/** `GET finance/parties` → handler; a handler may answer a plain body (200) or `{ status, body }`. */
export type Handlers = Record<string, (call: Recorded) => Answer | unknown>;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function isAnswer(value: unknown): value is Answer {
  return typeof value === 'object' && value !== null && 'body' in value && Object.keys(value).every((k) => k === 'status' || k === 'body');
}

/** A fetch answering by `METHOD path` (path under /api/v1/, no query), recording each call in `calls`. */
export function financeFetch(handlers: Handlers, calls: Recorded[]) {
  return async (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const url = new URL(input, 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1\//, '');
    const query = Object.fromEntries(url.searchParams);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const call = { method, path, query, body, headers };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    if (!handler) return json({ success: false, message: 'Data Not Found' }, 404);
    const answer = handler(call);
    return isAnswer(answer) ? json(answer.body, answer.status ?? 200) : json(answer);
  };
}

export function party(id: number, fields: Partial<PartyRow> = {}): PartyRow {
  return {
    kind: 'student',
    id,
    number: `2024${String(id).padStart(3, '0')}`,
    name: `Siswa ${id}`,
    department_name: 'SMP',
    class_name: 'VII A',
    va_no: `88080${String(id).padStart(6, '0')}`,
    outstanding: 0,
    deposit: 0,
    ...fields,
  };
}

export function invoice(id: number, fields: Partial<InvoiceRow> = {}): InvoiceRow {
  return {
    id,
    version: 1,
    transaction_no: `INV/2026/${String(id).padStart(4, '0')}`,
    kind: 'student',
    party_id: 1,
    party_number: '2024001',
    party_name: 'Siswa 1',
    department_name: 'SMP',
    class_name: 'VII A',
    va_no: '88080000001',
    financial_year_id: 1,
    financial_year_name: '2026/2027',
    income_type_id: 1,
    income_type_name: 'SPP',
    period_no: id,
    period_start: null,
    installment_no: 1,
    installment_count: 1,
    invoice_date: '2026-07-01',
    due_date: '2026-07-10',
    value: 500000,
    discount: 0,
    paid_amount: 0,
    waived_amount: 0,
    penalty_amount: 0,
    closed_amount: 0,
    outstanding: 500000,
    state: 'open',
    is_published: true,
    merged_into_id: null,
    remarks: null,
    has_derivatives: false,
    ...fields,
  };
}

export function journal(id: number, fields: Partial<JournalRow> = {}): JournalRow {
  return {
    id,
    journal_no: `JU/2026/${String(id).padStart(4, '0')}`,
    journal_date: '2026-08-03',
    journal_type_name: 'Penerimaan kas',
    source: 'payment',
    description: 'Pembayaran SPP',
    invoice_no: null,
    payment_no: 'PAY/2026/0001',
    sync_state: 'not_sync',
    sync_date: null,
    officer: 'adminfinance',
    reverses_journal_no: null,
    debit: 750000,
    credit: 750000,
    lines: [
      { coa_code: '1-1100', coa_name: 'Kas', debit: 750000, credit: 0, description: null },
      { coa_code: '1-1300', coa_name: 'Piutang SPP', debit: 0, credit: 500000, description: null },
      { coa_code: '2-1200', coa_name: 'Deposit siswa', debit: 0, credit: 250000, description: null },
    ],
    ...fields,
  };
}

export function paymentDetail(id: number, fields: Partial<PaymentDetail> = {}): PaymentDetail {
  return {
    id,
    payment_no: `PAY/2026/${String(id).padStart(4, '0')}`,
    kind: 'student',
    party_id: 1,
    party_number: '2024001',
    party_name: 'Siswa 1',
    department_name: 'SMP',
    class_name: 'VII A',
    va_no: '88080000001',
    payment_date: '2026-08-03',
    amount: 750000,
    deposit_amount: 250000,
    method: 'va',
    journal_type_name: 'Penerimaan kas',
    bank_reference: null,
    remarks: null,
    allocations: [
      { invoice_id: 1, transaction_no: 'INV/2026/0001', income_type_name: 'SPP', invoice_date: '2026-07-01', due_date: '2026-07-10', value: 500000, amount: 500000, outstanding: 0 },
    ],
    journals: [journal(1)],
    ...fields,
  };
}
