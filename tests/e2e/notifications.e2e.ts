// Notifications in the browser (spec 1 §2.4, §2.5, §2.9, §4, §9): a staff notification opens
// its page in the chosen language and is marked read; someone else's is not shown; parents,
// students and booking users have the bell in their own layouts, parents and students a list
// page; and the idle logout across two tabs of one browser.

import type { Page } from 'playwright-core';
import type { Scenario } from './run';
import { expectNoRawKey, expectVisible, logIn, notificationCounts, serveWithConfig } from './steps';

const bell = (page: Page, unread?: number) =>
  page.getByRole('button', { name: unread === undefined ? /^(Notifikasi|Notifications) \(/ : new RegExp(`^(Notifikasi \\(${unread} belum dibaca\\)|Notifications \\(${unread} unread\\))$`) });

async function areaLogin(page: Page, baseUrl: string, path: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel(/nama pengguna/i).fill(username);
  await page.getByLabel(/kata sandi/i).fill('demo');
  await page.getByRole('button', { name: /^masuk$/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** A notification id of the demo parent's, read through the API as the parent. */
async function parentNotificationId(baseUrl: string): Promise<number> {
  const login = await fetch(`${baseUrl}/api/v1/auth/log-parent/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'parent', password: 'demo' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const list = await fetch(`${baseUrl}/api/v1/notification`, { headers: { authorization: `Bearer ${token}` } });
  const { data } = (await list.json()) as { data: Array<{ id: number }> };
  if (!data.length) throw new Error('the demo parent has no notification');
  return data[0].id;
}

export const scenarios: Scenario[] = [
  {
    name: 'a staff notification opens its page in Indonesian and English and is marked read; another’s is not shown',
    run: async ({ page, app, shot }) => {
      const { unread } = await notificationCounts(app.url, 'staff', 'admin');
      await logIn(page, app.url, 'admin', '/home-academic');
      await expectVisible(bell(page, unread));
      await bell(page, unread).click();
      await page.getByRole('menuitem', { name: /Tagihan baru INV\/2025\/0001 telah dibuat/ }).click();
      await page.waitForURL(/\/notification\/\d+$/);
      await expectVisible(page.getByRole('heading', { name: 'Notifikasi', level: 1 }));
      await expectVisible(page.getByTestId('notification-text').getByText('Tagihan baru INV/2025/0001 telah dibuat'));
      await expectVisible(page.getByText(/^\d{1,2} (Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember) \d{4} pukul \d\d\.\d\d$/));
      await expectVisible(bell(page, unread - 1));
      await expectVisible(page.getByTestId('notification-page').getByText('Sudah dibaca', { exact: true }));
      if ((await page.title()) !== 'Notifikasi · Admin Sekolah') throw new Error(`title: ${await page.title()}`);
      await shot('notification-staff-id');
      await page.evaluate(() => localStorage.setItem('locale', 'en'));
      await page.reload();
      await expectVisible(page.getByTestId('notification-text').getByText('New invoice INV/2025/0001 has been issued'));
      await expectVisible(page.getByText(/^\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4} at \d\d:\d\d$/));
      await expectVisible(page.getByText('Invoice', { exact: true }).first());
      await expectNoRawKey(page, 'the notification page (en)');
      await shot('notification-staff-en');
      // The parent's notification is not the admin's to read.
      const othersId = await parentNotificationId(app.url);
      await page.goto(`${app.url}/notification/${othersId}`);
      await expectVisible(page.getByText('This notification is not addressed to you.'));
      if ((await page.getByTestId('notification-text').count()) > 0) throw new Error('another’s notification is shown');
      await page.goto(`${app.url}/notification/99999999`);
      await expectVisible(page.getByText('There is no such notification.'));
      await page.evaluate(() => localStorage.setItem('locale', 'id'));
    },
  },
  {
    name: 'a parent: the bell in the parent area, a notification inside the area, the list with its unread marks',
    run: async ({ page, app, shot }) => {
      const { unread, total } = await notificationCounts(app.url, 'parent', 'parent');
      await areaLogin(page, app.url, '/login-parent', 'parent');
      await expectVisible(bell(page, unread));
      await bell(page, unread).click();
      await shot('notification-parent-bell');
      await page.getByRole('menuitem', { name: /Tagihan baru INV\/2025\/0002 untuk Bima Rahmawan/ }).click();
      await page.waitForURL(/\/parent\/notification\/\d+$/);
      await expectVisible(page.getByTestId('notification-text').getByText('Tagihan baru INV/2025/0002 untuk Bima Rahmawan telah dibuat'));
      await expectVisible(page.getByTestId('area-user'));
      await expectVisible(bell(page, unread - 1));
      await page.getByRole('link', { name: 'Kembali' }).click();
      await page.waitForURL((url) => url.pathname === '/parent/notification');
      const list = page.getByRole('list', { name: 'Notifikasi' });
      await expectVisible(list);
      // Every notification of the parent's, 20 a page (the demo board's come first), the
      // unread ones marked: one fewer than the bell said, as one was just read.
      const perPage = 20;
      const pages = Math.ceil(total / perPage);
      let items = 0;
      let marks = 0;
      let sawInvoice = false;
      for (let at = 1; at <= pages; at++) {
        const expected = Math.min(perPage, total - (at - 1) * perPage);
        if (at > 1) {
          const before = await list.getByRole('listitem').first().innerText();
          await page.getByRole('button', { name: `Ke halaman ${at}` }).click();
          // Until the next page's notifications have replaced the last page's.
          for (let tries = 0; tries < 50; tries++) {
            if ((await list.getByRole('listitem').count()) === expected && (await list.getByRole('listitem').first().innerText()) !== before) break;
            await page.waitForTimeout(200);
          }
        }
        const here = await list.getByRole('listitem').count();
        if (here !== expected) throw new Error(`page ${at} of the list holds ${here} notifications, not ${expected}`);
        items += here;
        marks += await list.getByText('Belum dibaca').count();
        sawInvoice ||= (await list.getByText('Tagihan baru INV/2025/0002 untuk Bima Rahmawan telah dibuat').count()) > 0;
      }
      if (items !== total) throw new Error(`the list does not hold the parent’s ${total} notifications`);
      if (marks !== unread - 1) throw new Error(`the list marks ${marks} unread, not ${unread - 1}`);
      if (!sawInvoice) throw new Error('the invoice notification is not in the list');
      await shot('notification-parent-list');
      await page.getByRole('button', { name: 'Tandai semua sudah dibaca' }).click();
      await expectVisible(bell(page, 0));
      // The list reads the notifications again after the bell did: give it the time it takes.
      await list
        .getByText('Belum dibaca')
        .first()
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => undefined);
      if ((await list.getByText('Belum dibaca').count()) !== 0) throw new Error('still marked unread after marking all read');
    },
  },
  {
    name: 'a student and a booking user have their bell and their own notifications',
    run: async ({ page, app, shot }) => {
      const student = await notificationCounts(app.url, 'student', 'student');
      await areaLogin(page, app.url, '/login-student', 'student');
      await expectVisible(bell(page, student.unread));
      await page.goto(`${app.url}/student/notification`);
      await expectVisible(page.getByRole('list', { name: 'Notifikasi' }).getByText('Pengajuan izin Siti Rahmawati disetujui'));
      await shot('notification-student-list');
      await page.getByRole('button', { name: 'Keluar' }).click();
      await page.waitForURL((url) => url.pathname === '/login-student');
      const booking = await notificationCounts(app.url, 'booking', 'booking');
      await areaLogin(page, app.url, '/login-booking', 'booking');
      await expectVisible(bell(page, booking.unread));
      await bell(page, booking.unread).click();
      await page.getByRole('menuitem', { name: /Pemesanan Aula Utama menunggu persetujuan/ }).click();
      await page.waitForURL(/\/booking\/notification\/\d+$/);
      await expectVisible(page.getByTestId('notification-text').getByText('Pemesanan Aula Utama menunggu persetujuan'));
      await expectVisible(bell(page, booking.unread - 1));
      await shot('notification-booking-detail');
    },
  },
  {
    name: 'two tabs: activity in one keeps the other logged in past the idle time; a logout in one logs the other out',
    run: async ({ page, app }) => {
      const context = page.context();
      await serveWithConfig(context, app.url, { idleTimeoutMs: 5000 });
      await logIn(page, app.url, 'admin', '/class');
      // The user is at work in the first tab while its list loads and the second tab opens: on a
      // crowded machine (CI runs these tests beside the PostgreSQL suite) either took more than
      // the idle time, and the first tab rightly logged out. A key press reaches a tab behind at
      // once (mouse moves wait for an animation frame, which a tab behind does not draw).
      let opening = true;
      const busyInFirst = (async () => {
        while (opening) {
          await page.keyboard.press('Shift');
          await page.waitForTimeout(500);
        }
      })();
      const other = await (async () => {
        try {
          await expectVisible(page.getByRole('columnheader', { name: 'Kode' }));
          await page.mouse.move(120, 300);
          const opened = await context.newPage();
          await opened.goto(`${app.url}/subject`);
          await expectVisible(opened.getByRole('columnheader').first());
          return opened;
        } finally {
          opening = false;
          await busyInFirst;
        }
      })();
      // 10 s, well past the 5 s idle time, with the user moving the mouse in the first tab only
      // (in front, as the tab one works in is: a tab behind draws no animation frames).
      await page.bringToFront();
      for (let i = 0; i < 20; i++) {
        await page.mouse.move(100 + (i % 2) * 50, 300);
        await page.waitForTimeout(500);
      }
      for (const [name, tab] of [['first', page], ['second', other]] as const) {
        if (new URL(tab.url()).pathname.startsWith('/login')) throw new Error(`the ${name} tab was logged out while the user was active`);
      }
      if ((await other.evaluate(() => localStorage.getItem('token'))) === null) throw new Error('the token is gone');
      // Logging out in the first tab sends the second one to the login page.
      await page.getByRole('button', { name: 'Profil' }).click();
      await page.getByRole('menuitem', { name: 'Keluar' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await other.waitForURL((url) => url.pathname === '/login', { timeout: 5000 });
      await expectVisible(other.getByRole('button', { name: /^masuk$/i }));
      await other.close();
    },
  },
];
