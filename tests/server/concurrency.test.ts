// Two editors save the same record, loaded at the same version, at the same moment, over
// two real HTTP connections: exactly one save wins and the other gets 409. PGlite runs one
// query at a time, so only PostgreSQL can show a lost update: run with TEST_DATABASE=pg.

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created } from './fixtures';
import { onPostgres, startTestServer, type TestServer } from './harness';

describe.skipIf(!onPostgres)('two editors saving the same version at once', () => {
  let server: TestServer;
  let base = '';
  let token = '';
  beforeAll(async () => {
    server = await startTestServer({ poolSize: 6 });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    token = await server.token('admin');
  });
  afterAll(async () => {
    await server?.close();
  });

  const save = (id: number, name: string, version: number) =>
    fetch(`${base}/api/v1/department/${id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify({ code: `RACE-${id}`, name, version }),
    }).then(async (response) => ({ status: response.status, body: await response.json() }));

  it('lets exactly one win, every time', async () => {
    for (let round = 1; round <= 10; round++) {
      const department = await created(server, 'department', { code: `RACE-${round}`, name: `Race ${round}` });
      // The department's id equals the round on this fresh database; the code follows it.
      expect(department.id).toBe(round);
      const answers = await Promise.all([save(round, `A${round}`, 1), save(round, `B${round}`, 1)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.status === 200)!;
      const stored = await server.call('GET', `/api/v1/department/${round}`, { as: 'admin' });
      expect(stored.json.data).toMatchObject({ version: 2, name: winner.body.data.name });
    }
  });
});
