// @vitest-environment jsdom
// /paymenttransaction (issue 12; spec 3 §2.6, §4) against a stubbed finance server: the grid
// with amounts in rupiah and dates with full month names, the total, the filters sent to the
// server (after the 500 ms pause of spec 3 §9), paging, a row opening the payment's detail
// (its fields, the invoices with the payment icon, the journals and their lines) in the URL
// as ?payment=<id>, a notification's ?payment=<id> opening it directly; both languages.

import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { AuthProvider } from 'react-admin';
import { PaymentListPage } from '../../src/pages/financePayments/PaymentListPage';
import { loadCatalog } from '../../src/providers/catalogs';
import type { Locale } from '../../src/shared/entityModel';
import type { PaymentRow } from '../../src/shared/api/finance';
import { renderInAdmin } from './adminHarness';
import { financeFetch, paymentDetail, type Handlers, type Recorded } from './financePayFake';

process.env.TZ = 'Asia/Jakarta';

// The searches and filters wait for a debounce and a call; a busy machine may take longer than 1 s.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await loadCatalog('en');
});

const foundation: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ['ROLE_FOUNDATION'],
};

let calls: Recorded[];
let handlers: Handlers;

function row(id: number, fields: Partial<PaymentRow> = {}): PaymentRow {
  const { allocations: _a, journals: _j, ...plain } = paymentDetail(id, fields);
  return plain;
}

