// Two server processes behind one load balancer count failed logins together: the real
// server (server/main.ts) started twice on one PostgreSQL database of its own (created here,
// dropped at the end), failures sent to each in turn. Only PostgreSQL has several processes on
// one database: run with TEST_DATABASE=pg.

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, validators } from '../../src/generated/all';
import { buildCatalog } from '../../server/crud/catalog';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/openDatabase';
import { tables } from '../../server/generated/tables';
import { DEMO_PASSWORD, seedDemoUsers } from '../../server/seed/demoUsers';
import { onPostgres, quietLog } from './harness';
import { adminQuery, startServerOn, type PlainServer } from './serverProcess';

const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function onServer(text: string): Promise<void> {
  await adminQuery(SERVER_URL, text);
}

/** server/main.ts on the test's database, with the settings this test needs. */
const startServer = (databaseUrl: string) => startServerOn(databaseUrl, { LOGIN_MAX_FAILURES: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '6' });

describe.skipIf(!onPostgres)('the failed-login throttle across two server processes on one database', () => {
  const database = `throttle_${randomBytes(6).toString('hex')}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${database}`;
  const servers: PlainServer[] = [];

  beforeAll(async () => {
    await onServer(`create database ${database}`);
    const handle = await openPostgres(url.toString());
    try {
      await migrate(handle.db, tables, quietLog);
      await handle.db.transaction().execute((tx) => seedDemoUsers(tx, buildCatalog(entities, validators, tables)));
    } finally {
      await handle.close();
    }
    servers.push(...(await Promise.all([startServer(url.toString()), startServer(url.toString())])));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await onServer(`drop database if exists ${database} with (force)`);
  }, 60_000);

  const login = async (server: PlainServer, username: string, password: string) => {
    const response = await fetch(`${server.url}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ username, password }),
    });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), json: await response.json() };
  };

  it('holds the limit of one name from one address when the failures alternate between the processes', async () => {
    const [one, two] = servers;
    expect((await login(one, 'admin', 'salah')).status).toBe(401);
    expect((await login(two, 'admin', 'salah')).status).toBe(401);
    expect((await login(one, 'admin', 'salah')).status).toBe(401);
    // Neither process saw three failures itself; together they did.
    for (const server of [two, one]) {
      const refused = await login(server, 'admin', DEMO_PASSWORD);
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(refused.json.retry_after).toBe(Number(refused.retryAfter));
    }
  });

  it('holds the limit of one address over many names across the processes', async () => {
    const [one, two] = servers;
    // Three failures of admin above, three more here: six, the address limit.
    for (let i = 0; i < 3; i++) expect((await login(i % 2 ? one : two, `nobody${i}`, 'salah')).status).toBe(401);
    expect((await login(one, 'finance', DEMO_PASSWORD)).status).toBe(429);
    expect((await login(two, 'finance', DEMO_PASSWORD)).status).toBe(429);
  });
});
