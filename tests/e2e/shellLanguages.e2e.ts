// The shell's own pages in both languages: the four login pages, the password page, a home,
// a not-built page, the not-found page, the profile page, the bell and the profile menu, and
// a parent's home, profile and notification list.
// Each must be in the language chosen, with no raw translation key on screen.

import type { Browser } from 'playwright-core';
import type { Locale } from '../../src/shared/entityModel';
import type { Scenario } from './run';
import { expectNoRawKey, expectVisible } from './steps';

async function pageIn(browser: Browser, locale: Locale) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  // The stored language preference, as the language menu leaves it.
  await context.addInitScript((l) => window.localStorage.setItem('locale', l), locale);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { page, close: () => context.close() };
}

const SIGN_IN: Record<Locale, RegExp> = { id: /^masuk$/i, en: /^(sign in|log in)$/i };

async function look(browser: Browser, baseUrl: string, locale: Locale): Promise<void> {
  const { page, close } = await pageIn(browser, locale);
  try {
    for (const path of ['/login', '/login-student', '/login-parent', '/login-booking']) {
      await page.goto(`${baseUrl}${path}`);
      await expectVisible(page.getByRole('button', { name: SIGN_IN[locale] }));
      await expectNoRawKey(page, `${path} (${locale})`);
    }
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel(locale === 'id' ? /nama pengguna/i : /user ?name/i).fill('admin');
    await page.getByLabel(locale === 'id' ? /kata sandi/i : /password/i).first().fill('demo');
    await page.getByRole('button', { name: SIGN_IN[locale] }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    for (const path of ['/home-academic', '/paymentdashboard', '/employee-profile', '/no-such-page', '/change-password']) {
      await page.goto(`${baseUrl}${path}`);
      await expectVisible(page.locator(':is(h1,h2,h3,h4,h5,h6):visible').first());
      await expectNoRawKey(page, `${path} (${locale})`);
    }
    await page.goto(`${baseUrl}/home-academic`);
    await page.getByRole('button', { name: locale === 'id' ? /notifikasi/i : /notification/i }).first().click();
    await expectVisible(page.getByRole('menu'));
    await expectNoRawKey(page, `the bell's list (${locale})`);
    await page.keyboard.press('Escape');
  } finally {
    await close();
  }
  const parent = await pageIn(browser, locale);
  try {
    await parent.page.goto(`${baseUrl}/login-parent`);
    await parent.page.getByLabel(locale === 'id' ? /nama pengguna/i : /user ?name/i).fill('parent');
    await parent.page.getByLabel(locale === 'id' ? /kata sandi/i : /password/i).first().fill('demo');
    await parent.page.getByRole('button', { name: SIGN_IN[locale] }).click();
    await parent.page.waitForURL(/\/parent\/home/);
    await expectVisible(parent.page.locator(':is(h1,h2,h3,h4,h5,h6):visible').first());
    await expectNoRawKey(parent.page, `/parent/home (${locale})`);
    await parent.page.getByRole('button', { name: locale === 'id' ? /^profil$/i : /^profile$/i }).click();
    await expectVisible(parent.page.getByRole('dialog'));
    await expectVisible(parent.page.getByRole('dialog').getByText('Siti Rahmawati'));
    await expectNoRawKey(parent.page, `the parent's profile (${locale})`);
    await parent.page.keyboard.press('Escape');
    await parent.page.goto(`${baseUrl}/parent/notification`);
    await expectVisible(parent.page.locator(':is(h1,h2,h3,h4,h5,h6):visible').first());
    await expectNoRawKey(parent.page, `/parent/notification (${locale})`);
  } finally {
    await parent.close();
  }
}

export const scenarios: Scenario[] = [
  {
    name: 'the shell’s pages show no raw translation key, in Indonesian and in English',
    run: async ({ browser, app }) => {
      await look(browser, app.url, 'id');
      await look(browser, app.url, 'en');
    },
  },
];
