// The records a table's reference columns point to, fetched once per table rather than once
// per cell. A list page of 25 rows with four reference columns drew a hundred cells that each
// asked react-admin's useGetManyAggregate for their one record (the calls were batched, but
// every cell kept a query observer of its own: some 50 hooks, about half the hooks of a list
// page and of what its heap held). Here the table asks each referenced resource for the ids
// on the page in one query, as react-admin's useGetMany does (same query key, its placeholder
// from the records already in the getOne cache, no retry, and the getOne cache filled from the
// answer), and the cells read their record from the context (src/views/fieldDisplay.tsx).

import { createContext, useEffect, useMemo, type MouseEvent, type ReactNode } from 'react';
import { useQueries, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCreatePath, useDataProvider, useResourceDefinitions, type Identifier, type RaRecord } from 'react-admin';
import { useHref, useNavigate } from 'react-router-dom';

export interface TableReferenceColumn {
  source: string;
  /** The resource the column's values are ids of. */
  reference?: string;
}

/** What a reference cell of the table needs of its resource. */
export interface ReferencedRecords {
  /** The records that have arrived (or were already known), by id as text. */
  records: Map<string, RaRecord>;
  error: unknown;
  hasShow: boolean;
  /** The address of a record's show page, for its link's href. */
  showHref: (id: Identifier) => string;
  /** A click on a record's link: opens its show page in the app, as react-router's Link does. */
  follow: (event: MouseEvent<HTMLAnchorElement>, id: Identifier) => void;
}

export const TableReferences = createContext<Map<string, ReferencedRecords> | null>(null);

const empty = (id: unknown) => id === null || id === undefined || id === '';

/** Per referenced resource, the ids on the page in the order the cells show them. */
function idsByResource(columns: TableReferenceColumn[], records: RaRecord[]): [string, Identifier[]][] {
  const byResource = new Map<string, { ids: Identifier[]; seen: Set<string> }>();
  for (const column of columns) {
    if (column.reference && !byResource.has(column.reference)) byResource.set(column.reference, { ids: [], seen: new Set() });
  }
  for (const record of records) {
    for (const column of columns) {
      if (!column.reference) continue;
      const id = record[column.source] as Identifier;
      const wanted = byResource.get(column.reference)!;
      if (empty(id) || wanted.seen.has(String(id))) continue;
      wanted.seen.add(String(id));
      wanted.ids.push(id);
    }
  }
  return [...byResource].map(([resource, { ids }]) => [resource, ids]);
}

const getOneKey = (resource: string, id: Identifier) => [resource, 'getOne', { id: String(id), meta: undefined }];

function knownRecord(queryClient: QueryClient, resource: string, id: Identifier): RaRecord | undefined {
  return queryClient.getQueryData<RaRecord>(getOneKey(resource, id));
}

export function TableReferencesProvider({
  columns,
  records,
  children,
}: {
  columns: TableReferenceColumn[];
  records: RaRecord[];
  children: ReactNode;
}) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const definitions = useResourceDefinitions();
  const createPath = useCreatePath();
  const navigate = useNavigate();
  const root = useHref('/').replace(/\/$/, '');
  const wanted = useMemo(() => idsByResource(columns, records), [columns, records]);
  const results = useQueries({
    queries: wanted.map(([resource, ids]) => ({
      queryKey: [resource, 'getMany', { ids: ids.map(String), meta: undefined }],
      // Asked a task later, as react-admin's batched calls were (a setTimeout): not in the
      // effects of the render that draws the rows, before the browser has shown them.
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        ids.length === 0
          ? Promise.resolve([] as RaRecord[])
          : new Promise((resolve) => setTimeout(resolve, 0)).then(() =>
              dataProvider
                .getMany(resource, { ids, signal: dataProvider.supportAbortSignal === true ? signal : undefined })
                .then(({ data }) => data),
            ),
      placeholderData: () => {
        const known = ids.map((id) => knownRecord(queryClient, resource, id));
        return known.some((record) => record === undefined) ? undefined : (known as RaRecord[]);
      },
      retry: false,
    })),
  });

  // As useGetMany does: each record that arrived answers a later getOne of it at once.
  useEffect(() => {
    results.forEach((result, i) => {
      if (result.data === undefined || result.error != null || result.isFetching) return;
      const resource = wanted[i]?.[0];
      if (!resource) return;
      for (const record of result.data) {
        if (!knownRecord(queryClient, resource, record.id)) queryClient.setQueryData(getOneKey(resource, record.id), record);
      }
    });
  }, [results, wanted, queryClient]);

  const value = new Map<string, ReferencedRecords>();
  wanted.forEach(([resource, ids], i) => {
    const result = results[i];
    const byId = new Map<string, RaRecord>();
    for (const record of result?.data ?? []) byId.set(String(record.id), record);
    // A cell whose record is already known shows it while the others load, as each cell did.
    for (const id of ids) {
      if (byId.has(String(id))) continue;
      const known = knownRecord(queryClient, resource, id);
      if (known) byId.set(String(id), known);
    }
    value.set(resource, {
      records: byId,
      error: result?.error ?? null,
      hasShow: Boolean(definitions[resource]?.hasShow),
      showHref: (id) => root + createPath({ resource, id, type: 'show' }),
      follow: (event, id) => {
        event.stopPropagation(); // the link opens the record it names, not the row's
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        navigate(createPath({ resource, id, type: 'show' }));
      },
    });
  });
  return <TableReferences.Provider value={value}>{children}</TableReferences.Provider>;
}
