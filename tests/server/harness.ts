// A server on a fresh database for one test file: PGlite in memory by default; with
// TEST_DATABASE=pg, PostgreSQL at DATABASE_URL in a schema of its own (dropped at the end).
// The demo logins (with their roles and role groups) are always there; the rest of the demo
// data when a test asks for it.

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { entities as generatedEntities, validators as generatedValidators } from '../../src/generated/all';
import type { EntityModel, ValidateFunction } from '../../src/shared/entityModel';
import { buildApp } from '../../server/app';
import { buildCatalog, type Catalog } from '../../server/crud/catalog';
import type { DatabaseHandle } from '../../server/db/database';
import { migrate, type MigrationLog } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/openDatabase';
import type { TableDef } from '../../src/shared/tableModel';
import { tables as generatedTables } from '../../server/generated/tables';
import type { ThrottleLimits } from '../../server/auth/loginThrottle';
import type { TrustProxy } from '../../server/http/trustProxy';
import { DEMO_PASSWORD, seedDemoUsers } from '../../server/seed/demoUsers';
import { seedDemoData } from '../../server/seed/seedDemoData';
import { seedDemoBoard } from '../../server/seed/seedDemoBoard';
import { loadHooks } from '../../server/records/loadHooks';
import { openEmptyEmbedded } from './embeddedTemplate';
import { openMigratedEmbedded, openMigratedPostgres, type TemplateFlavour } from './migratedTemplate';
import { adminQuery as adminQueryAt } from './serverProcess';

export const onPostgres = process.env.TEST_DATABASE === 'pg';
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export const quietLog: MigrationLog = { info: () => {}, warn: () => {} };

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connections and, on PostgreSQL, drops the test's schema. */
  dispose(): Promise<void>;
}

/** One statement on a connection of its own (schema DDL, outside any pool). */
async function adminQuery(text: string): Promise<void> {
  await adminQueryAt(DATABASE_URL, text);
}

/** pg_trgm once for the whole database, in public: test schemas come and go, the extension stays. */
async function ensureTrigramExtension(): Promise<void> {
  try {
    await adminQuery('create extension if not exists pg_trgm schema public');
  } catch (error) {
    // Two test files creating it at the same moment: one of them loses the race, which is fine.
    const code = (error as { code?: string }).code;
    if (code !== '23505' && code !== '42710') throw error;
  }
}

