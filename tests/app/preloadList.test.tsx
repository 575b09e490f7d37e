// @vitest-environment jsdom
// A logged-in start at a list asks for its first page ahead (src/app/preloadList.ts): the page
// react-admin's list will ask for, from its store or the schema's defaults.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { CoreAdminContext, ListBase, localStorageStore, useListContext, type DataProvider } from 'react-admin';
import { firstListCall, preloadList } from '../../src/app/preloadList';
import type { EntityModel, ResourceEntry } from '../../src/shared/entityModel';
import { resources as allEntries } from '../../src/generated/allEntries';

const entity = { name: 'class', resource: 'class', fields: [], list: { sort: { field: 'code', order: 'ASC' }, perPage: 25 } } as unknown as EntityModel;
const entry = { resource: 'class', load: async () => ({ entity, validate: () => true, related: [] }) } as unknown as ResourceEntry;

describe('the first list call made ahead', () => {
  afterEach(() => window.localStorage.clear());

  it("is the schema's default page when the user changed nothing", async () => {
    expect(await firstListCall(entry)).toEqual({ pagination: { page: 1, perPage: 25 }, sort: { field: 'code', order: 'ASC' }, filter: {} });
  });

  it("needs no entity module when the registry entry carries the list's defaults (the generated entries do)", async () => {
    const noModule = { resource: 'class', listDefaults: { sort: { field: 'name', order: 'DESC' }, perPage: 10 }, load: () => Promise.reject(new Error('not loaded')) } as unknown as ResourceEntry;
    expect(await firstListCall(noModule)).toEqual({ pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'DESC' }, filter: {} });
    const classEntry = allEntries.find((e) => e.resource === 'class')!;
    const { entity: classEntity } = await classEntry.load();
    expect(classEntry.listDefaults).toEqual({ sort: classEntity.list.sort, perPage: classEntity.list.perPage });
  });

  it('is the page react-admin kept for the list when the user changed its sort, size or filter', async () => {
    window.localStorage.setItem(
      'RaStore.class.listParams',
      JSON.stringify({ sort: 'name', order: 'DESC', page: 2, perPage: 50, filter: { is_active: true } }),
    );
    expect(await firstListCall(entry)).toEqual({ pagination: { page: 2, perPage: 50 }, sort: { field: 'name', order: 'DESC' }, filter: { is_active: true } });
  });
});

describe("the first list page put in react-admin's query cache", () => {
  afterEach(() => window.localStorage.clear());

  /** A list as EntityList draws it (ListBase with the schema's sort and page size), noting whether its first render had rows. */
  function renderList(queryClient: QueryClient, dataProvider: DataProvider, firstRenders: Array<number | undefined>) {
    function Rows() {
      const { data } = useListContext();
      firstRenders.push(data?.length);
      return <p>{data ? data.map((r) => r.code).join(', ') : 'loading'}</p>;
    }
    render(
      <CoreAdminContext dataProvider={dataProvider} queryClient={queryClient} store={localStorageStore()}>
        <ListBase resource="class" sort={entity.list.sort} perPage={entity.list.perPage} queryOptions={{ staleTime: 2000 }}>
          <Rows />
        </ListBase>
      </CoreAdminContext>,
    );
  }

  it('is what the list draws in its first render, and the list asks for nothing more', async () => {
    const getList = vi.fn(async () => ({ data: [{ id: 1, code: 'X-1' }, { id: 2, code: 'X-2' }], total: 2 }));
    const dataProvider = { getList } as unknown as DataProvider;
    const queryClient = new QueryClient();
    await preloadList(entry, '', queryClient, dataProvider);
    expect(getList).toHaveBeenCalledTimes(1);
    const firstRenders: Array<number | undefined> = [];
    renderList(queryClient, dataProvider, firstRenders);
    expect(await screen.findByText('X-1, X-2')).toBeInTheDocument();
    // The key the cache holds is the one ra-core's list reads: rows from the very first render.
    expect(firstRenders[0]).toBe(2);
    expect(getList).toHaveBeenCalledTimes(1);
  });

  it('leaves a failed call to the list, which asks again', async () => {
    let calls = 0;
    const getList = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new Error('network');
      return { data: [{ id: 1, code: 'X-1' }], total: 1 };
    });
    const dataProvider = { getList } as unknown as DataProvider;
    const queryClient = new QueryClient();
    await preloadList(entry, '', queryClient, dataProvider); // resolves: the failure is the list's to meet
    renderList(queryClient, dataProvider, []);
    expect(await screen.findByText('X-1')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledTimes(2);
  });

  it('is not asked for at an address with a query string (the list reads its parameters from it)', async () => {
    const getList = vi.fn();
    await preloadList(entry, '?page=3', new QueryClient(), { getList } as unknown as DataProvider);
    expect(getList).not.toHaveBeenCalled();
  });
});
