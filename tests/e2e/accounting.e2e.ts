// The accounting sync in the browser against the real server (issue 13 "Accounting sync"): the
// finance admin fills /settingodoo with a test Odoo server started here (speaking Odoo's
// JSON-RPC, tests/server/odooTestServer.ts) that lacks the SPP income account, saves, tests the
// connection, and syncs now (the demo's ~10,000 journals go on in the background, Sync now
// answering after its time budget); /journal then filters by the three sync states, the synced
// ones with their sync date, the SPP journals Not Validated with the reason. Again in English,
// in dark mode.
//
// An app of its own: the scenarios change the accounting setting and every journal's sync state.

import type { Page } from 'playwright-core';
import type { Scenario } from './run';
import { expectNoRawKey, expectVisible, logIn } from './steps';
import { startOdooTestServer, type OdooTestServer } from '../server/odooTestServer';

export const ownApp = true;

/** The demo chart of accounts without 4-1100 (Pendapatan SPP): the SPP invoices' journals are refused. */
const CODES = ['1-1100', '1-1200', '1-1300', '2-1100', '2-1200', '2-1300', '4-1200', '4-1300', '4-1400', '4-1500', '4-9100', '1-1210', '1-1220'];

let odoo: OdooTestServer | null = null;

async function pickSync(page: Page, label: string | RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The journal rows' sync chips, waiting for the list to show `state` only (choosing the filter again while the sync goes on). */
async function expectOnly(page: Page, state: string, filter?: { label: RegExp; option: string }): Promise<number> {
  const rows = page.getByTestId('journal-row');
  if (filter) {
    await pickSync(page, filter.label, filter.option);
    // Waits for the chip up to 10 s at a time (it shows as soon as the list is loaded, when the
    // sync is done), not 10 s before looking: that cost every call 10 s, more on a loaded machine.
    const shown = () =>
      rows
        .first()
        .getByTestId(`sync-${state}`)
        .waitFor({ state: 'visible', timeout: 10_000 })
        .then(() => true, () => false);
    for (const until = Date.now() + 90_000; Date.now() < until && !(await shown()); ) {
      // The sync goes on in the background: the list again, fresh.
      await pickSync(page, filter.label, 'Semua');
      await pickSync(page, filter.label, filter.option);
    }
  }
  await expectVisible(rows.first().getByTestId(`sync-${state}`));
  for (const until = Date.now() + 10_000; Date.now() < until; await page.waitForTimeout(250)) {
    const others = await rows.filter({ hasNot: page.getByTestId(`sync-${state}`) }).count();
    if (others === 0) return rows.count();
  }
  throw new Error(`the ${state} filter lists journals in another state`);
}

export const scenarios: Scenario[] = [
  {
    name: 'accounting 1: /settingodoo saved, connection tested and synced; /journal by sync state',
    run: async ({ page, app, shot }) => {
      odoo = await startOdooTestServer({ accountCodes: CODES });
      await logIn(page, app.url, 'adminfinance', '/settingodoo');
      await expectVisible(page.getByLabel(/^Nama basis data/));
      await page.getByLabel(/^URL/).fill(odoo.url);
      await page.getByLabel(/^Nama basis data/).fill(odoo.database);
      await page.getByLabel(/^Pengguna/).fill(odoo.login);
      await page.getByLabel(/^Kata sandi/).fill(odoo.password);
      await page.getByLabel(/^Nama perusahaan/).fill(odoo.company);
      await pickSync(page, /^Jadwal sinkronisasi/, 'Setiap jam');
      await page.getByLabel(/^Sinkronisasi aktif/).check();
      const saved = page.waitForResponse((r) => r.url().includes('/api/v1/setting-accounting') && r.request().method() === 'PUT');
      await page.getByRole('button', { name: 'Simpan' }).click();
      const response = await saved;
      if (response.status() !== 200) throw new Error(`saving /settingodoo answered ${response.status()}: ${await response.text()}`);
      if ((await response.text()).includes(odoo.password)) throw new Error('the saved password was sent back');
      await expectVisible(page.getByTestId('accounting-count-not_sync'));

      await page.getByTestId('accounting-test').click();
      await expectVisible(page.getByTestId('accounting-answer').getByText(`Terhubung ke ${odoo.company} (Odoo 17.0, id pengguna 7)`));
      await expectNoRawKey(page, '/settingodoo (id)');
      await shot('accounting-settings-tested-id');

      await page.getByTestId('accounting-sync-now').click();
      await expectVisible(page.getByTestId('accounting-answer').getByText(/^Tersinkron \d+, belum divalidasi \d+, menunggu dicoba lagi 0/), 90_000);
      if (odoo.moves.length === 0) throw new Error('nothing arrived at the test Odoo server');
      if (odoo.moves.some((m) => m.state !== 'posted')) throw new Error('a move made in Odoo was not posted');
      await expectVisible(page.getByTestId('accounting-count-synced').getByText(/: [1-9]/));
      await shot('accounting-settings-synced-id');

      await page.goto(`${app.url}/journal`);
      await expectVisible(page.getByTestId('journal-row').first());
      await expectOnly(page, 'synced', { label: /^Sinkron/, option: 'Sudah sinkron' });
      await expectVisible(page.getByTestId('journal-sync-date').filter({ hasText: /\d{4} \d{2}\.\d{2}/ }).first());
      await shot('accounting-journals-synced-id');
      await expectOnly(page, 'not_validated', { label: /^Sinkron/, option: 'Belum divalidasi' });
      await expectVisible(page.getByTestId('journal-sync-error').getByText(`Sistem akuntansi tidak memiliki akun dengan kode 4-1100 di ${odoo.company}`).first());
      await expectNoRawKey(page, '/journal (id)');
      await shot('accounting-journals-not-validated-id');
    },
  },
  {
    name: 'accounting 2: /settingodoo and the journal sync filter in English, dark mode',
    run: async ({ page, app, shot }) => {
      await page.context().addInitScript(() => {
        window.localStorage.setItem('locale', 'en');
        window.localStorage.setItem('darkMode', 'true');
      });
      try {
        await logIn(page, app.url, 'adminfinance', '/settingodoo');
        await expectVisible(page.getByLabel(/^Database name/));
        await page.getByTestId('accounting-test').click();
        await expectVisible(page.getByTestId('accounting-answer').getByText(`Connected to ${odoo!.company} (Odoo 17.0, user id 7)`));
        await expectNoRawKey(page, '/settingodoo (en)');
        await shot('accounting-settings-en-dark');
        odoo!.down = true;
        await page.getByTestId('accounting-test').click();
        await expectVisible(page.getByTestId('accounting-answer').getByText(`The accounting system at ${odoo!.url} answered HTTP 502`));
        odoo!.down = false;

        await page.goto(`${app.url}/journal`);
        await expectVisible(page.getByTestId('journal-row').first());
        await pickSync(page, /^Sync/, 'Not Validated');
        await expectOnly(page, 'not_validated');
        await expectVisible(page.getByTestId('journal-sync-error').getByText(`The accounting system has no account with code 4-1100 in ${odoo!.company}`).first());
        await pickSync(page, /^Sync/, 'Synced');
        await expectOnly(page, 'synced');
        await expectNoRawKey(page, '/journal (en)');
        await shot('accounting-journals-en-dark');
      } finally {
        await odoo?.stop();
        odoo = null;
      }
    },
  },
];
