// `npm run test:e2e`: every scenario of tests/e2e/*.e2e.ts against one running app (a file that
// exports `ownApp = true` gets a fresh app of its own), each in a fresh browser context, in two
// lanes side by side (see main). Prints one line per scenario and `N passed, N failed`.

import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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

/** One file's scenarios on `app`, one fresh browser context each; what failed goes to `outputs`. */
async function runFile(file: ScenarioFile, app: RunningApp, browser: Browser, tally: { passed: number; failed: number; outputs: string[] }): Promise<void> {
  for (const scenario of file.scenarios) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'id-ID' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const started = Date.now();
    // The browser as the scenario sees it: the contexts it makes are noted, for the screenshots of a failure.
    const made: BrowserContext[] = [];
    const noting = new Proxy(browser, {
      get: (target, key) =>
        key === 'newContext'
          ? async (...args: Parameters<Browser['newContext']>) => {
              const made1 = await target.newContext(...args);
              made.push(made1);
              return made1;
            }
          : Reflect.get(target, key, target),
    });
    try {
      await scenario.run({
        page,
        app,
        browser: noting,
        // Whole pages for people looking at them; none in CI, where nobody does: its ~190
        // screenshots were CPU taken from the tests beside them (a failure's are still taken).
        shot: async (name, on = page) => {
          if (!process.env.CI) await on.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
        },
      });
      if (errors.length) throw new Error(`uncaught errors in the page: ${errors.join('; ')}`);
      tally.passed++;
      console.log(`✓ ${scenario.name} (${Date.now() - started} ms)`);
    } catch (e) {
      tally.failed++;
      const name = scenario.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 120);
      // Every page still open (a scenario may work on pages of its own), the scenario's first.
      const open = [page, ...made.flatMap((c) => c.pages())];
      for (const [i, shown] of open.entries()) {
        await shown.screenshot({ path: join(SHOTS, `FAILED-${name}${i ? `-${i}` : ''}.png`), fullPage: true }).catch(() => undefined);
      }
      console.log(`✗ ${scenario.name}\n  ${(e as Error).stack ?? String(e)}`);
      tally.outputs.push(app.output().slice(-4000));
    } finally {
      await context.close();
    }
  }
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
  const browser = await launchBrowser();
  const tally = { passed: 0, failed: 0, outputs: [] as string[] };
  try {
    // Two lanes side by side, as most of a scenario's time is waiting (on the server, the page,
    // a poll), not computing: the files that share one app, one after another on it (they were
    // written for one app and must not meet), and beside them the files that want an app of their
    // own (they write what others count: notifications, announcements), one after another, each
    // on a fresh app and data folder. E2E_LANES=1 runs everything in one lane.
    const sharing = files.filter((f) => !f.ownApp);
    const owning = files.filter((f) => f.ownApp);
    const sharedLane = async () => {
      if (!sharing.length) return;
      const shared = await startApp();
      try {
        for (const file of sharing) await runFile(file, shared, browser, tally);
      } finally {
        await shared.stop();
      }
    };
    const owningLane = async () => {
      for (const file of owning) {
        const app = await startApp();
        try {
          await runFile(file, app, browser, tally);
        } finally {
          await app.stop();
        }
      }
    };
    if (process.env.E2E_LANES === '1') {
      await sharedLane();
      await owningLane();
    } else {
      await Promise.all([sharedLane(), owningLane()]);
    }
  } finally {
    await browser.close();
  }
  if (tally.failed) console.log(`server output:\n${tally.outputs.join('\n---\n')}`);
  console.log(`\n${tally.passed} passed, ${tally.failed} failed`);
  return tally.failed === 0 && tally.passed > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
