// Opens the database: PGlite (embedded, in a folder or in memory) or PostgreSQL through a
// pg Pool. Both come out as the same Kysely handle with the same value parsers.

import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { DatabaseHandle } from './database';
import { createEmbeddedDatabase } from './createEmbeddedDatabase';
import { PooledNodeFS } from './pooledNodeFs';
import { valueParsers } from './valueParsers';

export interface EmbeddedHandle extends DatabaseHandle {
  /**
   * The whole database as a tarball of its data folder (a test's seeded template), not compressed:
   * ungzipping ~75 MB took ~0.6 s of every ~1.8 s open of a template.
   */
  dump(): Promise<Blob>;
}

/**
 * PGlite in `dataDir`, or in memory when no folder is given (tests); `loadDataDir` starts it from
 * a tarball that dump() made.
 */
export async function openEmbedded(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<EmbeddedHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // A folder is mounted through PooledNodeFS (open files and sizes kept between statements),
  // once it holds a database.
  if (dataDir && !options.loadDataDir) await createEmbeddedDatabase(dataDir);
  const folder = dataDir ? { fs: new PooledNodeFS(dataDir) } : {};
  const pglite = await PGlite.create({ ...folder, extensions: { pg_trgm }, parsers: valueParsers, loadDataDir: options.loadDataDir });
  const db = new Kysely<never>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'embedded', close: () => db.destroy(), dump: () => pglite.dumpDataDir('none') };
}

export interface PostgresOptions {
  /** `search_path` of every connection, e.g. a test's own schema followed by public. */
  searchPath?: string;
  /** Pool size (pg's default is 10). */
  max?: number;
  /** How long a call waits for a new connection before it fails (and answers 503). */
  connectionTimeoutMs?: number;
  /** A connection broke, idle or in use (the database restarted, failed over, or dropped it). */
  onPoolError?: (error: Error) => void;
  /** The longest one statement may run before PostgreSQL cancels it (0: no limit). */
  statementTimeoutMs?: number;
}

/** A statement that runs longer is cancelled, so one runaway query cannot hold a connection (and a lock) for ever. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

/** A database that accepts no connection within this time counts as unavailable. */
export const DEFAULT_CONNECTION_TIMEOUT_MS = 5000;

const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    valueParsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** PostgreSQL at `connectionString`; sessions run in UTC so timestamps print the same everywhere. */
export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<DatabaseHandle> {
  // Settings already in the URL (?options=-c search_path=…) are kept; ours come after them, so
  // they win. The URL's `options` is taken out of it: pg lets a URL's parameters override the
  // pool's settings, which would drop ours (UTC above all) whenever the URL has any.
  const url = new URL(connectionString);
  const settings = [url.searchParams.get('options') ?? '', '-c TimeZone=UTC'].filter(Boolean);
  url.searchParams.delete('options');
  settings.push(`-c statement_timeout=${options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS}`);
  if (options.searchPath) settings.push(`-c search_path=${options.searchPath}`);
  const pool = new pg.Pool({
    connectionString: url.toString(),
    max: options.max,
    types: pgTypes,
    options: settings.join(' '),
    connectionTimeoutMillis: options.connectionTimeoutMs ?? DEFAULT_CONNECTION_TIMEOUT_MS,
    keepAlive: true,
  });
  // A connection that breaks must not end the process. The pool's `error` event covers idle
  // connections only; one checked out when its backend is terminated (57P01: a restart or a
  // failover) emits `error` on itself, so every connection gets a listener of its own. The
  // query it was running fails (503), and the pool drops the connection when it comes back.
  const onError = (error: Error) => options.onPoolError?.(error);
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  const db = new Kysely<never>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}
