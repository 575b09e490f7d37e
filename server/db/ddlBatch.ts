// Schema statements sent to the database together: migrate (./migrate.ts) makes ~1,800 of them
// on a new database (tables, constraints, indexes, comments), each a round trip of its own,
// which on the embedded database costs more than the statement (PGlite runs one statement a
// call). They go as one DO block of EXECUTEs instead, at the points where migrate next reads
// the database. Should one fail, the block is rolled back to a savepoint and its statements are
// run again one by one, so that the error is the failing statement's own, as before. migrate
// batches only statements on tables made in the same run: they hold no record, so a batch stays
// far within the statement timeout (PostgreSQL, 30 s) that each statement had on its own.

import { sql } from 'kysely';
import type { Db } from './database';

export interface DdlBatch {
  /** Queues a statement that reads nothing (it runs at the next flush). */
  run(statement: string): Promise<void>;
  /** Runs what is queued, in order. */
  flush(): Promise<void>;
}

/** Two dollar-quote tags that none of the statements holds: one for the DO block, one for each statement in it. */
function quoteTags(statements: readonly string[]): [outer: string, inner: string] | undefined {
  const free: string[] = [];
  for (let n = 0; n < 100 && free.length < 2; n++) {
    const tag = `$ddl${n}$`;
    if (!statements.some((s) => s.includes(tag))) free.push(tag);
  }
  return free.length === 2 ? [free[0], free[1]] : undefined;
}

export function ddlBatch(tx: Db): DdlBatch {
  let pending: string[] = [];
  const oneByOne = async (statements: readonly string[]) => {
    for (const statement of statements) await sql.raw(statement).execute(tx);
  };
  return {
    run: async (statement) => {
      pending.push(statement);
    },
    flush: async () => {
      const statements = pending;
      pending = [];
      const tags = quoteTags(statements);
      if (statements.length < 2 || tags === undefined) return oneByOne(statements);
      const [outer, inner] = tags;
      const text = `do ${outer}begin\n${statements.map((s) => `execute ${inner}${s}${inner};`).join('\n')}\nend${outer}`;
      await sql.raw('savepoint ddl_batch').execute(tx);
      try {
        await sql.raw(text).execute(tx);
      } catch {
        await sql.raw('rollback to savepoint ddl_batch').execute(tx);
        await oneByOne(statements);
        return;
      }
      await sql.raw('release savepoint ddl_batch').execute(tx);
    },
  };
}
