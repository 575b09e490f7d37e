// Template databases on the test PostgreSQL server, for test files that start from the same
// seeded database: one is built once (under an advisory lock, so files started together build it
// once) and marked a template; each file gets `create database … template` of it, dropped at the
// end. A copy takes a fraction of a second; migrating ~150 tables and seeding took seconds.

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../../server/db/database';
import { openPostgres, type EmbeddedHandle } from '../../server/db/openDatabase';

export const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** The test server's URL with another database name. */
export function databaseUrl(name: string): string {
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The template database `name`, built by `seed` on its first use (by any process). */
export async function postgresTemplate(name: string, seed: (db: Db) => Promise<void>): Promise<string> {
  const exists = async (client: pg.Client) => (await client.query('select 1 from pg_database where datname = $1 and datistemplate', [name])).rowCount === 1;
  return onServer(async (client) => {
    if (await exists(client)) return name;
    await client.query(`select pg_advisory_lock(hashtext('sekolah-test-template'))`);
    try {
      if (await exists(client)) return name;
      // A build that died half-way leaves a database not yet marked as a template.
      await client.query(`drop database if exists ${name}`);
      await client.query(`create database ${name}`);
      const setup = new pg.Client({ connectionString: databaseUrl(name) });
      await setup.connect();
      await setup.query('create extension if not exists pg_trgm schema public').finally(() => setup.end());
      const handle = await openPostgres(databaseUrl(name), { max: 4 });
      try {
        await seed(handle.db);
      } finally {
        await handle.close();
      }
      await client.query(`alter database ${name} is_template true`);
      return name;
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('sekolah-test-template'))`);
    }
  });
}

export interface PostgresCopy extends Omit<EmbeddedHandle, 'dump'> {
  /** Closes the connections and drops the copy. */
  dispose(): Promise<void>;
}

/** A database of its own for one test file, copied from `template`. */
export async function copyOfTemplate(template: string, options: { poolSize?: number; connectionTimeoutMs?: number } = {}): Promise<PostgresCopy> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  // A copy waits while another file copies the same template (one copy at a time).
  for (let attempt = 0; ; attempt++) {
    try {
      await onServer((client) => client.query(`create database ${name} template ${template}`));
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt > 200) throw error;
      await sleep(100 + Math.random() * 200);
    }
  }
  const handle = await openPostgres(databaseUrl(name), { max: options.poolSize ?? 4, connectionTimeoutMs: options.connectionTimeoutMs });
  return {
    ...handle,
    dispose: async () => {
      await handle.close();
      await onServer((client) => client.query(`drop database if exists ${name}`));
    },
  };
}
