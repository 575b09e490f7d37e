// Writes to the same group at the same moment, over real HTTP connections: a sum over the
// group (instrument weights, at most 100) and ranges that must not overlap (punishments) must
// hold however the writes interleave. Each write locks its group before reading it; without
// that, every write would read the group before the others committed and all would pass.
// PGlite runs one query at a time, so only PostgreSQL can show it: run with TEST_DATABASE=pg.

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from './harness';

describe.skipIf(!onPostgres)('writes to one group at once', () => {
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

  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${base}/api/v1/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en', connection: 'close' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: await response.json() }));

  it('lets no more instrument weights in than add up to 100, every time', async () => {
    for (let round = 1; round <= 5; round++) {
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          send('POST', 'instrument', { code: `R${round}-${i}`, description: `Putaran ${round} nomor ${i}`, source: 'review', scoring_method: 'number', weight: 30 }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 422, 422, 422]);
      for (const refused of answers.filter((a) => a.status === 422)) {
        expect(refused.body.messages.weight).toEqual(['The weight (%) of all appraisal instruments would add up to 120; at most 100 (10 left)']);
      }
      for (const made of answers.filter((a) => a.status === 201)) expect((await send('DELETE', `instrument/${made.body.data.id}`)).status).toBe(200);
    }
  });

  it('lets exactly one of several overlapping punishment ranges in, every time', async () => {
    for (let round = 1; round <= 5; round++) {
      const from = round * 10;
      const answers = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          send('POST', 'punishment', { code: `P${round}-${i}`, name: `Putaran ${round} nomor ${i}`, min_points: from + i, max_points: from + 5, summon_parents: false, is_active: true }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422]);
    }
  });
});
