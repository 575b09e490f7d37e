// The built app's JavaScript: everything in dist/, and what the browser actually downloads
// from opening the login page until the first row of a list is on screen.

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser, ROOT, startApp } from '../tests/e2e/harness';

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

/** Log in as admin and open `listPath`; count the JS fetched until its first row shows. */
export async function firstListJs(listPath: string): Promise<Size & { ms: number }> {
  const app = await startApp();
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
