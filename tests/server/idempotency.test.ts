// Idempotency-Key on a create: a retry of the same request by the same login within 24 hours
// gets the first answer again and makes no second record; two requests racing with one key
// make one record (PostgreSQL only: PGlite runs one query at a time).

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileServer, onPostgres, startTestServer, type TestServer } from './harness';

const server = fileServer();

const countOf = async (table: string, column: string, value: string) =>
  Number((await server.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(column, '=', value).executeTakeFirstOrThrow()).n);

const post = (endpoint: string, body: unknown, key: string, as = 'admin', locale = 'en') =>
  server.call('POST', `/api/v1/${endpoint}`, { as, body, headers: { 'idempotency-key': key, 'accept-language': locale } });

describe('Idempotency-Key on a create', () => {
  it('answers a retry with the first answer and makes one record', async () => {
    const body = { code: 'IDEM-1', name: 'Idem Satu' };
    const first = await post('department', body, 'key-retry-1');
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post('department', { name: 'Idem Satu', code: 'IDEM-1' }, 'key-retry-1');
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await countOf('department', 'code', 'IDEM-1')).toBe(1);
  });

  it('creates again without a key', async () => {
    await server.call('POST', '/api/v1/department', { as: 'admin', body: { code: 'IDEM-NO', name: 'Tanpa kunci' } });
    const second = await server.call('POST', '/api/v1/department', { as: 'admin', body: { code: 'IDEM-NO', name: 'Tanpa kunci' } });
    expect(second.status).toBe(422);
  });

  it('keeps the keys of each login apart', async () => {
    const mine = await post('income-group', { code: 'IDEM-A', name: 'Idem A' }, 'shared-key');
    const theirs = await post('income-group', { code: 'IDEM-B', name: 'Idem B' }, 'shared-key', 'adminfinance');
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.json.data.id).not.toBe(mine.json.data.id);
    expect(await countOf('income_group', 'code', 'IDEM-B')).toBe(1);
  });

  it('refuses the same key with a different request, in the caller language', async () => {
    await post('department', { code: 'IDEM-2', name: 'Idem Dua' }, 'key-reused');
    const en = await post('department', { code: 'IDEM-3', name: 'Idem Tiga' }, 'key-reused');
    expect(en.status).toBe(422);
    expect(en.json).toMatchObject({ success: false, message: 'This Idempotency-Key was already used for a different request; send a new key for new data' });
    const id = await post('department', { code: 'IDEM-3', name: 'Idem Tiga' }, 'key-reused', 'admin', 'id');
    expect(id.json.message).toBe('Idempotency-Key ini sudah dipakai untuk permintaan lain; kirim kunci baru untuk data baru');
    expect(await countOf('department', 'code', 'IDEM-3')).toBe(0);
  });

  it('forgets a key after 24 hours', async () => {
    await post('department', { code: 'IDEM-4', name: 'Idem Empat' }, 'key-old');
    await server.database.db.updateTable('app_idempotency_key').set({ created_at: new Date(Date.now() - 25 * 3600_000) }).where('key', '=', 'key-old').execute();
    const later = await post('department', { code: 'IDEM-5', name: 'Idem Lima' }, 'key-old');
    expect(later.status).toBe(201);
    expect(later.json.data.code).toBe('IDEM-5');
    expect(await countOf('app_idempotency_key', 'key', 'key-old')).toBe(1);
  });

  it('removes expired keys of others as new ones come', async () => {
    await post('department', { code: 'IDEM-6', name: 'Idem Enam' }, 'key-expired', 'admin');
    await server.database.db.updateTable('app_idempotency_key').set({ created_at: new Date(Date.now() - 25 * 3600_000) }).where('key', '=', 'key-expired').execute();
    await post('department', { code: 'IDEM-7', name: 'Idem Tujuh' }, 'key-fresh');
    expect(await countOf('app_idempotency_key', 'key', 'key-expired')).toBe(0);
  });

  it('does not keep the key of a refused create: the corrected retry creates', async () => {
    const refused = await post('department', { code: 'IDEM-8' }, 'key-refused');
    expect(refused.status).toBe(422);
    const fixed = await post('department', { code: 'IDEM-8', name: 'Idem Delapan' }, 'key-refused');
    expect(fixed.status).toBe(201);
  });

  it('refuses a key that is not 1 to 255 visible characters', async () => {
    const answer = await post('department', { code: 'IDEM-9', name: 'Idem Sembilan' }, 'x'.repeat(256));
    expect(answer.status).toBe(400);
    expect(answer.json.message).toBe('The Idempotency-Key header must be 1 to 255 visible characters');
    expect(await countOf('department', 'code', 'IDEM-9')).toBe(0);
  });
});

describe.skipIf(!onPostgres)('two requests with one Idempotency-Key at once', () => {
  let racing: TestServer;
  let base = '';
  let token = '';
  beforeAll(async () => {
    racing = await startTestServer({ poolSize: 6 });
    await racing.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(racing.app.server.address() as AddressInfo).port}`;
    token = await racing.token('admin');
  });
  afterAll(async () => {
    await racing?.close();
  });

  const create = (round: number) =>
    fetch(`${base}/api/v1/department`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `race-${round}`, connection: 'close' },
      body: JSON.stringify({ code: `RACE-${round}`, name: `Race ${round}` }),
    }).then(async (response) => ({ status: response.status, body: await response.json() }));

  it('makes one record and gives both the same answer, every time', async () => {
    for (let round = 1; round <= 10; round++) {
      const answers = await Promise.all([create(round), create(round), create(round)]);
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
      expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
      const rows = await racing.database.db.selectFrom('department').select('id').where('code', '=', `RACE-${round}`).execute();
      expect(rows).toHaveLength(1);
    }
  });
});
