// migrate's schema statements go to the database together (server/db/ddlBatch.ts): in order,
// whatever text they hold, and a failing one fails with its own error, not the batch's.

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ddlBatch } from '../../server/db/ddlBatch';
import type { DatabaseHandle } from '../../server/db/database';
import { openTestDatabase } from './harness';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe('ddlBatch', () => {
  it('runs the statements in order at the flush, holding any text', async () => {
    await handle.db.transaction().execute(async (tx) => {
      const batch = ddlBatch(tx);
      await batch.run('create table batched (id integer primary key, note text)');
      await batch.run(`comment on table batched is 'quoted $ddl0$ and $$ and ''single'' quotes'`);
      await batch.run('create index batched_note on batched (note)');
      await batch.run("alter table batched add constraint batched_note_short check (length(note) < 10)");
      const before = await sql<{ n: number }>`select count(*)::int as n from pg_class where relname = 'batched'`.execute(tx);
      expect(before.rows[0].n).toBe(0);
      await batch.flush();
      const comment = await sql<{ c: string }>`select obj_description('batched'::regclass, 'pg_class') as c`.execute(tx);
      expect(comment.rows[0].c).toBe("quoted $ddl0$ and $$ and 'single' quotes");
      const index = await sql<{ n: number }>`select count(*)::int as n from pg_indexes where indexname = 'batched_note'`.execute(tx);
      expect(index.rows[0].n).toBe(1);
      await expect(sql`insert into batched values (1, 'far too long a note')`.execute(tx)).rejects.toThrow(/batched_note_short/);
      throw new Error('rolled back');
    }).catch((error: Error) => expect(error.message).toBe('rolled back'));
  });

  it("fails with the failing statement's own error", async () => {
    const failure = await handle.db
      .transaction()
      .execute(async (tx) => {
        const batch = ddlBatch(tx);
        await batch.run('create table twice (id integer primary key)');
        await batch.run('create index twice_id on twice (id)');
        await batch.run('create table twice (id integer primary key)');
        await batch.run('create table never (id integer primary key)');
        await batch.flush();
      })
      .catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('relation "twice" already exists');
    // Not from inside the batch's DO block ("PL/pgSQL function inline_code_block … at EXECUTE").
    expect(String((failure as Error & { where?: string }).where ?? '')).not.toContain('inline_code_block');
    const left = await sql<{ n: number }>`select count(*)::int as n from pg_class where relname in ('twice', 'never')`.execute(handle.db);
    expect(left.rows[0].n).toBe(0);
  });
});
