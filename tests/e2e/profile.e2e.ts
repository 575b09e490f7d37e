// The sidebar follows the page, and the profile, in the browser (spec 1 §1, §2.8, §2.9, §4,
// §7.1): a page of the HR menu opened by its address while the academic menu is on shows the
// HR menu with the page marked, and a reload keeps it; an admin opens their profile from the
// top bar; a parent's profile lists their children.

import type { Page } from 'playwright-core';
import { expectNoRawKey, expectVisible, logIn } from './steps';
import type { Scenario } from './run';

const sidebar = (page: Page) => page.getByRole('menu', { name: /^(Menu utama|Main menu)$/ });

async function expectHrMenuOnLeave(page: Page): Promise<void> {
  const leave = sidebar(page).getByRole('menuitem', { name: 'Jenis cuti', exact: true });
  await expectVisible(leave);
  if ((await leave.getAttribute('aria-current')) !== 'page') throw new Error('the leave type entry is not marked as the current page');
  if (await sidebar(page).getByRole('menuitem', { name: 'Kelas', exact: true }).count()) throw new Error('the academic menu still shows');
  const module = await page.getByRole('combobox', { name: 'Ganti modul' }).textContent();
  if (!module?.includes('Sumber Daya Manusia') && !module?.includes('SDM')) throw new Error(`the switcher shows ${module}`);
  if (new URL(page.url()).pathname !== '/mleave') throw new Error(`the page moved to ${page.url()}`);
}

export const scenarios: Scenario[] = [
  {
    name: 'a deep link into the HR menu while the academic menu is on: the HR menu shows with the page marked; a reload keeps it',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'admin', '/class');
      await expectVisible(sidebar(page).getByRole('menuitem', { name: 'Kelas', exact: true }));
      await page.goto(`${app.url}/mleave`);
      await expectHrMenuOnLeave(page);
      await shot('profile-deep-link-hr-menu');
      await page.reload();
      await expectHrMenuOnLeave(page);
    },
  },
  {
    name: 'an admin opens Profile from the top bar and sees their account',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'admin', '/class');
      await page.getByRole('button', { name: 'Profil' }).click();
      await page.getByRole('menuitem', { name: 'Profil', exact: true }).click();
      await page.waitForURL(/\/employee-profile$/);
      await expectVisible(page.getByRole('heading', { name: 'Profil pegawai' }));
      const account = page.getByRole('region', { name: 'Akun' });
      await expectVisible(account.getByText('Admin Demo', { exact: true }));
      await expectVisible(account.getByText('Administrator', { exact: true }));
      await expectVisible(page.getByText(/Akun ini tidak terhubung dengan data pegawai/));
      await expectNoRawKey(page, '/employee-profile');
      await shot('profile-admin');
    },
  },
  {
    name: 'a parent opens their profile and sees their children',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'parent', '/login-parent');
      await page.waitForURL(/\/parent\/home$/);
      await page.getByRole('button', { name: 'Profil' }).click();
      const dialog = page.getByRole('dialog', { name: 'Profil' });
      await expectVisible(dialog.getByRole('heading', { name: 'Siti Rahmawati' }));
      await expectVisible(dialog.getByRole('heading', { name: 'Bima Rahmawan' }));
      await expectVisible(dialog.getByText('Rahmat Hidayat', { exact: true }));
      await expectNoRawKey(page, 'the parent’s profile');
      await shot('profile-parent');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    },
  },
];
