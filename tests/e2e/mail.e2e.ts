// E-mail in the browser against the real server (issue 13 "E-mail"): the finance admin points
// /settingemail at a real SMTP server started here (smtp-server on a free port), sends the demo
// student Siti's parents a reminder from /sendemail, sees it arrive at that server with the
// parents in To and the filled invoices, then finds it in /sent; /outbox shows the demo's failed
// message with its error; /sendemail and /sent again in English.
//
// An app of its own: the scenarios change the SMTP setting and send mail.

import type { Page } from 'playwright-core';
import type { Scenario } from './run';
import { expectNoRawKey, expectVisible, logIn } from './steps';
import { startSmtpTestServer, type SmtpTestServer } from '../server/smtpTestServer';

export const ownApp = true;

/** The demo's reminder date (SPP of November is due on the 10th) and the demo student with both parents' emails. */
const DATE = '2026-11-10';
const STUDENT = 'Siti Rahmawati';
const FATHER = 'ahmad.rahmawan@example.com';
const MOTHER = 'dewi.rahmawati@example.com';
/** The demo reminder template's subject for her; the day's overdue notices (the reminder job) may reach her parents too. */
const SUBJECT = `Pengingat Jatuh Tempo Tagihan ${STUDENT}`;

let smtp: SmtpTestServer | null = null;

