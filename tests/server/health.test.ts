// GET /api/v1/health tells the truth: 200 only when the database answered a real query
// correctly in time; 503 with Retry-After when it is busy past the timeout or answers wrongly.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { message } from '../../src/shared/messages';
import { fileServer, onPostgres } from './harness';

const TIMEOUT_MS = 300;

describe('health', () => {
  it('says a wait of one second in the singular, more in the plural; Indonesian the same for every count', () => {
    expect(message('en', 'databaseUnavailable', { count: 1 })).toBe('The database cannot be reached right now. Please try again in 1 second');
    expect(message('en', 'databaseUnavailable', { count: 2 })).toBe('The database cannot be reached right now. Please try again in 2 seconds');
    expect(message('id', 'databaseUnavailable', { count: 1 })).toBe('Basis data sedang tidak dapat dihubungi. Silakan coba lagi dalam 1 detik');
  });

  // One connection, so a transaction left open elsewhere holds the database the way a hung
  // one would: queries wait for it (PGlite has one connection anyway).
  const server = fileServer({ poolSize: 1, healthTimeoutMs: TIMEOUT_MS });

  it('answers 200 when the database answers', async () => {
    // The pool's one connection opened first: on a loaded machine opening it (PostgreSQL's
    // start-up, the session settings) can take longer than this test's short timeout.
    await sql`select 1`.execute(server.database.db);
    const answer = await server.call('GET', '/api/v1/health');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ success: true });
  });

  it('answers 503 with Retry-After, in the caller\'s language, when the database does not answer in time', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = () => {};
    const started = new Promise<void>((resolve) => (holding = resolve));
    const busy = server.database.db.transaction().execute(async (tx) => {
      await sql`select 1`.execute(tx);
      holding();
      await held;
    });
    await started;
    const begun = Date.now();
    const english = await server.call('GET', '/api/v1/health', { headers: { 'accept-language': 'en' } });
    expect(english.status).toBe(503);
    expect(Date.now() - begun).toBeLessThan(TIMEOUT_MS * 3);
    expect(english.headers['retry-after']).toBe('5');
    expect(english.json).toMatchObject({ success: false, message: 'The database cannot be reached right now. Please try again in 5 seconds', retry_after: 5 });
    const indonesian = await server.call('GET', '/api/v1/health');
    expect(indonesian.json.message).toBe('Basis data sedang tidak dapat dihubungi. Silakan coba lagi dalam 5 detik');
    release();
    await busy;
    expect((await server.call('GET', '/api/v1/health')).status).toBe(200);
  });
});

describe.skipIf(onPostgres)('health of an embedded database left broken', () => {
  const server = fileServer();

  it('answers 503 once PGlite answers no rows (what 32,768 bind parameters do to it)', async () => {
    expect((await server.call('GET', '/api/v1/health')).status).toBe(200);
    const values = Array.from({ length: 33_000 }, (_, i) => sql`${i}`);
    await sql`select 1 where 0 in (${sql.join(values)})`.execute(server.database.db).catch(() => undefined);
    const answer = await server.call('GET', '/api/v1/health');
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
  });
});
