// @vitest-environment jsdom
// /payment (issue 12 "Payments") against a stubbed finance server, as a finance officer uses
// it: find a student from the keyboard, their open invoices oldest due date first with the
// total and the deposit, the amount defaulting to what is owed, the live preview of what
// settles and what goes to the deposit, the order picked by hand (sent as invoice_order), the
// confirmation, the request sent (whole rupiah, one Idempotency-Key), the payment's number and
// its detail opened; the server's field messages under their fields; both languages.

import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { AuthProvider } from 'react-admin';
import { PaymentEntryPage } from '../../src/pages/financePayment/PaymentEntryPage';
import { loadCatalog } from '../../src/providers/catalogs';
import type { Locale } from '../../src/shared/entityModel';
import type { PaymentRequest } from '../../src/shared/api/finance';
import { payToday } from '../../src/shared/finance/payFormat';
import { renderInAdmin } from './adminHarness';
import { financeFetch, invoice, party, paymentDetail, type Handlers, type Recorded } from './financePayFake';

process.env.TZ = 'Asia/Jakarta';

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

const budi = party(1, { name: 'Budi Santoso', number: '2024001', outstanding: 1300000, deposit: 50000 });

beforeEach(() => {
  localStorage.setItem('token', 'x'.repeat(43));
  calls = [];
  handlers = {
    'GET journaltypepayment': () => ({ success: true, data: [{ id: 4, label: 'Penerimaan kas' }] }),
    'GET finance/parties': () => ({ success: true, data: [budi, party(2, { name: 'Budi Hartono', number: '2024002' })] }),
    // The server lists the open invoices in the school's settle order.
    'GET finance/open-invoices': () => ({
      success: true,
      data: {
        party: budi,
        settle_order: 'due_date',
        invoices: [
          invoice(1, { due_date: '2026-07-10', income_type_name: 'SPP Juli', outstanding: 300000, paid_amount: 200000 }),
          invoice(2, { due_date: '2026-08-10', income_type_name: 'SPP Agustus', outstanding: 500000 }),
          invoice(3, { due_date: '2026-09-10', income_type_name: 'Uang kegiatan', outstanding: 500000 }),
        ],
      },
    }),
    'POST finance/payments': () => ({ success: true, message: 'Tersimpan', data: paymentDetail(7, { amount: 1500000 }) }),
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

const renderPage = (locale: Locale = 'id', at = '/payment') =>
  renderInAdmin(
    <Routes>
      <Route path="/payment" element={<PaymentEntryPage />} />
      <Route path="/paymenttransaction" element={<Where />} />
    </Routes>,
    { at, locale, authProvider: finance },
  );

async function pickBudi(user: ReturnType<typeof userEvent.setup>, label = 'Siswa atau calon siswa') {
  const search = screen.getByRole('combobox', { name: label });
  await user.type(search, 'Budi');
  await screen.findByRole('option', { name: /Budi Santoso/ });
  await user.keyboard('{Enter}');
  await screen.findAllByTestId('open-invoice');
}

const invoiceNumbers = () => screen.getAllByTestId('open-invoice').map((row) => within(row).getAllByRole('cell')[2]!.textContent);
const posted = () => calls.filter((c) => c.method === 'POST' && c.path === 'finance/payments');

describe('recording a payment', () => {
  it('finds a student from the keyboard, lists the open invoices oldest first with total and deposit, previews and pays', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Pembayaran' })).toBeInTheDocument();
    await pickBudi(user);
    // Asked once for what was typed; choosing asks nothing more.
    expect(calls.filter((c) => c.path === 'finance/parties').map((c) => c.query)).toEqual([{ kind: 'student', q: 'Budi' }]);
    expect(screen.getByRole('combobox', { name: 'Siswa atau calon siswa' })).toHaveValue('2024001 · Budi Santoso');
    expect(calls.find((c) => c.path === 'finance/open-invoices')?.query).toEqual({ kind: 'student', id: '1' });
    expect(screen.getByTestId('payment-party')).toHaveTextContent('2024001 · Budi Santoso');
    expect(invoiceNumbers()).toEqual(['INV/2026/0001', 'INV/2026/0002', 'INV/2026/0003']);
    expect(screen.getAllByTestId('open-invoice')[0]).toHaveTextContent('10 Juli 2026');
    expect(screen.getByTestId('total-outstanding')).toHaveTextContent('Rp 1.300.000');
    expect(screen.getByTestId('deposit-balance')).toHaveTextContent('Saldo deposit: Rp 50.000');
    expect(screen.getByTestId('settle-order')).toHaveTextContent('Sekolah melunasi jatuh tempo terlama lebih dahulu.');
    // The amount starts at what is owed; nothing goes to the deposit.
    const amount = screen.getByRole('textbox', { name: 'Jumlah (Rp)' });
    expect(amount).toHaveValue('1.300.000');
    expect(screen.getByTestId('payment-preview')).toHaveTextContent('3 tagihan dibayar sebesar Rp 1.300.000');
    expect(screen.getByTestId('payment-preview')).toHaveTextContent('Tidak ada yang masuk ke deposit');
    // Less: the oldest is settled first, the newest is left.
    await user.clear(amount);
    await user.type(amount, '600.000');
    const rows = screen.getAllByTestId('open-invoice');
    expect(within(rows[0]!).getAllByRole('cell')[6]).toHaveTextContent('Rp 300.000');
    expect(within(rows[1]!).getAllByRole('cell')[6]).toHaveTextContent('Rp 300.000');
    expect(within(rows[1]!).getAllByRole('cell')[7]).toHaveTextContent('Rp 200.000');
    expect(within(rows[2]!).getAllByRole('cell')[6]).toHaveTextContent('Rp 0');
    // More: the rest goes to the deposit.
    await user.clear(amount);
    await user.type(amount, '1.500.000');
    expect(screen.getByTestId('payment-preview')).toHaveTextContent('Rp 200.000 masuk ke deposit');
    await user.click(screen.getByRole('button', { name: 'Bayar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Catat pembayaran ini?' });
    expect(dialog).toHaveTextContent('Rp 1.500.000 dari Budi Santoso');
    expect(posted()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Bayar' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/paymenttransaction?payment=7'));
    expect(await screen.findByText('Pembayaran PAY/2026/0007 tercatat')).toBeInTheDocument();
    expect(posted()).toHaveLength(1);
    const body = posted()[0]!.body as PaymentRequest;
    expect(body).toEqual({ kind: 'student', party_id: 1, payment_date: payToday(), amount: 1500000, method: 'cash', journal_type_id: null, remarks: null });
    expect(posted()[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends the order picked by hand: only the ticked invoices, top to bottom (English)', async () => {
    const user = userEvent.setup();
    renderPage('en');
    await pickBudi(user, 'Student or candidate');
    expect(screen.getByTestId('settle-order')).toHaveTextContent('The school settles the oldest due date first.');
    await user.click(screen.getByRole('checkbox', { name: 'Pay INV/2026/0002' }));
    await user.click(screen.getByRole('button', { name: 'Move INV/2026/0003 up' }));
    await user.click(screen.getByRole('button', { name: 'Move INV/2026/0003 up' }));
    expect(invoiceNumbers()).toEqual(['INV/2026/0003', 'INV/2026/0001', 'INV/2026/0002']);
    expect(screen.getByTestId('settle-order')).toHaveTextContent('Order chosen by hand');
    // The amount follows the ticked invoices: 500.000 + 300.000.
    expect(screen.getByRole('textbox', { name: 'Amount (Rp)' })).toHaveValue('800.000');
    await user.click(screen.getByRole('combobox', { name: 'Method' }));
    await user.click(screen.getByRole('option', { name: 'Bank transfer' }));
    await user.click(screen.getByRole('combobox', { name: 'Payment journal' }));
    await user.click(screen.getByRole('option', { name: 'Penerimaan kas' }));
    await user.type(screen.getByRole('textbox', { name: 'Remarks' }), 'Titipan orang tua');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record this payment?' });
    expect(dialog).toHaveTextContent('by Bank transfer');
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]!.body).toMatchObject({ amount: 800000, method: 'transfer', journal_type_id: 4, remarks: 'Titipan orang tua', invoice_order: [3, 1] });
    expect(await screen.findByText('Payment PAY/2026/0007 recorded')).toBeInTheDocument();
  });

  it('opens with the party a link names (/payment?kind=student&party=1)', async () => {
    renderPage('id', '/payment?kind=student&party=1');
    expect(await screen.findAllByTestId('open-invoice')).toHaveLength(3);
    expect(calls.find((c) => c.path === 'finance/open-invoices')?.query).toEqual({ kind: 'student', id: '1' });
    expect(screen.getByTestId('payment-party')).toHaveTextContent('2024001 · Budi Santoso');
    expect(screen.getByRole('textbox', { name: 'Jumlah (Rp)' })).toHaveValue('1.300.000');
  });

  it('asks for an amount before confirming, and shows the server’s refusal under its field', async () => {
    const user = userEvent.setup();
    handlers['POST finance/payments'] = () => ({
      status: 422,
      body: { success: false, message: 'Periksa isian', messages: { payment_date: ['Tanggal pembayaran di luar tahun buku'] } },
    });
    renderPage();
    await pickBudi(user);
    const amount = screen.getByRole('textbox', { name: 'Jumlah (Rp)' });
    await user.clear(amount);
    await user.click(screen.getByRole('button', { name: 'Bayar' }));
    expect(screen.getByText('Kolom ini wajib diisi')).toBeInTheDocument();
    await user.type(amount, '12,5');
    await user.click(screen.getByRole('button', { name: 'Bayar' }));
    expect(screen.getByText('Isi rupiah bulat lebih dari 0')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.clear(amount);
    await user.type(amount, 'Rp 300.000{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Catat pembayaran ini?' });
    await user.click(within(dialog).getByRole('button', { name: 'Bayar' }));
    expect(await screen.findByText('Tanggal pembayaran di luar tahun buku')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Periksa isian');
    expect((posted()[0]!.body as PaymentRequest).amount).toBe(300000);
  });
});
