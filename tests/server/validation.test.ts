// Writes the server refuses: field messages (422) in the caller's language, strict bodies,
// bodies that are not JSON or too large, unique values, missing references, and writes
// that fail halfway leaving nothing behind.

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalog } from '../../server/crud/catalog';
import { writeViolation } from '../../server/crud/constraintViolations';
import { entities, validators } from '../../src/generated/all';
import { tables } from '../../server/generated/tables';
import type { EntityModel, FieldModel, Locale, ValidateFunction } from '../../src/shared/entityModel';
import { checkBody } from '../../src/shared/validation';
import { classParents, created, PNG_DATA_URL } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let parents: Awaited<ReturnType<typeof classParents>>;
beforeAll(async () => {
  server = await startTestServer();
  parents = await classParents(server, '50');
});
afterAll(async () => {
  await server?.close();
});

const postClass = (body: unknown, language?: string) =>
  server.call('POST', '/api/v1/class', { as: 'admin', body, headers: language ? { 'accept-language': language } : {} });

const postRaw = (payload: string, contentType = 'application/json', language = 'id') =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/class',
    payload,
    headers: { authorization: `Bearer ${tokenOfAdmin}`, 'content-type': contentType, 'accept-language': language },
  });
let tokenOfAdmin = '';
beforeAll(async () => {
  tokenOfAdmin = await server.token('admin');
});

