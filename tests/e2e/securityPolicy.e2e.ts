// The app works under the server's Content-Security-Policy (no inline script, no eval, no
// framing): the main screens open without one violation, seen as `securitypolicyviolation`
// events in the page or "Refused to …" messages on the console.

import type { Page } from 'playwright-core';
import type { Scenario } from './run';
import { expectVisible, logIn } from './steps';

/** Starts collecting the page's policy violations; the list grows as the page runs. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (entry) => {
    if (/Refused to|Content Security Policy/i.test(entry.text())) violations.push(`console: ${entry.text()}`);
  });
  await page.exposeBinding('reportPolicyViolation', (_source, text: string) => {
    violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (text: string) => void }).reportPolicyViolation;
      void report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${location.pathname}`);
    });
  });
  return violations;
}

function expectNone(violations: string[], where: string): void {
  if (violations.length) throw new Error(`policy violations on ${where}:\n${violations.join('\n')}`);
}

const RICH_BODY =
  '<p style="text-align: center"><strong>Rapat orang tua</strong> hari <em>Sabtu</em>, ' +
  '<span style="color: #c62828">pukul 08.00</span></p><ul><li>Pembagian rapor</li><li>Rencana studi wisata</li></ul>' +
  '<p>Info lengkap: <a href="https://sekolah.example/info" target="_blank">sekolah.example</a></p>';

export const scenarios: Scenario[] = [
  {
    name: 'the login pages, admin home, a list, a create form with rich text and a show page run under the policy',
    run: async ({ page, app, shot }) => {
      const violations = await watchViolations(page);
      for (const login of ['/login', '/login-student', '/login-parent', '/login-booking']) {
        await page.goto(`${app.url}${login}`);
        await expectVisible(page.getByLabel(/nama pengguna/i));
        expectNone(violations, login);
      }
      await logIn(page, app.url, 'admin', '/');
      await expectVisible(page.getByRole('menu', { name: 'Menu utama' }));
      expectNone(violations, 'the admin home');

      await page.goto(`${app.url}/class`);
      await expectVisible(page.getByRole('columnheader', { name: 'Kode' }));
      expectNone(violations, 'the class list');

      await page.goto(`${app.url}/template-announcement/create`);
      const editor = page.locator('[contenteditable="true"]').first();
      await expectVisible(editor);
      await editor.click();
      await page.keyboard.type('Pengumuman ');
      await page.keyboard.press('Control+b');
      await page.keyboard.type('penting');
      await expectVisible(editor.locator('strong', { hasText: 'penting' }));
      expectNone(violations, 'the create form with the rich text editor');

      // A template with formatted rich text, saved through the API as the app would.
      const id = await page.evaluate(async (body) => {
        const answer = await fetch('/api/v1/announcement-template', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('token')}` },
          body: JSON.stringify({ name: 'Rapat orang tua', event: 'school_event', subject: 'Undangan rapat', body }),
        });
        return ((await answer.json()) as { data: { id: number } }).data.id;
      }, RICH_BODY);
      await page.goto(`${app.url}/template-announcement/${id}/show`);
      await expectVisible(page.getByText('Pembagian rapor'));
      await expectVisible(page.locator('strong', { hasText: 'Rapat orang tua' }));
      expectNone(violations, 'the show page with rich text');
      await shot('csp-rich-text-show');
    },
  },
  {
    name: 'the parent area runs under the policy',
    run: async ({ page, app, shot }) => {
      const violations = await watchViolations(page);
      await page.goto(`${app.url}/login-parent`);
      await page.getByLabel(/nama pengguna/i).fill('parent');
      await page.getByLabel(/kata sandi/i).fill('demo');
      await page.getByRole('button', { name: /^masuk$/i }).click();
      await page.waitForURL(/\/parent\/home/);
      await expectVisible(page.getByRole('heading', { name: 'Beranda orang tua' }));
      await page.goto(`${app.url}/parent/notification`);
      await expectVisible(page.getByRole('heading', { name: /^Notifikasi/ }));
      expectNone(violations, 'the parent area');
      await shot('csp-parent-area');
    },
  },
];
