// The parent's area on a phone (390 px wide): the area's pages in a drawer from the top bar
// that closes when a page is chosen, the account menu with the profile, and no page wider
// than the screen.

import type { Page } from 'playwright-core';
import type { Scenario } from './run';
import { expectVisible } from './steps';

async function noSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  if (scroll > width) throw new Error(`${where} is ${scroll} px wide on a ${width} px screen`);
}

export const scenarios: Scenario[] = [
  {
    name: 'a parent on a phone: the pages in a drawer that closes on choosing one, the profile in the account menu, nothing wider than the screen',
    run: async ({ page, app, shot }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${app.url}/login-parent`);
      await page.getByLabel(/nama pengguna/i).fill('parent');
      await page.getByLabel(/kata sandi/i).fill('demo');
      await page.getByRole('button', { name: /^masuk$/i }).click();
      await page.waitForURL(/\/parent\/home/);
      await expectVisible(page.getByRole('heading', { name: 'Beranda orang tua' }));
      await noSidewaysScroll(page, '/parent/home');
      // The area's pages are not beside the content on a phone: they are behind the menu button
      // (the home's own shortcut tiles are a navigation of the page, named Pintasan).
      if (await page.getByRole('navigation', { name: 'Menu utama' }).isVisible()) throw new Error('the area menu takes room beside the page on a phone');

      await page.getByRole('button', { name: 'Buka menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Menu utama' });
      await expectVisible(nav);
      await nav.getByRole('link', { name: 'Notifikasi' }).click();
      await page.waitForURL(/\/parent\/notification$/);
      await nav.waitFor({ state: 'hidden' });
      await expectVisible(page.getByRole('heading', { name: /^Notifikasi/ }));
      await noSidewaysScroll(page, '/parent/notification');
      const titleCut = await page.evaluate(() => {
        const title = document.querySelector('header .MuiTypography-h6') as HTMLElement | null;
        return title ? title.scrollWidth > title.clientWidth : true;
      });
      if (titleCut) throw new Error("the area's name is cut short in the top bar");
      await shot('parent-phone-notifications');

      // The language as a short code on a phone; the menu names each language in full.
      await page.getByRole('button', { name: 'Bahasa' }).click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await expectVisible(page.getByRole('heading', { name: /^Notifications/ }));
      await page.getByRole('button', { name: 'Language' }).click();
      await page.getByRole('menuitem', { name: 'Bahasa Indonesia' }).click();
      await expectVisible(page.getByRole('heading', { name: /^Notifikasi/ }));

      await page.getByRole('button', { name: 'Profil' }).click();
      const menu = page.getByRole('menu');
      await expectVisible(menu.getByText('Rahmat Hidayat'));
      await menu.getByRole('menuitem', { name: 'Profil' }).click();
      const dialog = page.getByRole('dialog');
      await expectVisible(dialog.getByText('Siti Rahmawati'));
      await expectVisible(dialog.getByText('Bima Rahmawan'));
      await shot('parent-phone-profile');
    },
  },
];