async function pick(page: Page, label: string | RegExp, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Saves /settingemail as a finance admin would: the test's SMTP server, no encryption. */
async function pointAtTestServer(page: Page, baseUrl: string, server: SmtpTestServer): Promise<void> {
  await logIn(page, baseUrl, 'adminfinance', '/settingemail');
  await expectVisible(page.getByLabel(/^Server SMTP/));
  await page.getByLabel(/^Server SMTP/).fill('127.0.0.1');
  await page.getByLabel(/^Port/).fill(String(server.port));
  await pick(page, /^Keamanan \(TLS\)/, 'Tanpa enkripsi');
  const saved = page.waitForResponse((r) => r.url().includes('/api/v1/setting-email') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Simpan' }).click();
  const response = await saved;
  if (response.status() !== 200) throw new Error(`saving /settingemail answered ${response.status()}: ${await response.text()}`);
}

export const scenarios: Scenario[] = [
  {
    name: 'e-mail 1: a reminder sent from /sendemail arrives at the SMTP server and is in /sent',
    run: async ({ page, app, shot }) => {
      smtp = await startSmtpTestServer();
      await pointAtTestServer(page, app.url, smtp);

      await page.goto(`${app.url}/sendemail`);
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Kirim email' }));
      await page.getByLabel(/^Tagihan jatuh tempo sampai/).fill(DATE);
      await pick(page, 'Kelas', 'X IPA 1');
      await page.getByRole('button', { name: 'Tampilkan penerima' }).click();
      const rows = page.getByTestId('recipient-row');
      await expectVisible(rows.first());
      // The class as the server lists it: some cannot be sent to, and say why.
      await expectVisible(page.getByText(/dapat dikirimi email/));
      await shot('mail-sendemail-class-id');
      const why = page.getByRole('cell', { name: 'Email ayah atau ibu belum diisi' });
      if ((await why.count()) === 0) throw new Error('no student of X IPA 1 is listed without a parent’s email');
      const withoutEmail = rows.filter({ has: why.first() });
      if (!(await withoutEmail.first().getByRole('checkbox').isDisabled())) throw new Error('a student without a parent’s email can be selected');

      // Only Siti: narrowed by the search.
      await page.getByLabel('Cari nama atau nomor').fill(STUDENT);
      await page.getByRole('button', { name: 'Tampilkan penerima' }).click();
      await expectVisible(page.getByText(FATHER));
      if ((await rows.count()) !== 1) throw new Error(`the search for ${STUDENT} lists ${await rows.count()} rows`);
      if (!(await rows.first().getByRole('checkbox').isChecked())) throw new Error(`${STUDENT} is not selected`);
      await expectVisible(rows.first().getByText(/Rp\s?\d/).first());
      await expectNoRawKey(page, '/sendemail (id)');
      await page.getByRole('button', { name: 'Kirim email' }).first().click();
      const confirm = page.getByRole('dialog', { name: 'Kirim email?' });
      await confirm.getByRole('button', { name: 'Kirim email' }).click();
      await expectVisible(page.getByTestId('send-result').getByText('Di kotak keluar: 1 email.'));
      await shot('mail-sendemail-sent-id');

      // It arrives: the outbox was nudged, the delivery worker sent it over SMTP.
      const deadline = Date.now() + 20_000;
      const reminders = () => smtp!.received.filter((m) => m.to.includes(FATHER) && m.subject === SUBJECT);
      while (reminders().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      const mine = reminders();
      if (mine.length !== 1) throw new Error(`the SMTP server received ${mine.length} reminders for ${FATHER}`);
      const mail = mine[0]!;
      if (!mail.to.includes(MOTHER)) throw new Error(`the mother is not a recipient: ${mail.to.join(', ')}`);
      if (!/Rp 1\.250\.000/.test(mail.decoded)) throw new Error('the message does not list the SPP of Rp 1.250.000');
      if (!mail.decoded.includes('10 November 2026')) throw new Error('the message does not give the due date');

      await page.goto(`${app.url}/sent`);
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Terkirim' }));
      await page.getByLabel('Cari nama, alamat, atau subjek').fill(FATHER);
      const row = page.getByTestId('mail-row').filter({ hasText: SUBJECT });
      await expectVisible(row);
      await row.getByRole('button', { name: 'Lihat' }).click();
      const dialog = page.getByRole('dialog');
      await expectVisible(dialog.getByText(mail.messageId.replace(/[<>]/g, ''), { exact: false }));
      await shot('mail-sent-message-id');
      await dialog.getByRole('button', { name: 'Tutup' }).click();
      await shot('mail-sent-id');
    },
  },
  {
    name: 'e-mail 2: /outbox shows the failed demo message with its error; Retry sends it',
    run: async ({ page, app, shot }) => {
      if (!smtp) throw new Error('scenario 1 did not start the SMTP server');
      await logIn(page, app.url, 'adminfinance', '/outbox');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Kotak keluar' }));
      await pick(page, 'Status', 'Gagal');
      const failed = page.getByTestId('mail-row').filter({ hasText: 'does not exist' });
      await expectVisible(failed.first());
      await expectNoRawKey(page, '/outbox (id)');
      await shot('mail-outbox-id');
      const before = smtp.received.length;
      await failed.first().getByRole('button', { name: 'Coba lagi' }).click();
      await expectVisible(page.getByText('Pesan akan dikirim lagi'));
      const deadline = Date.now() + 20_000;
      while (smtp.received.length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      if (smtp.received.length === before) throw new Error('the retried message did not arrive');
    },
  },
  {
    name: 'e-mail 3: /sendemail and /sent in English',
    run: async ({ page, app, shot }) => {
      await page.context().addInitScript(() => window.localStorage.setItem('locale', 'en'));
      try {
        await logIn(page, app.url, 'finance', '/sendemail');
        await expectVisible(page.getByRole('heading', { level: 1, name: 'Send email' }));
        await page.getByLabel(/^Invoices due by/).fill(DATE);
        await page.getByRole('button', { name: 'Candidates' }).click();
        await page.getByRole('button', { name: 'Show recipients' }).click();
        await expectVisible(page.getByText(/can be sent an email/));
        await expectNoRawKey(page, '/sendemail (en)');
        await shot('mail-sendemail-en');
        // Siti again: her parents were sent this date's reminder in scenario 1.
        await page.getByRole('button', { name: 'Students' }).click();
        await page.getByLabel(/^Invoices due by/).fill(DATE);
        await page.getByLabel('Search name or number').fill(STUDENT);
        await page.getByRole('button', { name: 'Show recipients' }).click();
        await expectVisible(page.getByText('Already sent for this date'));
        await page.goto(`${app.url}/sent`);
        await expectVisible(page.getByRole('heading', { level: 1, name: 'Sent' }));
        // The day's overdue notices went out too (the reminder job): the search finds Siti's.
        await page.getByLabel('Search name, address or subject').fill(FATHER);
        await expectVisible(page.getByTestId('mail-row').filter({ hasText: SUBJECT }));
        // The search runs a moment after typing: the list narrows to Siti's father's messages.
        let other = -1;
        for (const until = Date.now() + 10_000; Date.now() < until; await page.waitForTimeout(250)) {
          other = await page.getByTestId('mail-row').filter({ hasNotText: FATHER }).count();
          if (other === 0) break;
        }
        if (other > 0) throw new Error(`the search for ${FATHER} lists ${other} messages to others`);
        await expectVisible(page.getByRole('button', { name: 'Resend' }).first());
        await expectNoRawKey(page, '/sent (en)');
        await shot('mail-sent-en');
      } finally {
        await smtp?.stop();
        smtp = null;
      }
    },
  },
];
