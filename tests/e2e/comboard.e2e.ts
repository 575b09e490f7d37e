// The announcement board in the browser against the real server (issue 11, spec 2): an admin
// writes an announcement with rich text, an image, a PDF and the demo parent's child as
// recipient; the "file already exists" dialog; a teacher comments; the parent, led by their
// notification to their area's board, sees it and replies two levels deep; the admin recalls it
// and the parent sees the reason; a parent cannot open one not meant for them; the search and
// filters; both languages; the parent on a 390 px phone.
//
// The scenarios run in this order on an app of their own (they add notifications that
// notifications.e2e.ts counts): each builds on the announcement the first one made.

import type { Locator, Page } from 'playwright-core';
import type { Scenario } from './run';
import { DOWNLOAD_TIMEOUT_MS, expectNoRawKey, expectVisible, logIn } from './steps';

export const ownApp = true;

const TITLE = 'Karyawisata kelas X ke museum';
const OTHER = 'Rapat guru internal';

/** A one-page PDF and a 2×2 PNG: real files, typed by their bytes on the server. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

async function areaLogin(page: Page, baseUrl: string, kind: 'parent' | 'student', username: string): Promise<void> {
  await page.goto(`${baseUrl}/login-${kind}`);
  await page.getByLabel(/nama pengguna/i).fill(username);
  await page.getByLabel(/kata sandi/i).fill('demo');
  await page.getByRole('button', { name: /^masuk$/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

async function token(baseUrl: string, path: string, username: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function api(baseUrl: string, bearer: string, path: string): Promise<{ status: number; body: { data?: unknown; message?: string } }> {
  const res = await fetch(`${baseUrl}/api/v1/${path}`, { headers: { authorization: `Bearer ${bearer}` } });
  return { status: res.status, body: (await res.json()) as { data?: unknown; message?: string } };
}

const card = (page: Page, title: string): Locator => page.getByRole('article', { name: title });

async function noSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  if (scroll > width) throw new Error(`${where} is ${scroll} px wide on a ${width} px screen`);
}

/** Picks `option` in the multi-select labelled `label`. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  // Close the list (Escape would close the dialog around it too).
  await page.locator('#comboard-recipients-title').click();
}

export const scenarios: Scenario[] = [
  {
    name: 'comboard: an admin writes an announcement with rich text, an image, a PDF and the parent’s child as recipient; the file-exists dialog',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'admin', '/comboardlist');
      await expectVisible(page.getByRole('heading', { name: 'Comboard', level: 1 }));

      // The form: the server's rules show under their fields before anything is saved.
      await page.getByRole('button', { name: 'Tambah' }).click();
      const form = page.getByRole('dialog', { name: 'Tambah pengumuman' });
      await form.getByRole('button', { name: 'Simpan' }).click();
      await expectVisible(form.getByText('Kolom ini wajib diisi').first());
      await form.getByLabel('Judul').fill(TITLE);
      await form.getByRole('combobox', { name: 'Kategori' }).click();
      await page.getByRole('option', { name: 'Akademik' }).click();
      const editor = form.locator('.ProseMirror');
      await editor.click();
      await page.keyboard.type('Siswa berkumpul pukul 07.00. ');
      await page.keyboard.press('Control+b');
      await page.keyboard.type('Bawa bekal');
      await page.keyboard.press('Control+b');
      await form.getByLabel('Untuk siswa').check();
      await form.getByLabel('Untuk guru').check();
      await form.getByRole('button', { name: 'Simpan' }).click();
      await form.waitFor({ state: 'hidden' });
      const made = card(page, TITLE);
      await expectVisible(made);
      await expectVisible(made.locator('strong', { hasText: 'Bawa bekal' }));
      await expectVisible(made.getByText(/^Oleh Admin Demo · /));

      // Attachments: a PDF and a PNG, typed by their bytes; the PDF again asks what to do.
      await made.getByRole('button', { name: 'Detail' }).click();
      const detail = page.getByRole('dialog', { name: TITLE });
      await detail.getByRole('tab', { name: 'Detail Lampiran' }).click();
      const addFile = async (name: string, mimeType: string, buffer: Buffer, title: string) => {
        await detail.getByRole('button', { name: 'Tambah' }).click();
        const fileForm = page.getByRole('dialog', { name: 'Tambah lampiran' });
        await fileForm.getByLabel('Berkas', { exact: true }).setInputFiles({ name, mimeType, buffer });
        await fileForm.getByLabel('Judul').fill(title);
        await fileForm.getByRole('button', { name: 'Simpan' }).click();
      };
      await addFile('jadwal.pdf', 'application/pdf', PDF, 'Jadwal');
      await expectVisible(detail.getByRole('row').filter({ hasText: 'jadwal.pdf' }).first());
      await addFile('denah.png', 'image/png', PNG, 'Denah museum');
      await expectVisible(detail.getByRole('row').filter({ hasText: 'denah.png' }).first());
      await addFile('jadwal.pdf', 'application/pdf', PDF, 'Jadwal revisi');
      const exists = page.getByRole('dialog', { name: 'Berkas sudah ada' });
      await expectVisible(exists.getByText('Pengumuman ini sudah punya berkas bernama "jadwal.pdf" (versi 1).'));
      await expectVisible(exists.getByRole('button', { name: 'Lihat' }));
      await shot('comboard-file-exists-id');
      await exists.getByRole('button', { name: 'Buat' }).click();
      await exists.waitFor({ state: 'hidden' });
      // Version 2 beside version 1, which stays.
      await expectVisible(detail.getByRole('row').filter({ hasText: 'Jadwal revisi' }).getByRole('cell', { name: '2', exact: true }));
      if ((await detail.getByRole('row').filter({ hasText: 'jadwal.pdf' }).count()) !== 2) throw new Error('the first version of jadwal.pdf is no longer listed');
      // Replace asks first: the old file is gone.
      await addFile('jadwal.pdf', 'application/pdf', PDF, 'Jadwal final');
      await exists.getByRole('button', { name: 'Ganti' }).click();
      await expectVisible(page.getByText('Anda tidak akan dapat mengakses berkas lama. Apakah Anda yakin?'));
      await shot('comboard-replace-confirm-id');
      await page.getByRole('button', { name: /^(Ya|Konfirmasi)$/ }).click();
      await exists.waitFor({ state: 'hidden' });
      await expectVisible(detail.getByRole('row').filter({ hasText: 'Jadwal final' }).getByRole('cell', { name: '2', exact: true }));
      if ((await detail.getByRole('row').filter({ hasText: 'jadwal.pdf' }).count()) !== 2) throw new Error('Replace added a version');
      await shot('comboard-attachments-id');
      await detail.getByRole('button', { name: 'Tutup' }).click();

      // Recipients: unit → level → class narrows to the parent's child's class.
      await made.getByRole('button', { name: 'Penerima' }).click();
      const recipients = page.getByRole('dialog', { name: `Penerima "${TITLE}"` });
      await choose(page, 'Unit', 'SMA Harapan Bangsa');
      await choose(page, 'Tingkat', 'X');
      await choose(page, 'Kelas', 'X IPA 1');
      await recipients.getByRole('button', { name: 'Simpan' }).click();
      await expectVisible(recipients.getByRole('cell', { name: 'Kelas: X IPA 1', exact: true }));
      await shot('comboard-recipients-id');
      await recipients.getByRole('button', { name: 'Tutup' }).click();

      // The files on the card: the PDF downloads, the image shows in the carousel.
      await page.reload();
      await expectVisible(made.getByRole('img', { name: /Denah museum|denah/i }));
      const download = page.waitForEvent('download', { timeout: DOWNLOAD_TIMEOUT_MS });
      await made.getByRole('button', { name: /Unduh jadwal\.pdf/ }).click();
      if ((await download).suggestedFilename() !== 'jadwal.pdf') throw new Error('the PDF did not download as jadwal.pdf');
      await expectNoRawKey(page, '/comboardlist (id)');
      await shot('comboard-list-admin-id');
    },
  },
  {
    name: 'comboard: a teacher comments; a second announcement goes to teachers only',
    run: async ({ page, app }) => {
      // A second announcement, for teachers only: the parent must not reach it.
      const admin = await token(app.url, 'auth/login', 'admin');
      const res = await fetch(`${app.url}/api/v1/comboard-header`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify({
          title: OTHER, show_date: new Date().toISOString(), is_priority: false, comboard_category_id: 1, info: '<p>Agenda rapat</p>',
          is_event: false, to_parent: false, to_student: false, to_teacher: true, add_to_calendar: false, is_recalled: false,
        }),
      });
      if (res.status !== 200) throw new Error(`the second announcement was refused: ${res.status} ${await res.text()}`);

      await logIn(page, app.url, 'teacher', '/home-comboard');
      const made = card(page, TITLE);
      await expectVisible(made);
      // Not theirs: no managing actions.
      if ((await made.getByRole('button', { name: 'Ubah' }).count()) > 0) throw new Error('a teacher may edit the admin’s announcement');
      await made.getByLabel('Tulis komentar').fill('Guru pendamping: Budi Santoso.');
      await made.getByRole('button', { name: 'Kirim' }).click();
      await expectVisible(made.getByTestId('comment').filter({ hasText: 'Guru pendamping: Budi Santoso.' }));
    },
  },
  {
    name: 'comboard: the parent’s notification leads to their board; they reply two levels deep; another announcement is 404 for them',
    run: async ({ page, app, shot }) => {
      await areaLogin(page, app.url, 'parent', 'parent');
      await page.getByRole('button', { name: /^Notifikasi \(/ }).click();
      await page.getByRole('menuitem', { name: new RegExp(TITLE) }).click();
      await page.waitForURL((url) => url.pathname === '/parent/home-comboard');
      await expectVisible(page.getByRole('heading', { name: 'Pengumuman', level: 1 }));
      const made = card(page, TITLE);
      await expectVisible(made);
      if ((await card(page, OTHER).count()) > 0) throw new Error('the parent sees the teachers’ announcement');
      await expectVisible(made.getByRole('img', { name: /Denah museum|denah/i }));

      // Reply to the teacher, then to that reply: depths 1 and 2, indented 30 px each.
      const teacherComment = made.getByTestId('comment').filter({ hasText: 'Guru pendamping' });
      await teacherComment.getByRole('button', { name: /^Balas / }).click();
      await made.getByRole('textbox', { name: /^Balas / }).fill('Terima kasih, Pak.');
      await made.getByRole('button', { name: 'Kirim' }).first().click();
      const first = made.locator('[data-testid="comment"][data-depth="1"]');
      await expectVisible(first.getByText('Terima kasih, Pak.'));
      await first.getByRole('button', { name: /^Balas / }).click();
      await made.getByRole('textbox', { name: /^Balas / }).fill('Anak saya membawa obat sendiri.');
      await made.getByRole('button', { name: 'Kirim' }).first().click();
      const second = made.locator('[data-testid="comment"][data-depth="2"]');
      await expectVisible(second.getByText('Anak saya membawa obat sendiri.'));
      const indent = await second.evaluate((el) => getComputedStyle(el).marginLeft);
      if (indent !== '60px') throw new Error(`a reply two levels deep is indented ${indent}`);
      await shot('comboard-parent-thread-id');

      // Not meant for them: the API says 404 and the board never shows it.
      const parent = await token(app.url, 'auth/log-parent/', 'parent');
      const admin = await token(app.url, 'auth/login', 'admin');
      const list = await api(app.url, admin, `comboard-admin?search=${encodeURIComponent(OTHER)}`);
      const otherId = (list.body.data as Array<{ id: number }>)[0]?.id;
      if (!otherId) throw new Error('the teachers’ announcement is not on the admin’s board');
      for (const path of [`comboard-detail?comboard_id=${otherId}`, `comment-parent?comboard_id=${otherId}`, `comboard-attachment?comboard_id=${otherId}`]) {
        const answer = await api(app.url, parent, path);
        if (answer.status !== 404) throw new Error(`${path} answers the parent ${answer.status}`);
      }
      // Searching for it on the board finds nothing.
      await page.getByRole('searchbox', { name: 'Cari' }).fill('Rapat guru');
      await made.waitFor({ state: 'detached' });
      await page.waitForResponse((r) => r.url().includes('comboard-parent') && r.url().includes('search='));
      if ((await card(page, OTHER).count()) > 0) throw new Error('the parent’s search finds the teachers’ announcement');
    },
  },
  {
    name: 'comboard: the admin recalls it; the parent sees the reason and can no longer comment, in both languages and on a phone',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'admin', '/comboardlist');
      const made = card(page, TITLE);
      await made.getByRole('button', { name: 'Ubah' }).click();
      const form = page.getByRole('dialog', { name: 'Ubah pengumuman' });
      await form.getByRole('group', { name: 'Ditarik' }).getByRole('radio', { name: 'Ya' }).check();
      await form.getByLabel('Alasan').fill('Museum tutup untuk renovasi');
      await form.getByRole('button', { name: 'Simpan' }).click();
      await form.waitFor({ state: 'hidden' });
      await expectVisible(made.getByTestId('recalled-tag').getByText('Ditarik: Museum tutup untuk renovasi'));

      // Search and filters on the admin's list.
      await page.getByRole('searchbox', { name: 'Cari' }).fill('museum');
      await expectVisible(made);
      if ((await card(page, OTHER).count()) > 0) throw new Error('the search left the other announcement');
      await page.getByRole('button', { name: 'Hapus saringan' }).click();
      await expectVisible(card(page, OTHER));
      const lastYear = String(new Date().getFullYear() - 1);
      await page.getByRole('combobox', { name: 'Tahun' }).click();
      await page.getByRole('option', { name: lastYear }).click();
      await made.waitFor({ state: 'detached' });
      if ((await card(page, OTHER).count()) > 0) throw new Error('last year’s filter shows this year’s announcement');
      await page.getByRole('button', { name: 'Hapus saringan' }).click();
      await expectVisible(made);

      // The parent, on a phone: the reason, and no box for a new comment.
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await page.setViewportSize({ width: 390, height: 844 });
      await areaLogin(page, app.url, 'parent', 'parent');
      await page.goto(`${app.url}/parent/home-comboard`);
      const seen = card(page, TITLE);
      await expectVisible(seen.getByTestId('recalled-tag').getByText('Ditarik: Museum tutup untuk renovasi'));
      await expectVisible(seen.getByTestId('comments-closed').getByText(/Museum tutup untuk renovasi/));
      if ((await seen.getByLabel('Tulis komentar').count()) > 0) throw new Error('a recalled announcement still takes comments');
      await noSidewaysScroll(page, '/parent/home-comboard');
      await expectNoRawKey(page, '/parent/home-comboard (id)');
      await shot('comboard-parent-phone-id');

      await page.getByRole('button', { name: 'Bahasa' }).click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await expectVisible(page.getByRole('heading', { name: 'Announcements', level: 1 }));
      await expectVisible(seen.getByTestId('recalled-tag').getByText('Recalled: Museum tutup untuk renovasi'));
      await noSidewaysScroll(page, '/parent/home-comboard (en)');
      await expectNoRawKey(page, '/parent/home-comboard (en)');
      await shot('comboard-parent-phone-en');
      await page.getByRole('button', { name: 'Language' }).click();
      await page.getByRole('menuitem', { name: 'Bahasa Indonesia' }).click();
    },
  },
];
