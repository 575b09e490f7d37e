// Starts the built app the way `npm start` does (server + dist/ on the embedded database)
// on a free port with a fresh data folder, and Debian's Chromium driven by playwright-core.
// The demo school is seeded once per run: the first app's start seeds a data folder and stops
// (a clean shutdown), and every app then starts on a copy of it, as a first start leaves it,
// without seeding the same school again (E2E_SEED_EACH=1 seeds each app's folder itself).

import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const ROOT = resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
  });
}

export interface RunningApp {
  url: string;
  stop: () => Promise<void>;
  output: () => string;
}

let seeded: Promise<string> | null = null;

/** A data folder holding the seeded demo school, made once per run (then only copied). */
function seededDataDir(): Promise<string> {
  seeded ??= (async () => {
    const app = await startServer(mkdtempSync(join(tmpdir(), 'e2e-seeded-')), {}, ROOT);
    await app.stop(false);
    process.once('exit', () => rmSync(app.dataDir, { recursive: true, force: true }));
    return app.dataDir;
  })();
  return seeded;
}

/** Start the server of the checkout at `root` (a built copy, for the bench) on a free port. */
export async function startApp(env: Record<string, string> = {}, root = ROOT): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  if (root === ROOT && Object.keys(env).length === 0 && process.env.E2E_SEED_EACH !== '1') {
    cpSync(await seededDataDir(), dataDir, { recursive: true });
  }
  const app = await startServer(dataDir, env, root);
  return { url: app.url, output: app.output, stop: () => app.stop(true) };
}

async function startServer(dataDir: string, env: Record<string, string>, root: string) {
  const port = await freePort();
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  // A first start seeds the demo school; beside the PostgreSQL suite on a slow day that outlasted
  // three minutes in CI, and the whole browser run failed on it. A start that hangs still ends.
  const waitMs = Number(process.env.E2E_START_TIMEOUT_MS) || 600_000;
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer within ${Math.round(waitMs / 1000)} s:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    output: () => log,
    /** Stops the server (SIGTERM: it closes the database cleanly); `remove` deletes its data folder. */
    stop: async (remove: boolean) => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      }
      if (remove) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // playwright gives every launch a fresh temporary profile (--user-data-dir).
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
