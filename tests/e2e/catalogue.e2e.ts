// The catalogue's newer kinds of pages through the real server: a settings page saved in
// place, a write-only password kept when left empty, a holiday list's holidays added from
// its page, and a tree shown as paths.

import type { Page } from 'playwright-core';
import { expectVisible, helpTextOf, logIn } from './steps';
import type { Scenario } from './run';

/** The body of the next PUT to `path` the page sends. */
function nextPut(page: Page, path: string): Promise<Record<string, unknown>> {
  return page
    .waitForRequest((request) => request.method() === 'PUT' && new URL(request.url()).pathname === path)
    .then((request) => request.postDataJSON() as Record<string, unknown>);
}

export const scenarios: Scenario[] = [
  {
    name: 'admin edits the invoice settings in place, twice, in Indonesian',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'admin', '/settingschool');
      const name = page.getByLabel(/^Nama sekolah/);
      await expectVisible(name);
      if ((await page.locator('table').count()) > 0) throw new Error('a settings page shows no list');
      // Saved twice: the second save starts from the version the first one made (no 409).
      for (const suffix of [' (E2E)', ' (E2E 2)']) {
        const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/v1/setting-school');
        await name.fill(`Yayasan Pendidikan Harapan Bangsa${suffix}`);
        await page.getByRole('button', { name: 'Simpan' }).click();
        const status = (await saved).status();
        if (status !== 200) throw new Error(`the save answered ${status}`);
        await expectVisible(page.getByText('Data berhasil diperbarui').first());
      }
      if (!page.url().endsWith('/settingschool')) throw new Error(`left the page: ${page.url()}`);
      await shot('settingschool-saved');
    },
  },
  {
    name: 'a write-only password is blank on edit and kept when left empty',
    run: async ({ page, app }) => {
      await logIn(page, app.url, 'admin', '/settingemail');
      const password = page.getByLabel('Kata sandi SMTP', { exact: true });
      await expectVisible(password);
      if ((await password.inputValue()) !== '') throw new Error('the stored password is shown');
      await expectVisible((await helpTextOf(page, /^Kata sandi SMTP$/)).getByText('Kosongkan untuk tetap memakai nilai yang tersimpan'));
      const put = nextPut(page, '/api/v1/setting-email');
      await page.getByLabel(/^Nama pengirim/).fill('Keuangan Harapan Bangsa (E2E)');
      await page.getByRole('button', { name: 'Simpan' }).click();
      const body = await put;
      if ('smtp_password' in body) throw new Error(`an empty password was sent: ${JSON.stringify(body)}`);
      await expectVisible(page.getByText('Data berhasil diperbarui').first());
    },
  },
  {
    name: 'admin adds a holiday from its holiday list, which shows it on coming back',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'admin', '/holidays/1/show');
      const section = page.getByRole('region', { name: 'Hari libur' });
      await expectVisible(section.getByRole('table'));
      await section.getByRole('link', { name: 'Tambah' }).click();
      const parent = page.getByLabel(/^Daftar hari libur/);
      await expectVisible(parent);
      if (!(await parent.isDisabled())) throw new Error('the holiday list is not locked');
      await shot('holiday-detail-create');
      await page.getByLabel(/^Deskripsi/).fill('Libur E2E');
      await page.getByLabel(/^Tanggal mulai/).fill('2025-10-01');
      await page.getByLabel(/^Tanggal selesai/).fill('2025-10-01');
      await page.getByLabel(/^Tahun/).fill('2025');
      await page.getByRole('button', { name: 'Simpan' }).click();
      await page.waitForURL(/\/holidays\/1\/show$/);
      await expectVisible(section.getByRole('cell', { name: 'Libur E2E' }));
      const row = section.getByRole('row').filter({ hasText: 'Libur E2E' });
      await row.getByRole('button', { name: 'Hapus' }).click();
      await page.getByRole('dialog').getByRole('button', { name: /konfirmasi/i }).click();
      await section.getByRole('cell', { name: 'Libur E2E' }).waitFor({ state: 'detached' });
    },
  },
  {
    name: 'positions read as paths from the top of the organisation',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'admin', '/position');
      await expectVisible(page.getByRole('cell', { name: /› Guru$/ }));
      await shot('position-tree');
    },
  },
];