async function count(table: string): Promise<number> {
  const row = await server.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('field messages', () => {
  it('says a required field is missing, in Indonesian by default', async () => {
    const answer = await postClass({ name: 'Tanpa kode', ...parents });
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({ success: false, message: 'Beberapa kolom tidak valid', messages: { code: ['Kolom ini wajib diisi'] } });
    expect(answer.json.request_id).toBeTruthy();
  });

  it('and in English when Accept-Language asks for it', async () => {
    const answer = await postClass({ name: 'No code', ...parents }, 'en-GB,en;q=0.8');
    expect(answer.json).toMatchObject({ message: 'Some fields are not valid', messages: { code: ['This field is required'] } });
  });

  it('reports every field at once', async () => {
    const answer = await postClass({ code: 'bad code', capacity: 500 }, 'en');
    expect(answer.json.messages).toEqual({
      code: ['Use capital letters, digits and hyphens only'],
      name: ['This field is required'],
      academic_year_id: ['This field is required'],
      department_id: ['This field is required'],
      level_id: ['This field is required'],
      capacity: ['Must be 100 or less'],
    });
  });

  it('checks the order of dates', async () => {
    const answer = await server.call('POST', '/api/v1/academic-year', {
      as: 'admin',
      headers: { 'accept-language': 'en' },
      body: { name: '2050/2051', start_date: '2050-07-01', end_date: '2050-06-01' },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.messages).toEqual({ end_date: ['End date must not be before start date'] });
  });

  it('refuses days that do not exist and numbers the column cannot hold', async () => {
    const date = await server.call('POST', '/api/v1/academic-year', {
      as: 'admin',
      headers: { 'accept-language': 'en' },
      body: { name: '2051/2052', start_date: '2051-02-30', end_date: '2052-06-01' },
    });
    expect(date.status).toBe(422);
    expect(date.json.messages).toEqual({ start_date: ['This field must be a date (YYYY-MM-DD)'] });
    const big = await server.call('POST', '/api/v1/department', {
      as: 'admin',
      headers: { 'accept-language': 'en' },
      body: { code: 'BIG', name: 'Big', sorting_no: 99999999999 },
    });
    expect(big.status).toBe(422);
    expect(big.json.messages).toEqual({ sorting_no: ['Must be 2147483647 or less'] });
  });
});

describe('length and count limits', () => {
  /** The message checkBody gives for one failed ajv keyword with this limit, on a field of this kind. */
  function limitMessage(locale: Locale, kind: FieldModel['kind'], keyword: string, limit: number): string | undefined {
    const entity = { fields: [{ name: 'value', kind }] } as unknown as EntityModel;
    const validate: ValidateFunction = Object.assign(() => false, { errors: [{ instancePath: '/value', keyword, params: { limit } }] });
    return checkBody(entity, validate, { value: 'x' }, locale, { base: null })?.value?.[0];
  }

  it('say one character or record in the singular, more in the plural; Indonesian the same for every count', () => {
    expect([limitMessage('en', 'string', 'minLength', 1), limitMessage('en', 'string', 'minLength', 8)]).toEqual(['Must be at least 1 character', 'Must be at least 8 characters']);
    expect([limitMessage('en', 'string', 'maxLength', 1), limitMessage('en', 'string', 'maxLength', 2)]).toEqual(['Must be 1 character or fewer', 'Must be 2 characters or fewer']);
    expect([limitMessage('en', 'references', 'maxItems', 1), limitMessage('en', 'references', 'maxItems', 2)]).toEqual(['Choose at most 1 record', 'Choose at most 2 records']);
    expect([limitMessage('id', 'string', 'minLength', 1), limitMessage('id', 'references', 'maxItems', 1)]).toEqual(['Minimal 1 karakter', 'Pilih paling banyak 1 data']);
  });
});

describe('strict bodies', () => {
  it('refuses fields that are not writable: id, created_by, read-only fields', async () => {
    const answer = await postClass({ code: 'X-STRICT', name: 'Strict', ...parents, id: 5, created_by: 'mallory', is_sync_google_classroom: true }, 'en');
    expect(answer.status).toBe(422);
    expect(answer.json.messages).toEqual({
      id: ['This field does not exist and cannot be saved'],
      created_by: ['This field does not exist and cannot be saved'],
      is_sync_google_classroom: ['This field is read-only'],
    });
    expect(await count('class')).toBe(0);
  });

  it('refuses __proto__ and constructor keys as field messages, without touching any prototype', async () => {
    const body = `{"code":"X-PROTO","name":"Proto",${Object.entries(parents).map(([k, v]) => `"${k}":${v}`).join(',')},"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}`;
    const answer = await postRaw(body, 'application/json', 'en');
    expect(answer.statusCode).toBe(422);
    // (JSON.parse, because an object literal's __proto__ would set the prototype instead)
    expect(answer.json().messages).toEqual(
      JSON.parse('{"__proto__":["This field name is not allowed"],"constructor":["This field name is not allowed"]}'),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('does not coerce types: "1" is not an integer, "true" is not a boolean', async () => {
    const answer = await postClass({ code: 'X-TYPE', name: 'Types', ...parents, capacity: '1', is_active: 'true' }, 'en');
    expect(answer.status).toBe(422);
    expect(answer.json.messages).toEqual({ capacity: ['Must be a whole number'], is_active: ['Must be yes or no'] });
    const id = await postClass({ code: 'X-TYPE', name: 'Types', ...parents, academic_year_id: String(parents.academic_year_id) }, 'en');
    expect(id.json.messages).toEqual({ academic_year_id: ['Choose a record from the list'] });
  });

  it('refuses a body that is not a record', async () => {
    const answer = await postClass([1, 2, 3], 'en');
    expect(answer.status).toBe(422);
    expect(answer.json.messages).toEqual({ _body: ['The data sent is not a record'] });
  });
});

describe('bodies that are not JSON', () => {
  it('answers 400 to malformed JSON', async () => {
    const answer = await postRaw('{"code": "X-BAD",', 'application/json', 'en');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, message: 'The data sent is not valid JSON' });
    expect(answer.json().request_id).toBeTruthy();
  });

  it('answers 400 to other content types and to an empty body', async () => {
    expect((await postRaw('code=X', 'application/x-www-form-urlencoded')).statusCode).toBe(400);
    expect((await postRaw('<class/>', 'text/xml')).statusCode).toBe(400);
    const empty = await postRaw('', 'application/json');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Data yang dikirim bukan JSON yang valid');
  });

  it('accepts a DELETE that announces text/plain but sends nothing (as ra-data-simple-rest does)', async () => {
    const department = await created(server, 'department', { code: 'DEL-TXT', name: 'Hapus' });
    const answer = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/department/${department.id}`,
      headers: { authorization: `Bearer ${tokenOfAdmin}`, 'content-type': 'text/plain' },
    });
    expect(answer.statusCode).toBe(200);
  });

  it('answers 413 to a body over the limit', async () => {
    const huge = JSON.stringify({ code: 'X-HUGE', name: 'x'.repeat(9 * 1024 * 1024) });
    const answer = await postRaw(huge, 'application/json', 'en');
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({ success: false, message: 'The data sent is too large (limit 8 MB)' });
  });
});

describe('what only the database knows', () => {
  it('refuses a duplicate of a unique value under its field', async () => {
    await created(server, 'department', { code: 'D-UNIQ', name: 'Unik' });
    const answer = await server.call('POST', '/api/v1/department', { as: 'admin', body: { code: 'D-UNIQ', name: 'Unik lagi' }, headers: { 'accept-language': 'en' } });
    expect(answer.status).toBe(422);
    expect(answer.json.messages).toEqual({ code: ['This value is already used by another record'] });
    // Changing another record to the same value is refused too; keeping one's own value is fine.
    const other = await created(server, 'department', { code: 'D-UNIQ-2', name: 'Unik dua' });
    const put = await server.call('PUT', `/api/v1/department/${other.id}`, {
      as: 'admin',
      body: { code: 'D-UNIQ', name: 'Unik dua', version: 1 },
    });
    expect(put.status).toBe(422);
    const same = await server.call('PUT', `/api/v1/department/${other.id}`, {
      as: 'admin',
      body: { code: 'D-UNIQ-2', name: 'Unik dua!', version: 1 },
    });
    expect(same.status).toBe(200);
  });

  it('maps a unique or foreign key violation raised by the database to its field', () => {
    const catalog = buildCatalog(entities, validators, tables);
    const classEntity = catalog.entityNamed('class')!;
    const unique = writeViolation({ code: '23505', constraint: 'class_code_key' }, catalog, classEntity, 'en');
    expect(unique?.status).toBe(422);
    expect(unique?.messages).toEqual({ code: ['This value is already used by another record'] });
    const missing = writeViolation({ code: '23503', constraint: 'class_level_id_fkey' }, catalog, classEntity, 'id');
    expect(missing?.messages).toEqual({ level_id: ['Data yang dipilih sudah tidak ada'] });
  });

  it('refuses a reference to a record that does not exist', async () => {
    const answer = await postClass({ code: 'X-REF', name: 'Ref', ...parents, level_id: 987654 }, 'en');
    expect(answer.status).toBe(422);
    expect(answer.json.messages).toEqual({ level_id: ['The chosen record no longer exists'] });
  });

  it('refuses a references array holding an id that does not exist', async () => {
    const group = await created(server, 'subject_group', { code: 'GRP-V', name: 'Kelompok V' });
    const answer = await server.call('POST', '/api/v1/subject', {
      as: 'admin',
      headers: { 'accept-language': 'en' },
      body: { code: 'FIS-V', name: 'Fisika', type: 'major', subject_group_id: group.id, major_ids: [987654] },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.messages).toEqual({ major_ids: ['The chosen record no longer exists'] });
  });
});

describe('a write that fails halfway', () => {
  it('leaves nothing behind, and the 500 answer shows no SQL', async () => {
    const unit = await created(server, 'work_unit', { code: 'WU-HALF', name: 'Half' });
    const position = await created(server, 'position', { name: 'Half' });
    // A database rule the server does not know about fails the insert after the photo was stored.
    await sql`alter table employee add constraint test_no_mallory check (name <> 'Mallory')`.execute(server.database.db);
    const [employees, files] = [await count('employee'), await count('app_file')];

    const answer = await server.call('POST', '/api/v1/employee', {
      as: 'admin',
      headers: { 'accept-language': 'en' },
      body: {
        ein: 'EMP-HALF',
        name: 'Mallory',
        gender: 'female',
        status: 'active',
        start_working: '2020-07-01',
        work_unit_id: unit.id,
        position_id: position.id,
        photo: { title: 'm.png', data: PNG_DATA_URL },
      },
    });
    expect(answer.status).toBe(500);
    expect(Object.keys(answer.json).sort()).toEqual(['message', 'request_id', 'success']);
    expect(answer.json.message).toContain(answer.json.request_id);
    expect(answer.text).not.toMatch(/test_no_mallory|insert|constraint|at /i);
    expect(await count('employee')).toBe(employees);
    expect(await count('app_file')).toBe(files);
    await sql`alter table employee drop constraint test_no_mallory`.execute(server.database.db);
  });
});
