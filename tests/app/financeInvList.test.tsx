// @vitest-environment jsdom
// /invoicetransaction (issue 12; spec 3 §2.7, §2.10, §4, §5) against a stubbed server: the grid
// (rupiah, dates with full month names, state chips, the published flag, the totals row), the
// filters sent to the server, publish after a confirmation, merge and the server's refusal
// shown, the detail modal opened by ?invoice=<id> with its journals, a waiver up to the
// outstanding with a reason, and Edit refused with the reason when the invoice has
// derivatives; a foundation reader sees no actions. Both languages.

import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthProvider } from 'react-admin';
import { InvoiceListPage } from '../../src/pages/financeInvoices/InvoiceListPage';
import { loadCatalog } from '../../src/providers/catalogs';
import type { Locale } from '../../src/shared/entityModel';
import { renderInAdmin } from './adminHarness';
import { detailOf, financeData, financeFetch, invoice, type FinanceData, type Recorded } from './financeInvServer';

process.env.TZ = 'Asia/Jakarta';

beforeAll(() => loadCatalog('en'));

const withRoles = (roles: string[]): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => roles,
});

let data: FinanceData;
let calls: Recorded[];

beforeEach(() => {
  localStorage.setItem('token', 'x'.repeat(43));
  calls = [];
  const paid = invoice(2, { party_name: 'Bima', state: 'paid', paid_amount: 1250000, outstanding: 0, is_published: true, has_derivatives: true, installment_no: 2, installment_count: 3, period_start: null });
  data = financeData({ invoices: [invoice(1, { party_name: 'Ayu Lestari' }), paid] });
  data.details.set(1, detailOf(data.invoices[0]!));
  data.details.set(2, detailOf(paid, { payments: [{ payment_id: 7, payment_no: 'PAY/2026/0007', payment_date: '2026-08-05', amount: 1250000, method: 'va' }] }));
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => financeFetch(data, calls)(input, init));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const renderList = (locale: Locale = 'id', roles = ['ROLE_ADMIN_FINANCE'], at = '/invoicetransaction') =>
  renderInAdmin(<InvoiceListPage />, { authProvider: withRoles(roles), locale, at });
const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);
const listCalls = () => calls.filter((c) => c.method === 'GET' && c.path === 'finance/invoices');

