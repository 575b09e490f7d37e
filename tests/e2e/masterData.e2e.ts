// Issue 16, master data at full power (part imp): an admin imports departments from a CSV file
// (the dry run shows the row with an error and its message, the corrected file commits, the same
// file again changes nothing), exports the filtered list to XLSX (read back here, typed cells),
// and sets a field on the selected rows at once (a refused value changes none of them).

import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { DOWNLOAD_TIMEOUT_MS, expectNoRawKey, expectVisible, logIn } from './steps';
import type { Scenario } from './run';

const csv = (text: string) => ({ name: 'unit.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });

async function chooseFile(page: Page, text: string): Promise<void> {
  await page.getByTestId('import-file').setInputFiles(csv(text));
}

async function inEnglish(page: Page): Promise<void> {
  await page.context().addInitScript(() => window.localStorage.setItem('locale', 'en'));
}

export const scenarios: Scenario[] = [
  {
    name: 'admin imports departments: dry run with an error, commit, re-import changes nothing',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'admin', '/department');
      await page.getByRole('button', { name: 'Impor' }).click();
      const dialog = page.getByRole('dialog');
      await expectVisible(dialog.getByText('Impor Unit'));
      await chooseFile(page, 'Kode;Nama;Urutan;Aktif\nE2E-IMP-1;Unit Impor Satu;11;Ya\nE2E-IMP-2;Unit Impor Dua;dua belas;Tidak\n');
      await expectVisible(dialog.getByText('1 baru · 0 berubah · 0 tidak berubah · 1 salah'));
      await expectVisible(dialog.getByText('Urutan: Harus berupa angka'));
      if (!(await dialog.getByRole('button', { name: /^Impor \d+ baris$/ }).isDisabled())) throw new Error('the import may not be committed while a row has an error');
      await expectNoRawKey(page, 'import dialog');
      await shot('import-dry-run-errors-id');

      await chooseFile(page, 'Kode;Nama;Urutan;Aktif\nE2E-IMP-1;Unit Impor Satu;11;Ya\nE2E-IMP-2;Unit Impor Dua;12;Tidak\n');
      await expectVisible(dialog.getByText('2 baru · 0 berubah · 0 tidak berubah · 0 salah'));
      await shot('import-dry-run-ok-id');
      await dialog.getByRole('button', { name: 'Impor 2 baris' }).click();
      await expectVisible(page.getByText('2 ditambahkan, 0 diubah, 0 tidak berubah'));
      await page.getByPlaceholder('Cari').fill('E2E-IMP');
      await expectVisible(page.getByRole('cell', { name: 'Unit Impor Dua' }));

      await page.getByRole('button', { name: 'Impor' }).click();
      await chooseFile(page, 'Kode;Nama;Urutan;Aktif\nE2E-IMP-1;Unit Impor Satu;11;Ya\nE2E-IMP-2;Unit Impor Dua;12;Tidak\n');
      await expectVisible(dialog.getByText('0 baru · 0 berubah · 2 tidak berubah · 0 salah'));
      await expectVisible(dialog.getByText('Semua baris sudah tersimpan sesuai berkas'));
      if (!(await dialog.getByRole('button', { name: /^Impor 0 baris$/ }).isDisabled())) throw new Error('an import that changes nothing offers no commit');
      await shot('import-reimport-unchanged-id');
    },
  },
  {
    name: 'admin exports the filtered departments to XLSX and reads it back, in English',
    run: async ({ page, app, shot }) => {
      await inEnglish(page);
      await logIn(page, app.url, 'admin', '/department');
      await page.getByPlaceholder('Search').fill('E2E-IMP');
      await expectVisible(page.getByRole('cell', { name: 'Unit Impor Dua' }));
      await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 2);
      await page.getByRole('button', { name: 'Export' }).click();
      await shot('export-menu-en');
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: DOWNLOAD_TIMEOUT_MS }), page.getByRole('menuitem', { name: /Export as Excel/ }).click()]);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      const header = (sheet.getRow(4).values as unknown[]).slice(1);
      if (JSON.stringify(header) !== JSON.stringify(['Code', 'Name', 'NPSN', 'Sort order', 'Active'])) throw new Error(`header ${JSON.stringify(header)}`);
      const rows = [5, 6].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
      // The list's sort (sort order, ascending), its search, typed cells: a number, Yes/No.
      const want = [
        ['E2E-IMP-1', 'Unit Impor Satu', null, 11, 'Yes'],
        ['E2E-IMP-2', 'Unit Impor Dua', null, 12, 'No'],
      ];
      if (JSON.stringify(rows.map((r) => [r[0], r[1], r[2] ?? null, r[3], r[4]])) !== JSON.stringify(want)) throw new Error(`rows ${JSON.stringify(rows)}`);
      if (sheet.getRow(7).values && (sheet.getRow(7).values as unknown[]).length > 0) throw new Error('the export holds a row the search does not find');
    },
  },
  {
    name: 'admin bulk-edits the selected departments, and a refused value changes none',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'admin', '/department');
      await page.getByPlaceholder('Cari').fill('E2E-IMP');
      await expectVisible(page.getByRole('cell', { name: 'Unit Impor Dua' }));
      // The search has narrowed the list (the imported rows show before it too): then select all.
      await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 2);
      await page.getByRole('checkbox', { name: /pilih semua|select all/i }).check();
      await page.getByRole('button', { name: 'Ubah yang dipilih' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Kolom yang diisi').click();
      await page.getByRole('option', { name: 'Urutan' }).click();
      await page.keyboard.press('Escape');
      await dialog.getByLabel('Urutan').fill('-5');
      await dialog.getByRole('button', { name: 'Terapkan ke 2 data' }).click();
      await expectVisible(dialog.getByText(/Tidak ada yang diubah: 2 dari 2 data/));
      await expectVisible(dialog.getByText('Unit Impor Dua · Urutan: Minimal 0'));
      await shot('bulk-edit-refused-id');
      await dialog.getByLabel('Urutan').fill('77');
      await dialog.getByRole('button', { name: 'Terapkan ke 2 data' }).click();
      await expectVisible(page.getByText('Perubahan disimpan pada 2 data'));
      await page.waitForFunction(() => [...document.querySelectorAll('table tbody tr')].filter((r) => r.textContent?.includes('77')).length === 2);
      await shot('bulk-edit-done-id');
    },
  },
];
