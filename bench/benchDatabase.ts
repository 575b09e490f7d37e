// The database a bench measures on, made fresh and thrown away after: on PostgreSQL a schema of
// its own at DATABASE_URL (other benches and the tests' databases left alone), embedded a
// PGlite in a temporary folder. Shared by every bench that seeds its own data.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DatabaseHandle } from '../server/db/database';
import { openEmbedded, openPostgres } from '../server/db/openDatabase';

/** One statement on a connection of its own (schema DDL, outside any pool). */
export async function adminQuery(databaseUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface BenchSchema {
  schema: string;
  handle: DatabaseHandle;
  /** Closes the pool and drops the schema, unless `keepEnv` (e.g. BENCH_HR_KEEP=1) asks to keep it for a look at the plans. */
  dispose: (keepEnv?: string) => Promise<void>;
}

/** A fresh schema `<prefix>_<hex>` at `databaseUrl` (pg_trgm made in public when missing), and a pool on it. */
export async function benchSchema(databaseUrl: string, prefix: string, max = 4): Promise<BenchSchema> {
  const schema = `${prefix}_${randomBytes(5).toString('hex')}`;
  // Another bench or test may be making the extension at the same moment: its error is harmless.
  await adminQuery(databaseUrl, 'create extension if not exists pg_trgm schema public').catch((error: { code?: string }) => {
    if (error.code !== '23505' && error.code !== '42710') throw error;
  });
  await adminQuery(databaseUrl, `create schema ${schema}`);
  const handle = await openPostgres(databaseUrl, { searchPath: `${schema},public`, max });
  return {
    schema,
    handle,
    dispose: async (keepEnv) => {
      await handle.close();
      if (keepEnv && process.env[keepEnv] === '1') console.log(`kept schema ${schema}`);
      else await adminQuery(databaseUrl, `drop schema ${schema} cascade`);
    },
  };
}

/** A bench database of the kind asked for: a schema of its own on PostgreSQL, or an embedded one in a temporary folder. */
export async function openBench(kind: 'PostgreSQL' | 'embedded', databaseUrl: string, prefix: string): Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }> {
  if (kind === 'PostgreSQL') {
    const { handle, dispose } = await benchSchema(databaseUrl, `bench_${prefix}`);
    return { handle, dispose: () => dispose(`BENCH_${prefix.toUpperCase()}_KEEP`) };
  }
  const dir = mkdtempSync(join(tmpdir(), `bench-${prefix}-`));
  const handle = await openEmbedded(dir);
  return {
    handle,
    dispose: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
