// A logged-in start at a list's address asks for the list's first page as soon as its registry
// entry (with the schema's default sort and page size) is here, alongside the session check and
// the view's code, instead of after the frame and the list have drawn: the answer waits in
// react-admin's query cache, where the list finds it. The page asked for
// is the one react-admin's list will ask for (ra-core's getQuery): the parameters its store
// keeps for the resource when the user changed them, else the schema's defaults. An address
// with a query string is left to the list (react-admin reads its parameters from it).

import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { DataProvider, GetListParams } from 'react-admin';
import type { ResourceEntry } from '../shared/entityModel';

interface StoredListParams {
  sort?: string;
  order?: string;
  page?: number | string;
  perPage?: number | string;
  filter?: Record<string, unknown>;
}

/** What react-admin's store (localStorageStore, no app key) keeps for a resource's list. */
function storedListParams(resource: string): StoredListParams | undefined {
  try {
    const raw = window.localStorage.getItem(`RaStore.${resource}.listParams`);
    return raw ? (JSON.parse(raw) as StoredListParams) : undefined;
  } catch {
    return undefined;
  }
}

function customized(params: StoredListParams | undefined): params is StoredListParams {
  return (
    params != null &&
    params.filter != null &&
    (Object.keys(params.filter).length > 0 || params.order != null || params.page !== 1 || params.perPage != null || params.sort != null)
  );
}

const positive = (value: unknown, fallback: number) => {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value), 10);
  return Number.isNaN(n) ? fallback : n;
};

/**
 * The first call of the list at this resource, as the list will make it. The registry entry
 * carries the list's defaults, so the call need not wait for the entity's module.
 */
export async function firstListCall(entry: ResourceEntry): Promise<GetListParams> {
  const defaults = entry.listDefaults ?? (await entry.load()).entity.list;
  const stored = storedListParams(entry.resource);
  const query: StoredListParams = customized(stored) ? { ...stored } : { filter: {} };
  if (!query.sort) {
    query.sort = defaults.sort.field;
    query.order = defaults.sort.order;
  }
  return {
    pagination: { page: positive(query.page ?? 1, 1), perPage: positive(query.perPage ?? defaults.perPage, 10) },
    sort: { field: query.sort, order: query.order === 'DESC' ? 'DESC' : 'ASC' },
    filter: query.filter ?? {},
  };
}

/** The key under which react-admin's list keeps a page (ra-core's useGetList, with no `meta`). */
export function listQueryKey(resource: string, { pagination, sort, filter }: GetListParams): QueryKey {
  return [resource, 'getList', { pagination, sort, filter }];
}

/**
 * Asks for the list's first page and keeps the answer in react-admin's query cache under the
 * key the list reads, so that the list draws its rows in its first render and asks for nothing
 * more. Resolves once the answer is in (or the call failed: the list then asks itself and
 * reports the failure).
 */
export function preloadList(entry: ResourceEntry, search: string, queryClient: QueryClient, dataProvider: DataProvider): Promise<void> {
  if (search && search !== '?') return Promise.resolve();
  return firstListCall(entry).then(
    (params) =>
      queryClient.prefetchQuery({
        queryKey: listQueryKey(entry.resource, params),
        // The answer as useGetList keeps it.
        queryFn: () => dataProvider.getList(entry.resource, params).then(({ data, total, pageInfo, meta }) => ({ data, total, pageInfo, meta })),
        retry: false,
      }),
    () => undefined, // the view's own load reports a module that cannot load
  );
}
