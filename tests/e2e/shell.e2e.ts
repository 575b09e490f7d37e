// The shell of issue 4 in the browser: each role sees its menu (spec 1 §2.8, §6), the
// module switcher opens a module's start page and its menu, a notification opens its target
// and the badge drops, and the language and dark mode survive a reload.

import type { Page } from 'playwright-core';
import { expectVisible, logIn, notificationCounts } from './steps';
import type { Scenario } from './run';

const sidebar = (page: Page) => page.getByRole('menu', { name: /^(Menu utama|Main menu)$/ });

async function menuTexts(page: Page): Promise<string[]> {
  return (await sidebar(page).getByRole('menuitem').allTextContents()).map((t) => t.trim());
}

function expectIn(list: string[], present: string[], absent: string[]): void {
  for (const name of present) if (!list.includes(name)) throw new Error(`the menu lacks "${name}": ${list.join(', ')}`);
  for (const name of absent) if (list.includes(name)) throw new Error(`the menu shows "${name}"`);
}

export const scenarios: Scenario[] = [
  {
    name: 'a teacher sees the teacher’s academic menu and the school in the sidebar',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'teacher', '/class');
      await expectVisible(sidebar(page).getByRole('menuitem', { name: 'Jurnal guru', exact: true }));
      await expectVisible(page.getByText('Sekolah Harapan Bangsa').first());
      const items = await menuTexts(page);
      if (items[0] !== 'Beranda comboard') throw new Error(`the menu starts with ${items[0]}`);
      expectIn(items, ['Kelas', 'Jurnal guru', 'Kehadiran harian'], ['Pengguna', 'Modul', 'Bagan akun (COA)']);
      await shot('shell-teacher-menu');
    },
  },
  {
    name: 'finance staff get the limited finance menu',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'finance', '/coa');
      await expectVisible(sidebar(page).getByRole('menuitem', { name: 'Bagan akun (COA)', exact: true }));
      const items = await menuTexts(page);
      if (items[0] !== 'Dasbor keuangan') throw new Error(`the menu starts with ${items[0]}`);
      expectIn(items, ['Tagihan', 'Pembayaran', 'Umur piutang'], ['Pengaturan umum', 'Buat nomor virtual account', 'Kelas']);
      await shot('shell-finance-menu');
    },
  },
  {
    name: 'an admin switches module: the start page opens, the menu follows and stays after a reload',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'admin', '/class');
      await expectVisible(sidebar(page).getByRole('menuitem', { name: 'Pengguna', exact: true }));
      await page.getByRole('combobox', { name: 'Ganti modul' }).click();
      await page.getByRole('option', { name: 'SDM' }).click();
      await page.waitForURL(/\/home-hrd$/);
      await expectVisible(sidebar(page).getByRole('menuitem', { name: 'Jenis cuti', exact: true }));
      expectIn(await menuTexts(page), ['Beranda SDM', 'Pengajuan cuti'], ['Kelas', 'Pengguna']);
      await shot('shell-admin-hr-menu');
      await page.reload();
      await expectVisible(sidebar(page).getByRole('menuitem', { name: 'Jenis cuti', exact: true }));
    },
  },
  {
    name: 'a notification opens its target and the unread count drops',
    run: async ({ page, app, shot }) => {
      const { unread } = await notificationCounts(app.url, 'staff', 'teacher');
      await logIn(page, app.url, 'teacher', '/class');
      const bellWith = (count: number) => page.getByRole('button', { name: new RegExp(`^Notifikasi \\(${count} belum dibaca\\)$`) });
      const bell = bellWith(unread);
      await expectVisible(bell);
      await bell.click();
      await shot('shell-notifications');
      await page.getByRole('menuitem', { name: /Pengajuan izin siswa/ }).click();
      await page.waitForURL(/\/permission\/1$/);
      // The permission request opens in its dialog; close it to reach the bell again.
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await expectVisible(bellWith(unread - 1));
      await page.getByRole('button', { name: /^Notifikasi/ }).click();
      await page.getByRole('menuitem', { name: /Pengajuan cuti/ }).click();
      await page.waitForURL(/\/hrreqleave\?leave=1$/);
      // Its dialog, like the permission's, hides the page from the accessibility tree while open.
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await expectVisible(bellWith(unread - 2));
    },
  },
  {
    name: 'the language and dark mode survive a reload',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'admin', '/class');
      await page.getByRole('button', { name: 'Profil' }).click();
      await page.getByRole('menuitem', { name: 'Mode gelap' }).click();
      const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const dark = await background();
      if (dark !== 'rgb(15, 23, 32)') throw new Error(`the page is not dark: ${dark}`);
      await page.getByRole('button', { name: /bahasa indonesia/i }).first().click();
      await page.getByRole('menuitem', { name: /english/i }).click();
      await expectVisible(sidebar(page).getByRole('menuitem', { name: 'Classes', exact: true }));
      await page.reload();
      await expectVisible(sidebar(page).getByRole('menuitem', { name: 'Classes', exact: true }));
      if ((await background()) !== dark) throw new Error('dark mode was lost on reload');
      await page.getByRole('button', { name: 'Profile' }).click();
      await expectVisible(page.getByRole('menuitem', { name: 'Light mode' }));
      await shot('shell-dark-english');
    },
  },
];
