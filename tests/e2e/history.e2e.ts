// Issue 16 in the browser: a record's History tab with a restore (and the restore in the
// history), the delete confirmation listing what uses a record, and a field hidden from a
// role (the teacher is not shown the employee of teachers, nor sent it by the API). Each in
// Indonesian and English; the teacher's list also at 390 px.

import type { Browser } from 'playwright-core';
import type { Locale } from '../../src/shared/entityModel';
import type { Scenario, ScenarioContext } from './run';
import { expectVisible, logIn } from './steps';

async function pageIn(browser: Browser, locale: Locale, width = 1366) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript((l) => window.localStorage.setItem('locale', l), locale);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { page, close: () => context.close() };
}

const T = {
  id: { history: 'Riwayat', restore: /^Pulihkan/, changed: 'Diubah', save: 'Simpan', edit: 'Ubah', del: 'Hapus', capacity: /^Kuota/, used: /tidak dapat dihapus selama/ },
  en: { history: 'History', restore: /^Restore/, changed: 'Changed', save: 'Save', edit: 'Edit', del: 'Delete', capacity: /^Capacity/, used: /cannot be deleted while/ },
};

/** A demo class no rule protects (class 1 is synced with Google Classroom: not editable). */
const EDITABLE_CLASS = '2';

async function historyWithRestore(browser: Browser, url: string, locale: Locale, shot: ScenarioContext['shot'], capacities: [string, string]) {
  const t = T[locale];
  const { page, close } = await pageIn(browser, locale);
  try {
    await logIn(page, url, 'admin', '/class');
    const id = EDITABLE_CLASS;
    await page.goto(`${url}/class/${id}`);
    const capacity = page.getByLabel(t.capacity);
    await capacity.fill(capacities[0]);
    await page.getByRole('button', { name: t.save }).click();
    await page.waitForURL(/\/show/);
    await page.goto(`${url}/class/${id}`);
    await page.getByLabel(t.capacity).fill(capacities[1]);
    await page.getByRole('button', { name: t.save }).click();
    await page.waitForURL(/\/show/);

    await page.getByRole('tab', { name: t.history }).click();
    const latest = page.getByRole('list', { name: t.history }).getByRole('listitem').first();
    await expectVisible(latest.getByText(t.changed));
    await expectVisible(latest.getByRole('cell', { name: capacities[1], exact: true }));
    await shot(`history-tab-${locale}`, page);
    await latest.getByRole('button', { name: t.restore }).click();
    await shot(`history-restore-confirm-${locale}`, page);
    await page.getByRole('dialog').getByRole('button', { name: t.restore }).click();
    // The restore is itself a change, newest first: capacity back from the second value to the first.
    await page.waitForFunction(
      ([before, after]) => {
        const first = document.querySelector('ol li');
        const cells = first ? [...first.querySelectorAll('td')].map((c) => c.textContent) : [];
        return cells.includes(before) && cells.includes(after) && cells.indexOf(before) < cells.indexOf(after);
      },
      [capacities[1], capacities[0]],
    );
    const stored = await page.evaluate(async (recordId) => {
      const answer = await fetch(`/api/v1/class/${recordId}`, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      return ((await answer.json()) as { data: { capacity: number } }).data.capacity;
    }, id);
    if (String(stored) !== capacities[0]) throw new Error(`the restore left capacity ${stored}, not ${capacities[0]}`);
    await shot(`history-restored-${locale}`, page);
  } finally {
    await close();
  }
}

async function deleteImpact(browser: Browser, url: string, locale: Locale, shot: ScenarioContext['shot']) {
  const t = T[locale];
  const { page, close } = await pageIn(browser, locale);
  try {
    await logIn(page, url, 'admin', '/academicyear');
    const row = page.locator('table tbody tr').first();
    await row.waitFor();
    await row.click();
    await page.waitForURL(/\/show/);
    await page.getByRole('button', { name: t.del }).first().click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByText(t.used));
    // What uses the year (its batches, semesters, classes…), counted, the first records of each
    // as links to them.
    const link = dialog.locator('li a').first();
    await expectVisible(link);
    if (!/^\/[a-z_]+\/\d+\/show$/.test((await link.getAttribute('href')) ?? '')) throw new Error(`the impact does not link to a record: ${await link.getAttribute('href')}`);
    if (!(await dialog.getByRole('button', { name: t.del }).isDisabled())) throw new Error('a record still in use may be deleted');
    await shot(`delete-impact-${locale}`, page);
  } finally {
    await close();
  }
}

