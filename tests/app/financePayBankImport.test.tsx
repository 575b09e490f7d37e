// @vitest-environment jsdom
// /uploadva (issue 12 "Bank VA file import") against a stubbed finance server: a layout and a
// file are required, Check sends the file (base64) to staging and shows each line's status as
// a chip with the counts and the total, Commit asks first and shows the payments created, and
// the same file again says "already uploaded" with 0 created; both languages.

import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthProvider } from 'react-admin';
import { BankImportPage } from '../../src/pages/financeBankImport/BankImportPage';
import { loadCatalog } from '../../src/providers/catalogs';
import type { Locale } from '../../src/shared/entityModel';
import type { BankImportAnswer, BankLine, BankLineStatus } from '../../src/shared/api/finance';
import { renderInAdmin } from './adminHarness';
import { financeFetch, type Handlers, type Recorded } from './financePayFake';

process.env.TZ = 'Asia/Jakarta';

// The searches and filters wait for a debounce and a call; a busy machine may take longer than 1 s.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await loadCatalog('en');
});

const admin: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ['ROLE_ADMIN_FINANCE'],
};

let calls: Recorded[];
let handlers: Handlers;

function line(n: number, status: BankLineStatus, fields: Partial<BankLine> = {}): BankLine {
  return {
    line: n,
    va_no: `8808000000${n}`,
    amount: 500000,
    paid_at: '2026-08-03',
    reference: `REF${n}`,
    status,
    party_name: status === 'unknown_va' ? null : `Siswa ${n}`,
    outstanding: status === 'unknown_va' ? null : 500000,
    payment_no: null,
    message: null,
    ...fields,
  };
}

function counts(lines: BankLine[]): Record<BankLineStatus, number> {
  const all: Record<BankLineStatus, number> = { matched: 0, partial: 0, mismatch: 0, unknown_va: 0, duplicate: 0, already_uploaded: 0, invalid: 0 };
  for (const l of lines) all[l.status] += 1;
  return all;
}

function answer(message: string, lines: BankLine[], committed: boolean, created: number): BankImportAnswer {
  return { success: true, message, data: { upload_id: 31, committed, lines, counts: counts(lines), payments_created: created, total_amount: lines.reduce((s, l) => s + (l.amount ?? 0), 0) } };
}

const staged = [
  line(1, 'matched'),
  line(2, 'partial', { amount: 200000 }),
  line(3, 'mismatch', { amount: 700000, message: 'Rp 200.000 masuk ke deposit' }),
  line(4, 'unknown_va'),
  line(5, 'duplicate'),
  line(6, 'invalid', { amount: null, message: 'Jumlah tidak terbaca' }),
];
let uploads = 0;

