// Subject and interest selection in the browser (issue 15): the demo student (Siti, X IPA 1)
// takes the last seat of a subject in Indonesian on a desktop; the next student (Dewi, made by
// the admin for the test) sees it grey and full on a 390 px phone, and sees it open again by
// itself when the seat is given back (the page reads the seats every few seconds); an admin, in
// English, chooses a subject and a club on Siti's behalf, on a desktop and on a phone.
// Its own app: the scenarios take seats.

import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ROOT } from './harness';
import type { Scenario } from './run';
import { expectNoRawKey, expectVisible, logIn } from './steps';

export const ownApp = true;

const OFFERING = 'Kimia Lanjut';
const DEWI_PASSWORD = 'rahasia-dewi-1';
const made: { offering?: number; dewi?: number } = {};

async function tokenOf(baseUrl: string, path: string, username: string, password = 'demo'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const token = ((await res.json()) as { access_token?: string }).access_token;
  if (!token) throw new Error(`${username} could not log in`);
  return token;
}

async function adminCall<T>(baseUrl: string, method: string, path: string, body?: object): Promise<T> {
  const res = await fetch(`${baseUrl}/api/v1/${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenOf(baseUrl, 'auth/login', 'admin')}` },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A one-seat elective for X IPA, and a second student of X IPA 1 who can log in. */
async function setUp(baseUrl: string): Promise<void> {
  if (made.offering) return;
  const offering = await adminCall<{ data: { id: number } }>(baseUrl, 'POST', 'selection-offering', {
    kind: 'subject', academic_year_id: 2, department_id: 4, name: OFFERING, major_id: 1, subject_id: 8, capacity: 1, is_active: true,
  });
  made.offering = offering.data.id;
  await adminCall(baseUrl, 'POST', 'selection-offering-time', { selection_offering_id: made.offering, day: 'thursday', start_time: '10:30', end_time: '12:00' });
  const dewi = await adminCall<{ data: { id: number } }>(baseUrl, 'POST', 'students', {
    nis: '2025990', name: 'Dewi Lestari', department_id: 4, class_id: 1, username: 'dewi', password: DEWI_PASSWORD, is_active: true,
  });
  made.dewi = dewi.data.id;
}

async function studentLogin(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login-student`);
  await page.getByLabel(/nama pengguna|user ?name/i).fill(username);
  await page.getByLabel(/kata sandi|password/i).fill(password);
  await page.getByRole('button', { name: /^(masuk|sign in|log in)$/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

const card = (page: Page, name: string): Locator => page.getByTestId('selection-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function expectAttribute(locator: Locator, name: string, value: string, timeout = 15_000): Promise<void> {
  const until = Date.now() + timeout;
  for (;;) {
    const now = await locator.getAttribute(name);
    if (now === value) return;
    if (Date.now() > until) throw new Error(`${name} is ${now}, not ${value}`);
    await locator.page().waitForTimeout(200);
  }
}

async function noSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  if (scroll > width + 1) throw new Error(`${where} scrolls sideways: ${scroll} > ${width}`);
}

export const scenarios: Scenario[] = [
  {
    name: 'selection: a student takes the last seat, the next student sees it grey and full, then free again when it is given back',
    run: async ({ page, app, browser, shot }) => {
      await setUp(app.url);
      await studentLogin(page, app.url, 'student', 'demo');
      await page.goto(`${app.url}/student/subject-selection`);
      await expectVisible(page.getByRole('heading', { name: 'Pemilihan mata pelajaran', level: 1 }));
      await expectVisible(page.getByRole('heading', { name: 'Ilmu Pengetahuan Alam', level: 2 }));
      await expectVisible(page.getByTestId('selection-countdown'));
      const mine = card(page, OFFERING);
      await expectVisible(mine.getByText('0 dari 1 kuota terisi'));
      await expectVisible(mine.getByText('Kamis 10:30–12:00'));
      // The seeded full one is grey for everybody.
      await expectAttribute(card(page, 'Bahasa Jepang'), 'data-full', 'true');
      await mine.getByRole('button', { name: 'Pilih' }).click();
      await expectVisible(mine.getByText('1 dari 1 kuota terisi'));
      await expectAttribute(mine, 'data-chosen', 'true');
      await expectVisible(page.getByText(`${OFFERING} dipilih`));
      await expectNoRawKey(page, 'the student subject selection (id)');
      await shot('selection-student-chosen-id');

      // Dewi, on a phone, opens the page after Siti took the seat: grey, full, not choosable.
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'id-ID' });
      try {
        const other = await phone.newPage();
        await studentLogin(other, app.url, 'dewi', DEWI_PASSWORD);
        await other.goto(`${app.url}/student/subject-selection`);
        const hers = card(other, OFFERING);
        await expectVisible(hers.getByText('1 dari 1 kuota terisi'));
        await expectAttribute(hers, 'data-full', 'true');
        await expectAttribute(hers, 'data-chosen', 'false');
        const full = hers.getByRole('button', { name: 'Penuh' });
        if (!(await full.isDisabled())) throw new Error('a full card can still be chosen');
        const background = await hers.evaluate((el) => getComputedStyle(el).backgroundColor);
        if (background !== 'rgb(238, 238, 238)') throw new Error(`a full card is ${background}, not grey`);
        await hers.scrollIntoViewIfNeeded();
        await noSidewaysScroll(other, 'subject selection on a phone');
        await other.screenshot({ path: join(ROOT, '.data', 'e2e-shots', 'selection-next-student-full-phone-id.png'), fullPage: true });

        // Siti gives the seat back (the admin on her behalf); Dewi's open page sees it free again.
        await adminCall(app.url, 'POST', 'rombel-save', { type: 'subject', student_id: 1, offering_id: made.offering, check: false });
        await expectAttribute(hers, 'data-full', 'false', 12_000);
        await hers.getByRole('button', { name: 'Pilih' }).click();
        await expectAttribute(hers, 'data-chosen', 'true');
        await expectVisible(hers.getByText('1 dari 1 kuota terisi'));
      } finally {
        await phone.close();
      }
    },
  },
  {
    name: 'selection: an admin chooses a subject and a club on a student’s behalf, in English, on a desktop and a phone',
    run: async ({ page, app, shot }) => {
      await setUp(app.url);
      await page.context().addInitScript(() => window.localStorage.setItem('locale', 'en'));
      await logIn(page, app.url, 'admin', '/subject-selection');
      await expectVisible(page.getByRole('heading', { name: 'Subject selection', level: 1 }));
      await expectVisible(page.getByText('Choose a student to see and change their selection.'));
      await page.getByLabel('Choose a student').fill('Siti');
      await page.getByRole('option', { name: /Siti Rahmawati/ }).click();
      await expectVisible(page.getByText(/Choosing for Siti Rahmawati \(NIS 2025001\)/));
      const biology = card(page, 'Biologi');
      const before = await biology.getByTestId('selection-seats').innerText();
      const taken = Number(/^(\d+)/.exec(before)?.[1]);
      await biology.getByRole('button', { name: 'Choose' }).click();
      await expectVisible(biology.getByText(`${taken + 1} of 40 seats taken`));
      await expectAttribute(biology, 'data-chosen', 'true');
      // One cross-major subject reads as one ("at least 1 from other majors", not "1 cross-major subjects").
      await expectVisible(page.getByText(/Choose subjects: at least 3 of the major \(chosen: 1\) and at least 1 from other majors \(chosen: 0\)/));
      // Not final yet: the major's minimums do not hold.
      await page.getByRole('button', { name: 'Make the choice final' }).click();
      await expectVisible(page.getByText(/Choose subjects first: at least 3 of the major \(now 1\) and at least 1 from other majors \(now 0\)/));
      await expectNoRawKey(page, 'the admin subject selection (en)');
      await shot('selection-admin-subject-en');

      await page.goto(`${app.url}/interest-selection?student_id=1`);
      await expectVisible(page.getByRole('heading', { name: 'Interest selection', level: 1 }));
      await expectVisible(page.getByRole('heading', { name: 'SMA Harapan Bangsa', level: 2 }));
      await expectAttribute(card(page, 'Futsal'), 'data-full', 'true');
      const basket = card(page, 'Bola Basket');
      await basket.getByRole('button', { name: 'Choose' }).click();
      await expectAttribute(basket, 'data-chosen', 'true');
      await expectVisible(basket.getByText('Tuesday 15:15–17:00'));
      await shot('selection-admin-interest-en');

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${app.url}/subject-selection?student_id=1`);
      await expectAttribute(card(page, 'Biologi'), 'data-chosen', 'true');
      await noSidewaysScroll(page, 'the admin subject selection on a phone');
      await shot('selection-admin-subject-phone-en');
    },
  },
];
