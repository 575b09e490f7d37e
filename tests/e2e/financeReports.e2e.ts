// The receivables reports in the browser against the demo year of money (issue 13): a finance
// officer opens AR aging, moves the cut-off to a past day, sees the figures the server computes
// for that day (not today's), downloads the Excel file and it is read back (the rows' sums and
// the totals row, money as numbers in a Rupiah format); then the dashboards and the other
// reports in English and in dark mode. Nothing is written: the shared app is enough.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import type { Scenario } from './run';
import { DOWNLOAD_TIMEOUT_MS, expectNoRawKey, expectVisible, logIn } from './steps';

/** Before October's payments: the demo year has VA payments July to October (README, Finance demo data). */
const PAST = '2026-09-30';

/** "Rp 1.250.000" as formatRupiah writes it. */
const rupiah = (n: number): string => `Rp ${n.toLocaleString('id-ID')}`;

async function api<T>(baseUrl: string, path: string): Promise<T> {
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'finance', password: 'demo' }) });
  const { access_token } = (await login.json()) as { access_token: string };
  const res = await fetch(`${baseUrl}/api/v1/${path}`, { headers: { authorization: `Bearer ${access_token}` } });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

type Totals = { totals: Record<string, number>; total: number };

async function totalsCell(page: Page, key: string): Promise<string> {
  return (await page.getByTestId('report-totals').locator(`[data-column="${key}"]`).innerText()).replace(/\s+/g, ' ').trim();
}

async function waitForTotal(page: Page, key: string, want: string): Promise<void> {
  await page.waitForFunction(
    ([column, text]) => (document.querySelector(`[data-testid="report-totals"] [data-column="${column}"]`)?.textContent ?? '').replace(/\s+/g, ' ').trim() === text,
    [key, want] as const,
    { timeout: 15_000 },
  );
}

async function setDark(page: Page, dark: boolean): Promise<void> {
  await page.evaluate((on) => localStorage.setItem('darkMode', on ? 'true' : 'false'), dark);
}

