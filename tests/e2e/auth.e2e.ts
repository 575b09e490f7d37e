// Login, session and the access guard in the browser (spec 1 §2.1, §3, §4, §8, §9): a wrong
// staff password, a deep link through the login page and back, a session that ends on the
// server mid-way, the idle logout with the timeout shortened by configuration, the password
// page outside the shell, the honest "not built yet" and not-found pages.
//
// The student, parent and booking scenarios need the server's /auth/log-student/,
// /auth/log-parent/ and /auth/log-booking/ and their demo users (student, parent, booking;
// password demo): where the running server has no such endpoint (404) they print SKIPPED
// and pass, so they run for real once the server side is merged.

import type { Page } from 'playwright-core';
import type { Scenario } from './run';
import { expectVisible, logIn, serveWithConfig } from './steps';

async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('token'));
}

async function fillLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel(/nama pengguna|user ?name/i).fill(username);
  await page.getByLabel(/kata sandi|password/i).fill(password);
  await page.getByRole('button', { name: /^(masuk|log in)$/i }).click();
}

/** Whether the running server has this login endpoint yet (the server branch adds three). */
async function serverHas(baseUrl: string, endpoint: string): Promise<boolean> {
  const res = await fetch(`${baseUrl}/api/v1/auth/${endpoint}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'nobody-e2e', password: 'x' }),
  });
  return res.status !== 404;
}

const KINDS = [
  { kind: 'student', endpoint: 'log-student', login: '/login-student', home: '/student/home', deep: '/student/schedule', user: 'student', area: /Siswa/ },
  { kind: 'parent', endpoint: 'log-parent', login: '/login-parent', home: '/parent/home', deep: '/parent/schedule', user: 'parent', area: /Orang tua/ },
  { kind: 'booking', endpoint: 'log-booking', login: '/login-booking', home: '/booking/home', deep: '/booking/report', user: 'booking', area: /Pemesanan/ },
] as const;

export const scenarios: Scenario[] = [
  {
    name: 'a wrong staff password shows the message in Indonesian and stores nothing',
    run: async ({ page, app, shot }) => {
      await page.goto(`${app.url}/login`);
      await fillLogin(page, 'admin', 'salah-sekali');
      await expectVisible(page.getByRole('alert').getByText('Nama pengguna atau kata sandi salah'));
      // The same words for a user that does not exist: nothing tells the two apart.
      await fillLogin(page, 'tidak-ada-e2e', 'salah-sekali');
      await expectVisible(page.getByRole('alert').getByText('Nama pengguna atau kata sandi salah'));
      if ((await storedToken(page)) !== null) throw new Error('a refused login stored a token');
      if (!page.url().endsWith('/login')) throw new Error(`left the login page: ${page.url()}`);
      await shot('auth-wrong-password');
    },
  },
  {
    name: 'a deep link while logged out goes through the login page (?to=) and back',
    run: async ({ page, app }) => {
      await page.goto(`${app.url}/mleave?page=1`);
      await page.waitForURL(/\/login\?to=%2Fmleave%3Fpage%3D1$/);
      await fillLogin(page, 'admin', 'demo');
      await page.waitForURL((url) => url.pathname === '/mleave');
      await expectVisible(page.getByRole('columnheader').first());
    },
  },
  {
    name: 'a session ended on the server mid-way (401) lands on the staff login page',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'admin', '/class');
      await expectVisible(page.getByRole('columnheader', { name: 'Kode' }));
      // The session ends on the server (as when an admin deactivates the user), the tab still has its token.
      const status = await page.evaluate(async () => {
        const res = await fetch('/api/v1/auth/logout', {
          method: 'POST',
          headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' },
          body: '{}',
        });
        return res.status;
      });
      if (status >= 400) throw new Error(`server logout answered ${status}`);
      await page.goto(`${app.url}/subject`);
      await page.waitForURL((url) => url.pathname === '/login');
      await expectVisible(page.getByRole('button', { name: /^masuk$/i }));
      if ((await storedToken(page)) !== null) throw new Error('the dead token was kept');
      await shot('auth-401-to-login');
    },
  },
  {
    name: 'a corrupted token mid-session (401) logs out to the login page',
    run: async ({ page, app }) => {
      await logIn(page, app.url, 'teacher', '/class');
      await expectVisible(page.getByRole('columnheader', { name: 'Kode' }));
      await page.evaluate(() => localStorage.setItem('token', 'rusak'));
      await page.goto(`${app.url}/subject`);
      await page.waitForURL((url) => url.pathname === '/login');
      if ((await storedToken(page)) !== null) throw new Error('the corrupted token was kept');
    },
  },
  {
    name: 'idle for the configured time (idleTimeoutMs of index.html\'s configuration block) logs out',
    run: async ({ page, app, shot }) => {
      // Run-time configuration, as a deployment's index.html sets it: 2.5 s instead of 30 min.
      await serveWithConfig(page, app.url, { idleTimeoutMs: 2500 });
      // The clock starts before the login click, the last activity: the logout may not come sooner
      // than 2.5 s after it. Not waiting for the list to show: on a loaded machine it can take
      // longer than 2.5 s, and the idle logout then rightly comes first.
      const beforeLogin = Date.now();
      await logIn(page, app.url, 'admin', '/class');
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 });
      const idleMs = Date.now() - beforeLogin;
      if (idleMs < 2500) throw new Error(`logged out after ${idleMs} ms, before the 2.5 s idle time`);
      if ((await storedToken(page)) !== null) throw new Error('idle logout kept the token');
      await shot('auth-idle-logout');
    },
  },
  {
    name: 'the change password page renders without the admin shell, and checks the confirmation',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'admin', '/change-password');
      await page.waitForURL((url) => url.pathname === '/change-password');
      await expectVisible(page.getByRole('heading', { name: 'Ubah kata sandi' }));
      if ((await page.locator('.RaLayout-appFrame, .RaSidebar-root').count()) > 0) {
        throw new Error('the password page is inside the admin shell');
      }
      if ((await page.title()) !== 'Ubah kata sandi · Admin Sekolah') throw new Error(`title: ${await page.title()}`);
      await page.getByLabel(/^Kata sandi saat ini/).fill('demo');
      await page.getByLabel(/^Kata sandi baru/).fill('baru-12345');
      await page.getByLabel(/^Ulangi kata sandi baru/).fill('lain-12345');
      await page.getByRole('button', { name: 'Ubah kata sandi' }).click();
      await expectVisible(page.getByText('Ulangan tidak sama dengan kata sandi baru'));
      await shot('auth-change-password');
      await page.getByRole('link', { name: 'Kembali' }).click();
      await page.waitForURL((url) => url.pathname === '/home-academic');
    },
  },
  {
    name: 'a bespoke screen not built yet says so under its title; an unknown path is not found',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'admin', '/studentresignation');
      await expectVisible(page.getByRole('heading', { name: 'Pengunduran diri siswa' }));
      await expectVisible(page.getByText(/belum dibuat/));
      if ((await page.title()) !== 'Pengunduran diri siswa · Admin Sekolah') throw new Error(`title: ${await page.title()}`);
      await shot('auth-not-built');
      await page.goto(`${app.url}/tidak-ada-halaman`);
      await expectVisible(page.getByRole('heading', { name: 'Halaman tidak ditemukan' }));
    },
  },
  // ---- Need the server branch (student, parent and booking logins); SKIPPED until then. ----
  ...KINDS.map(
    ({ kind, endpoint, login, home, deep, user, area }): Scenario => ({
      name: `[server branch] ${kind} login: wrong password message, home in its own layout, logout to ${login}`,
      run: async ({ page, app, shot }) => {
        if (!(await serverHas(app.url, endpoint))) {
          console.log(`  SKIPPED: the server has no /auth/${endpoint}/ yet (the server branch adds it)`);
          return;
        }
        await page.goto(`${app.url}${login}`);
        await fillLogin(page, user, 'salah-sekali');
        await expectVisible(page.getByRole('alert'));
        if ((await storedToken(page)) !== null) throw new Error('a refused login stored a token');
        await fillLogin(page, user, 'demo');
        await page.waitForURL((url) => url.pathname === home);
        await expectVisible(page.getByTestId('area-home'));
        await expectVisible(page.getByText(area).first());
        const loginAs = await page.evaluate(() => localStorage.getItem('loginAs'));
        if (loginAs !== kind) throw new Error(`loginAs is ${loginAs}`);
        await shot(`auth-${kind}-home`);
        // A staff page is not theirs: back to their home.
        await page.goto(`${app.url}/class`);
        await page.waitForURL((url) => url.pathname === home);
        await page.getByRole("button", { name: "Keluar" }).click();
        await page.waitForURL((url) => url.pathname === login);
        // Logged out, a deep link into their area goes to their login page with ?to=.
        await page.goto(`${app.url}${deep}`);
        await page.waitForURL((url) => url.pathname === login && url.searchParams.has('to'));
      },
    }),
  ),
];