async function teacherHiddenField(browser: Browser, url: string, locale: Locale, width: number, shot: ScenarioContext['shot']) {
  const { page, close } = await pageIn(browser, locale, width);
  try {
    const answer = page.waitForResponse((r) => /\/api\/v1\/teacher\?/.test(r.url()) && r.request().method() === 'GET');
    await logIn(page, url, 'teacher', '/teacher');
    const json = (await (await answer).json()) as { data: Array<Record<string, unknown>> };
    if (json.data.length === 0) throw new Error('the teacher list is empty');
    if (json.data.some((row) => 'employee_id' in row)) throw new Error('the teacher was sent employee ids');
    await page.locator('table tbody tr').first().waitFor();
    const headers = await page.getByRole('columnheader').allTextContents();
    if (headers.some((h) => /^(Pegawai|Employee)$/.test(h.trim()))) throw new Error('the teacher list shows the employee column');
    // A plain cell: the row's middle may be a reference cell's link, which leads to that record.
    await page.locator('table tbody tr').first().locator('td:not(:has(a, input))').first().click();
    await page.waitForURL(/\/show/);
    await expectVisible(page.getByRole('tab', { name: T[locale].history }));
    if (await page.getByText(/^(Pegawai|Employee)$/).count()) throw new Error('the teacher record shows the employee');
    await shot(`teacher-hidden-field-${locale}-${width}`, page);
  } finally {
    await close();
  }
}

/** A settings page: saved twice, its history lists the latest change first under the form. */
async function settingsHistory(browser: Browser, url: string, locale: Locale, shot: ScenarioContext['shot'], minutes: [string, string]) {
  const t = T[locale];
  const label = locale === 'id' ? /^Batas waktu diam \(menit\)/ : /^Idle timeout \(minutes\)/;
  const { page, close } = await pageIn(browser, locale);
  try {
    await logIn(page, url, 'admin', '/settingtimeout');
    for (const value of minutes) {
      await page.getByLabel(label).fill(value);
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/setting-timeout') && r.request().method() === 'PUT');
      await page.getByRole('button', { name: t.save }).click();
      if ((await saved).status() !== 200) throw new Error(`saving ${value} minutes answered ${(await saved).status()}`);
    }
    await expectVisible(page.getByRole('heading', { name: t.history }));
    const latest = page.getByRole('list', { name: t.history }).getByRole('listitem').first();
    await expectVisible(latest.getByText(t.changed));
    await expectVisible(latest.getByRole('cell', { name: minutes[0], exact: true }));
    await expectVisible(latest.getByRole('cell', { name: minutes[1], exact: true }));
    await shot(`settings-history-${locale}`, page);
  } finally {
    await close();
  }
}

export const scenarios: Scenario[] = [
  {
    name: 'history: a settings page lists who changed which setting under its form (id, en)',
    run: async ({ browser, app, shot }) => {
      await settingsHistory(browser, app.url, 'id', shot, ['31', '32']);
      await settingsHistory(browser, app.url, 'en', shot, ['33', '30']);
    },
  },
  {
    name: 'history: an admin changes a class, sees it in the History tab and restores the earlier value (id, en)',
    run: async ({ browser, app, shot }) => {
      await historyWithRestore(browser, app.url, 'id', shot, ['31', '33']);
      await historyWithRestore(browser, app.url, 'en', shot, ['35', '37']);
    },
  },
  {
    name: 'delete impact: the confirmation lists the records that use an academic year, linked (id, en)',
    run: async ({ browser, app, shot }) => {
      await deleteImpact(browser, app.url, 'id', shot);
      await deleteImpact(browser, app.url, 'en', shot);
    },
  },
  {
    name: 'hidden field: a teacher is neither shown nor sent the employee of teachers (id, en, 390 px)',
    run: async ({ browser, app, shot }) => {
      await teacherHiddenField(browser, app.url, 'id', 1366, shot);
      await teacherHiddenField(browser, app.url, 'en', 1366, shot);
      await teacherHiddenField(browser, app.url, 'id', 390, shot);
    },
  },
];
