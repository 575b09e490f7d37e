// The react-admin data provider for the v1 API: resource → endpoint, react-admin's list
// parameters → the v1 query string, envelopes → react-admin results, and write bodies
// cut down to the fields a client may send (the registry's `writable`).

import {
  HttpError,
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
import type { ResourceEntry } from '../shared/entityModel';
import type { Envelope, HttpClient } from './httpClient';

/** The largest page the API serves. */
export const MAX_PER_PAGE = 100;

export interface DataProviderOptions {
  /** Translates the provider's own messages (app.error.*); react-admin's translate in the app. */
  translate?: (key: string, args?: Record<string, unknown>) => string;
}

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

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

/** A File / Blob as a `data:<mime>;base64,…` URL. */
export async function blobToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  return `data:${blob.type || 'application/octet-stream'};base64,${bytesToBase64(bytes)}`;
}

interface FileValue {
  rawFile?: Blob & { name?: string };
  src?: string;
  title?: string;
}

function isBlob(value: unknown): value is Blob {
  return typeof value === 'object' && value !== null && typeof (value as Blob).arrayBuffer === 'function';
}

/**
 * A FileInput / ImageInput value as the API takes it: a new file (`rawFile`) becomes
 * `{ title, data: 'data:…;base64,…' }`, a file already stored stays `{ src, title }`.
 */
export async function encodeFileValue(value: unknown): Promise<unknown> {
  if (value === undefined || value === null) return value;
  if (Array.isArray(value)) return Promise.all(value.map(encodeFileValue));
  if (typeof value !== 'object') return value;
  const file = value as FileValue;
  if (isBlob(file.rawFile)) {
    return { title: file.title ?? file.rawFile.name ?? '', data: await blobToDataUrl(file.rawFile) };
  }
  if (typeof file.src === 'string') return { src: file.src, title: file.title ?? '' };
  return value;
}

/** Only the fields a client may send, new files encoded. */
export async function writeBody(entry: ResourceEntry, data: Params): Promise<Params> {
  const body: Params = {};
  for (const name of entry.writable) {
    if (!(name in data) || data[name] === undefined) continue;
    body[name] = entry.fileFields.includes(name) ? await encodeFileValue(data[name]) : data[name];
  }
  return body;
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export function createDataProvider(
  apiUrl: string,
  httpClient: HttpClient,
  registry: ResourceEntry[],
  options: DataProviderOptions = {},
): DataProvider {
  const byResource = new Map(registry.map((entry) => [entry.resource, entry]));
  const base = apiUrl.replace(/\/+$/, '');

  function entryOf(resource: string): ResourceEntry {
    const entry = byResource.get(resource);
    if (!entry) throw new Error(`Unknown resource "${resource}"`);
    return entry;
  }
  const collectionUrl = (resource: string) => `${base}/${entryOf(resource).endpoint}`;
  const recordUrl = (resource: string, id: Identifier) =>
    `${collectionUrl(resource)}/${encodeURIComponent(String(id))}`;

  async function list<R extends RaRecord>(resource: string, pairs: [string, string][]) {
    const { json } = await httpClient(`${collectionUrl(resource)}?${queryString(pairs)}`);
    const data = (json.data ?? []) as R[];
    return { data, total: typeof json.total === 'number' ? json.total : data.length };
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

  const translate =
    options.translate ??
    ((key: string, args: Record<string, unknown> = {}) => `${key} ${JSON.stringify(args)}`);

  const provider: DataProvider = {
    getList: <R extends RaRecord>(resource: string, { pagination, sort, filter }: GetListParams) =>
      list<R>(resource, listParams(pagination, sort, filter)),

    async getOne<R extends RaRecord>(resource: string, { id }: GetOneParams<R>) {
      const { json } = await httpClient(recordUrl(resource, id));
      return { data: json.data as R };
    },

    async getMany<R extends RaRecord>(resource: string, { ids }: GetManyParams<R>) {
      if (ids.length === 0) return { data: [] };
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
      const body = await writeBody(entryOf(resource), data as Params);
      const { json } = await httpClient(collectionUrl(resource), { method: 'POST', body });
      return { data: json.data as Result };
    },

    async update<R extends RaRecord>(resource: string, { id, data, previousData }: UpdateParams<R>) {
      const body = await writeBody(entryOf(resource), data as Params);
      // Optimistic locking: the version the user started editing from (409 when stale).
      body.version = (previousData as Params | undefined)?.version ?? (data as Params).version;
      const { json } = await httpClient(recordUrl(resource, id), { method: 'PUT', body });
      return { data: json.data as R };
    },

    async updateMany(resource, { ids, data }) {
      const { data: records } = await provider.getMany(resource, { ids });
      await Promise.all(
        records.map((record) =>
          provider.update(resource, { id: record.id, data: { ...record, ...data }, previousData: record }),
        ),
      );
      return { data: ids };
    },

    async delete<R extends RaRecord>(resource: string, { id, previousData }: DeleteParams<R>) {
      const { json } = await httpClient(recordUrl(resource, id), { method: 'DELETE' });
      return { data: ((json as Envelope).data ?? previousData ?? { id }) as R };
    },

    async deleteMany(resource, { ids }) {
      // One DELETE per id: the API deletes one record at a time, and says why one is refused.
      const results = await Promise.allSettled(ids.map((id) => httpClient(recordUrl(resource, id), { method: 'DELETE' })));
      const failed = results
        .map((result, index) => ({ result, id: ids[index] }))
        .filter((item): item is { result: PromiseRejectedResult; id: Identifier } => item.result.status === 'rejected');
      if (failed.length === 0) return { data: ids };
      const reasons = failed.map(({ id, result }) => `#${id}: ${(result.reason as Error)?.message ?? ''}`).join('; ');
      const first = failed[0].result.reason as HttpError;
      throw new HttpError(
        translate('app.error.delete_many_failed', { failed: failed.length, total: ids.length, reasons }),
        typeof first?.status === 'number' ? first.status : 500,
        {
          failedIds: failed.map(({ id }) => id),
          deletedIds: ids.filter((id) => !failed.some((f) => f.id === id)),
        },
      );
    },
  };
  return provider;
}
