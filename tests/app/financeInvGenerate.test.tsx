// @vitest-environment jsdom
// The invoice jobs (issue 12; spec 3 §2.10, §5, §8; spec 1 §5) against a stubbed server, as a
// finance user sees them: /income's preview (counts, periods, who lacks a VA number with the
// warning) and its confirmed commit, the date rules and the server's field messages under
// their fields, the tenor of an installment type; /uploadincome's dry run and commit;
// /generatepenalty's preview and toast; /reversingdate's pick, date rule and call. Both languages.

import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { AuthProvider } from 'react-admin';
import { GenerateInvoicesPage } from '../../src/pages/financeInvoices/GenerateInvoicesPage';
import { GeneratePenaltyPage } from '../../src/pages/financeInvoices/GeneratePenaltyPage';
import { ReversingDatePage } from '../../src/pages/financeInvoices/ReversingDatePage';
import { UPLOAD_INVOICE_COLUMNS, UploadInvoicesPage } from '../../src/pages/financeInvoices/UploadInvoicesPage';
import { loadCatalog } from '../../src/providers/catalogs';
import type { Locale } from '../../src/shared/entityModel';
import { renderInAdmin } from './adminHarness';
import { financeData, financeFetch, invoice, type FinanceData, type Recorded } from './financeInvServer';

process.env.TZ = 'Asia/Jakarta';

beforeAll(() => loadCatalog('en'));

const withRoles = (roles: string[]): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => roles,
});
const adminFinance = withRoles(['ROLE_ADMIN_FINANCE']);

let data: FinanceData;
let calls: Recorded[];

beforeEach(() => {
  localStorage.setItem('token', 'x'.repeat(43));
  calls = [];
  data = financeData();
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => financeFetch(data, calls)(input, init));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body as Record<string, unknown>);

async function choose(user: UserEvent, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}
const setDate = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillGenerate(user: UserEvent) {
  await choose(user, /^Tahun buku/, 'TB 2026/2027');
  await choose(user, /^Jenis pendapatan/, 'SPP - Uang sekolah');
  await choose(user, /^Unit/, 'SMA');
  await choose(user, /^Kelas/, 'X IPA 1');
  setDate(/^Tanggal tagihan/, '2026-08-01');
  setDate(/^Jatuh tempo/, '2026-08-10');
  fireEvent.change(screen.getByLabelText(/^Nilai/), { target: { value: '1250000' } });
}

