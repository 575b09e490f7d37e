// Leave through its approvers in the browser (issue 14), three logins on the demo school:
// Budi Santoso (teacher) saves a draft of two days of annual leave, changes it to three and
// sends it; his vice principal
// (wakasek) approves first; the principal (kepsek) rejects with a reason, after the
// confirmation refused to go on without one; Budi sees the rejection and why, and his
// remaining leave is what it was. Then the three pages and the remaining-leave dialog in English.

import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ROOT } from './harness';
import type { Scenario } from './run';
import { expectNoRawKey, expectVisible, logIn } from './steps';

// It writes requests and notifications: an app of its own.
export const ownApp = true;

const REASON = 'Akhir semester, guru dibutuhkan untuk ujian';

async function asUser(browser: Browser, locale: 'id' | 'en' = 'id'): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addInitScript((l) => window.localStorage.setItem('locale', l), locale);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { page, close: () => context.close() };
}

async function apiAs<T>(baseUrl: string, username: string, path: string): Promise<T> {
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'demo' }) });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const res = await fetch(`${baseUrl}/api/v1/${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The annual leave left, as the /leave page's card shows it. */
async function annualLeft(page: Page): Promise<string> {
  const card = page.getByTestId('remaining-card-1');
  await expectVisible(card);
  return (await card.locator('p').first().innerText()).trim();
}

export const scenarios: Scenario[] = [
  {
    name: 'leave: the employee sends, the first approver approves, the second rejects with a reason; the employee sees it and keeps the balance',
    run: async ({ page, app, browser, shot }) => {
      // --- Budi asks for Mon 14 – Wed 16 December 2026 and sends it.
      await logIn(page, app.url, 'teacher', '/leave');
      const before = await annualLeft(page);
      await page.goto(`${app.url}/reqleave`);
      await page.getByRole('combobox', { name: /Jenis cuti/ }).click();
      await page.getByRole('option', { name: 'Cuti Tahunan' }).click();
      // First two days (Mon–Tue), saved as a draft; then the draft is changed to three.
      await page.getByTestId('leave-start_date').fill('2026-12-14');
      await page.getByTestId('leave-end_date').fill('2026-12-15');
      await page.getByTestId('leave-description').fill('Menghadiri pernikahan saudara di Yogyakarta');
      await page.getByRole('button', { name: 'Simpan sebagai draf' }).click();
      type Mine = { data: Array<{ id: number; transaction_no: string; quantity: number; state: string; end_date: string }> };
      const saved = (await apiAs<Mine>(app.url, 'teacher', 'hr/leave-requests?scope=mine')).data[0];
      if (saved.quantity !== 2 || saved.state !== 'draft') throw new Error(`the draft is ${JSON.stringify(saved)}`);
      const row = page.getByTestId(`leave-row-${saved.transaction_no}`);
      await expectVisible(row.getByText('Draf'));
      // --- The draft goes back into the form, is changed, and saved as the same request.
      await row.getByRole('button', { name: 'Ubah' }).click();
      await expectVisible(page.getByText(`Ubah draf ${saved.transaction_no}`));
      if ((await page.getByTestId('leave-end_date').inputValue()) !== '2026-12-15') throw new Error('the form did not take the draft');
      await page.getByTestId('leave-end_date').fill('2026-12-16');
      await page.getByRole('button', { name: 'Simpan perubahan' }).click();
      await expectVisible(page.getByText('Draf diubah'));
      const mine = (await apiAs<Mine>(app.url, 'teacher', 'hr/leave-requests?scope=mine')).data;
      const request = mine[0];
      if (mine.filter((r) => r.transaction_no === saved.transaction_no).length !== 1 || request.id !== saved.id) throw new Error('the change made another request');
      if (request.quantity !== 3 || request.state !== 'draft' || request.end_date !== '2026-12-16') throw new Error(`the changed draft is ${JSON.stringify(request)}`);
      await expectVisible(row.getByText('3 hari'));
      await shot('hr-leave-draft-id');
      await row.getByRole('button', { name: 'Kirim ke pemberi persetujuan' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Kirim ke pemberi persetujuan' }).click();
      await expectVisible(row.getByText('Menunggu persetujuan'));

      // --- The vice principal approves from the list.
      const first = await asUser(browser);
      try {
        await logIn(first.page, app.url, 'wakasek', '/hrreqleave');
        const theirs = first.page.getByTestId(`leave-row-${request.transaction_no}`);
        await expectVisible(theirs.getByText('Giliran Anda'));
        await theirs.getByRole('button', { name: 'Detail' }).click();
        const detail = first.page.getByRole('dialog', { name: /Pengajuan cuti/ });
        await expectVisible(detail.getByTestId('approver-row-1'));
        await shot('hr-leave-approval-detail-id', first.page);
        await detail.getByTestId('approver-row-1').getByRole('button', { name: 'Setujui' }).click();
        const confirm = first.page.getByRole('dialog', { name: 'Informasi' });
        await expectVisible(confirm.getByText('Apakah Anda yakin?'));
        if (await confirm.getByLabel(/Alasan/).count()) throw new Error('approving asked for a reason');
        await confirm.getByRole('button', { name: 'Ya' }).click();
        await expectVisible(detail.getByTestId('approver-row-1').getByText('Disetujui'));
        await expectNoRawKey(first.page, '/hrreqleave detail (id)');
      } finally {
        await first.close();
      }

      // --- The principal opens it from where the notification leads, and rejects.
      const second = await asUser(browser);
      try {
        await logIn(second.page, app.url, 'kepsek', `/hrreqleave?leave=${request.id}`);
        const detail = second.page.getByRole('dialog', { name: /Pengajuan cuti/ });
        const theirRow = detail.getByTestId('approver-row-2');
        await expectVisible(theirRow);
        await theirRow.getByRole('button', { name: 'Tolak' }).click();
        const confirm = second.page.getByRole('dialog', { name: 'Informasi' });
        await confirm.getByRole('button', { name: 'Ya' }).click();
        await expectVisible(confirm.getByText('Kolom ini wajib diisi'));
        await confirm.getByLabel(/Alasan/).fill(REASON);
        await confirm.getByRole('button', { name: 'Ya' }).click();
        await expectVisible(detail.getByTestId('leave-state').getByText('Ditolak'));
        await expectVisible(theirRow.getByText(REASON));
        const colour = await theirRow.evaluate((el) => getComputedStyle(el).backgroundColor);
        if (colour !== 'rgb(255, 235, 238)') throw new Error(`the rejected row is ${colour}, not red`);
        await second.page.screenshot({ path: join(ROOT, '.data', 'e2e-shots', 'hr-leave-rejected-id.png'), fullPage: true });
      } finally {
        await second.close();
      }

      // --- Budi sees the rejection and its reason; his annual leave is what it was.
      await page.goto(`${app.url}/leave`);
      const after = await annualLeft(page);
      if (after !== before) throw new Error(`annual leave left went from ${before} to ${after}`);
      const own = page.getByTestId(`leave-row-${request.transaction_no}`);
      await expectVisible(own.getByText('Ditolak'));
      await own.getByRole('button', { name: 'Detail' }).click();
      await expectVisible(page.getByRole('dialog').getByText(REASON).first());
      await shot('hr-leave-employee-rejected-id');
    },
  },
  {
    name: 'leave: the pages and remaining leave in English',
    run: async ({ page, app, shot }) => {
      await page.context().addInitScript(() => window.localStorage.setItem('locale', 'en'));
      await logIn(page, app.url, 'teacher', '/reqleave');
      await expectVisible(page.getByRole('button', { name: 'Save as draft' }));
      await page.getByRole('combobox', { name: /Leave type/ }).click();
      await page.getByRole('option', { name: 'Izin' }).click();
      await expectVisible(page.getByLabel(/Start time/));
      await expectNoRawKey(page, '/reqleave (en)');
      await shot('hr-leave-request-en');
      await page.getByRole('button', { name: 'Remaining leave' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remaining leave' });
      await expectVisible(dialog.getByText('Cuti Tahunan'));
      await dialog.getByRole('button', { name: 'Every period' }).click();
      await expectVisible(dialog.getByRole('heading', { name: 'Period 2025' }));
      await expectNoRawKey(page, 'remaining leave (en)');
      await shot('hr-leave-remaining-en');
      await dialog.getByRole('button', { name: 'Close' }).click();
      for (const [path, name] of [
        ['/leave', 'hr-leave-list-en'],
        ['/hrreqleave', 'hr-leave-approvals-en'],
      ] as const) {
        await page.goto(`${app.url}${path}`);
        await expectVisible(page.getByTestId('leave-table'));
        await expectNoRawKey(page, `${path} (en)`);
        await shot(name);
      }
    },
  },
  {
    name: 'permission: a parent asks for Siti, her homeroom teacher approves, the parent sees it',
    run: async ({ page, app, browser, shot }) => {
      await logIn(page, app.url, 'parent', '/parent/permission');
      await page.getByRole('combobox', { name: /Anak/ }).click();
      await page.getByRole('option', { name: 'Siti Rahmawati' }).click();
      await page.getByRole('combobox', { name: /Jenis/ }).click();
      await page.getByRole('option', { name: 'Sakit', exact: true }).click();
      await page.getByLabel(/Dari tanggal/).fill('2026-11-26');
      await page.getByLabel(/Sampai tanggal/).fill('2026-11-27');
      await page.getByRole('textbox', { name: /Alasan/ }).fill('Demam sejak semalam');
      await page.getByRole('button', { name: 'Kirim ke wali kelas' }).click();
      const row = page.getByTestId('permission-table').getByRole('row').filter({ hasText: 'Menunggu persetujuan' }).first();
      await expectVisible(row);
      const number = (await row.locator('td').first().innerText()).trim();
      await shot('permission-parent-sent-id');

      const teacher = await asUser(browser);
      try {
        await logIn(teacher.page, app.url, 'teacher', '/permissions');
        const theirs = teacher.page.getByTestId(`permission-row-${number}`);
        await expectVisible(theirs.getByText('Giliran Anda'));
        await theirs.getByRole('button', { name: 'Detail' }).click();
        const detail = teacher.page.getByRole('dialog', { name: /Pengajuan izin/ });
        await detail.getByTestId('permission-approver-1').getByRole('button', { name: 'Setujui' }).click();
        await teacher.page.getByRole('dialog', { name: 'Informasi' }).getByRole('button', { name: 'Ya' }).click();
        await expectVisible(detail.getByTestId('permission-state').getByText('Disetujui'));
        await expectNoRawKey(teacher.page, '/permissions (id)');
        await teacher.page.screenshot({ path: join(ROOT, '.data', 'e2e-shots', 'permission-teacher-approved-id.png'), fullPage: true });
      } finally {
        await teacher.close();
      }

      await page.reload();
      await expectVisible(page.getByTestId(`permission-row-${number}`).getByText('Disetujui'));
    },
  },
];
