// The react-admin data provider for the v1 API: resource → endpoint, react-admin's list
// parameters → the v1 query string, envelopes → react-admin results, and write bodies
// cut down to the fields a client may send. A singleton (a settings page) has no ids in its
// paths: `GET` and `PUT /{endpoint}` read and write its one record.
//
// Which fields a client may send comes from the entity's module (writable fields, files,
// write-only secrets): a write always comes from a form whose view has loaded it, so the
// registry, part of the first page, need not carry it. The code that makes write bodies
// (./writeBody.ts) comes with the forms too.

import {
  type CreateParams,
  type DataProvider,
  type DeleteParams,
  type GetListParams,
  type GetManyParams,
  type GetManyReferenceParams,
  type GetOneParams,
  type Identifier,
  type RaRecord,
  type UpdateParams,
} from 'react-admin';
import type { ExportFormat, ImportReport, ImportRequest } from '../shared/api/bulk';
import type { ResourceEntry } from '../shared/entityModel';
import type { Envelope } from '../shared/api/envelope';
import { SINGLETON_PATH_ID } from '../shared/api/recordHistory';
import type { HttpClient } from './httpClient';
import { postOnce } from './postOnce';
import { listViewMethods } from './listViewMethods';

/** The largest page the API serves. */
export const MAX_PER_PAGE = 100;

type Params = Record<string, unknown>;

/** react-admin filter values → query parameters; empty values are no filter. */
export function filterParams(filter: Params | undefined): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) out.push([key, value.join(',')]);
    } else if (typeof value === 'object') {
      continue; // nested filters are not part of the v1 API
    } else {
      out.push([key, String(value)]);
    }
  }
  return out;
}

function queryString(pairs: [string, string][]): string {
  return new URLSearchParams(pairs).toString();
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}


