// Time to the first row of a list, and the JS heap after it, for our app against the bare
// react-admin app, side by side in one run: alternating the two in headless Chromium, each
// load in a fresh browser context (an empty HTTP cache), already logged in (our app: a real
// login through its form, once; its session is then the starting storage of every load).
// The time runs from navigation start to the frame after the first `table tbody tr` exists.

import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, startApp } from '../tests/e2e/harness';
import { startBareServer } from './bareServer';

export interface LoadFigures {
  ms: number;
  heapBytes: number;
  /** What was fetched, in order of start: path, start and end (ms from navigation start). */
  requests: { path: string; start: number; end: number }[];
}

export interface FirstRowResult {
  app: LoadFigures[];
  bare: LoadFigures[];
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

// Runs in the page before its own scripts: notes when the first list row is drawn.
const WATCH_FIRST_ROW = `(() => {
  const seen = () => document.querySelector('table tbody tr');
  const observer = new MutationObserver(() => {
    if (!seen()) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.__firstRow = performance.now(); });
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

async function loadOnce(browser: Browser, url: string, storageState?: StorageState): Promise<LoadFigures> {
  const context = await browser.newContext({ storageState });
  try {
    const page = await context.newPage();
    await page.addInitScript(WATCH_FIRST_ROW);
    await page.goto(url);
    await page.waitForFunction(() => typeof (window as { __firstRow?: number }).__firstRow === 'number', undefined, { timeout: 30_000 });
    const { ms, requests } = await page.evaluate(() => ({
      ms: (window as { __firstRow?: number }).__firstRow ?? NaN,
      requests: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
        path: new URL(r.name).pathname + (new URL(r.name).search ? '?…' : ''),
        start: r.startTime,
        end: r.responseEnd,
      })),
    }));
    await page.waitForLoadState('networkidle');
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return { ms, heapBytes: usedSize, requests };
  } finally {
    await context.close();
  }
}

/** `runs` loads of each, alternating which goes first; our app at `/class`, the bare app at `/posts`. */
export async function firstRow(runs: number): Promise<FirstRowResult> {
  const app = await startApp();
  const bare = await startBareServer();
  const browser = await launchBrowser();
  try {
    const login = await browser.newContext();
    const page = await login.newPage();
    await page.goto(`${app.url}/class`);
    await page.getByLabel(/nama pengguna|user ?name/i).fill('admin');
    await page.getByLabel(/kata sandi|password/i).fill('demo');
    await page.getByRole('button', { name: /masuk|sign in|log in/i }).click();
    await page.locator('table tbody tr').first().waitFor({ timeout: 30_000 });
    const session = await login.storageState();
    await login.close();
    // One unmeasured load of each first: the servers' and the browser's first-use costs.
    await loadOnce(browser, `${app.url}/class`, session);
    await loadOnce(browser, `${bare.url}/posts`);
    const result: FirstRowResult = { app: [], bare: [] };
    for (let i = 0; i < runs; i++) {
      const ours = () => loadOnce(browser, `${app.url}/class`, session).then((f) => void result.app.push(f));
      const theirs = () => loadOnce(browser, `${bare.url}/posts`).then((f) => void result.bare.push(f));
      if (i % 2 === 0) await ours().then(theirs);
      else await theirs().then(ours);
    }
    return result;
  } finally {
    await browser.close();
    await bare.stop();
    await app.stop();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