describe('/income: generate invoices', () => {
  const renderGenerate = (locale: Locale = 'id', auth = adminFinance) => renderInAdmin(<GenerateInvoicesPage />, { authProvider: auth, locale });

  it('previews as a dry run: the counts, the periods and who has no VA number, with the warning', async () => {
    const user = userEvent.setup();
    renderGenerate();
    await fillGenerate(user);
    expect(screen.getByLabelText(/^Nilai/)).toHaveValue('1.250.000');
    await user.click(screen.getByRole('button', { name: 'Pratinjau' }));
    const preview = await screen.findByRole('region', { name: 'Yang akan terjadi' });
    expect(posts('finance/invoices/generate')).toEqual([
      {
        financial_year_id: 1,
        income_type_id: 1,
        kind: 'student',
        department_id: 2,
        level_id: null,
        class_id: 211,
        batch_id: null,
        invoice_date: '2026-08-01',
        due_date: '2026-08-10',
        income_date: null,
        value: 1250000,
        discount: 0,
        tenor: 1,
        remarks: null,
        dry_run: true,
      },
    ]);
    expect(within(preview).getByText('Siswa atau calon siswa ditemukan').nextSibling).toHaveTextContent('5');
    expect(within(preview).getByText('Tagihan yang akan dibuat').nextSibling).toHaveTextContent('3');
    expect(within(preview).getByText('Tagihan yang sudah ada').nextSibling).toHaveTextContent('1');
    const periods = within(preview).getByRole('table', { name: 'Periode' });
    expect(within(periods).getAllByText('1 Agustus 2026')).toHaveLength(2);
    expect(within(periods).getByText('10 Agustus 2026')).toBeInTheDocument();
    expect(within(preview).getByRole('alert')).toHaveTextContent('Beberapa siswa atau calon siswa belum memiliki nomor VA');
    expect(within(within(preview).getByRole('table', { name: 'Tanpa nomor VA' })).getByText('Tanpa VA')).toBeInTheDocument();
  });

  it('generates after a confirmation and shows the server’s message and counts', async () => {
    const user = userEvent.setup();
    renderGenerate();
    await fillGenerate(user);
    await user.click(screen.getByRole('button', { name: 'Buat tagihan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buat tagihan' });
    expect(posts('finance/invoices/generate')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Buat tagihan' }));
    const result = await screen.findByRole('region', { name: 'Hasil' });
    expect(posts('finance/invoices/generate').map((b) => b.dry_run)).toEqual([false]);
    expect(within(result).getAllByText('3 tagihan dibuat').length).toBeGreaterThan(0);
    expect(within(result).getByText('Tagihan dibuat').nextSibling).toHaveTextContent('3');
  });

  it('checks the dates against the financial year and each other, and the value, before calling', async () => {
    const user = userEvent.setup();
    renderGenerate();
    await choose(user, /^Tahun buku/, 'TB 2026/2027');
    await choose(user, /^Jenis pendapatan/, 'SPP - Uang sekolah');
    setDate(/^Tanggal tagihan/, '2026-06-30');
    setDate(/^Jatuh tempo/, '2026-08-10');
    setDate(/^Tanggal jurnal pendapatan/, '2026-06-01');
    await user.click(screen.getByRole('button', { name: 'Pratinjau' }));
    expect(await screen.findByText('Tanggal tidak boleh sebelum awal tahun buku')).toBeInTheDocument();
    expect(screen.getByText('Tanggal jurnal pendapatan tidak boleh sebelum tanggal tagihan')).toBeInTheDocument();
    expect(screen.getByText('Pastikan nilai sudah diisi')).toBeInTheDocument();
    setDate(/^Tanggal tagihan/, '2026-08-11');
    await user.click(screen.getByRole('button', { name: 'Pratinjau' }));
    expect(await screen.findByText('Jatuh tempo tidak boleh sebelum tanggal tagihan')).toBeInTheDocument();
    expect(posts('finance/invoices/generate')).toHaveLength(0);
  });

  it('keeps a candidate’s due date within the financial year, and the discount within the value', async () => {
    const user = userEvent.setup();
    renderGenerate();
    await choose(user, /^Tahun buku/, 'TB 2026/2027');
    await choose(user, /^Jenis pendapatan/, 'SPP - Uang sekolah');
    setDate(/^Tanggal tagihan/, '2026-08-01');
    setDate(/^Jatuh tempo/, '2027-07-10');
    fireEvent.change(screen.getByLabelText(/^Nilai/), { target: { value: '100000' } });
    fireEvent.change(screen.getByLabelText(/^Diskon/), { target: { value: '200000' } });
    await user.click(screen.getByRole('button', { name: 'Pratinjau' }));
    expect(await screen.findByText('Diskon tidak boleh melebihi nilai')).toBeInTheDocument();
    expect(screen.queryByText('Tanggal tidak boleh melewati akhir tahun buku')).toBeNull();
    await choose(user, /^Siswa atau calon siswa/, 'Calon siswa');
    await user.click(screen.getByRole('button', { name: 'Pratinjau' }));
    expect(screen.getByLabelText(/^Jatuh tempo/)).toHaveAccessibleDescription('Tanggal tidak boleh melewati akhir tahun buku');
    expect(screen.queryByRole('combobox', { name: /^Kelas/ })).toBeNull();
    expect(screen.getByRole('combobox', { name: /^Gelombang pendaftaran/ })).toBeInTheDocument();
    expect(posts('finance/invoices/generate')).toHaveLength(0);
  });

  it('shows the server’s field messages under their fields', async () => {
    data.refuse.set('POST finance/invoices/generate', {
      status: 422,
      body: { success: false, message: 'Data tidak valid', messages: { due_date: ['Tanggal tidak boleh melewati akhir tahun buku'] } },
    });
    const user = userEvent.setup();
    renderGenerate();
    await fillGenerate(user);
    await user.click(screen.getByRole('button', { name: 'Pratinjau' }));
    const due = screen.getByLabelText(/^Jatuh tempo/);
    await waitFor(() => expect(due).toHaveAccessibleDescription('Tanggal tidak boleh melewati akhir tahun buku'));
  });

  it('offers a tenor only for an income type with installments, up to its maximum (English)', async () => {
    const user = userEvent.setup();
    renderGenerate('en');
    await choose(user, /^Income type/, 'SPP - Uang sekolah');
    expect(screen.queryByLabelText(/^Tenor/)).toBeNull();
    await choose(user, /^Income type/, 'UP - Uang pangkal');
    const tenor = screen.getByLabelText(/^Tenor/);
    expect(tenor).toHaveAccessibleDescription('At most 6');
    await user.clear(tenor);
    await user.type(tenor, '7');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('The tenor must not exceed 6')).toBeInTheDocument();
  });

  it('offers a foundation reader neither preview nor generate (the server lets only the finance staff run it)', async () => {
    renderGenerate('id', withRoles(['ROLE_FOUNDATION']));
    expect(await screen.findByText('Anda dapat melihat formulir ini; membuat tagihan adalah tugas staf keuangan.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pratinjau' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Buat tagihan' })).toBeNull();
  });
});

describe('/uploadincome', () => {
  it('checks the file first, then commits after a confirmation', async () => {
    const user = userEvent.setup();
    renderInAdmin(<UploadInvoicesPage />, { authProvider: adminFinance, locale: 'id' });
    const template = await screen.findByRole('link', { name: 'Unduh templat (CSV)' });
    expect(decodeURIComponent(template.getAttribute('href') ?? '')).toContain(UPLOAD_INVOICE_COLUMNS.join(','));
    const text = 'party_number,income_type_code\n20260001,SPP\n';
    fireEvent.change(screen.getByLabelText('Berkas tagihan'), { target: { files: [new File([text], 'tagihan.csv', { type: 'text/csv' })] } });
    const checked = await screen.findByRole('region', { name: 'Pemeriksaan berkas' });
    expect(posts('finance/invoices/upload')).toEqual([{ file_name: 'tagihan.csv', file: btoa(text), dry_run: true }]);
    expect(within(checked).getByTestId('upload-counts')).toHaveTextContent('1 siap · 0 sudah ada · 1 bermasalah');
    const rows = within(checked).getAllByTestId('upload-row');
    expect(rows[0]).toHaveTextContent('Siap');
    expect(rows[0]).toHaveTextContent('Rp 1.250.000');
    expect(rows[1]).toHaveTextContent('Bermasalah');
    expect(rows[1]).toHaveTextContent('Siswa tidak ditemukan');
    await user.click(within(checked).getByRole('button', { name: 'Simpan' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Simpan' }));
    const done = await screen.findByRole('region', { name: 'Hasil unggahan' });
    expect(posts('finance/invoices/upload').map((b) => b.dry_run)).toEqual([true, false]);
    expect(within(done).getByTestId('upload-counts')).toHaveTextContent('1 tagihan dibuat');
    expect(within(done).queryByRole('button', { name: 'Simpan' })).toBeNull();
  });
});

describe('/uploadincome refusals', () => {
  it('says why a file is refused (its missing columns), not a generic message', async () => {
    data.refuse.set('POST finance/invoices/upload', {
      status: 422,
      body: { success: false, message: 'Data tidak valid', messages: { file: ['Berkas tidak memiliki kolom: financial_year'] } },
    });
    renderInAdmin(<UploadInvoicesPage />, { authProvider: adminFinance, locale: 'id' });
    fireEvent.change(await screen.findByLabelText('Berkas tagihan'), { target: { files: [new File(['a,b\n'], 'x.csv', { type: 'text/csv' })] } });
    expect(await screen.findByText('Berkas tidak memiliki kolom: financial_year')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Simpan' })).toBeNull();
  });
});

describe('/generatepenalty', () => {
  it('previews the penalties with their total, and generates after a confirmation with the server’s toast', async () => {
    const user = userEvent.setup();
    renderInAdmin(<GeneratePenaltyPage />, { authProvider: adminFinance, locale: 'id' });
    setDate(/^Lewat jatuh tempo per/, '2026-11-30');
    await choose(user, /^Jenis pendapatan/, 'SPP - Uang sekolah');
    await user.click(screen.getByRole('button', { name: 'Pratinjau' }));
    const table = await screen.findByRole('table', { name: 'Denda' });
    expect(within(table).getByText('Rp 50.000')).toBeInTheDocument();
    expect(within(table).getByTestId('penalty-total')).toHaveTextContent('Rp 75.000');
    await user.click(screen.getByRole('button', { name: 'Buat denda' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('30 November 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Buat denda' }));
    expect(await screen.findByText('Generate denda berhasil')).toBeInTheDocument();
    expect(posts('finance/penalties/generate')).toEqual([
      { as_of_date: '2026-11-30', financial_year_id: null, income_type_id: 1, dry_run: true },
      { as_of_date: '2026-11-30', financial_year_id: null, income_type_id: 1, dry_run: false },
    ]);
  });

  it('says when there is nothing to fine (English)', async () => {
    data.penalty = () => ({ success: true, message: 'No penalties were generated', data: { created: 0, would_create: 0, existing: 0, total: 0, rows: [] } });
    const user = userEvent.setup();
    renderInAdmin(<GeneratePenaltyPage />, { authProvider: adminFinance, locale: 'en' });
    setDate(/^Overdue as of/, '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('No invoice is overdue as of 30 November 2026 without a penalty')).toBeInTheDocument();
  });
});

describe('/reversingdate', () => {
  it('reverses the picked open invoices on a date not before their invoice date', async () => {
    data.invoices = [invoice(1, { invoice_date: '2026-08-01' }), invoice(2, { paid_amount: 500000, outstanding: 750000 })];
    const user = userEvent.setup();
    renderInAdmin(<ReversingDatePage />, { authProvider: adminFinance, locale: 'id' });
    await screen.findByText('INV/2026/0001');
    expect(screen.queryByText('INV/2026/0002')).toBeNull();
    const listCall = calls.find((c) => c.path === 'finance/invoices');
    expect(listCall?.query).toMatchObject({ state: 'open', page: '1', per_page: '25' });
    await user.click(screen.getByRole('checkbox', { name: 'Pilih tagihan INV/2026/0001' }));
    setDate(/^Tanggal pembalikan/, '2026-07-31');
    await user.click(screen.getByRole('button', { name: 'Balik' }));
    expect(await screen.findByText('Tanggal pembalikan tidak boleh lebih awal dari tanggal tagihan (1 Agustus 2026)')).toBeInTheDocument();
    setDate(/^Tanggal pembalikan/, '2026-09-01');
    await user.click(screen.getByRole('button', { name: 'Balik' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Balik' }));
    expect(await screen.findByText('1 tagihan dibalik')).toBeInTheDocument();
    expect(posts('finance/invoices/reverse')).toEqual([{ ids: [1], reversing_date: '2026-09-01' }]);
  });
});
