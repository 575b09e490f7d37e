// @vitest-environment jsdom
// /journal (issue 12 "Journals"; spec 3 §4 journal sync filter) against a stubbed finance
// server: the grid (number, full-month date, type, source, description, invoice or payment
// no, debit and credit in rupiah, the sync state as a chip), a row opening its lines, the
// filters sent (sync Not Sync / Synced / Not Validated among them), paging; both languages.

import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthProvider } from 'react-admin';
import { JournalListPage } from '../../src/pages/financeJournals/JournalListPage';
import { loadCatalog } from '../../src/providers/catalogs';
import type { Locale } from '../../src/shared/entityModel';
import { renderInAdmin } from './adminHarness';
import { financeFetch, journal, type Handlers, type Recorded } from './financePayFake';

// The searches and filters wait for a debounce and a call; a busy machine may take longer than 1 s.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await loadCatalog('en');
});

const finance: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ['ROLE_FINANCE'],
};

let calls: Recorded[];
let handlers: Handlers;

beforeEach(() => {
  localStorage.setItem('token', 'x'.repeat(43));
  calls = [];
  handlers = {
    'GET journaltype': () => ({ success: true, data: [{ id: 5, label: 'Jurnal umum' }] }),
    'GET finance/journals': (call) => ({
      success: true,
      data:
        call.query.page === '2'
          ? [journal(30, { journal_no: 'JU/2026/0030' })]
          : [
              journal(1),
              journal(2, {
                journal_no: 'JU/2026/0002',
                source: 'invoice',
                invoice_no: 'INV/2026/0001',
                payment_no: null,
                description: 'Tagihan SPP Juli',
                sync_state: 'not_validated',
                debit: 500000,
                credit: 500000,
                lines: [
                  { coa_code: '1-1300', coa_name: 'Piutang SPP', debit: 500000, credit: 0, description: null },
                  { coa_code: '4-1100', coa_name: 'Pendapatan SPP', debit: 0, credit: 500000, description: null },
                ],
              }),
              journal(3, { journal_no: 'JU/2026/0003', sync_state: 'synced', sync_date: '2026-08-04' }),
            ],
      total: 28,
    }),
  };
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => financeFetch(handlers, calls)(input, init));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const renderPage = (locale: Locale = 'id') => renderInAdmin(<JournalListPage />, { at: '/journal', locale, authProvider: finance });
const listCalls = () => calls.filter((c) => c.path === 'finance/journals');

describe('the journals list', () => {
  it('shows the journals with their sync state, and a row’s lines on demand', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Jurnal' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('journal-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('JU/2026/0001');
    expect(rows[0]).toHaveTextContent('3 Agustus 2026');
    expect(rows[0]).toHaveTextContent('Penerimaan kas');
    expect(rows[0]).toHaveTextContent('Pembayaran');
    expect(rows[0]).toHaveTextContent('PAY/2026/0001');
    expect(rows[0]).toHaveTextContent('Rp 750.000');
    expect(within(rows[0]!).getByTestId('sync-not_sync')).toHaveTextContent('Belum sinkron');
    expect(rows[1]).toHaveTextContent('Tagihan');
    expect(rows[1]).toHaveTextContent('INV/2026/0001');
    expect(within(rows[1]!).getByTestId('sync-not_validated')).toHaveClass('MuiChip-colorWarning');
    expect(within(rows[2]!).getByTestId('sync-synced')).toHaveClass('MuiChip-colorSuccess');
    expect(screen.queryByRole('table', { name: 'Baris JU/2026/0002' })).toBeNull();
    const toggle = within(rows[1]!).getByRole('button', { name: 'Tampilkan baris JU/2026/0002' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const lines = await screen.findByRole('table', { name: 'Baris JU/2026/0002' });
    const lineRows = within(lines).getAllByTestId('journal-line');
    expect(lineRows[0]).toHaveTextContent('1-1300Piutang SPPRp 500.000');
    expect(lineRows[1]).toHaveTextContent('4-1100Pendapatan SPPRp 500.000');
    expect(within(rows[1]!).getByRole('button', { name: 'Sembunyikan baris JU/2026/0002' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: /berikutnya|next/i }));
    await waitFor(() => expect(screen.getAllByTestId('journal-row')).toHaveLength(1));
    expect(listCalls().at(-1)!.query).toEqual({ page: '2', per_page: '25' });
  });

  it('filters by source, sync state (Not Sync, Synced, Not Validated), journal type, dates and search (English)', async () => {
    const user = userEvent.setup();
    renderPage('en');
    await screen.findAllByTestId('journal-row');
    await user.click(screen.getByRole('combobox', { name: 'Sync' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['All', 'Not Sync', 'Synced', 'Not Validated']);
    await user.click(screen.getByRole('option', { name: 'Not Validated' }));
    await user.click(screen.getByRole('combobox', { name: 'Source' }));
    await user.click(screen.getByRole('option', { name: 'Invoice' }));
    await user.click(screen.getByRole('combobox', { name: 'Journal type' }));
    await user.click(screen.getByRole('option', { name: 'Jurnal umum' }));
    await user.type(screen.getByLabelText('Date until'), '2026-08-31');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'SPP');
    await waitFor(() =>
      expect(listCalls().at(-1)!.query).toEqual({
        q: 'SPP',
        source: 'invoice',
        sync_state: 'not_validated',
        journal_type_id: '5',
        journal_date_lte: '2026-08-31',
        page: '1',
        per_page: '25',
      }),
    );
    expect(screen.getAllByTestId('journal-row')[0]).toHaveTextContent('Not Sync');
  });

  it('says No Data when nothing matches', async () => {
    handlers['GET finance/journals'] = () => ({ success: true, data: [], total: 0 });
    renderPage('en');
    expect(await screen.findByTestId('journals-empty')).toHaveTextContent('No Data');
  });
});
