// @vitest-environment jsdom
// More matches than the server counts exactly (spec: lists stay fast on 100,000 rows): the
// server answers total_estimated, and the list says "about" rather than a false exact count.

import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ListContextProvider, type ListControllerResult } from 'react-admin';
import { loadCatalog } from '../../src/providers/catalogs';
import { createDataProvider } from '../../src/providers/dataProvider';
import { ListPagination } from '../../src/views/list/ListPagination';
import { entryOf, renderInAdmin } from './adminHarness';
import { lookupIn } from './knownEntries';

function paging(total: number, meta?: unknown) {
  const value = { isPending: false, page: 1, perPage: 25, total, hasNextPage: true, setPage: () => {}, setPerPage: () => {}, meta };
  return (
    <ListContextProvider value={value as unknown as ListControllerResult}>
      <ListPagination />
    </ListContextProvider>
  );
}

beforeAll(() => loadCatalog('en'));
afterEach(cleanup);

describe('an estimated total', () => {
  it('reaches the list from the envelope’s total_estimated', async () => {
    const answers = [{ data: [{ id: 1 }], total: 12000, total_estimated: true }, { data: [{ id: 1 }], total: 3 }];
    const client = async () => ({ status: 200, headers: new Headers(), body: '', json: answers.shift() });
    const provider = createDataProvider('/api/v1', client as never, lookupIn([entryOf('class')]));
    const params = { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };
    expect(await provider.getList('class', params)).toEqual({ data: [{ id: 1 }], total: 12000, meta: { totalEstimated: true } });
    expect(await provider.getList('class', params)).toEqual({ data: [{ id: 1 }], total: 3 });
  });

  it('reads "about" in both languages, with the count written the language’s way', async () => {
    renderInAdmin(paging(12000, { totalEstimated: true }));
    expect(await screen.findByText('1-25 dari sekitar 12.000')).toBeTruthy();
    cleanup();
    renderInAdmin(paging(12000, { totalEstimated: true }), { locale: 'en' });
    expect(await screen.findByText('1-25 of about 12,000')).toBeTruthy();
  });

  it('reads an exact total as react-admin does', async () => {
    renderInAdmin(paging(40));
    expect(await screen.findByText('1-25 dari 40')).toBeTruthy();
  });
});
