// @vitest-environment jsdom
// /generateva (issue 12) against a stubbed finance server: the VA code is required, Preview
// sends a dry run and lists the numbers that would be given and who cannot get one, "Generate
// VA Number" asks first and sends the real run, then shows the counts; both languages.

import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthProvider } from 'react-admin';
import { GenerateVaPage } from '../../src/pages/financeVa/GenerateVaPage';
import { loadCatalog } from '../../src/providers/catalogs';
import type { Locale } from '../../src/shared/entityModel';
import type { GenerateVaRequest } from '../../src/shared/api/finance';
import { renderInAdmin } from './adminHarness';
import { financeFetch, type Handlers, type Recorded } from './financePayFake';

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

beforeEach(() => {
  localStorage.setItem('token', 'x'.repeat(43));
  calls = [];
  handlers = {
    'GET vacodelist': () => ({ success: true, data: [{ id: 3, label: 'BCA 8808' }] }),
    'GET departmentall': () => ({ success: true, data: [{ id: 2, name: 'SMP' }] }),
    'GET class': () => ({ success: true, data: [{ id: 7, name: 'VII A' }] }),
    'POST finance/va/generate': (call) => {
      const dry = (call.body as GenerateVaRequest).dry_run;
      return {
        success: true,
        message: dry ? 'Pratinjau' : 'Nomor VA dibuat',
        data: {
          created: dry ? 0 : 2,
          would_create: dry ? 2 : 0,
          existing: 40,
          rows: [
            { party_id: 1, party_number: '2024001', party_name: 'Budi Santoso', va_no: '88081232024001' },
            { party_id: 2, party_number: '2024002', party_name: 'Citra Lestari', va_no: '88081232024002' },
          ],
          errors: [{ party_number: '2024999999999', message: 'Nomor induk lebih panjang dari panjang VA' }],
        },
      };
    },
  };
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => financeFetch(handlers, calls)(input, init));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const renderPage = (locale: Locale = 'id') => renderInAdmin(<GenerateVaPage />, { at: '/generateva', locale, authProvider: admin });
const posts = () => calls.filter((c) => c.method === 'POST').map((c) => c.body as GenerateVaRequest);

describe('generating VA numbers', () => {
  it('requires a VA code, previews as a dry run, generates after confirming', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Buat nomor virtual account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pratinjau' }));
    expect(screen.getByText('Kolom ini wajib diisi')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    await user.click(screen.getByRole('combobox', { name: 'Kode VA' }));
    await user.click(await screen.findByRole('option', { name: 'BCA 8808' }));
    await user.click(screen.getByRole('combobox', { name: 'Unit' }));
    await user.click(await screen.findByRole('option', { name: 'SMP' }));
    await user.click(screen.getByRole('button', { name: 'Pratinjau' }));
    expect(await screen.findAllByTestId('va-row')).toHaveLength(2);
    expect(posts()[0]).toEqual({ va_code_id: 3, department_id: 2, class_id: null, dry_run: true });
    expect(screen.getByTestId('va-counts')).toHaveTextContent('2 nomor VA akan diberikan');
    expect(screen.getByTestId('va-counts')).toHaveTextContent('40 sudah punya');
    expect(screen.getAllByTestId('va-row')[0]).toHaveTextContent('2024001Budi Santoso88081232024001');
    expect(screen.getByTestId('va-error')).toHaveTextContent('Nomor induk lebih panjang dari panjang VA');
    await user.click(screen.getByRole('button', { name: 'Buat Nomor VA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buat nomor VA?' });
    expect(dialog).toHaveTextContent('2 siswa atau calon siswa tanpa nomor VA mendapat nomor dari BCA 8808.');
    expect(posts()).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Buat Nomor VA' }));
    await waitFor(() => expect(screen.getByTestId('va-counts')).toHaveTextContent('2 nomor VA diberikan'));
    expect(posts()[1]).toEqual({ va_code_id: 3, department_id: 2, class_id: null, dry_run: false });
    expect(screen.getByTestId('va-counts')).toHaveTextContent('Nomor VA dibuat');
  });

  it('speaks English, with the spec’s "Generate VA Number" and a server refusal shown', async () => {
    handlers['POST finance/va/generate'] = () => ({ status: 422, body: { success: false, message: 'VA code not found', messages: { va_code_id: ['VA code not found'] } } });
    const user = userEvent.setup();
    renderPage('en');
    await user.click(screen.getByRole('combobox', { name: 'VA code' }));
    await user.click(await screen.findByRole('option', { name: 'BCA 8808' }));
    await user.click(screen.getByRole('button', { name: 'Generate VA Number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate VA numbers?' });
    expect(dialog).toHaveTextContent('Every student or candidate without a VA number (in the chosen unit and class) gets one from BCA 8808.');
    await user.click(within(dialog).getByRole('button', { name: 'Generate VA Number' }));
    expect(await screen.findByText('The VA numbers could not be generated. VA code not found')).toBeInTheDocument();
    expect(screen.getAllByText('VA code not found').length).toBeGreaterThan(0);
  });
});