export async function openTestDatabase(options: { poolSize?: number; connectionTimeoutMs?: number } = {}): Promise<TestDatabase> {
  if (!onPostgres) {
    const handle = await openEmptyEmbedded();
    return { ...handle, dispose: handle.close };
  }
  await ensureTrigramExtension();
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create schema ${schema}`);
  const handle = await openPostgres(DATABASE_URL, { searchPath: `${schema},public`, max: options.poolSize ?? 4, connectionTimeoutMs: options.connectionTimeoutMs });
  return {
    ...handle,
    dispose: async () => {
      await handle.close();
      await adminQuery(`drop schema ${schema} cascade`);
    },
  };
}

/**
 * Where `as` logs in: a demo name alone is a staff login; `student` and `parent` (the demo
 * student and parent, seeded with the demo data) use their own logins; `name@booking` logs the
 * staff user `name` in at the booking login.
 */
export function loginOf(as: string): { path: string; username: string } {
  if (as === 'student') return { path: '/api/v1/auth/log-student/', username: 'student' };
  if (as === 'parent') return { path: '/api/v1/auth/log-parent/', username: 'parent' };
  if (as.endsWith('@booking')) return { path: '/api/v1/auth/log-booking/', username: as.slice(0, -'@booking'.length) };
  return { path: '/api/v1/auth/login/', username: as };
}

export interface TestServerOptions {
  demoData?: boolean;
  /** With demoData: the demo board too (server/seed/seedDemoBoard.ts), published as on a first start. */
  demoBoard?: boolean;
  tables?: TableDef[];
  entities?: EntityModel[];
  validators?: Record<string, ValidateFunction>;
  bodyLimit?: number;
  poolSize?: number;
  /**
   * On PostgreSQL, how long a call waits for a pool connection before it answers 503 (default
   * the server's 5 s): a test that queues a thousand calls at once on a shared machine waits longer.
   */
  connectionTimeoutMs?: number;
  distDir?: string;
  /** Failed-login limits for this server (server/auth/loginThrottle.ts). */
  loginThrottle?: Partial<ThrottleLimits>;
  /** How long GET health waits for the database (server/healthRoute.ts). */
  healthTimeoutMs?: number;
  /** The throttle's clock (epoch ms), for tests that move time. */
  clock?: () => number;
  /** Whose X-Forwarded-For names the client (server/http/trustProxy.ts). */
  trustProxy?: TrustProxy;
  /** The entities' hook files (server/records/loadHooks.ts); default server/hooks/. */
  hooksDirectory?: URL;
}

export interface CallOptions {
  /**
   * Log in as this demo user and send the token: a staff login (admin, finance, adminfinance,
   * teacher, booking), or `student`, `parent`, `booking@booking` (the booking login) — see LOGIN_PATHS.
   */
  as?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  // The answer's JSON; tests read what they expect and let the assertion fail otherwise.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  text: string;
}

export interface TestServer {
  app: FastifyInstance;
  database: TestDatabase;
  catalog: Catalog;
  /** A fresh session token of a demo user. */
  token(username: string): Promise<string>;
  call(method: InjectOptions['method'], url: string, options?: CallOptions): Promise<Answer>;
  close(): Promise<void>;
}

/** A copy of a migrated template (./migratedTemplate.ts: the demo logins unless told), on the database under test. */
export async function openMigratedTestDatabase(flavour: TemplateFlavour = 'logins', pool: { poolSize?: number; connectionTimeoutMs?: number } = {}): Promise<TestDatabase> {
  return onPostgres ? openMigratedPostgres(flavour, pool) : openMigratedEmbedded(flavour).then((handle) => ({ ...handle, dispose: handle.close }));
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  // The common starts (the generated tables, the demo logins or the demo data) are a copy of a
  // migrated and seeded database (./migratedTemplate.ts); the others migrate and seed their own.
  const fromTemplate = process.env.TEST_MIGRATE_EACH !== '1' && !options.tables && !options.entities && !options.validators;
  const flavour = options.demoData ? 'demo' : 'logins';
  const pool = { poolSize: options.poolSize, connectionTimeoutMs: options.connectionTimeoutMs };
  const database: TestDatabase = fromTemplate ? await openMigratedTestDatabase(flavour, pool) : await openTestDatabase(pool);
  const tables = options.tables ?? generatedTables;
  const entities = options.entities ?? generatedEntities;
  const validators = options.validators ?? generatedValidators;
  if (!fromTemplate) await migrate(database.db, tables, quietLog);
  const catalog = buildCatalog(entities, validators, tables);
  const boardHooks = options.demoBoard ? await loadHooks(catalog) : null;
  if (!fromTemplate || boardHooks) {
    await database.db.transaction().execute(async (tx) => {
      if (!fromTemplate) {
        if (options.demoData) await seedDemoData(tx, catalog);
        else await seedDemoUsers(tx, catalog);
      }
      if (boardHooks) await seedDemoBoard(tx, catalog, boardHooks);
    });
  }
  const app = await buildApp({
    db: database.db,
    entities,
    validators,
    tables,
    bodyLimit: options.bodyLimit,
    distDir: options.distDir,
    loginThrottle: options.loginThrottle,
    healthTimeoutMs: options.healthTimeoutMs,
    clock: options.clock,
    trustProxy: options.trustProxy,
    hooksDirectory: options.hooksDirectory,
  });
  await app.ready();

  const tokens = new Map<string, string>();
  const token = async (username: string): Promise<string> => {
    const cached = tokens.get(username);
    if (cached) return cached;
    const login = loginOf(username);
    const response = await app.inject({ method: 'POST', url: login.path, payload: { username: login.username, password: DEMO_PASSWORD } });
    const fresh = response.json().access_token as string;
    if (!fresh) throw new Error(`login of ${username} failed: ${response.body}`);
    tokens.set(username, fresh);
    return fresh;
  };

  const call = async (method: InjectOptions['method'], url: string, callOptions: CallOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...callOptions.headers };
    if (callOptions.as) headers.authorization = `Bearer ${await token(callOptions.as)}`;
    const response = await app.inject({
      method,
      url,
      headers,
      ...(callOptions.body === undefined ? {} : { payload: callOptions.body as InjectOptions['payload'] }),
    });
    let json: unknown;
    try {
      json = response.json();
    } catch {
      json = null;
    }
    return { status: response.statusCode, headers: response.headers, json, text: response.body };
  };

  return {
    app,
    database,
    catalog,
    token,
    call,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}

/**
 * The server of a test file: started before its tests (demo users always; `options` as for
 * startTestServer), closed after them. Its members reach the running one.
 */
export function fileServer(options: TestServerOptions = {}): TestServer {
  let current: TestServer | undefined;
  // A crowded machine can take longer to start one (TEST_START_TIMEOUT_MS, as E2E_START_TIMEOUT_MS for the browser tests).
  beforeAll(async () => {
    current = await startTestServer(options);
  }, Number(process.env.TEST_START_TIMEOUT_MS) || 120_000);
  afterAll(async () => {
    await current?.close();
  });
  const running = (): TestServer => {
    if (!current) throw new Error('the test server is not running (used outside a test?)');
    return current;
  };
  return {
    get app() {
      return running().app;
    },
    get database() {
      return running().database;
    },
    get catalog() {
      return running().catalog;
    },
    token: (username) => running().token(username),
    call: (method, url, callOptions) => running().call(method, url, callOptions),
    close: () => running().close(),
  };
}