describe('the invoice grid', () => {
  it('shows each invoice with rupiah, full month names, its state and published flag, and the totals', async () => {
    renderList();
    const rows = await screen.findAllByTestId('invoice-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('INV/2026/0001');
    expect(rows[0]).toHaveTextContent('Ayu Lestari');
    expect(rows[0]).toHaveTextContent('X IPA 1');
    expect(rows[0]).toHaveTextContent('Agustus 2026');
    expect(rows[0]).toHaveTextContent('1 Agustus 2026');
    expect(rows[0]).toHaveTextContent('10 Agustus 2026');
    expect(rows[0]).toHaveTextContent('Terbuka');
    expect(rows[0]).toHaveTextContent('Tidak dipublikasikan');
    expect(rows[1]).toHaveTextContent('Cicilan 2 dari 3');
    expect(rows[1]).toHaveTextContent('Lunas');
    expect(screen.getByTestId('invoice-totals')).toHaveTextContent('Total (2 tagihan)Rp 2.500.000Rp 1.250.000');
    expect(listCalls()[0]!.query).toEqual({ page: '1', per_page: '25' });
  });

  it('says "No Data" when nothing matches (English), and sends the filters', async () => {
    data.invoices = [];
    const user = userEvent.setup();
    renderList('en');
    expect(await screen.findByText('No Data')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Income type' }));
    await user.click(await screen.findByRole('option', { name: 'UP - Uang pangkal' }));
    fireEvent.change(screen.getByLabelText('Overdue as of'), { target: { value: '2026-11-30' } });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Ayu');
    await waitFor(() => expect(listCalls().at(-1)!.query).toEqual({ income_type_id: '2', overdue_on: '2026-11-30', q: 'Ayu', page: '1', per_page: '25' }), { timeout: 3000 });
  });

  it('publishes the selected invoices after a confirmation', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findAllByTestId('invoice-row');
    const publish = screen.getByRole('button', { name: 'Publikasikan' });
    expect(publish).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Pilih tagihan di halaman ini' }));
    expect(screen.getByText('2 dipilih')).toBeInTheDocument();
    await user.click(publish);
    const dialog = await screen.findByRole('dialog', { name: 'Publikasikan' });
    expect(dialog).toHaveTextContent('Apakah Anda yakin? 2 tagihan akan dipublikasikan');
    await user.click(within(dialog).getByRole('button', { name: 'Konfirmasi' }));
    expect(await screen.findByText('2 tagihan dipublikasikan')).toBeInTheDocument();
    expect(posts('finance/invoices/publish')).toEqual([{ ids: [1, 2], published: true }]);
  });

  it('merges with new dates, and shows the server’s refusal of different VA numbers', async () => {
    const sameVa = 'Tagihan yang digabung harus memiliki nomor VA yang sama';
    data.refuse.set('POST finance/invoices/merge', { status: 422, body: { success: false, message: sameVa, messages: { ids: [sameVa] } } });
    const user = userEvent.setup();
    renderList();
    await screen.findAllByTestId('invoice-row');
    await user.click(screen.getByRole('checkbox', { name: 'Pilih tagihan INV/2026/0001' }));
    expect(screen.getByRole('button', { name: 'Gabungkan' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Pilih tagihan INV/2026/0002' }));
    await user.click(screen.getByRole('button', { name: 'Gabungkan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gabungkan 2 tagihan' });
    fireEvent.change(within(dialog).getByLabelText(/^Tanggal tagihan/), { target: { value: '2026-09-01' } });
    fireEvent.change(within(dialog).getByLabelText(/^Jatuh tempo/), { target: { value: '2026-09-10' } });
    await user.click(within(dialog).getByRole('button', { name: 'Gabungkan' }));
    expect(await within(dialog).findByText('Tagihan yang digabung harus memiliki nomor VA yang sama')).toBeInTheDocument();
    expect(posts('finance/invoices/merge')).toEqual([{ ids: [1, 2], invoice_date: '2026-09-01', due_date: '2026-09-10', remarks: null }]);
  });

  it('shows a reader no selection and no actions', async () => {
    renderList('id', ['ROLE_FOUNDATION']);
    await screen.findAllByTestId('invoice-row');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publikasikan' })).toBeNull();
  });
});

describe('the invoice detail', () => {
  it('opens from ?invoice=<id> with the spec’s fields and the journal lines', async () => {
    renderList('id', ['ROLE_ADMIN_FINANCE'], '/invoicetransaction?invoice=1');
    const dialog = await screen.findByRole('dialog', { name: 'Tagihan INV/2026/0001' });
    expect(within(dialog).getByTestId('invoice-income_type')).toHaveTextContent('SPP');
    expect(within(dialog).getByTestId('invoice-party_number')).toHaveTextContent('20260001');
    expect(within(dialog).getByTestId('invoice-va_no')).toHaveTextContent('88001');
    expect(within(dialog).getByTestId('invoice-outstanding')).toHaveTextContent('Rp 1.250.000');
    expect(within(dialog).getByTestId('invoice-due_date')).toHaveTextContent('10 Agustus 2026');
    const lines = within(dialog).getByRole('table', { name: 'Baris jurnal JU/2026/0001' });
    expect(lines).toHaveTextContent('1-1200 Piutang SPP');
    expect(within(dialog).getByTestId('invoice-journal')).toHaveTextContent('Belum sinkron');
  });

  it('waives up to the outstanding, with a reason', async () => {
    const user = userEvent.setup();
    renderList('id', ['ROLE_FINANCE'], '/invoicetransaction?invoice=1');
    const dialog = await screen.findByRole('dialog', { name: 'Tagihan INV/2026/0001' });
    expect(within(dialog).queryByRole('button', { name: 'Ubah' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Keringanan' }));
    const waiver = await screen.findByRole('dialog', { name: 'Keringanan untuk INV/2026/0001' });
    const amount = within(waiver).getByLabelText(/^Jumlah/);
    expect(amount).toHaveValue('1.250.000');
    fireEvent.change(amount, { target: { value: '1300000' } });
    await user.click(within(waiver).getByRole('button', { name: 'Simpan' }));
    expect(await within(waiver).findByText('Jumlah tidak boleh melebihi sisa tagihan Rp 1.250.000')).toBeInTheDocument();
    expect(within(waiver).getByText('Kolom ini wajib diisi')).toBeInTheDocument();
    fireEvent.change(amount, { target: { value: '250.000' } });
    fireEvent.change(within(waiver).getByLabelText(/^Alasan/), { target: { value: 'Anak guru' } });
    fireEvent.change(within(waiver).getByLabelText(/^Tanggal keringanan/), { target: { value: '2026-08-05' } });
    await user.click(within(waiver).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(within(dialog).getByTestId('invoice-outstanding')).toHaveTextContent('Rp 1.000.000'));
    expect(posts('finance/waivers')).toEqual([{ invoice_id: 1, waiver_date: '2026-08-05', amount: 250000, reason: 'Anak guru' }]);
  });

  it('refuses Edit with the reason when the invoice has derivatives (English)', async () => {
    renderList('en', ['ROLE_ADMIN_FINANCE'], '/invoicetransaction?invoice=2');
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV/2026/0002' });
    expect(within(dialog).getByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(within(dialog).getByText('This invoice cannot be edited: it already has payments, waivers, penalties or a merge.')).toBeInTheDocument();
    expect(within(dialog).getByRole('table', { name: 'Payments' })).toHaveTextContent('PAY/2026/0007');
    expect(within(dialog).queryByRole('button', { name: 'Waive' })).toBeNull();
  });

  it('edits an invoice without derivatives, sending its version', async () => {
    const user = userEvent.setup();
    renderList('id', ['ROLE_ADMIN_FINANCE'], '/invoicetransaction?invoice=1');
    const dialog = await screen.findByRole('dialog', { name: 'Tagihan INV/2026/0001' });
    await user.click(within(dialog).getByRole('button', { name: 'Ubah' }));
    const edit = await screen.findByRole('dialog', { name: 'Ubah tagihan INV/2026/0001' });
    fireEvent.change(within(edit).getByLabelText(/^Nilai/), { target: { value: '1.500.000' } });
    await user.click(within(edit).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('finance/invoices/1');
    expect(put.body).toEqual({ version: 1, invoice_date: '2026-08-01', due_date: '2026-08-10', income_date: null, value: 1500000, discount: 0, remarks: null });
  });
});

describe('the invoice pages’ texts', () => {
  it('has every finance.invoices key the pages name, in both languages', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { default: en } = await import('../../src/pages/financeInvoices/texts/en');
    const { default: id } = await import('../../src/pages/financeInvoices/texts/id');
    const flat = (texts: object, prefix = 'finance.invoices'): string[] =>
      Object.entries(texts).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}.${k}`] : flat(v as object, `${prefix}.${k}`)));
    const known = new Set(flat(en));
    expect(flat(id).sort()).toEqual([...known].sort());
    const folder = join(__dirname, '../../src/pages/financeInvoices');
    const named = readdirSync(folder)
      .filter((f) => /\.tsx?$/.test(f))
      .flatMap((f) => [...readFileSync(join(folder, f), 'utf8').matchAll(/'(finance\.invoices\.[\w.]+)'|`(finance\.invoices\.[\w.]+)\$\{/g)])
      .map((m) => ({ key: m[1] ?? m[2]!, prefix: m[2] !== undefined }));
    expect(named.length).toBeGreaterThan(50);
    const missing = named.filter(({ key, prefix }) => (prefix ? ![...known].some((k) => k.startsWith(key)) : !known.has(key))).map((n) => n.key);
    expect(missing).toEqual([]);
  });
});

describe('who may open the invoice pages', () => {
  it('lets the finance readers open the lists, and only the finance administrator the bulk jobs', async () => {
    const { mayOpenPath } = await import('../../src/pages/registry');
    for (const role of ['ROLE_ADMIN_FINANCE', 'ROLE_FINANCE', 'ROLE_FOUNDATION']) {
      expect(mayOpenPath('/income', [role]), role).toBe(true);
      expect(mayOpenPath('/invoicetransaction', [role]), role).toBe(true);
    }
    for (const path of ['/uploadincome', '/reversingdate', '/generatepenalty']) {
      expect(mayOpenPath(path, ['ROLE_ADMIN_FINANCE']), path).toBe(true);
      expect(mayOpenPath(path, ['ROLE_FINANCE']), path).toBe(false);
    }
    expect(mayOpenPath('/invoicetransaction', ['ROLE_TEACHER'])).toBe(false);
  });
});
