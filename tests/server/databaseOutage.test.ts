// The real server on PostgreSQL when the database goes away: its connections terminated in the
// middle of a burst of writes (a restart or a failover: 57P01), and the database unreachable
// for a while. The process lives, answers 503 with Retry-After meanwhile, loses no write it
// acknowledged, and recovers by itself. Needs PostgreSQL: skipped unless TEST_DATABASE=pg.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demoUsers';
import { onPostgres } from './harness';
import { adminQuery, startServerProcess, type ServerProcess } from './serverProcess';
import { startTcpProxy, type TcpProxy } from './tcpProxy';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

interface Reply {
  status: number;
  retryAfter: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

describe.skipIf(!onPostgres)('the database going away under the running server', () => {
  let proxy: TcpProxy;
  let server: ServerProcess;
  let token = '';

  const call = async (method: string, path: string, body?: unknown, language = 'id'): Promise<Reply> => {
    const response = await fetch(`${server.url}/api/v1/${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'accept-language': language, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), json: await response.json() };
  };

  /** Asks until `ok` holds; the recovery is awaited, not slept for. */
  const until = async (ask: () => Promise<boolean>, limitMs: number): Promise<number> => {
    const started = performance.now();
    while (!(await ask())) {
      if (!server.alive()) throw new Error(`the server process ended:\n${server.problems().join('\n')}`);
      if (performance.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
      await new Promise((next) => setImmediate(next));
    }
    return performance.now() - started;
  };

  const ownBackends = (filter: string) =>
    adminQuery<{ n: number }>(DATABASE_URL, `select count(*)::int as n from pg_stat_activity where application_name = $1 and ${filter}`, [server.applicationName]);

  beforeAll(async () => {
    proxy = await startTcpProxy('127.0.0.1', Number(new URL(DATABASE_URL).port || 5432));
    server = await startServerProcess(DATABASE_URL, proxy);
    const login = await call('POST', 'auth/login/', { username: 'admin', password: DEMO_PASSWORD });
    token = login.json.access_token;
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
  });

  it('lives through its connections being terminated during a burst of writes, and keeps every write it acknowledged', async () => {
    const codes = Array.from({ length: 120 }, (_, i) => `OUT${i}`);
    const writes = codes.map((code) => call('POST', 'department', { code, name: `Outage ${code}` }).then((reply) => ({ code, reply })));
    // Terminate the server's backends three times while the writes are running.
    for (let round = 0; round < 3; round++) {
      await until(async () => (await ownBackends(`state = 'active' or state like 'idle in transaction%'`))[0].n > 0, 30_000);
      await adminQuery(DATABASE_URL, 'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [server.applicationName]);
    }
    const done = await Promise.all(writes);

    expect(server.alive()).toBe(true);
    expect(server.problems()).toEqual([]);
    const statuses = new Set(done.map((d) => d.reply.status));
    expect([...statuses].filter((s) => s !== 201 && s !== 503)).toEqual([]);
    for (const { reply } of done.filter((d) => d.reply.status === 503)) expect(reply.retryAfter).toBe('5');
    const acknowledged = done.filter((d) => d.reply.status === 201).map((d) => d.code);
    const stored = await adminQuery<{ code: string }>(DATABASE_URL, `select code from ${server.schema}.department where code = any($1)`, [acknowledged]);
    expect(stored.map((r) => r.code).sort()).toEqual([...acknowledged].sort());

    expect((await call('POST', 'department', { code: 'AFTER', name: 'After' })).status).toBe(201);
    expect((await call('GET', 'health')).status).toBe(200);
  }, 120_000);

  it('answers 503 with Retry-After in the caller\'s language while the database is unreachable, and recovers by itself', async () => {
    await proxy.close();
    const health = await call('GET', 'health');
    expect([health.status, health.retryAfter]).toEqual([503, '5']);
    const list = await call('GET', 'department', undefined, 'en');
    expect([list.status, list.retryAfter]).toEqual([503, '5']);
    expect(list.json).toMatchObject({ success: false, message: 'The database cannot be reached right now. Please try again in 5 seconds', retry_after: 5 });
    const write = await call('POST', 'department', { code: 'DOWN', name: 'Down' });
    expect([write.status, write.json.message]).toEqual([503, 'Basis data sedang tidak dapat dihubungi. Silakan coba lagi dalam 5 detik']);
    const login = await call('POST', 'auth/login/', { username: 'admin', password: DEMO_PASSWORD });
    expect(login.status).toBe(503);
    expect(server.alive()).toBe(true);

    await proxy.open();
    const recoveryMs = await until(async () => (await call('GET', 'health')).status === 200, 30_000);
    console.log(`recovered ${recoveryMs.toFixed(0)} ms after the database was reachable again`);
    expect((await call('GET', 'department?q=AFTER')).json.data).toHaveLength(1);
    expect((await call('POST', 'department', { code: 'BACK', name: 'Back' })).status).toBe(201);
    expect(server.problems()).toEqual([]);
  }, 60_000);
});