beforeEach(() => {
  localStorage.setItem('token', 'x'.repeat(43));
  calls = [];
  handlers = {
    'GET departmentall': () => ({ success: true, data: [{ id: 2, name: 'SMP' }] }),
    'GET class': (call) => ({ success: true, data: call.query.department_id === '2' ? [{ id: 7, name: 'VII A' }] : [{ id: 7, name: 'VII A' }, { id: 9, name: 'X IPA' }] }),
    'GET income': () => ({ success: true, data: [{ id: 1, label: 'SPP' }] }),
    'GET finance/payments': (call) => ({
      success: true,
      data:
        call.query.page === '2'
          ? [row(3, { payment_no: 'PAY/2026/0003', amount: 100000 })]
          : [
              row(1, { party_name: 'Budi Santoso', amount: 750000, deposit_amount: 0, allocated_outstanding: 0 }),
              row(2, { party_name: 'Citra Lestari', amount: 1250000, deposit_amount: 0, method: 'cash', class_name: 'VIII B', allocated_outstanding: 250000 }),
            ],
      total: 27,
      totals: { amount: 9850000 },
    }),
    'GET finance/payments/1': () => ({
      success: true,
      data: paymentDetail(1, {
        party_name: 'Budi Santoso',
        amount: 750000,
        deposit_amount: 50000,
        remarks: 'Dibayar di loket',
        allocations: [
          { invoice_id: 1, transaction_no: 'INV/2026/0001', income_type_name: 'SPP Juli', invoice_date: '2026-07-01', due_date: '2026-07-10', value: 500000, amount: 500000, outstanding: 0 },
          { invoice_id: 2, transaction_no: 'INV/2026/0002', income_type_name: 'SPP Agustus', invoice_date: '2026-08-01', due_date: '2026-08-10', value: 500000, amount: 200000, outstanding: 300000 },
        ],
      }),
    }),
  };
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => financeFetch(handlers, calls)(input, init));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

const renderPage = (locale: Locale = 'id', at = '/paymenttransaction') =>
  renderInAdmin(
    <Routes>
      <Route
        path="/paymenttransaction"
        element={
          <>
            <PaymentListPage />
            <Where />
          </>
        }
      />
    </Routes>,
    { at, locale, authProvider: foundation },
  );

const listCalls = () => calls.filter((c) => c.path === 'finance/payments');

describe('the payments list', () => {
  it('shows the payments in rupiah with full month names, the total, and pages', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Pembayaran' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('payment-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('PAY/2026/0001');
    expect(rows[0]).toHaveTextContent('2024001 · Budi Santoso');
    expect(rows[0]).toHaveTextContent('3 Agustus 2026');
    expect(rows[0]).toHaveTextContent('Rp 750.000');
    expect(rows[0]).toHaveTextContent('Virtual account');
    expect(rows[1]).toHaveTextContent('Tunai');
    expect(rows[1]).toHaveTextContent('VIII B');
    // The payment icon of spec 3 §4 per row: what it settled is paid in full, or still partly owed.
    expect(within(rows[0]!).getByTitle('Lunas')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('img', { name: 'Dibayar sebagian' })).toHaveAttribute('data-testid', 'payment-icon-warning');
    expect(screen.getByTestId('payments-total')).toHaveTextContent('Rp 9.850.000');
    expect(screen.getByText('Total 27 pembayaran')).toBeInTheDocument();
    expect(listCalls()[0]!.query).toEqual({ page: '1', per_page: '25' });
    await user.click(screen.getByRole('button', { name: /berikutnya|next/i }));
    await waitFor(() => expect(screen.getAllByTestId('payment-row')).toHaveLength(1));
    expect(listCalls().at(-1)!.query).toEqual({ page: '2', per_page: '25' });
  });

  it('sends the filters the person sets, once they stop typing', async () => {
    const user = userEvent.setup();
    renderPage('en');
    await screen.findAllByTestId('payment-row');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'Budi');
    await user.click(screen.getByRole('combobox', { name: 'Method' }));
    await user.click(screen.getByRole('option', { name: 'Cash' }));
    await user.click(screen.getByRole('combobox', { name: 'Unit' }));
    await user.click(screen.getByRole('option', { name: 'SMP' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'class' && c.query.department_id === '2')).toBe(true));
    await user.click(screen.getByRole('combobox', { name: 'Class' }));
    await user.click(await screen.findByRole('option', { name: 'VII A' }));
    await user.click(screen.getByRole('combobox', { name: 'Income type' }));
    await user.click(screen.getByRole('option', { name: 'SPP' }));
    await user.type(screen.getByLabelText('Paid from'), '2026-08-01');
    await waitFor(() =>
      expect(listCalls().at(-1)!.query).toEqual({
        q: 'Budi',
        method: 'cash',
        department_id: '2',
        class_id: '7',
        income_type_id: '1',
        payment_date_gte: '2026-08-01',
        page: '1',
        per_page: '25',
      }),
    );
    // Typing is not asked letter by letter.
    expect(listCalls().filter((c) => c.query.q === 'B')).toHaveLength(0);
  });

  it('opens a payment’s detail from its row: the fields, the invoices with their icon, the journals', async () => {
    const user = userEvent.setup();
    renderPage();
    const rows = await screen.findAllByTestId('payment-row');
    rows[0]!.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Pembayaran PAY/2026/0001' });
    expect(screen.getByTestId('where')).toHaveTextContent('/paymenttransaction?payment=1');
    const detail = within(dialog).getByTestId('payment-detail');
    expect(within(detail).getByText('NIS').nextElementSibling).toHaveTextContent('2024001');
    expect(within(detail).getByText('Nama').nextElementSibling).toHaveTextContent('Budi Santoso');
    expect(within(detail).getByText('Nomor VA').nextElementSibling).toHaveTextContent('88080000001');
    expect(within(detail).getByText('Jenis pembayaran').nextElementSibling).toHaveTextContent('Virtual account');
    expect(within(detail).getByText('Masuk ke deposit').nextElementSibling).toHaveTextContent('Rp 50.000');
    expect(within(detail).getByText('Keterangan').nextElementSibling).toHaveTextContent('Dibayar di loket');
    const allocations = within(detail).getAllByTestId('payment-allocation');
    expect(allocations[0]).toHaveTextContent('INV/2026/0001');
    expect(within(allocations[0]!).getByTestId('payment-icon-success')).toBeInTheDocument();
    expect(within(allocations[0]!).getByTitle('Lunas')).toBeInTheDocument();
    expect(within(allocations[1]!).getByTestId('payment-icon-warning')).toBeInTheDocument();
    expect(allocations[1]).toHaveTextContent('10 Agustus 2026');
    const journal = within(detail).getByTestId('payment-journal');
    expect(journal).toHaveTextContent('JU/2026/0001');
    expect(journal).toHaveTextContent('Belum sinkron');
    expect(within(journal).getByRole('table', { name: 'JU/2026/0001' })).toHaveTextContent('1-1100 KasRp 750.000');
    await user.click(within(dialog).getByRole('button', { name: 'Tutup' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/paymenttransaction$/));
  });

  it('opens ?payment=<id> directly (a notification’s link), and says so when it is not found', async () => {
    renderPage('en', '/paymenttransaction?payment=1');
    expect(await screen.findByRole('dialog', { name: 'Payment PAY/2026/0001' })).toHaveTextContent('Paid in full');
    cleanup();
    renderPage('en', '/paymenttransaction?payment=404');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Data Not Found')).toBeInTheDocument();
  });

  it('says No Data when nothing matches', async () => {
    handlers['GET finance/payments'] = () => ({ success: true, data: [], total: 0, totals: { amount: 0 } });
    renderPage('en');
    expect(await screen.findByTestId('payments-empty')).toHaveTextContent('No Data');
  });
});
