import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { createDataProvider } from '../../src/providers/dataProvider';
import { encodeFileValue } from '../../src/providers/writeBody';
import { createHttpClient } from '../../src/providers/httpClient';
import type { EntityModel, FieldModel, ResourceEntry } from '../../src/shared/entityModel';
import { fakeHttp, queryOf } from './fakeHttp';
import { lookupIn } from './knownEntries';

const roles = ['ROLE_ADMIN'];
const access = { list: roles, show: roles, create: roles, edit: roles, delete: roles };
const text = (s: string) => ({ en: s, id: s });

function field(name: string, kind: FieldModel['kind'], extra: Partial<FieldModel> = {}): FieldModel {
  return { name, kind, label: text(name), required: false, unique: false, readOnly: false, in: { list: true, form: true, show: true }, ...extra };
}

/** Registry fields the app no longer reads (what a client may send comes from the module). */
const unread = { typeName: 'Record', route: '', writable: [], fileFields: [] };

/** A registry entry whose module holds `fields`. */
function entryWith(entry: Pick<ResourceEntry, 'name' | 'resource' | 'endpoint' | 'singleton'>, fields: FieldModel[]): ResourceEntry {
  const entity = { name: entry.name, resource: entry.resource, fields } as EntityModel;
  return {
    ...unread,
    label: text(entry.name),
    labelPlural: text(entry.name),
    modules: ['HUCAP'],
    represent: 'name',
    access,
    load: async () => ({ entity, validate: () => true, related: [] }),
    ...entry,
  };
}

const registry: ResourceEntry[] = [
  entryWith({ name: 'leave_type', resource: 'mleave', endpoint: 'leave-type' }, [
    field('name', 'string'),
    field('days', 'integer'),
    field('attachment', 'file'),
    field('is_system', 'boolean', { readOnly: true }),
  ]),
  entryWith({ name: 'setting_email', resource: 'settingemail', endpoint: 'setting-email', singleton: true }, [
    field('smtp_host', 'string'),
    field('smtp_password', 'string', { writeOnly: true }),
  ]),
];

