// The two themes (spec 1 §1, §9: cc and kokoro, chosen by the general setting) in light and
// dark: the app bar carries the theme's colour in both modes (not MUI's dark grey) under white
// text, and the open page in the sidebar is marked in the theme's colour. Screenshots of all four.

import type { Page } from 'playwright-core';
import type { Scenario } from './run';
import { expectVisible, logIn } from './steps';

const COLOURS = {
  cc: { light: 'rgb(21, 101, 192)', dark: 'rgb(13, 59, 115)', activeLight: 'rgb(21, 101, 192)', activeDark: 'rgb(144, 202, 249)' },
  kokoro: { light: 'rgb(123, 31, 90)', dark: 'rgb(90, 23, 66)', activeLight: 'rgb(123, 31, 90)', activeDark: 'rgb(240, 166, 207)' },
} as const;

/** Sets the school's theme through the API, as an admin does on /general. */
async function setTheme(page: Page, theme: 'cc' | 'kokoro'): Promise<void> {
  const status = await page.evaluate(async (value) => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' };
    const stored = await (await fetch('/api/v1/setting-general', { headers })).json();
    const saved = await fetch('/api/v1/setting-general', { method: 'PUT', headers, body: JSON.stringify({ version: stored.data.version, theme: value }) });
    return saved.status;
  }, theme);
  if (status !== 200) throw new Error(`saving the theme answered ${status}`);
}

async function look(page: Page) {
  // No helper functions inside: the page runs this code as it is written.
  return page.evaluate(() => {
    const bar = getComputedStyle(document.querySelector('header.MuiAppBar-root')!);
    const active = document.querySelector('.RaMenuItemLink-active');
    return { bar: bar.backgroundColor, barText: bar.color, active: active ? getComputedStyle(active).color : null };
  });
}

export const scenarios: Scenario[] = [
  {
    name: 'cc and kokoro, light and dark: the app bar and the open page in the theme’s colour',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'admin', '/class');
      await expectVisible(page.getByRole('columnheader', { name: 'Kode' }));
      try {
        for (const theme of ['cc', 'kokoro'] as const) {
          await setTheme(page, theme);
          for (const mode of ['light', 'dark'] as const) {
            await page.evaluate((dark) => localStorage.setItem('darkMode', dark ? 'true' : 'false'), mode === 'dark');
            await page.reload();
            await expectVisible(page.getByRole('columnheader', { name: 'Kode' }));
            await page.waitForFunction(
              (want) => getComputedStyle(document.querySelector('header.MuiAppBar-root')!).backgroundColor === want,
              COLOURS[theme][mode],
              { timeout: 10_000 },
            ).catch(() => undefined);
            // The menu's entries draw a frame or two after the table (src/views/AfterContent.tsx).
            await page.locator('.RaMenuItemLink-active').first().waitFor({ timeout: 10_000 }).catch(() => undefined);
            const seen = await look(page);
            if (seen.bar !== COLOURS[theme][mode]) throw new Error(`${theme} ${mode}: the app bar is ${seen.bar}`);
            if (seen.barText !== 'rgb(255, 255, 255)') throw new Error(`${theme} ${mode}: the app bar's text is ${seen.barText}`);
            const activeWanted = mode === 'light' ? COLOURS[theme].activeLight : COLOURS[theme].activeDark;
            if (seen.active !== activeWanted) throw new Error(`${theme} ${mode}: the open page's entry is ${seen.active}`);
            await shot(`theme-${theme}-${mode}`);
          }
        }
      } finally {
        await setTheme(page, 'cc');
        await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
      }
    },
  },
  {
    name: 'a parent’s area follows the school’s theme and its own light/dark switch, kept across a reload',
    run: async ({ page, app, shot }) => {
      await page.goto(`${app.url}/login-parent`);
      await page.getByLabel(/nama pengguna/i).fill('parent');
      await page.getByLabel(/kata sandi/i).fill('demo');
      await page.getByRole('button', { name: /^masuk$/i }).click();
      await page.waitForURL(/\/parent\/home/);
      // The area's layout is fetched when first drawn: its app bar may not be there yet.
      await expectVisible(page.locator('header.MuiAppBar-root'));
      const bar = () => page.evaluate(() => {
        const header = document.querySelector('header.MuiAppBar-root');
        return header ? getComputedStyle(header).backgroundColor : 'no app bar';
      });
      const waitBar = (want: string) =>
        page
          .waitForFunction(
            (w) => {
              const header = document.querySelector('header.MuiAppBar-root');
              return header !== null && getComputedStyle(header).backgroundColor === w;
            },
            want,
            { timeout: 10_000 },
          )
          .catch(() => undefined);
      await waitBar(COLOURS.cc.light);
      if ((await bar()) !== COLOURS.cc.light) throw new Error(`the parent's app bar starts ${await bar()}`);
      await page.getByRole('button', { name: 'Mode gelap' }).click();
      await waitBar(COLOURS.cc.dark);
      if ((await bar()) !== COLOURS.cc.dark) throw new Error(`after the dark switch the parent's app bar is ${await bar()}`);
      await page.reload();
      await expectVisible(page.getByRole('button', { name: 'Mode terang' }));
      await expectVisible(page.locator('header.MuiAppBar-root'));
      await waitBar(COLOURS.cc.dark);
      if ((await bar()) !== COLOURS.cc.dark) throw new Error(`after a reload the parent's app bar is ${await bar()}`);
      await shot('parent-dark');
    },
  },
];