beforeEach(() => {
  localStorage.setItem('token', 'x'.repeat(43));
  calls = [];
  uploads = 0;
  handlers = {
    'GET finance/bank-layouts': () => ({ success: true, data: [{ id: 1, name: 'BCA CSV', bank: 'BCA', file_kind: 'csv' }, { id: 2, name: 'Mandiri XLSX', bank: 'Mandiri', file_kind: 'xlsx' }] }),
    'POST finance/bank-import/stage': () => {
      uploads += 1;
      // The second time, every line was paid by the first upload.
      return uploads === 1 ? answer('File diperiksa', staged, false, 0) : answer('Sudah diunggah', staged.map((l) => ({ ...l, status: 'already_uploaded' as const })), false, 0);
    },
    'POST finance/bank-import/commit': () =>
      uploads === 1
        ? answer('Berhasil diunggah', staged.map((l, i) => (i < 3 ? { ...l, payment_no: `PAY/2026/000${i + 1}` } : l)), true, 3)
        : answer('Sudah diunggah', staged.map((l) => ({ ...l, status: 'already_uploaded' as const })), true, 0),
  };
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => financeFetch(handlers, calls)(input, init));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const renderPage = (locale: Locale = 'id') => renderInAdmin(<BankImportPage />, { at: '/uploadva', locale, authProvider: admin });
const bankFile = () => new File(['va,amount\n880800000001,500000\n'], 'bca-agustus.csv', { type: 'text/csv' });

async function chooseLayoutAndFile(user: ReturnType<typeof userEvent.setup>, layout = 'Format bank', file = 'Berkas bank (CSV atau XLSX)') {
  await user.click(screen.getByRole('combobox', { name: layout }));
  await user.click(await screen.findByRole('option', { name: 'BCA CSV (BCA, CSV)' }));
  await user.upload(screen.getByLabelText(file), bankFile());
}

describe('the bank VA file import', () => {
  it('asks for a layout and a file, checks the file, shows each line’s status, commits after confirming', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Unggah nomor virtual account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Periksa' }));
    expect(screen.getAllByText('Kolom ini wajib diisi')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await chooseLayoutAndFile(user);
    expect(screen.getByTestId('bank-file-name')).toHaveTextContent('bca-agustus.csv');
    await user.click(screen.getByRole('button', { name: 'Periksa' }));
    const lines = await screen.findAllByTestId('bank-line');
    const stage = calls.find((c) => c.path === 'finance/bank-import/stage')!;
    expect(stage.body).toEqual({ bank_layout_id: 1, file_name: 'bca-agustus.csv', file: btoa('va,amount\n880800000001,500000\n') });
    expect(lines).toHaveLength(6);
    expect(within(lines[0]!).getByTestId('status-matched')).toHaveTextContent('Cocok');
    expect(within(lines[1]!).getByTestId('status-partial')).toHaveTextContent('Sebagian');
    expect(within(lines[2]!).getByTestId('status-mismatch')).toHaveTextContent('Jumlah tidak sesuai');
    expect(lines[2]).toHaveTextContent('Rp 200.000 masuk ke deposit');
    expect(within(lines[3]!).getByTestId('status-unknown_va')).toHaveTextContent('VA tidak dikenal');
    expect(within(lines[4]!).getByTestId('status-duplicate')).toHaveTextContent('Ganda');
    expect(within(lines[5]!).getByTestId('status-invalid')).toHaveTextContent('Tidak valid');
    expect(within(lines[0]!).getByTestId('status-matched')).toHaveClass('MuiChip-colorSuccess');
    expect(within(lines[3]!).getByTestId('status-unknown_va')).toHaveClass('MuiChip-colorError');
    expect(lines[0]).toHaveTextContent('3 Agustus 2026');
    expect(screen.getByTestId('count-matched')).toHaveTextContent('Cocok: 1');
    expect(screen.getByTestId('count-already_uploaded')).toHaveTextContent('Sudah diunggah: 0');
    expect(screen.getByTestId('bank-total')).toHaveTextContent('6 baris, total Rp 2.400.000');
    expect(screen.getByText('3 baris akan dibayar')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Proses' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bayar baris yang sudah diperiksa?' });
    expect(dialog).toHaveTextContent('3 baris dari bca-agustus.csv');
    expect(calls.filter((c) => c.path === 'finance/bank-import/commit')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Proses' }));
    expect(await screen.findByTestId('bank-created')).toHaveTextContent('3 pembayaran dibuat');
    expect(calls.find((c) => c.path === 'finance/bank-import/commit')!.body).toEqual({ upload_id: 31 });
    expect(screen.getAllByTestId('bank-line')[0]).toHaveTextContent('PAY/2026/0001');
    expect(screen.getByTestId('bank-message')).toHaveTextContent('Berhasil diunggah');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Proses' })).toBeNull());
  });

  it('the same file again: already uploaded, 0 payments created (English)', async () => {
    uploads = 1;
    const user = userEvent.setup();
    renderPage('en');
    await chooseLayoutAndFile(user, 'Bank layout', 'Bank file (CSV or XLSX)');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await screen.findAllByTestId('bank-line');
    expect(screen.getByText('This file was already uploaded: its lines are paid already, nothing new is paid.')).toBeInTheDocument();
    expect(screen.getByTestId('count-already_uploaded')).toHaveTextContent('Already uploaded: 6');
    expect(screen.getAllByTestId('status-already_uploaded')).toHaveLength(6);
    expect(screen.getByText('0 lines will be paid')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Commit' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Commit' }));
    expect(await screen.findByTestId('bank-created')).toHaveTextContent('0 payments created');
    expect(screen.getByTestId('bank-message')).toHaveTextContent('Sudah diunggah');
  });

  it('refuses a file that is no CSV or XLSX, and shows a server refusal', async () => {
    handlers['POST finance/bank-import/stage'] = () => ({ status: 422, body: { success: false, message: 'Upload gagal', messages: { file: ['Kolom nomor VA tidak ada'] } } });
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    await user.click(screen.getByRole('combobox', { name: 'Format bank' }));
    await user.click(await screen.findByRole('option', { name: 'BCA CSV (BCA, CSV)' }));
    await user.upload(screen.getByLabelText('Berkas bank (CSV atau XLSX)'), new File(['x'], 'mutasi.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Pilih berkas CSV atau XLSX')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Berkas bank (CSV atau XLSX)'), bankFile());
    await user.click(screen.getByRole('button', { name: 'Periksa' }));
    expect(await screen.findByText('Kolom nomor VA tidak ada')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/Berkas tidak dapat diproses\. Upload gagal/)).toBeInTheDocument());
  });
});
