// Issue 16 in the browser: a user's columns and saved view of a list survive a logout and reach
// another browser (they live on the server); a page the roles may not open says so, with its
// title in the top bar; the keyboard shortcuts and their help dialog.

import type { Page } from 'playwright-core';
import { expectVisible, logIn } from './steps';
import type { Scenario } from './run';

const ARCHIVED = /^Diarsipkan/;

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Profil' }).click();
  await page.getByRole('menuitem', { name: 'Keluar' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

async function headers(page: Page): Promise<string[]> {
  return (await page.getByRole('columnheader').allTextContents()).map((t) => t.trim()).filter(Boolean);
}

export const scenarios: Scenario[] = [
  {
    name: 'a saved list view and chosen columns survive a logout and reach another browser',
    run: async ({ page, app, browser, shot }) => {
      await logIn(page, app.url, 'finance', '/class');
      await expectVisible(page.getByRole('columnheader', { name: 'Kuota' }));
      // Columns: Kuota out, the archived flag in.
      await page.getByRole('button', { name: 'Kolom' }).click();
      await shot('list-columns-id');
      await page.getByRole('menuitemcheckbox', { name: 'Kuota' }).click();
      await page.getByRole('menuitemcheckbox', { name: ARCHIVED }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('columnheader', { name: 'Kuota' }).waitFor({ state: 'detached' });
      // A search and a sort, saved as a view.
      await page.getByPlaceholder('Cari').fill('IPA');
      await page.waitForURL(/IPA/);
      await page.getByRole('columnheader', { name: 'Nama' }).click();
      await page.waitForURL(/sort.*name/);
      await page.getByRole('button', { name: 'Tampilan' }).click();
      await page.getByRole('menuitem', { name: /Simpan tampilan ini/ }).click();
      await page.getByLabel('Nama tampilan').fill('Kelas IPA');
      await shot('list-save-view-id');
      await page.getByRole('button', { name: 'Simpan', exact: true }).click();
      await expectVisible(page.getByText('Tampilan "Kelas IPA" disimpan'));

      await logOut(page);
      await logIn(page, app.url, 'finance', '/class');
      // The columns came back from the server.
      await expectVisible(page.getByRole('columnheader', { name: ARCHIVED }));
      const shown = await headers(page);
      if (shown.includes('Kuota')) throw new Error(`columns after logout: ${shown.join(', ')}`);
      await page.goto(`${app.url}/class`);
      await page.getByRole('button', { name: 'Tampilan' }).click();
      await shot('list-views-menu-id');
      await page.getByRole('menuitem', { name: 'Kelas IPA' }).click();
      await page.waitForURL(/IPA/);
      if ((await page.getByPlaceholder('Cari').inputValue()) !== 'IPA') throw new Error('the view did not bring its search back');
      if (!decodeURIComponent(page.url()).includes('"field":"name"') && !decodeURIComponent(page.url()).includes('sort=name')) {
        throw new Error(`the view did not bring its sort back: ${page.url()}`);
      }

      // Another browser: a fresh context, nothing stored in it.
      const other = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
      try {
        const second = await other.newPage();
        await logIn(second, app.url, 'finance', '/class');
        await expectVisible(second.getByRole('columnheader', { name: /^(Diarsipkan|Archived)/ }));
        await second.getByRole('button', { name: /^(Tampilan|Views)$/ }).click();
        await expectVisible(second.getByRole('menuitem', { name: 'Kelas IPA' }));
      } finally {
        await other.close();
      }
    },
  },
  {
    name: 'a teacher is told a page is forbidden, with its title in the top bar, in both languages',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'teacher', '/coa');
      await expectVisible(page.getByTestId('forbidden').getByText('Anda tidak boleh membuka halaman ini'));
      await expectVisible(page.getByTestId('page-title-fallback').getByText(/Bagan akun/));
      await shot('forbidden-coa-id');
      // The class list is the teacher's, its edit form is not: no list in its place.
      await page.goto(`${app.url}/class/2`);
      await expectVisible(page.getByTestId('forbidden'));
      if ((await page.getByRole('columnheader').count()) > 0) throw new Error('the list shows in place of the edit form');
      // In English.
      await page.evaluate(() => localStorage.setItem('locale', 'en'));
      await page.goto(`${app.url}/coa`);
      await expectVisible(page.getByTestId('forbidden').getByText('You may not open this page'));
      await shot('forbidden-coa-en');
      await page.goto(`${app.url}/no-such-page`);
      await expectVisible(page.getByTestId('not-found'));
      await expectVisible(page.getByTestId('page-title-fallback'));
    },
  },
  {
    name: 'Ctrl+K goes to the search, Escape leaves it, ? lists the shortcuts, Ctrl+S saves a form',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'admin', '/class');
      await expectVisible(page.getByRole('columnheader', { name: 'Kode' }));
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('Control+k');
      const search = page.getByPlaceholder('Cari');
      if (!(await search.evaluate((el) => el === document.activeElement))) throw new Error('Ctrl+K did not focus the search');
      // A question mark typed in a field is text.
      await page.keyboard.type('?');
      if ((await search.inputValue()) !== '?') throw new Error('? in the search box was not typed');
      await page.keyboard.press('Escape');
      if (await search.evaluate((el) => el === document.activeElement)) throw new Error('Escape did not leave the field');
      await search.fill('');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('?');
      const dialog = page.getByRole('dialog', { name: 'Pintasan papan ketik' });
      await expectVisible(dialog.getByText('Simpan formulir'));
      await shot('keyboard-help-id');
      await dialog.getByRole('button', { name: 'Tutup' }).click();

      // Ctrl+S on a form saves it, as its Save button would, and the record keeps the value.
      await page.goto(`${app.url}/class/3`);
      const capacity = page.getByLabel(/^Kuota/);
      await expectVisible(capacity);
      await capacity.fill('29');
      const saved = page.waitForResponse((r) => /\/api\/v1\/class\/3\/?(\?.*)?$/.test(r.url()) && r.request().method() === 'PUT');
      await page.keyboard.press('Control+s');
      const answer = await saved;
      if (answer.status() !== 200) throw new Error(`Ctrl+S saved with ${answer.status()}: ${await answer.text()}`);
      const stored = await page.evaluate(async () => {
        const got = await fetch('/api/v1/class/3', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
        return ((await got.json()) as { data: { capacity: number } }).data.capacity;
      });
      if (Number(stored) !== 29) throw new Error(`after Ctrl+S the class holds capacity ${stored}, not 29`);
    },
  },
];
