// Many creates at the same moment, each a different spelling of one name as a person reads
// it (case, spaces around it, NFD): exactly one is stored, every other gets the unique
// message under the field. The look-up before the insert cannot see uncommitted rows; the
// unique index on the value as read refuses the rest. PGlite runs one query at a time, so
// only PostgreSQL can show it: run with TEST_DATABASE=pg.

import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from './harness';

describe.skipIf(!onPostgres)('creates of one name in different spellings at once', () => {
  let server: TestServer;
  let base = '';
  let token = '';
  beforeAll(async () => {
    server = await startTestServer({ poolSize: 8 });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    token = await server.token('admin');
  });
  afterAll(async () => {
    await server?.close();
  });

  const create = (code: string, name: string) =>
    fetch(`${base}/api/v1/building`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en', connection: 'close' },
      body: JSON.stringify({ code, name }),
    }).then(async (response) => ({ status: response.status, body: await response.json() }));

  it('stores exactly one, every time', async () => {
    for (let round = 1; round <= 5; round++) {
      const spellings = [`G\u00E9dung Balap ${round}`, `g\u00E9dung balap ${round}`, ` G\u00E9dung Balap ${round} `, `Ge\u0301dung Balap ${round}`, `G\u00C9DUNG BALAP ${round}`, `\tG\u00E9dung Balap ${round}`];
      const answers = await Promise.all(spellings.map((name, i) => create(`R${round}-${i}`, name)));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422, 422]);
      for (const refused of answers.filter((a) => a.status === 422)) expect(refused.body.messages).toEqual({ name: ['This value is already used by another record'] });
      const stored = await sql<{ n: number }>`select count(*)::int as n from building where code like ${`R${round}-%`}`.execute(server.database.db);
      expect(stored.rows[0].n).toBe(1);
    }
  });
});
