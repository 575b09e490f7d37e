// The settings every PostgreSQL connection gets (server/db/openDatabase.ts): UTC whatever the
// URL says, and a statement timeout that turns a runaway query into a 503, not a stuck connection.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/openDatabase';
import { isDatabaseUnavailable } from '../../server/db/databaseUnavailable';
import { onPostgres } from './harness';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

describe.skipIf(!onPostgres)('the settings of a PostgreSQL connection', () => {
  it('runs in UTC and keeps the URL’s own options when the URL has ?options=', async () => {
    const url = new URL(DATABASE_URL);
    url.searchParams.set('options', '-c application_name=school-admin-test -c TimeZone=Asia/Jakarta');
    const handle = await openPostgres(url.toString(), { max: 1 });
    try {
      const { rows } = await sql<{ zone: string; name: string; stamp: string }>`
        select current_setting('TimeZone') as zone, current_setting('application_name') as name,
               to_char(timestamptz '2026-01-01 07:00:00+07', 'HH24:MI') as stamp`.execute(handle.db);
      expect(rows[0]).toEqual({ zone: 'UTC', name: 'school-admin-test', stamp: '00:00' });
    } finally {
      await handle.close();
    }
  });

  it('cancels a statement that runs past the timeout, as an outage the caller may retry', async () => {
    const handle = await openPostgres(DATABASE_URL, { max: 1, statementTimeoutMs: 200 });
    try {
      const started = Date.now();
      const error = await sql`select pg_sleep(5)`.execute(handle.db).then(() => null, (e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(3000);
      expect((error as { code?: string }).code).toBe('57014');
      expect(isDatabaseUnavailable(error)).toBe(true);
      // The connection is fine afterwards.
      const { rows } = await sql<{ answer: number }>`select 6 * 7 as answer`.execute(handle.db);
      expect(rows[0].answer).toBe(42);
    } finally {
      await handle.close();
    }
  });

  it('has a 30 s statement timeout unless told otherwise', async () => {
    const handle = await openPostgres(DATABASE_URL, { max: 1 });
    try {
      const { rows } = await sql<{ timeout: string }>`select current_setting('statement_timeout') as timeout`.execute(handle.db);
      expect(rows[0].timeout).toBe('30s');
    } finally {
      await handle.close();
    }
  });
});
