// The HR dashboard (/home-hrd; issue 14, spec 3 §2.2) in the browser, on the demo school, in both
// languages: Budi Santoso (teacher) has sent a sick-leave request; his vice principal (wakasek)
// finds it under Need Approve and opens its detail; Budi sees his EIN, work unit, e-mail and
// remaining leave and opens the Remaining Leave dialog; the admin sees no EIN or remaining leave
// but the expired and expiring contracts and documents, and every employee's remaining leave.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { ROOT } from './harness';
import type { LeaveSummaryAnswer } from '../../src/shared/api/hrLeaveSummary';
import type { Scenario } from './run';
import { DOWNLOAD_TIMEOUT_MS, expectNoRawKey, expectVisible, logIn } from './steps';

// It writes a leave request: an app of its own.
export const ownApp = true;

async function callAs<T>(baseUrl: string, username: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'demo' }) });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const res = await fetch(`${baseUrl}/api/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Budi's sick leave on Mon 7 December 2026, sent to his approvers; its number. */
async function sentSickLeave(baseUrl: string): Promise<string> {
  const made = await callAs<{ data: { id: number; transaction_no: string } }>(baseUrl, 'teacher', 'POST', 'hr/leave-requests', { leave_type_id: 2, start_date: '2026-12-07', end_date: '2026-12-07', description: 'Kontrol ke dokter gigi' });
  await callAs(baseUrl, 'teacher', 'POST', `hr/leave-requests/${String(made.data.id)}/send`);
  return made.data.transaction_no;
}

async function setLocale(page: Page, locale: 'id' | 'en') {
  await page.context().addInitScript((l) => window.localStorage.setItem('locale', l), locale);
}

export const scenarios: Scenario[] = [
  {
    name: 'HR dashboard: the approver finds the request under Need Approve; the employee and the admin see their panels (id)',
    run: async ({ page, app, browser, shot }) => {
      const number = await sentSickLeave(app.url);
      await setLocale(page, 'id');
      await logIn(page, app.url, 'wakasek', '/home-hrd');
      const need = page.getByTestId('list-needApprove');
      await expectVisible(need.getByRole('heading', { name: 'Perlu disetujui' }));
      await need.getByTestId(`dash-leave-${number}`).click();
      const dialog = page.getByRole('dialog');
      await expectVisible(dialog.getByText(number).first());
      await expectVisible(dialog.getByText('Kontrol ke dokter gigi').first());
      await expectNoRawKey(page, '/home-hrd detail (id)');
      await shot('hr-dashboard-approver-detail-id');
      await page.keyboard.press('Escape');

      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      try {
        const budi = await context.newPage();
        budi.setDefaultTimeout(15_000);
        await setLocale(budi, 'id');
        await logIn(budi, app.url, 'teacher', '/home-hrd');
        await expectVisible(budi.getByTestId('panel-name').getByText('Budi Santoso'));
        await expectVisible(budi.getByTestId('panel-ein'));
        await expectVisible(budi.getByTestId('panel-remaining').getByText(/Cuti Sakit: 14 hari/));
        await expectVisible(budi.getByTestId(`history-${number}`).getByText('Menunggu persetujuan'));
        await expectNoRawKey(budi, '/home-hrd teacher (id)');
        await budi.screenshot({ path: join(ROOT, '.data', 'e2e-shots', 'hr-dashboard-teacher-id.png'), fullPage: true });
      } finally {
        await context.close();
      }

      const admin = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      try {
        const hr = await admin.newPage();
        hr.setDefaultTimeout(15_000);
        await setLocale(hr, 'id');
        await logIn(hr, app.url, 'admin', '/home-hrd');
        await expectVisible(hr.getByTestId('list-expired').getByText(/Lina Wijayanti/));
        await expectVisible(hr.getByTestId('list-docExpiring').getByText(/Sertifikat/).first());
        await expectVisible(hr.getByTestId('hr-others'));
        if (await hr.getByTestId('panel-ein').count()) throw new Error('the admin sees an EIN on the personal panel');
        if (await hr.getByTestId('panel-remaining').count()) throw new Error('the admin sees remaining leave on the personal panel');
        await expectNoRawKey(hr, '/home-hrd admin (id)');
        await hr.screenshot({ path: join(ROOT, '.data', 'e2e-shots', 'hr-dashboard-admin-id.png'), fullPage: true });
      } finally {
        await admin.close();
      }
    },
  },
  {
    name: 'HR dashboard: the employee\'s panel and the Remaining Leave dialog, the admin\'s lists (en)',
    run: async ({ page, app, shot }) => {
      await setLocale(page, 'en');
      await logIn(page, app.url, 'teacher', '/home-hrd');
      await expectVisible(page.getByRole('heading', { name: 'Leave history' }));
      await expectVisible(page.getByTestId('panel-remaining').getByText(/Remaining leave 20\d\d/));
      await page.getByRole('button', { name: 'Remaining leave' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remaining leave' });
      await expectVisible(dialog.getByText('Cuti Sakit').first());
      await expectNoRawKey(page, '/home-hrd remaining (en)');
      await shot('hr-dashboard-remaining-en');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await shot('hr-dashboard-teacher-en');
    },
  },
  {
    name: 'HR dashboard: the admin\'s expiry lists and everyone\'s remaining leave (en)',
    run: async ({ page, app, shot }) => {
      await setLocale(page, 'en');
      await logIn(page, app.url, 'admin', '/home-hrd');
      await expectVisible(page.getByRole('heading', { name: 'Expired Employee' }));
      await expectVisible(page.getByTestId('list-expired').getByText(/Lina Wijayanti/));
      await expectVisible(page.getByRole('heading', { name: 'Remaining leave of employees' }));
      await expectNoRawKey(page, '/home-hrd admin (en)');
      await shot('hr-dashboard-admin-en');
    },
  },
  {
    name: 'Leave summary: the admin sees a row of the year and downloads it as Excel (en, id)',
    run: async ({ page, app, shot }) => {
      const year = new Date().getFullYear();
      const answer = await callAs<LeaveSummaryAnswer>(app.url, 'admin', 'GET', `leave-summary?year=${year}&per_page=500`);
      const first = answer.data[0];
      if (!first) throw new Error('the demo school has no leave this year');
      await setLocale(page, 'en');
      await logIn(page, app.url, 'admin', '/leave-summary');
      const row = page.getByTestId('summary-row').first();
      await expectVisible(row.getByText(first.employee_name));
      await expectVisible(row.getByText(first.leave_name));
      await expectVisible(page.getByTestId('summary-total-day').getByText('Total (days)'));
      await expectNoRawKey(page, '/leave-summary (en)');
      await shot('leave-summary-en');
      const folder = mkdtempSync(join(tmpdir(), 'leavesum-'));
      try {
        const [download] = await Promise.all([page.waitForEvent('download', { timeout: DOWNLOAD_TIMEOUT_MS }), page.getByTestId('export-xlsx').click()]);
        if (download.suggestedFilename() !== `leave-summary-${year}.xlsx`) throw new Error(`the file is named ${download.suggestedFilename()}`);
        const file = join(folder, 'summary.xlsx');
        await download.saveAs(file);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.readFile(file);
        const sheet = workbook.worksheets[0]!;
        if (sheet.getCell('A2').value !== `Leave summary ${year}`) throw new Error(`the file is titled ${String(sheet.getCell('A2').value)}`);
        const line = sheet.getRow(5);
        if (line.getCell(1).value !== first.employee_name || line.getCell(5).value !== first.leave_name) throw new Error(`the first row is ${String(line.getCell(1).value)}, ${String(line.getCell(5).value)}`);
        if (line.getCell(7).value !== first.granted || line.getCell(8).value !== first.taken || line.getCell(9).value !== first.lapsed || line.getCell(10).value !== first.left) throw new Error('the first row\'s figures are not numbers equal to the page\'s');
        if (sheet.getRow(5 + answer.total).getCell(1).value !== 'Total (days)') throw new Error('the file does not end with the totals row after every row');
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
      await setLocale(page, 'id');
      await page.reload();
      await expectVisible(page.getByRole('columnheader', { name: 'Sisa' }));
      await expectVisible(page.getByTestId('summary-row').first().getByText(first.employee_name));
      await expectNoRawKey(page, '/leave-summary (id)');
      await shot('leave-summary-id');
    },
  },
];
