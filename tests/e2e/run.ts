// `npm run test:e2e`: every scenario of tests/e2e/*.e2e.ts against one running app (a file that
// exports `ownApp = true` gets a fresh app of its own), each in a fresh browser context. Prints
// one line per scenario and `N passed, N failed`.

import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, ROOT, startApp, type RunningApp } from './harness';

export interface ScenarioContext {
  page: Page;
  app: RunningApp;
  browser: Browser;
  /**
   * Save a screenshot of `on` (default: the scenario's page) under .data/e2e-shots/<name>.png,
   * looked at by people, not asserted; a scenario with pages of its own passes the one shown.
   */
  shot: (name: string, on?: Page) => Promise<void>;
}
export type Scenario = { name: string; run: (ctx: ScenarioContext) => Promise<void> };

const SHOTS = join(ROOT, '.data', 'e2e-shots');

/** A file's scenarios, and whether they want an app of their own (`export const ownApp = true`). */
interface ScenarioFile {
  scenarios: Scenario[];
  ownApp: boolean;
}

async function main(): Promise<number> {
  // A scenario name's text, or several joined by " | ".
  const only = process.argv[2]?.split(' | ');
  const names = readdirSync(join(ROOT, 'tests/e2e')).filter((f) => f.endsWith('.e2e.ts')).sort();
  const files: ScenarioFile[] = [];
  for (const f of names) {
    const mod = (await import(pathToFileURL(join(ROOT, 'tests/e2e', f)).href)) as { scenarios: Scenario[]; ownApp?: boolean };
    const scenarios = mod.scenarios.filter((s) => !only || only.some((text) => s.name.includes(text)));
    if (scenarios.length) files.push({ scenarios, ownApp: mod.ownApp === true });
  }
  mkdirSync(SHOTS, { recursive: true });
  // One app for every file, started only when some file shares it; a file whose scenarios write
  // what others count (notifications, announcements) gets a fresh app (and data folder) of its own.
  const shared = files.some((f) => !f.ownApp) ? await startApp() : null;
  const browser = await launchBrowser();
  let passed = 0;
  let failed = 0;
  const outputs: string[] = [];
  try {
    for (const file of files) {
      const app = file.ownApp ? await startApp() : shared!;
      try {
        for (const scenario of file.scenarios) {
          const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'id-ID' });
          const page = await context.newPage();
          page.setDefaultTimeout(15_000);
          const errors: string[] = [];
          page.on('pageerror', (e) => errors.push(e.message));
          const started = Date.now();
          try {
            await scenario.run({
              page,
              app,
              browser,
              // Whole pages for people looking at them; in CI, where nobody does, the visible part (cheaper).
              shot: async (name, on = page) => {
                await on.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: !process.env.CI });
              },
            });
            if (errors.length) throw new Error(`uncaught errors in the page: ${errors.join('; ')}`);
            passed++;
            console.log(`✓ ${scenario.name} (${Date.now() - started} ms)`);
          } catch (e) {
            failed++;
            const name = scenario.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 120);
            await page.screenshot({ path: join(SHOTS, `FAILED-${name}.png`), fullPage: true }).catch(() => undefined);
            console.log(`✗ ${scenario.name}\n  ${(e as Error).stack ?? String(e)}`);
            outputs.push(app.output().slice(-4000));
          } finally {
            await context.close();
          }
        }
      } finally {
        if (file.ownApp) await app.stop();
      }
    }
  } finally {
    await browser.close();
    await shared?.stop();
  }
  if (failed) console.log(`server output:\n${outputs.join('\n---\n')}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