export const scenarios: Scenario[] = [
  {
    name: 'finance reports 1: AR aging at a past cut-off shows that day’s figures, and its Excel file reads back the same',
    run: async ({ page, app, shot }) => {
      const today = await api<Totals>(app.url, 'finance/reports/araging');
      const past = await api<Totals>(app.url, `finance/reports/araging?cutoff=${PAST}`);
      if (past.totals.outstanding === today.totals.outstanding) throw new Error('the demo year owes the same at the end of September as today: the cut-off shows nothing');

      await logIn(page, app.url, 'finance', '/araging');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Umur piutang' }));
      await waitForTotal(page, 'outstanding', rupiah(today.totals.outstanding));
      await page.getByLabel('Tanggal batas').fill(PAST);
      await expectVisible(page.getByTestId('report-scope').getByText('Per akhir 30 September 2026'));
      await waitForTotal(page, 'outstanding', rupiah(past.totals.outstanding));
      for (const key of ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'over_90']) {
        const shown = await totalsCell(page, key);
        if (shown !== rupiah(past.totals[key]!)) throw new Error(`the ${key} total shows ${shown}, the server says ${rupiah(past.totals[key]!)}`);
      }
      await expectVisible(page.getByRole('columnheader', { name: '61–90 hari' }));
      await expectNoRawKey(page, '/araging (id)');
      await shot('finance-reports-aging-past-id');

      // The Excel button: every row of the report (not the 25 on screen), the totals, money as numbers.
      const folder = mkdtempSync(join(tmpdir(), 'freports-'));
      try {
        const [download] = await Promise.all([page.waitForEvent('download', { timeout: DOWNLOAD_TIMEOUT_MS }), page.getByTestId('export-xlsx').click()]);
        if (download.suggestedFilename() !== `araging-${PAST}.xlsx`) throw new Error(`the file is named ${download.suggestedFilename()}`);
        const file = join(folder, 'aging.xlsx');
        await download.saveAs(file);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.readFile(file);
        const sheet = workbook.worksheets[0]!;
        // The school's name as its settings hold it now (another scenario may have renamed it).
        if (!String(sheet.getCell('A1').value).startsWith('Yayasan Pendidikan Harapan Bangsa')) throw new Error(`the file is headed ${String(sheet.getCell('A1').value)}`);
        const header = (sheet.getRow(4).values as unknown[]).slice(1);
        const col = header.indexOf('Sisa tagihan') + 1;
        if (col === 0) throw new Error(`the header is ${header.join(', ')}`);
        let sum = 0;
        for (let r = 5; r < 5 + past.total; r++) {
          const cell = sheet.getRow(r).getCell(col);
          if (typeof cell.value !== 'number' || !cell.numFmt.includes('Rp')) throw new Error(`row ${r}: ${String(cell.value)} (${cell.numFmt}) is no Rupiah number`);
          sum += cell.value;
        }
        if (past.total <= 25) throw new Error('the report fits one page: the file would not show it holds every row');
        if (sum !== past.totals.outstanding) throw new Error(`the file's rows sum to ${sum}, the report to ${past.totals.outstanding}`);
        const totals = sheet.getRow(5 + past.total);
        if (totals.getCell(1).value !== 'Total' || totals.getCell(col).value !== past.totals.outstanding) throw new Error('the totals row is not the report’s');
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }

      // The PDF button downloads a PDF of the same report.
      const [pdf] = await Promise.all([page.waitForEvent('download', { timeout: DOWNLOAD_TIMEOUT_MS }), page.getByTestId('export-pdf').click()]);
      if (pdf.suggestedFilename() !== `araging-${PAST}.pdf`) throw new Error(`the PDF is named ${pdf.suggestedFilename()}`);

      // On a 1366-pixel laptop the buckets scroll sideways; the student's number and name stay put.
      const size = page.viewportSize();
      await page.setViewportSize({ width: 1366, height: 800 });
      try {
        const grid = page.getByTestId('report-grid');
        const firstName = grid.locator('tbody tr').first().locator('td').nth(1);
        const before = await firstName.boundingBox();
        const scrolled = await grid.evaluate((table) => {
          const box = table.parentElement!;
          box.scrollLeft = box.scrollWidth;
          return box.scrollLeft;
        });
        if (scrolled < 100) throw new Error(`the grid scrolls only ${scrolled}px at 1366 pixels: nothing to check`);
        const after = await firstName.boundingBox();
        if (!before || !after || Math.abs(before.x - after.x) > 1) throw new Error(`the name column moved from x=${before?.x} to x=${after?.x} while the grid scrolled`);
        // The last column comes into view beside the pinned two.
        const last = await grid.getByRole('columnheader', { name: 'Sisa tagihan' }).boundingBox();
        const box = await grid.evaluate((table) => table.parentElement!.getBoundingClientRect().right);
        if (!last || last.x + last.width > box + 1) throw new Error('the outstanding column is not in view at the end of the scroll');
        await shot('finance-reports-aging-laptop-scrolled-id');
      } finally {
        if (size) await page.setViewportSize(size);
      }

      await setDark(page, true);
      try {
        await page.reload();
        await waitForTotal(page, 'outstanding', rupiah(today.totals.outstanding));
        await shot('finance-reports-aging-dark-id');
      } finally {
        await setDark(page, false);
      }
    },
  },
  {
    name: 'finance reports 2: the dashboards and the other reports in English, and the AR dashboard in dark mode',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'adminfinance', '/ardashboard');
      await page.evaluate(() => localStorage.setItem('locale', 'en'));
      await page.reload();
      await expectVisible(page.getByRole('heading', { level: 1, name: 'AR dashboard' }));
      await expectVisible(page.getByTestId('report-chart'));
      const dashboard = await api<Totals>(app.url, 'finance/reports/ardashboard');
      await waitForTotal(page, 'outstanding', rupiah(dashboard.totals.outstanding));
      await expectVisible(page.getByTestId('report-headlines').getByText('Overdue'));
      await expectNoRawKey(page, '/ardashboard (en)');
      await shot('finance-reports-ardashboard-en');
      await setDark(page, true);
      try {
        await page.reload();
        await expectVisible(page.getByTestId('report-chart'));
        await shot('finance-reports-ardashboard-dark-en');
      } finally {
        await setDark(page, false);
      }
      for (const [path, heading] of [
        // The demo's payments are of July to October 2026; the page's own default (this year
        // to date) holds none in a January.
        ['/paymentdashboard?date_from=2026-07-01&date_to=2026-10-31', 'Payment dashboard'],
        ['/aroutstanding', 'AR outstanding'],
        ['/arsummary', 'AR summary'],
        ['/paymentsummaryclass', 'Payment summary by class'],
        ['/financial-report', 'Financial report'],
      ] as const) {
        await page.goto(`${app.url}${path}`);
        await expectVisible(page.getByRole('heading', { level: 1, name: heading }));
        await expectVisible(page.getByTestId('report-totals'));
        await expectNoRawKey(page, `${path} (en)`);
        await shot(`finance-reports-${path.slice(1).split('?')[0]}-en`);
      }
      // The trial balance balances on screen too.
      if ((await totalsCell(page, 'debit')) !== (await totalsCell(page, 'credit'))) throw new Error('the financial report’s debits and credits differ');
    },
  },
];