export function createDataProvider(
  apiUrl: string,
  httpClient: HttpClient,
  /** The registry entry of a resource (the app's: src/views/registryLookup.ts). */
  entryOfResource: (resource: string) => ResourceEntry | undefined,
): DataProvider {
  const base = apiUrl.replace(/\/+$/, '');

  function entryOf(resource: string): ResourceEntry {
    const entry = entryOfResource(resource);
    if (!entry) throw new Error(`Unknown resource "${resource}"`);
    return entry;
  }
  const collectionUrl = (resource: string) => `${base}/${entryOf(resource).endpoint}`;
  /** A record's path; a singleton's one record is at the collection's path (its id is ignored). */
  const recordUrl = (resource: string, id: Identifier) =>
    entryOf(resource).singleton ? collectionUrl(resource) : `${collectionUrl(resource)}/${encodeURIComponent(String(id))}`;
  const bodyOf = async (resource: string, data: unknown) => {
    const [{ entity }, { writeBody }] = await Promise.all([entryOf(resource).load(), import('./writeBody')]);
    return writeBody(entity, data as Params);
  };

  /** A singleton's record under the id react-admin asked for (it checks they match), whatever the stored one is. */
  const keyed = <R extends RaRecord>(resource: string, record: R, id: Identifier): R =>
    entryOf(resource).singleton && record ? { ...record, id } : record;

  /** A singleton as a list: its one record (e.g. for a reference to it). */
  async function singletonList<R extends RaRecord>(resource: string) {
    const { json } = await httpClient(collectionUrl(resource));
    return { data: [json.data as R], total: 1 };
  }

  async function list<R extends RaRecord>(resource: string, pairs: [string, string][]) {
    const { json } = await httpClient(`${collectionUrl(resource)}?${queryString(pairs)}`);
    const data = (json.data ?? []) as R[];
    const total = typeof json.total === 'number' ? json.total : data.length;
    // More matched than the server counts exactly: the total is its estimate (the list says "about").
    return json.total_estimated === true ? { data, total, meta: { totalEstimated: true } } : { data, total };
  }

  function listParams(
    pagination: { page: number; perPage: number } | undefined,
    sort: { field: string; order: string } | undefined,
    filter: Params | undefined,
  ): [string, string][] {
    const pairs: [string, string][] = [];
    if (pagination) {
      pairs.push(['page', String(Math.max(1, pagination.page))]);
      pairs.push(['per_page', String(Math.min(MAX_PER_PAGE, Math.max(1, pagination.perPage)))]);
    }
    if (sort?.field) {
      pairs.push(['sort', sort.field]);
      pairs.push(['order', sort.order === 'DESC' ? 'DESC' : 'ASC']);
    }
    return [...pairs, ...filterParams(filter)];
  }

  const provider: DataProvider = {
    getList: <R extends RaRecord>(resource: string, { pagination, sort, filter }: GetListParams) =>
      entryOf(resource).singleton ? singletonList<R>(resource) : list<R>(resource, listParams(pagination, sort, filter)),

    async getOne<R extends RaRecord>(resource: string, { id }: GetOneParams<R>) {
      const { json } = await httpClient(recordUrl(resource, id));
      return { data: keyed(resource, json.data as R, id) };
    },

    async getMany<R extends RaRecord>(resource: string, { ids }: GetManyParams<R>) {
      if (ids.length === 0) return { data: [] };
      if (entryOf(resource).singleton) return singletonList<R>(resource);
      const pages = await Promise.all(
        chunks(ids, MAX_PER_PAGE).map((part) =>
          list<R>(resource, [
            ['ids', part.join(',')],
            ['per_page', String(MAX_PER_PAGE)],
          ]),
        ),
      );
      return { data: pages.flatMap((page) => page.data) };
    },

    getManyReference: <R extends RaRecord>(
      resource: string,
      { target, id, pagination, sort, filter }: GetManyReferenceParams,
    ) => list<R>(resource, listParams(pagination, sort, { ...filter, [target]: id })),

    async create<R extends Omit<RaRecord, 'id'>, Result extends RaRecord = R & { id: Identifier }>(
      resource: string,
      { data }: CreateParams<R>,
    ) {
      const body = await bodyOf(resource, data);
      // One Idempotency-Key per submission: a lost answer's retry makes no second record.
      const { json } = await postOnce(httpClient, collectionUrl(resource), body);
      return { data: json.data as Result };
    },

    async update<R extends RaRecord>(resource: string, { id, data, previousData }: UpdateParams<R>) {
      const body = await bodyOf(resource, data);
      // Optimistic locking: the version the user started editing from (409 when stale).
      body.version = (previousData as Params | undefined)?.version ?? (data as Params).version;
      const { json } = await httpClient(recordUrl(resource, id), { method: 'PUT', body });
      return { data: keyed(resource, json.data as R, id) };
    },

    async updateMany(resource, { ids, data }) {
      // One call: the server sets the values on all of them or none (server/bulk/bulkEdit.ts),
      // and its 422 names each refused record and field (`"<id>.<field>"`).
      const { json } = await httpClient(collectionUrl(resource), { method: 'PATCH', body: { ids, data } });
      return { data: Array.isArray(json.data) ? (json.data as Identifier[]) : ids };
    },

    /** POST {endpoint}/import: the dry run or the commit of a CSV / XLSX file (server/bulk/importRun.ts). */
    async importFile(resource: string, request: ImportRequest): Promise<{ message: string; report: ImportReport }> {
      const { json } = await httpClient(`${collectionUrl(resource)}/import`, { method: 'POST', body: request });
      return { message: json.message ?? '', report: json.data as ImportReport };
    },

    /** GET {endpoint}/export: every row the filters and sort find, as a file (server/bulk/listExport.ts). */
    async exportFile(resource: string, { format, columns, sort, filter }: { format: ExportFormat; columns: readonly string[]; sort?: { field: string; order: string }; filter?: Params }): Promise<Blob> {
      const pairs: [string, string][] = [['format', format], ['columns', columns.join(',')], ...listParams(undefined, sort, filter)];
      const { blob } = await httpClient(`${collectionUrl(resource)}/export?${queryString(pairs)}`, { as: 'blob' });
      return blob ?? new Blob([]);
    },

    async delete<R extends RaRecord>(resource: string, { id, previousData }: DeleteParams<R>) {
      const { json } = await httpClient(recordUrl(resource, id), { method: 'DELETE' });
      return { data: ((json as Envelope).data ?? previousData ?? { id }) as R };
    },

    async deleteMany(resource, { ids }) {
      // One call: the server deletes all of them or none, and its 409 names each refused
      // record and why (the error's message; `body.refused` lists them).
      const query = queryString([['ids', ids.map(String).join(',')]]);
      const { json } = await httpClient(`${collectionUrl(resource)}?${query}`, { method: 'DELETE' });
      return { data: Array.isArray(json.data) ? (json.data as Identifier[]) : ids };
    },

    /** A call under one record's path (its history, what uses it: src/views/history/recordCalls.ts): the answer's envelope. */
    async recordCall(resource: string, id: Identifier, path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<Envelope> {
      // A singleton's calls name its one record `singleton` (src/shared/api/recordHistory.ts).
      const url = entryOf(resource).singleton ? `${collectionUrl(resource)}/${SINGLETON_PATH_ID}` : recordUrl(resource, id);
      const { json } = await httpClient(`${url}/${path}`, { method: init.method ?? 'GET', ...(init.body === undefined ? {} : { body: init.body as Params }) });
      return json as Envelope;
    },
    // The user's own columns and saved views of a list, kept on the server (src/shared/api/listViews.ts).
    ...listViewMethods(base, httpClient),
  };
  return provider;
}
