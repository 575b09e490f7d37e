// Publishing an announcement notifies each account once, also when two real server processes
// (server/main.ts twice, on one PostgreSQL database of its own, created here and dropped at the
// end) publish it at the same moment: through their timers (COMBOARD_PUBLISH_INTERVAL_MS, short
// here) and through saves sent to both at once. Only PostgreSQL has several processes on one
// database: run with TEST_DATABASE=pg.

import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, validators } from '../../src/generated/all';
import { buildCatalog } from '../../server/crud/catalog';
import type { DatabaseHandle } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/openDatabase';
import { tables } from '../../server/generated/tables';
import { DEMO_PASSWORD } from '../../server/seed/demoUsers';
import { seedDemoData } from '../../server/seed/seedDemoData';
import { onPostgres, quietLog } from './harness';
import { adminQuery, startServerOn, type PlainServer } from './serverProcess';

const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function onServer(text: string): Promise<void> {
  await adminQuery(SERVER_URL, text);
}

/** server/main.ts on the test's database, with the settings this test needs. */
const startServer = (databaseUrl: string) => startServerOn(databaseUrl, { COMBOARD_PUBLISH_INTERVAL_MS: '150' });

describe.skipIf(!onPostgres)('publishing across two server processes on one database', () => {
  const database = `comboard_${randomBytes(6).toString('hex')}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${database}`;
  const servers: PlainServer[] = [];
  let handle: DatabaseHandle;

  beforeAll(async () => {
    await onServer(`create database ${database}`);
    handle = await openPostgres(url.toString());
    await migrate(handle.db, tables, quietLog);
    await handle.db.transaction().execute((tx) => seedDemoData(tx, buildCatalog(entities, validators, tables)));
    servers.push(...(await Promise.all([startServer(url.toString()), startServer(url.toString())])));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await handle?.close();
    await onServer(`drop database if exists ${database} with (force)`);
  }, 60_000);

  /** An unpublished announcement to everyone, addressed to Siti twice (class and name) and to Bima's unit. */
  async function announcement(title: string, showIn: string): Promise<number> {
    const made = await sql<{ id: number }>`insert into comboard (title, show_date, is_priority, comboard_category_id, to_parent, to_student, to_teacher,
        is_recalled, creator, created_by) values (${title}, now() + ${showIn}::interval, false, 1, true, true, true, false, 'Admin Demo', 'admin') returning id`.execute(handle.db);
    const id = made.rows[0]!.id;
    await sql`insert into comboard_recipient (comboard_id, class_id, student_id, department_id, created_by)
      values (${id}, 1, null, null, 'admin'), (${id}, null, 1, null, 'admin'), (${id}, null, null, 3, 'admin')`.execute(handle.db);
    return id;
  }

  /** Notifications of the announcement per account: `kind:id` → how many (the bell's sample notifications, made with its table, aside). */
  async function notified(id: number): Promise<Record<string, number>> {
    const rows = await sql<{ account: string; n: number }>`select a.recipient_kind || ':' || a.recipient_id as account, count(*)::int as n
      from app_notification a join comboard c on c.id = ${id}
      where a.doc_name = 't_comboard_detail' and a.doc_id = ${String(id)} and a.params->>'title' = c.title group by 1 order by 1`.execute(handle.db);
    return Object.fromEntries(rows.rows.map((r) => [r.account, r.n]));
  }

  // The parent (Siti and Bima), Siti and Bima, and the teacher (ROLE_TEACHER): once each.
  // The teachers are Budi (users 4) and the leave approvers wakasek and kepsek (users 6 and 7).
  const EVERYONE = { 'parent_user:1': 1, 'student:1': 1, 'student:2': 1, 'users:4': 1, 'users:6': 1, 'users:7': 1 };

  it('the timers of both processes publish a due announcement once', async () => {
    const id = await announcement('Dua proses, satu pengumuman', '1 second');
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const row = await sql<{ published_at: unknown }>`select published_at from comboard where id = ${id}`.execute(handle.db);
      if (row.rows[0]!.published_at) break;
      await new Promise((wait) => setTimeout(wait, 100));
    }
    // Both timers have run several times since.
    await new Promise((wait) => setTimeout(wait, 1_000));
    expect(await notified(id)).toEqual(EVERYONE);
  }, 30_000);

  it('saves sent to both processes at once notify each account once', async () => {
    const tokens = await Promise.all(servers.map(async (server) => {
      const login = await fetch(`${server.url}/api/v1/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }) });
      const body = (await login.json()) as { access_token?: string };
      // A login refused under load would show below as 401s: say so here instead.
      expect(login.status, JSON.stringify(body)).toBe(200);
      return body.access_token as string;
    }));
    for (let round = 0; round < 3; round++) {
      const id = await announcement(`Rebutan ${round}`, '-1 minute');
      // Each process is asked to add the same recipients four times at once: every answer publishes.
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => fetch(`${servers[i % 2]!.url}/api/v1/comboard-recipients`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i % 2]}` },
        body: JSON.stringify({ comboard_id: id, class_id: [1], department_id: [3] }),
      })));
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      expect(await notified(id), `round ${round}`).toEqual(EVERYONE);
    }
  }, 60_000);
});
