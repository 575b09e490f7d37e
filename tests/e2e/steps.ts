// Steps several scenarios share.

import type { BrowserContext, Locator, Page } from 'playwright-core';
import { isFilePath } from '../../server/http/serveBuiltApp';

/**
 * How long a test waits for a file the server makes (an Excel or PDF export): a report's PDF
 * took over the 15 s of every other wait when the browser tests shared the machine's two
 * cores with the PostgreSQL suite.
 */
export const DOWNLOAD_TIMEOUT_MS = 60_000;

export async function expectVisible(locator: Locator, timeout = 15_000): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
}

/** Open `path` logged out, log in through the staff login page, and land back on `path`. */
export async function logIn(page: Page, baseUrl: string, username: string, path = '/'): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  if (!path.startsWith('/login')) await page.waitForURL(/\/login/);
  await page.getByLabel(/nama pengguna|user ?name/i).fill(username);
  await page.getByLabel(/kata sandi|password/i).fill('demo');
  await page.getByRole('button', { name: /^(masuk|sign in|log in)$/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The helper text under an input: what its aria-describedby points at. */
export async function helpTextOf(page: Page, label: RegExp): Promise<Locator> {
  const input = page.getByLabel(label);
  await input.waitFor();
  const describedBy = await input.getAttribute('aria-describedby');
  if (!describedBy) throw new Error(`the input ${String(label)} has no helper text`);
  return page.locator(`[id="${describedBy.split(' ')[0]}"]`);
}

/** A react-admin or app message key left untranslated looks like `ra.action.save` or `resources.class.fields.code`. */
export const RAW_KEY = /\b(ra|app|resources)\.[a-z_]+\.[a-z_.-]+/;

/** Fails when the page shows a raw translation key. */
export async function expectNoRawKey(page: Page, where: string): Promise<void> {
  const text = await page.locator('body').innerText();
  const leaked = RAW_KEY.exec(text);
  if (leaked) throw new Error(`${where} shows the raw key ${leaked[0]}`);
}

/**
 * Serve the app's pages to `target` (a page or all pages of a context) with this run-time
 * configuration in index.html's configuration block, as a deployment would set it.
 */
export async function serveWithConfig(target: Pick<BrowserContext, 'route'>, baseUrl: string, config: Record<string, unknown>): Promise<void> {
  await target.route(
    // The app's pages only: not its calls, its code or its files (the icon).
    (url) => url.href.startsWith(baseUrl) && !url.pathname.startsWith('/api/') && !isFilePath(url.pathname),
    async (route) => {
      // A page closed while its request is in flight ends the route's context: nothing to serve.
      const response = await route.fetch().catch(() => undefined);
      if (!response) return;
      const html = (await response.text()).replace(
        /<script type="application\/json" id="sekolah-config">[^<]*<\/script>/,
        `<script type="application/json" id="sekolah-config">${JSON.stringify(config)}</script>`,
      );
      await route.fulfill({ response, body: html }).catch(() => undefined);
    },
  );
}

/** The login call of each kind of user. */
const LOGIN_CALLS = { staff: 'login', parent: 'log-parent', student: 'log-student', booking: 'log-booking' } as const;

/**
 * A login's unread and total notifications, asked of the server as that login: the demo data
 * (the announcement board above all) decides how many there are, so a test reads them rather
 * than counting on a number, and then checks that the bell and the lists show exactly that.
 */
export async function notificationCounts(baseUrl: string, kind: keyof typeof LOGIN_CALLS, username: string): Promise<{ unread: number; total: number }> {
  const login = await fetch(`${baseUrl}/api/v1/auth/${LOGIN_CALLS[kind]}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const list = await fetch(`${baseUrl}/api/v1/notification`, { headers: { authorization: `Bearer ${token}` } });
  const { count, total } = (await list.json()) as { count: number; total: number };
  if (!(count > 0)) throw new Error(`${username} has no unread notification in the demo data`);
  return { unread: count, total };
}
