// The built app's JavaScript: everything in dist/, and what the browser actually downloads
// from opening the login page until the first row of a list is on screen.

import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser, ROOT, startApp } from '../tests/e2e/harness';
import { writeSyntheticSchemas } from './syntheticSchemas';

/**
 * A copy of the checkout with `count` more entities (spread over the menu modules the way a
 * school's own would be), generated and built: the app a developer gets after adding them.
 * Returns the copy's folder (the caller removes it).
 */
export function buildWithMoreEntities(count: number, modules: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-app-'));
  for (const name of ['build', 'generators', 'schemas', 'server', 'src', 'locales', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json']) {
    cpSync(join(ROOT, name), join(dir, name), { recursive: true, filter: (src) => !src.includes('/generated') });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  writeSyntheticSchemas(count, { dir: join(dir, 'schemas'), modules });
  const node = process.execPath;
  execFileSync(node, ['--import', 'tsx', 'generators/cli.ts'], { cwd: dir, stdio: 'ignore' });
  execFileSync(node, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: dir, stdio: 'ignore' });
  return dir;
}

export interface Size {
  files: number;
  raw: number;
  gzip: number;
}

export function jsSize(dir: string): Size {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile() && f.name.endsWith('.js'));
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const bytes = readFileSync(join(f.parentPath, f.name));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: files.length, raw, gzip };
}

/** Build the bare 3-resource react-admin app of bench/bare and measure it (one chunk, all loaded at start). */
export function bareBaseline(): Size {
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'bench/bare/vite.config.ts'], { cwd: ROOT, stdio: 'ignore' });
  return jsSize(join(ROOT, '.data/bench-bare'));
}

/** Log in as admin and open `listPath`; count the JS fetched until its first row shows. `root`: a built checkout. */
export async function firstListJs(listPath: string, root = ROOT): Promise<Size & { ms: number }> {
  const app = await startApp({}, root);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const seen = new Map<string, Buffer>();
    page.on('response', async (res) => {
      if (!res.url().endsWith('.js')) return;
      try {
        seen.set(res.url(), await res.body());
      } catch {
        // a response without a body (redirect) carries no JS
      }
    });
    const started = Date.now();
    await page.goto(`${app.url}${listPath}`);
    await page.getByLabel(/nama pengguna|user ?name/i).fill('admin');
    await page.getByLabel(/kata sandi|password/i).fill('demo');
    await page.getByRole('button', { name: /masuk|sign in|log in/i }).click();
    await page.locator('table tbody tr').first().waitFor({ timeout: 30_000 });
    const ms = Date.now() - started;
    await page.waitForLoadState('networkidle');
    let raw = 0;
    let gzip = 0;
    for (const body of seen.values()) {
      raw += body.length;
      gzip += gzipSync(body, { level: 9 }).length;
    }
    return { files: seen.size, raw, gzip, ms };
  } finally {
    await browser.close();
    await app.stop();
  }
}
