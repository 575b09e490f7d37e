// @vitest-environment jsdom
// The list's bulk delete over the real data provider and HTTP client: the server deletes all
// the selected records or none, and when it refuses, the notification says which records and
// why, and every row stays in the list.
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataProvider, RaRecord } from 'react-admin';
import * as classModule from '../../src/generated/entities/class';
import * as coaModule from '../../src/generated/entities/coa';
import { resources } from '../../src/generated/allEntries';
import { loadCatalog } from '../../src/providers/catalogs';
import { createDataProvider } from '../../src/providers/dataProvider';
import { createHttpClient } from '../../src/providers/httpClient';
import type { EntityModule, Locale } from '../../src/shared/entityModel';
import { memoryProvider, renderInAdmin, views } from './adminHarness';

afterEach(cleanup);
beforeAll(() => loadCatalog('en'));

const classes$ = classModule as EntityModule;
const coa$ = coaModule as EntityModule;
const classes: RaRecord[] = [
  { id: 1, version: 1, code: '2526-X-IPA-1', name: 'X IPA 1', academic_year_id: null, level_id: null, is_active: true },
  { id: 2, version: 1, code: '2526-X-IPA-2', name: 'X IPA 2', academic_year_id: null, level_id: null, is_active: true },
];

const REFUSAL: Record<Locale, string> = {
  id: 'Tidak ada yang dihapus: 1 dari 2 data tidak dapat dihapus. #2 X IPA 2: Kelas ini tidak dapat dihapus: masih dipakai oleh 30 Siswa',
  en: 'Nothing was deleted: 1 of 2 records cannot be deleted. #2 X IPA 2: This Class cannot be deleted: it is used by 30 Students',
};

/** The records in memory; deleteMany is the app's own, over a server that refuses in the request's language. */
function refusingProvider(deletes: string[], locale: Locale): DataProvider {
  const http = createHttpClient({
    getToken: () => 'token',
    getLocale: () => locale,
    fetch: async (url, init) => {
      deletes.push(`${init?.method} ${String(url)}`);
      const asked = new Headers(init?.headers).get('accept-language') as Locale;
      return new Response(JSON.stringify({ success: false, message: REFUSAL[asked], refused: [{ id: 2 }] }), { status: 409 });
    },
  });
  const app = createDataProvider('/api/v1', http, (resource) => resources.find((e) => e.resource === resource));
  return memoryProvider({ class: classes }, { deleteMany: app.deleteMany });
}

describe('bulk delete refused by the server', () => {
  it.each([
    ['id', 'Pilih semua', 'Hapus', 'Konfirmasi'],
    ['en', 'Select all', 'Delete', 'Confirm'],
  ] as const)('says which records and why, and nothing disappears from the list (%s)', async (locale, selectAll, remove, confirm) => {
    const user = userEvent.setup();
    const deletes: string[] = [];
    renderInAdmin(views([classes$, 'list']), { at: '/class', locale, modules: [classes$], dataProvider: refusingProvider(deletes, locale) });
    const table = await screen.findByRole('table');
    await within(table).findByText('X IPA 1');
    await user.click(within(table).getByRole('checkbox', { name: selectAll }));
    await user.click(await screen.findByRole('button', { name: remove }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: confirm }));
    expect(await screen.findByText(REFUSAL[locale])).toBeInTheDocument();
    expect(deletes).toEqual(['DELETE /api/v1/class?ids=1%2C2']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(table).getByText('X IPA 1')).toBeInTheDocument();
    expect(within(table).getByText('X IPA 2')).toBeInTheDocument();
  });
});

describe('bulk delete that succeeds', () => {
  it.each([
    ['id', 'Pilih semua', 'Hapus', 'Konfirmasi', '2 item dipilih'],
    ['en', 'Select all', 'Delete', 'Confirm', '2 items selected'],
  ] as const)('empties the selection: the bulk bar goes away (%s)', async (locale, selectAll, remove, confirm, counted) => {
    const user = userEvent.setup();
    const dataProvider = memoryProvider({ class: classes }, {
      deleteMany: async (_resource, { ids }) => ({ data: ids }),
    });
    renderInAdmin(views([classes$, 'list']), { at: '/class', locale, modules: [classes$], dataProvider });
    const table = await screen.findByRole('table');
    await within(table).findByText('X IPA 1');
    await user.click(within(table).getByRole('checkbox', { name: selectAll }));
    expect(await screen.findByText(counted)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: remove }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText(counted)).not.toBeInTheDocument());
  });
});

describe('the bulk delete confirmation', () => {
  it.each([
    ['id', 'Pilih semua', 'Hapus', 'Hapus 2 bagan akun (COA)'],
    ['en', 'Select all', 'Delete', 'Delete 2 chart of accounts (COA)'],
  ] as const)('names the records as the schema does, the code in parentheses kept (%s)', async (locale, selectAll, remove, title) => {
    const user = userEvent.setup();
    const accounts: RaRecord[] = [
      { id: 1, version: 1, code: '1-100', name: 'Kas' },
      { id: 2, version: 1, code: '1-200', name: 'Bank' },
    ];
    renderInAdmin(views([coa$, 'list']), { at: '/coa', locale, modules: [coa$], dataProvider: memoryProvider({ coa: accounts }) });
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    await user.click(within(table).getByRole('checkbox', { name: selectAll }));
    await user.click(await screen.findByRole('button', { name: remove }));
    expect(within(await screen.findByRole('dialog')).getByRole('heading', { name: title })).toBeInTheDocument();
  });
});
