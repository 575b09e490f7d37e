// @vitest-environment jsdom
// The list's search box (src/views/list/ListFilterBar.tsx): what is typed is searched for
// after a pause, together with the filters chosen; a search given in the address shows in
// it; clearing it, or the list's "clear filters", searches for nothing again.

import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataProvider, GetListParams, RaRecord } from 'react-admin';
import * as classModule from '../../src/generated/entities/class';
import { loadCatalog } from '../../src/providers/catalogs';
import type { EntityModule } from '../../src/shared/entityModel';
import { memoryProvider, renderInAdmin, views } from './adminHarness';

afterEach(cleanup);
// The app fetches the English catalog before its first render when English is stored (src/main.tsx).
beforeAll(() => loadCatalog('en'));

const classes$ = classModule as EntityModule;
const classes: RaRecord[] = [
  { id: 1, version: 1, code: '2526-X-IPA-1', name: 'X IPA 1', academic_year_id: 1, level_id: 10, is_active: true },
  { id: 2, version: 1, code: '2526-X-IPS-1', name: 'X IPS 1', academic_year_id: 1, level_id: 10, is_active: false },
];

/** A provider that records the filter of every list request of /class (and searches the names). */
function recording(rows: RaRecord[] = classes) {
  const filters: Array<Record<string, unknown>> = [];
  const base = memoryProvider({ academicyear: [{ id: 1, name: '2025/2026' }], level: [{ id: 10, name: 'X' }] });
  // Plain functions over plain records; react-admin's generic method types add nothing here.
  const getList = async (resource: string, params: GetListParams) => {
    if (resource !== 'class') return base.getList(resource, params);
    filters.push(params.filter);
    const q = typeof params.filter.q === 'string' ? params.filter.q.toLowerCase() : '';
    const data = rows.filter((row) => String(row.name).toLowerCase().includes(q));
    return { data, total: data.length };
  };
  const dataProvider = { ...base, getList } as unknown as DataProvider;
  return { dataProvider, filters };
}

const SEARCH_WAIT = { timeout: 3000 };

describe('the list search box', () => {
  it('searches for what is typed after a pause, once', async () => {
    const user = userEvent.setup();
    const { dataProvider, filters } = recording();
    renderInAdmin(views([classes$, 'list']), { at: '/class', modules: [classes$], dataProvider });
    await screen.findByText('X IPA 1');
    expect(filters.at(-1)).toEqual({});
    const box = screen.getByRole('textbox', { name: 'Cari' });
    await user.type(box, 'IPA');
    expect(box).toHaveValue('IPA');
    await waitFor(() => expect(filters.at(-1)).toEqual({ q: 'IPA' }), SEARCH_WAIT);
    // One request for the whole word, not one per letter.
    expect(filters.filter((f) => 'q' in f)).toEqual([{ q: 'IPA' }]);
  });

  it('keeps the filters already chosen, and its clear button searches for nothing again', async () => {
    const user = userEvent.setup();
    const { dataProvider, filters } = recording();
    const at = `/class?filter=${encodeURIComponent(JSON.stringify({ is_active: true }))}`;
    renderInAdmin(views([classes$, 'list']), { at, modules: [classes$], dataProvider });
    await screen.findByText('X IPA 1');
    // The filter given in the address shows in the filter form (fetched for it).
    expect(await screen.findByRole('combobox', { name: 'Aktif' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Cari' }), 'IPS');
    await waitFor(() => expect(filters.at(-1)).toEqual({ is_active: true, q: 'IPS' }), SEARCH_WAIT);
    await waitFor(() => expect(screen.queryByText('X IPA 1')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Kosongkan nilai' }));
    expect(screen.getByRole('textbox', { name: 'Cari' })).toHaveValue('');
    // The rows of the filter alone come back: asked again, or (within the list's two seconds
    // of freshness, src/views/EntityList.tsx) from react-admin's cache of that same query.
    expect(await screen.findByText('X IPA 1', {}, SEARCH_WAIT)).toBeInTheDocument();
    expect(filters.every((f) => f.is_active === true)).toBe(true);
  });

  it('shows a search given in the address, and follows when all filters are removed from the menu', async () => {
    const user = userEvent.setup();
    const { dataProvider, filters } = recording();
    const at = `/class?filter=${encodeURIComponent(JSON.stringify({ q: 'IPA' }))}`;
    renderInAdmin(views([classes$, 'list']), { at, modules: [classes$], dataProvider });
    const box = await screen.findByRole('textbox', { name: 'Cari' });
    expect(box).toHaveValue('IPA');
    await screen.findByText('X IPA 1');
    expect(filters.at(-1)).toEqual({ q: 'IPA' });
    await user.click(screen.getByRole('button', { name: 'Tambah saringan' }));
    await user.click(screen.getByRole('menuitem', { name: 'Hapus semua saringan' }));
    await waitFor(() => expect(filters.at(-1)).toEqual({}));
    expect(await screen.findByText('X IPS 1')).toBeInTheDocument();
    // The same box, emptied (not drawn anew).
    expect(box).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('lets a search that finds nothing be cleared from the list', async () => {
    const user = userEvent.setup();
    const { dataProvider, filters } = recording();
    const at = `/class?filter=${encodeURIComponent(JSON.stringify({ q: 'zzz' }))}`;
    renderInAdmin(views([classes$, 'list']), { at, modules: [classes$], dataProvider });
    await screen.findByText(/yang sesuai dengan saringan saat ini/);
    await user.click(screen.getByRole('button', { name: 'Kosongkan saringan' }));
    await waitFor(() => expect(filters.at(-1)).toEqual({}));
    expect(await screen.findByText('X IPA 1')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Cari' })).toHaveValue('');
  });

  it('is named in English too', async () => {
    const { dataProvider } = recording();
    renderInAdmin(views([classes$, 'list']), { at: '/class', modules: [classes$], dataProvider, locale: 'en' });
    expect(await screen.findByRole('textbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search');
  });
});