const API = '/api/v1';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('dataProvider', () => {
  it('maps getList to the v1 query string and the envelope to { data, total }', async () => {
    const { client, calls } = fakeHttp(() => ({ json: { success: true, data: [{ id: 1, name: 'Cuti tahunan' }], total: 41 } }));
    const provider = createDataProvider(API, client, lookupIn(registry));
    const result = await provider.getList('mleave', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'name', order: 'DESC' },
      filter: { q: 'cuti', is_paid: true, days_gte: 3, days_lte: 12, empty: '', ids: [4, 5] },
    });
    expect(result).toEqual({ data: [{ id: 1, name: 'Cuti tahunan' }], total: 41 });
    expect(calls[0].url.startsWith('/api/v1/leave-type?')).toBe(true);
    expect(queryOf(calls[0].url)).toEqual({
      page: '2',
      per_page: '25',
      sort: 'name',
      order: 'DESC',
      q: 'cuti',
      is_paid: 'true',
      days_gte: '3',
      days_lte: '12',
      ids: '4,5',
    });
  });

  it('never asks for more than 100 rows a page', async () => {
    const { client, calls } = fakeHttp(() => ({ json: { data: [], total: 0 } }));
    await createDataProvider(API, client, lookupIn(registry)).getList('mleave', {
      pagination: { page: 1, perPage: 500 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(queryOf(calls[0].url).per_page).toBe('100');
  });

  it('gets many by ids and many by reference with an equality filter', async () => {
    const { client, calls } = fakeHttp(() => ({ json: { data: [{ id: 1 }, { id: 2 }], total: 2 } }));
    const provider = createDataProvider(API, client, lookupIn(registry));
    expect((await provider.getMany('mleave', { ids: [1, 2] })).data).toHaveLength(2);
    expect(queryOf(calls[0].url)).toEqual({ ids: '1,2', per_page: '100' });
    await provider.getManyReference('mleave', {
      target: 'work_unit_id',
      id: 7,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(queryOf(calls[1].url)).toMatchObject({ work_unit_id: '7', page: '1', per_page: '10' });
  });

  it('gets one record from its envelope', async () => {
    const { client, calls } = fakeHttp(() => ({ json: { success: true, data: { id: 3, name: 'Sakit' } } }));
    const { data } = await createDataProvider(API, client, lookupIn(registry)).getOne('mleave', { id: 3 });
    expect(data).toEqual({ id: 3, name: 'Sakit' });
    expect(calls[0].url).toBe('/api/v1/leave-type/3');
  });

  it('creates with only the writable fields', async () => {
    const { client, calls } = fakeHttp((_, request) => ({ status: 201, json: { success: true, data: { id: 9, ...(request.body as object) } } }));
    const { data } = await createDataProvider(API, client, lookupIn(registry)).create('mleave', {
      data: { name: 'Cuti besar', days: 30, id: 99, created_at: 'x', is_system: true },
    });
    expect(calls[0].request).toMatchObject({ method: 'POST', body: { name: 'Cuti besar', days: 30 } });
    expect(Object.keys(calls[0].request.body as object).sort()).toEqual(['days', 'name']);
    expect(data.id).toBe(9);
  });

  it('sends a fresh Idempotency-Key with each create, and the same one when it retries a lost answer', async () => {
    const keys: string[] = [];
    let lost = 1;
    const http = createHttpClient({
      getToken: () => 'token',
      getLocale: () => 'id',
      fetch: async (_url, init) => {
        keys.push(new Headers(init?.headers).get('idempotency-key') ?? '');
        // The first answer of the second submission never arrives.
        if (keys.length === 2 && lost-- > 0) throw new TypeError('Failed to fetch');
        return jsonResponse(201, { success: true, data: { id: keys.length, name: 'Cuti' } });
      },
    });
    const provider = createDataProvider(API, http, lookupIn(registry));
    await provider.create('mleave', { data: { name: 'Cuti' } });
    const { data } = await provider.create('mleave', { data: { name: 'Cuti' } });
    expect(data.id).toBe(3);
    expect(keys).toHaveLength(3);
    expect(keys.every((key) => /^[0-9a-f]{32}$/.test(key))).toBe(true);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });

  it('does not send a create again when the server answered', async () => {
    const { client, calls } = fakeHttp(() => {
      throw new HttpError('Beberapa kolom tidak valid', 422, { errors: { name: 'Kolom ini wajib diisi' } });
    });
    await expect(createDataProvider(API, client, lookupIn(registry)).create('mleave', { data: { days: 1 } })).rejects.toMatchObject({ status: 422 });
    expect(calls).toHaveLength(1);
  });

  it('updates with only the writable fields and the version it was read at', async () => {
    const { client, calls } = fakeHttp(() => ({ json: { success: true, data: { id: 3, name: 'Cuti', version: 5 } } }));
    await createDataProvider(API, client, lookupIn(registry)).update('mleave', {
      id: 3,
      data: { id: 3, name: 'Cuti', days: 12, version: 4, updated_at: '2026-01-01T00:00:00Z', is_system: false },
      previousData: { id: 3, name: 'Cuti lama', days: 12, version: 4 },
    });
    expect(calls[0].url).toBe('/api/v1/leave-type/3');
    expect(calls[0].request.method).toBe('PUT');
    expect(calls[0].request.body).toEqual({ name: 'Cuti', days: 12, version: 4 });
  });

  it('deletes one record, and many in one call', async () => {
    const { client, calls } = fakeHttp((url) => ({ json: { success: true, data: url.includes('?') ? [1, 3] : { id: 1 } } }));
    const provider = createDataProvider(API, client, lookupIn(registry));
    expect((await provider.delete('mleave', { id: 1 })).data).toEqual({ id: 1 });
    expect(calls[0]).toMatchObject({ url: '/api/v1/leave-type/1', request: { method: 'DELETE' } });
    expect(await provider.deleteMany('mleave', { ids: [1, 3] })).toEqual({ data: [1, 3] });
    expect(calls).toHaveLength(2);
    expect(calls[1].request.method).toBe('DELETE');
    expect(calls[1].url.startsWith('/api/v1/leave-type?')).toBe(true);
    expect(queryOf(calls[1].url)).toEqual({ ids: '1,3' });
  });

  it('rejects a bulk delete the server refuses with its message naming each refused record', async () => {
    const refused = [{ id: 2, label: 'Cuti besar', status: 409, message: 'Jenis cuti ini tidak dapat dihapus: masih dipakai oleh 1 Pengajuan cuti' }];
    const text = 'Tidak ada yang dihapus: 1 dari 3 data tidak dapat dihapus. #2 Cuti besar: Jenis cuti ini tidak dapat dihapus: masih dipakai oleh 1 Pengajuan cuti';
    const seen: string[] = [];
    const http = createHttpClient({
      getToken: () => 'token',
      getLocale: () => 'id',
      fetch: async (url, init) => {
        seen.push(`${init?.method} ${String(url)}`);
        return jsonResponse(409, { success: false, message: text, refused });
      },
    });
    const error = await createDataProvider(API, http, lookupIn(registry)).deleteMany('mleave', { ids: [1, 2, 3] }).catch((e: HttpError) => e);
    expect(seen).toEqual(['DELETE /api/v1/leave-type?ids=1%2C2%2C3']);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 409, message: text, body: { refused } });
  });

  it('reads and writes a singleton at its endpoint, without an id, with the version it was read at', async () => {
    const stored = { id: 1, version: 3, smtp_host: 'smtp.sekolah.sch.id' };
    const { client, calls } = fakeHttp((_, request) =>
      request.method === 'PUT' ? { json: { success: true, data: { ...stored, version: 4 } } } : { json: { success: true, data: stored } },
    );
    const provider = createDataProvider(API, client, lookupIn(registry));
    expect((await provider.getOne('settingemail', { id: 'singleton' })).data).toEqual({ ...stored, id: 'singleton' });
    expect(calls[0].url).toBe('/api/v1/setting-email');
    const { data } = await provider.update('settingemail', {
      id: 'singleton',
      data: { ...stored, smtp_host: 'smtp.gmail.com' },
      previousData: stored,
    });
    expect(data.version).toBe(4);
    expect(calls[1]).toMatchObject({ url: '/api/v1/setting-email', request: { method: 'PUT', body: { smtp_host: 'smtp.gmail.com', version: 3 } } });
    // A list of a singleton (e.g. a reference to it) is its one record.
    expect(await provider.getList('settingemail', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).toEqual({ data: [stored], total: 1 });
    expect(calls[2].url).toBe('/api/v1/setting-email');
  });

  it.each([
    ['left empty', '', {}],
    ['cleared', null, {}],
    ['typed', 'rahasia-baru', { smtp_password: 'rahasia-baru' }],
  ])('leaves a write-only field out of the body when it is %s', async (_case, value, sent) => {
    const { client, calls } = fakeHttp(() => ({ json: { success: true, data: { id: 1, version: 2 } } }));
    await createDataProvider(API, client, lookupIn(registry)).update('settingemail', {
      id: 'singleton',
      data: { id: 1, version: 1, smtp_host: 'smtp.gmail.com', smtp_password: value },
      previousData: { id: 1, version: 1, smtp_host: 'smtp.gmail.com' },
    });
    expect(calls[0].request.body).toEqual({ smtp_host: 'smtp.gmail.com', ...sent, version: 1 });
  });

  it('rejects with the HTTP status, so that a 401 logs the user out', async () => {
    const http = createHttpClient({
      getToken: () => 'expired',
      getLocale: () => 'id',
      fetch: async () => jsonResponse(401, { success: false, message: 'Sesi Anda telah berakhir; silakan masuk lagi' }),
    });
    const provider = createDataProvider(API, http, lookupIn(registry));
    await expect(
      provider.getList('mleave', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
    ).rejects.toMatchObject({ status: 401, message: 'Sesi Anda telah berakhir; silakan masuk lagi' });
  });

  it('converts a new file to a data URL and keeps a stored one as { src, title }', async () => {
    const file = new File(['halo'], 'surat.pdf', { type: 'application/pdf' });
    expect(await encodeFileValue({ rawFile: file, src: 'blob:x', title: 'surat.pdf' })).toEqual({
      title: 'surat.pdf',
      data: `data:application/pdf;base64,${btoa('halo')}`,
    });
    const stored = { src: '/api/v1/files/0b7c1c9e-1111-4a4a-9b9b-222233334444', title: 'lama.pdf' };
    expect(await encodeFileValue({ ...stored, extra: 1 })).toEqual(stored);

    const { client, calls } = fakeHttp((_, request) => ({ json: { data: { id: 1, ...(request.body as object) } } }));
    await createDataProvider(API, client, lookupIn(registry)).create('mleave', {
      data: { name: 'Cuti', attachment: { rawFile: file, src: 'blob:x', title: 'surat.pdf' } },
    });
    expect((calls[0].request.body as Record<string, unknown>).attachment).toEqual({
      title: 'surat.pdf',
      data: 'data:application/pdf;base64,aGFsbw==',
    });
  });
});

describe('httpClient', () => {
  function client(response: Response | Error, locale: 'en' | 'id' = 'id') {
    const seen: Request[] = [];
    const http = createHttpClient({
      getToken: () => 'tok-123',
      getLocale: () => locale,
      fetch: async (input, init) => {
        seen.push(new Request(new URL(String(input), 'http://test'), init));
        if (response instanceof Error) throw response;
        return response;
      },
    });
    return { http, seen };
  }

  it('sends the bearer token, the UI language and JSON', async () => {
    const { http, seen } = client(jsonResponse(200, { success: true, data: [] }));
    await http('/api/v1/class', { method: 'POST', body: { name: 'X' } });
    expect(seen[0].headers.get('Authorization')).toBe('Bearer tok-123');
    expect(seen[0].headers.get('Accept-Language')).toBe('id');
    expect(seen[0].headers.get('Content-Type')).toBe('application/json');
    expect(await seen[0].text()).toBe('{"name":"X"}');
  });

  it('turns a 422 into an HttpError whose body.errors holds one message per field', async () => {
    const { http } = client(
      jsonResponse(422, {
        success: false,
        message: 'Beberapa kolom tidak valid',
        messages: { code: ['Nilai ini sudah dipakai oleh data lain'], name: ['Kolom ini wajib diisi', 'Maksimal 50 karakter'] },
      }),
    );
    const error = (await http('/api/v1/class', { method: 'POST', body: {} }).catch((e) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(422);
    expect(error.message).toBe('Beberapa kolom tidak valid');
    expect(error.body).toEqual({
      errors: { code: 'Nilai ini sudah dipakai oleh data lain', name: 'Kolom ini wajib diisi Maksimal 50 karakter' },
    });
  });

  it('keeps the server message of a 409 (stale version, record in use)', async () => {
    const { http } = client(jsonResponse(409, { success: false, message: 'Orang lain telah mengubah data ini' }));
    const error = (await http('/api/v1/class/1', { method: 'PUT', body: {} }).catch((e) => e)) as HttpError;
    expect(error.status).toBe(409);
    expect(error.message).toBe('Orang lain telah mengubah data ini');
  });

  it('gives a 401 its status, so that the auth provider logs out', async () => {
    const { http } = client(jsonResponse(401, { success: false, message: 'Sesi Anda telah berakhir' }));
    const error = (await http('/api/v1/class').catch((e) => e)) as HttpError;
    expect(error.status).toBe(401);
    expect(error.message).toBe('Sesi Anda telah berakhir');
  });

  it('explains a 5xx and a network failure in words a person understands', async () => {
    const server = client(new Response('<html>Bad gateway</html>', { status: 502, headers: { 'x-request-id': 'req-42' } }), 'en');
    const error = (await server.http('/api/v1/class').catch((e) => e)) as HttpError;
    expect(error.status).toBe(502);
    expect(error.message).toContain('Something went wrong on the server');
    expect(error.message).toContain('req-42');

    const ours = client(jsonResponse(500, { success: false, message: 'Terjadi kesalahan di server. … kode ini kepada administrator: req-7' }));
    const answered = (await ours.http('/api/v1/class').catch((e) => e)) as HttpError;
    expect(answered.message).toBe('Terjadi kesalahan di server. … kode ini kepada administrator: req-7');

    const offline = client(new TypeError('Failed to fetch'));
    const down = (await offline.http('/api/v1/class').catch((e) => e)) as HttpError;
    expect(down).toBeInstanceOf(HttpError);
    expect(down.message).toBe('Server tidak dapat dihubungi. Periksa koneksi lalu coba lagi; isian Anda tidak hilang.');
  });
});
