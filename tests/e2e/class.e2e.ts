// The browser scenario: an admin creates a class (first with a required field
// left empty, and sees the Indonesian message under it), finds it with the list search,
// edits it and deletes it.

import type { Page } from 'playwright-core';
import { expectVisible, helpTextOf, logIn } from './steps';
import type { Scenario } from './run';

async function pick(page: Page, label: string, typed: string, option: string | RegExp): Promise<void> {
  const input = page.getByRole('combobox', { name: new RegExp(`^${label}`) });
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

export const scenarios: Scenario[] = [
  {
    name: 'admin creates, finds, edits and deletes a class, in Indonesian',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'admin', '/class');
      await expectVisible(page.getByRole('columnheader', { name: 'Kode' }));

      await page.getByRole('link', { name: 'Tambah' }).first().click();
      await page.getByLabel(/^Kode/).fill('2627-X-E2E-1');
      await pick(page, 'Tahun ajaran', '2026', '2026/2027');
      await pick(page, 'Unit', 'SMA', /SMA/);
      await pick(page, 'Tingkat', 'X', /^X$/);
      await page.getByRole('button', { name: 'Simpan' }).click();
      // The name was left empty: the message sits under that field, in Indonesian.
      const nameHelp = await helpTextOf(page, /^Nama/);
      await expectVisible(nameHelp.getByText('Kolom ini wajib diisi'));
      await shot('class-create-required');

      await page.getByLabel(/^Nama/).fill('X E2E Satu');
      await page.getByRole('button', { name: 'Simpan' }).click();
      await expectVisible(page.getByText('X E2E Satu').first());

      await page.goto(`${app.url}/class`);
      await page.getByPlaceholder('Cari').fill('e2e');
      await expectVisible(page.getByRole('cell', { name: 'X E2E Satu' }));
      await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1);
      await shot('class-list-search');

      await page.getByRole('cell', { name: 'X E2E Satu' }).click();
      await page.getByRole('link', { name: 'Ubah' }).click();
      await page.getByLabel(/^Nama/).fill('X E2E Dua');
      await page.getByRole('button', { name: 'Simpan' }).click();
      await expectVisible(page.getByText('X E2E Dua').first());

      await page.getByRole('button', { name: 'Hapus' }).click();
      await page.getByRole('dialog').getByRole('button', { name: /konfirmasi|ya|hapus/i }).click();
      await page.goto(`${app.url}/class`);
      await page.getByPlaceholder('Cari').fill('e2e');
      await expectVisible(page.getByText(/Belum ada data|Tidak ada data/).first());
    },
  },
];
