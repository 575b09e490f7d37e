// Opens the database: PGlite (embedded, in a folder or in memory) or PostgreSQL through a
// pg Pool. Both come out as the same Kysely handle with the same value parsers.

import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { DatabaseHandle } from './database';
import { valueParsers } from './valueParsers';

/** PGlite in `dataDir`, or in memory when no folder is given (tests). */
export async function openEmbedded(dataDir?: string): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({ dataDir, extensions: { pg_trgm }, parsers: valueParsers });
  const db = new Kysely<never>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'embedded', close: () => db.destroy() };
}

export interface PostgresOptions {
  /** `search_path` of every connection, e.g. a test's own schema followed by public. */
  searchPath?: string;
  /** Pool size (pg's default is 10). */
  max?: number;
  onPoolError?: (error: Error) => void;
}

const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    valueParsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** PostgreSQL at `connectionString`; sessions run in UTC so timestamps print the same everywhere. */
export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<DatabaseHandle> {
  // Settings already in the URL (?options=-c search_path=…) are kept; ours come after them.
  const settings = [new URL(connectionString).searchParams.get('options') ?? '', '-c TimeZone=UTC'].filter(Boolean);
  if (options.searchPath) settings.push(`-c search_path=${options.searchPath}`);
  const pool = new pg.Pool({ connectionString, max: options.max, types: pgTypes, options: settings.join(' ') });
  // An idle connection that breaks (server restart) must not crash the process.
  pool.on('error', (error) => options.onPoolError?.(error));
  const db = new Kysely<never>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}
