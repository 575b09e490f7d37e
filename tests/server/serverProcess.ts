// The real server (server/main.ts) as a child process on PostgreSQL, in a schema of its own,
// reached through a TCP proxy the caller controls; its connections carry an application_name
// of their own, so a test terminates only its own backends.

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import type { TcpProxy } from './tcpProxy';

const ROOT = resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Its schema (tables and demo data) in the database. */
  schema: string;
  /** The application_name of its connections. */
  applicationName: string;
  /** Whether the process still runs. */
  alive(): boolean;
  /** What it printed on stderr (an unhandled error, a crash). */
  problems(): string[];
  stop(): Promise<void>;
}

/** A query on the database itself (not through the proxy). */
export async function adminQuery<R extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function ensureTrigramExtension(databaseUrl: string): Promise<void> {
  try {
    await adminQuery(databaseUrl, 'create extension if not exists pg_trgm schema public');
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== '23505' && code !== '42710') throw error; // another test file made it meanwhile
  }
}

export async function startServerProcess(databaseUrl: string, proxy: TcpProxy): Promise<ServerProcess> {
  const id = randomBytes(5).toString('hex');
  const schema = `t_outage_${id}`;
  const applicationName = `sekolah_outage_${id}`;
  await ensureTrigramExtension(databaseUrl);
  await adminQuery(databaseUrl, `create schema ${schema}`);
  const target = new URL(databaseUrl);
  target.host = `127.0.0.1:${proxy.port}`;
  target.searchParams.set('application_name', applicationName);
  target.searchParams.set('options', `-c search_path=${schema},public`);

  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: target.toString(), PORT: '0', HOST: '127.0.0.1', SEED_DEMO: '1', LOG_LEVEL: 'info', DIST_DIR: `/nonexistent-${id}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const problems: string[] = [];
  let exited = false;
  const exit = new Promise<void>((done) => child.once('exit', () => ((exited = true), done())));
  child.stderr!.on('data', (chunk: Buffer) => problems.push(chunk.toString()));

  const url = await new Promise<string>((found, failed) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (listening) found(listening[1]);
    });
    void exit.then(() => failed(new Error(`the server ended before listening:\n${problems.join('\n')}`)));
  });

  return {
    url,
    schema,
    applicationName,
    alive: () => !exited,
    problems: () => problems,
    stop: async () => {
      if (!exited) {
        child.kill('SIGTERM');
        await exit;
      }
      await adminQuery(databaseUrl, `drop schema ${schema} cascade`);
    },
  };
}

export interface PlainServer {
  /** http://127.0.0.1:<port> */
  url: string;
  stop(): Promise<void>;
}

/**
 * server/main.ts on a database the caller made and seeded, directly (no proxy, no schema of its
 * own), with extra settings: several of them on one database are several processes of one
 * school. Its address is read from its log.
 */
export function startServerOn(databaseUrl: string, env: Record<string, string> = {}): Promise<PlainServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, DIST_DIR: resolve(ROOT, 'no-built-app'), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
  };
  return new Promise((done, fail) => {
    let log = '';
    const read = (data: Buffer) => {
      log += data.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (listening) done({ url: listening[1], stop });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => fail(new Error(`the server exited (${code}):\n${log}`)));
  });
}
