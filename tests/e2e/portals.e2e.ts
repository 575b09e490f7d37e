// The parent and student portals in the browser (issue 15), against the real server and its demo
// school: the demo parent (two children, Siti and Bima) and the student Siti, on a desktop and on
// a 390 px phone, in both languages. What the home's panels show is compared with what the API
// answers for the same login and with the records behind it (the ledger's totals, the week's
// statuses), never with numbers written here; each kind of detail dialog opens; Set Period
// refuses an end before the start; the contact-us number is the theme's setting.
// Read-only: the scenarios share the app with the other files.

import type { Locator, Page } from 'playwright-core';
import type { Scenario } from './run';
import { expectNoRawKey, expectVisible } from './steps';
import { addDays, schoolToday } from '../../src/shared/schoolCalendar';

interface WeekDay { id: number | null; date: string; status: string | null; off_day: boolean; late_check: number; is_special: boolean; ket: string | null }
interface ChildWeek { student_id: number; student_name: string; data: WeekDay[] }
interface ChildInvoices { student_id: number; student_name: string; total_outstanding: number; rows: { id: number; invoice_no: string }[] }
interface ChildPayments { student_id: number; student_name: string; total_paid: number; rows: { id: string; payment_no: string }[] }

/** "Rp 1.250.000" as formatRupiah writes it (a non-breaking space may follow Rp). */
const rp = (n: number): RegExp => new RegExp(`Rp\\s?${n.toLocaleString('id-ID').replace(/\./g, '\\.')}(?!\\d)`);

const logins = new Map<string, string>();
async function token(baseUrl: string, kind: 'parent' | 'student'): Promise<string> {
  const known = logins.get(`${baseUrl}/${kind}`);
  if (known) return known;
  const res = await fetch(`${baseUrl}/api/v1/auth/log-${kind}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: kind, password: 'demo' }),
  });
  const fresh = ((await res.json()) as { access_token: string }).access_token;
  logins.set(`${baseUrl}/${kind}`, fresh);
  return fresh;
}

/** What the portal call answers this login (the school's date decides the week, as the page's). */
async function api<T>(baseUrl: string, kind: 'parent' | 'student', path: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api/v1/${path}`, { headers: { authorization: `Bearer ${await token(baseUrl, kind)}` } });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** The home's week as the page asks for it: 6 days back to 1 ahead of the school's today. */
function localWeek(): string {
  const today = schoolToday();
  return `firstWeek=${addDays(today, -6)}&lastWeek=${addDays(today, 1)}`;
}

async function logInAs(page: Page, baseUrl: string, kind: 'parent' | 'student'): Promise<void> {
  await page.goto(`${baseUrl}/login-${kind}`);
  await page.getByLabel(/nama pengguna|user ?name/i).fill(kind);
  await page.getByLabel(/kata sandi|password/i).fill('demo');
  await page.getByRole('button', { name: /^(masuk|log in|sign in)$/i }).click();
  await page.waitForURL(new RegExp(`/${kind}/home`));
}

async function noSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  if (scroll > width) throw new Error(`${where} is ${scroll} px wide on a ${width} px screen`);
}

/** Clicks every "Show all" inside `scope`, so each group shows all its rows. */
async function showAll(scope: Locator): Promise<void> {
  const buttons = scope.getByRole('button', { name: /^(Tampilkan semua|Show all)/ });
  while ((await buttons.count()) > 0) await buttons.first().click();
}

/** The week panel agrees with the week the server answers: per child, each day's status, late marks and special notes. */
async function checkWeek(page: Page, groups: ChildWeek[], statusWord: Record<string, string>): Promise<void> {
  const panel = page.getByTestId('panel-weekly');
  await expectVisible(panel.getByTestId('week-day').first());
  await showAll(panel);
  for (const child of groups) {
    const group = groups.length > 1 ? panel.locator(`[data-testid="child-group"][data-child="${child.student_name}"]`) : panel.getByTestId('child-group').first();
    const rows = group.getByTestId('week-day');
    if ((await rows.count()) !== child.data.length) throw new Error(`${child.student_name}: ${await rows.count()} days shown, the server has ${child.data.length}`);
    const late = child.data.filter((d) => d.late_check > 0).length;
    if ((await group.locator('[data-testid="week-day"][data-accent="warning"]').count()) !== late) throw new Error(`${child.student_name}: the late days are not the ${late} marked`);
    for (const status of ['Hadir', 'Izin', 'Sakit', 'Alpa']) {
      const want = child.data.filter((d) => d.status === status).length;
      const shown = await group.getByText(statusWord[status]!, { exact: true }).count();
      if (shown !== want) throw new Error(`${child.student_name}: ${shown} days shown as ${statusWord[status]}, the records have ${want}`);
    }
    for (const special of child.data.filter((d) => d.is_special)) await expectVisible(group.getByText(new RegExp(special.ket ?? '')).first());
    // The week ends tomorrow: a school day still to come reads as upcoming, not as "no record".
    const today = schoolToday();
    const upcoming = child.data.filter((d) => d.date > today && d.status === null && !d.off_day).length;
    const shownUpcoming = await group.getByText(statusWord.upcoming!, { exact: true }).count();
    if (shownUpcoming !== upcoming) throw new Error(`${child.student_name}: ${shownUpcoming} days shown as ${statusWord.upcoming}, ${upcoming} are school days to come`);
  }
}

export const scenarios: Scenario[] = [
  {
    name: "portals 1: the demo parent's home on a desktop agrees with the attendance records and the ledger; week, invoice and payment details; Set Period; contact us",
    run: async ({ page, app, shot }) => {
      await logInAs(page, app.url, 'parent');
      const week = await api<ChildWeek[]>(app.url, 'parent', `getreportdailyparentoneweek?${localWeek()}`);
      const invoices = await api<ChildInvoices[]>(app.url, 'parent', 'invoicetransaction-parent');
      const payments = await api<ChildPayments[]>(app.url, 'parent', 'paymenttransaction-parent');
      if (week.map((c) => c.student_name).join() !== 'Siti Rahmawati,Bima Rahmawan') throw new Error(`the week's children: ${week.map((c) => c.student_name).join()}`);
      await expectVisible(page.getByText('Hai, '));
      await expectVisible(page.getByRole('heading', { name: 'Beranda orang tua' }));
      await checkWeek(page, week, { Hadir: 'Hadir', Izin: 'Izin', Sakit: 'Sakit', Alpa: 'Alpa', upcoming: 'Akan datang' });

      // Outstanding invoices and payments per child: the totals the ledger holds, every row after "Show all".
      const invoicePanel = page.getByTestId('panel-invoices');
      const paymentPanel = page.getByTestId('panel-payments');
      await expectVisible(invoicePanel.getByTestId('child-group').first());
      await expectVisible(paymentPanel.getByTestId('child-group').first());
      for (const child of invoices) {
        const group = invoicePanel.locator(`[data-testid="child-group"][data-child="${child.student_name}"]`);
        if (child.rows.length === 0) await expectVisible(group.getByText('Tidak ada data!'));
        else await expectVisible(group.getByTestId('child-outstanding').filter({ hasText: rp(child.total_outstanding) }));
      }
      for (const child of payments) {
        const group = paymentPanel.locator(`[data-testid="child-group"][data-child="${child.student_name}"]`);
        if (child.rows.length === 0) await expectVisible(group.getByText('Tidak ada data!'));
        else await expectVisible(group.getByTestId('child-paid').filter({ hasText: rp(child.total_paid) }));
      }
      await showAll(invoicePanel);
      const invoiceRows = invoices.reduce((n, c) => n + c.rows.length, 0);
      if ((await invoicePanel.getByTestId('invoice-row').count()) !== invoiceRows) throw new Error(`the invoice panel lists ${await invoicePanel.getByTestId('invoice-row').count()} rows, the ledger ${invoiceRows}`);
      await expectNoRawKey(page, '/parent/home');
      await shot('portal-parent-home-desktop-id');

      // A day, an invoice and a payment in detail.
      const day = page.getByTestId('panel-weekly').locator('[data-testid="week-day"] button').first();
      await day.click();
      const dayDialog = page.getByTestId('day-detail');
      await expectVisible(dayDialog.getByText('2025001').or(dayDialog.getByText('2025002')).first());
      await expectVisible(dayDialog.getByText('Jam sekolah'));
      await shot('portal-parent-day-detail-id');
      await dayDialog.getByRole('button', { name: 'Tutup' }).click();
      const firstInvoice = invoices.find((c) => c.rows.length)!.rows[0]!;
      await invoicePanel.getByRole('button', { name: new RegExp(firstInvoice.invoice_no.replace(/\//g, '\\/')) }).first().click();
      const invoiceDialog = page.getByTestId('invoice-detail');
      await expectVisible(invoiceDialog.getByText(firstInvoice.invoice_no));
      await expectVisible(invoiceDialog.getByText('Nomor VA'));
      await shot('portal-parent-invoice-detail-id');
      await invoiceDialog.getByRole('button', { name: 'Tutup' }).click();
      const firstPayment = payments.find((c) => c.rows.length)!.rows[0]!;
      await paymentPanel.getByTestId('payment-row').first().locator('button').click();
      const paymentDialog = page.getByTestId('payment-detail');
      await expectVisible(paymentDialog.getByText(firstPayment.payment_no).first());
      await shot('portal-parent-payment-detail-id');
      await paymentDialog.getByRole('button', { name: 'Tutup' }).click();

      // Set Period: the end may not be before the start.
      await invoicePanel.getByRole('button', { name: 'Atur Periode' }).click();
      const period = page.getByTestId('set-period-dialog');
      await period.getByLabel(/Tanggal Mulai/).fill('2026-11-10');
      await period.getByLabel(/Tanggal Selesai/).fill('2026-11-01');
      await expectVisible(period.getByText('Tanggal selesai tidak boleh sebelum tanggal mulai'));
      if (await period.getByRole('button', { name: 'Cari' }).isEnabled()) throw new Error('Search is offered for an end before the start');
      await shot('portal-parent-set-period-refused-id');
      await period.getByLabel(/Tanggal Mulai/).fill('2026-07-01');
      await period.getByLabel(/Tanggal Selesai/).fill('2026-08-31');
      await period.getByRole('button', { name: 'Cari' }).click();
      await expectVisible(invoicePanel.getByText(/^Periode:/));
      const narrowed = await api<ChildInvoices[]>(app.url, 'parent', 'invoicetransaction-parent?date_from=2026-07-01&date_to=2026-08-31');
      for (const child of narrowed.filter((c) => c.rows.length)) {
        await expectVisible(invoicePanel.locator(`[data-testid="child-group"][data-child="${child.student_name}"]`).getByTestId('child-outstanding').filter({ hasText: rp(child.total_outstanding) }));
      }

      // Narrowed to one child, the panels hold that child's group only.
      await page.getByRole('combobox', { name: 'Anak' }).click();
      await page.getByRole('option', { name: 'Bima Rahmawan' }).click();
      await expectVisible(page.getByTestId('panel-weekly').locator('[data-testid="child-group"][data-child="Bima Rahmawan"]'));
      await page.getByTestId('panel-weekly').locator('[data-testid="child-group"][data-child="Siti Rahmawati"]').waitFor({ state: 'detached' });

      // Contact us: the number of the theme in use (setting_general, cc).
      await page.getByRole('button', { name: 'Hubungi kami' }).click();
      await expectVisible(page.getByTestId('contact-phone').filter({ hasText: '+62 21 5550 1234' }));
      await shot('portal-parent-contact-id');
    },
  },
  {
    name: 'portals 2: the parent on a 390 px phone, in English: tiles, the panels one under another, the attendance and finance pages, nothing wider than the screen',
    run: async ({ page, app, shot }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await logInAs(page, app.url, 'parent');
      await page.getByRole('button', { name: 'Bahasa' }).click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await expectVisible(page.getByRole('heading', { name: 'Parent home' }));
      const tiles = page.getByRole('navigation', { name: 'Shortcuts' });
      await expectVisible(tiles);
      const week = await api<ChildWeek[]>(app.url, 'parent', `getreportdailyparentoneweek?${localWeek()}`);
      await checkWeek(page, week, { Hadir: 'Present', Izin: 'Permission', Sakit: 'Sick', Alpa: 'Absent', upcoming: 'Upcoming' });
      await noSidewaysScroll(page, '/parent/home');
      await expectNoRawKey(page, '/parent/home (en)');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('portal-parent-home-phone-en');
      // The priority tile lists the priority announcements.
      await tiles.getByText('Comboard Priority').click();
      await expectVisible(page.getByRole('dialog', { name: 'Comboard Priority' }));
      await shot('portal-parent-priority-phone-en');
      await page.getByRole('dialog', { name: 'Comboard Priority' }).getByRole('button', { name: 'Close' }).click();

      await tiles.getByText('Outstanding Invoice').click();
      await page.waitForURL(/\/parent\/finance\/invoice$/);
      const all = await api<ChildInvoices[]>(app.url, 'parent', 'invoicetransaction-parent?selectinv=all');
      await expectVisible(page.getByTestId('invoice-row').first());
      await showAll(page.getByTestId('portal-page'));
      const rows = all.reduce((n, c) => n + c.rows.length, 0);
      if ((await page.getByTestId('invoice-row').count()) !== rows) throw new Error(`/parent/finance/invoice lists ${await page.getByTestId('invoice-row').count()} invoices, the ledger ${rows}`);
      await noSidewaysScroll(page, '/parent/finance/invoice');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('portal-parent-finance-invoice-phone-en');
      await page.getByRole('tab', { name: 'Waivers' }).click();
      await page.waitForURL(/\/parent\/finance\/waiver$/);
      await expectVisible(page.getByTestId('finance-group').first());
      await shot('portal-parent-finance-waiver-phone-en');

      await page.goto(`${app.url}/parent/attendance/daily-attendance`);
      await expectVisible(page.getByTestId('week-day').first());
      await noSidewaysScroll(page, '/parent/attendance/daily-attendance');
      await shot('portal-parent-attendance-phone-en');
      await page.getByRole('tab', { name: 'Subject attendance' }).click();
      await expectVisible(page.getByTestId('subject-row').first());
      await shot('portal-parent-subject-attendance-phone-en');
      for (const path of ['schedule', 'calendar', 'academic', 'coursework']) {
        await page.goto(`${app.url}/parent/${path}`);
        await expectVisible(page.getByTestId('portal-page').getByRole('heading', { level: 1 }));
        // Per child, or (the calendar) the events and holidays of their units, or plainly none.
        await expectVisible((path === 'calendar' ? page.getByTestId('calendar-item') : page.getByText('Bima Rahmawan')).or(page.getByTestId('portal-empty')).first());
        await noSidewaysScroll(page, `/parent/${path}`);
        await expectNoRawKey(page, `/parent/${path}`);
        await shot(`portal-parent-${path}-phone-en`);
      }
    },
  },
  {
    name: "portals 3: the student's home and attendance show her own records only, on a desktop and a phone",
    run: async ({ page, app, shot }) => {
      await logInAs(page, app.url, 'student');
      const week = await api<ChildWeek[]>(app.url, 'student', `getreportdailyparentoneweek?${localWeek()}`);
      if (week.length !== 1 || week[0]!.student_name !== 'Siti Rahmawati') throw new Error('the student is answered for someone else');
      await expectVisible(page.getByRole('heading', { name: 'Beranda siswa' }));
      await checkWeek(page, week, { Hadir: 'Hadir', Izin: 'Izin', Sakit: 'Sakit', Alpa: 'Alpa', upcoming: 'Akan datang' });
      await shot('portal-student-home-desktop-id');
      await page.getByTestId('panel-weekly').locator('[data-testid="week-day"] button').first().click();
      await expectVisible(page.getByTestId('day-detail').getByText('2025001'));
      await page.getByTestId('day-detail').getByRole('button', { name: 'Tutup' }).click();

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${app.url}/student/attendance/subject-attendance`);
      // The page's period: the last 30 days of the school's calendar.
      const today = schoolToday();
      const subjects = await api<{ rows: unknown[] }[]>(app.url, 'student', `attendancelist-parent?date_from=${addDays(today, -30)}&date_to=${today}`);
      await expectVisible(page.getByTestId('subject-row').first());
      await showAll(page.getByTestId('portal-page'));
      const shown = await page.getByTestId('subject-row').count();
      if (shown !== subjects[0]!.rows.length) throw new Error(`${shown} lessons shown, the records have ${subjects[0]!.rows.length}`);
      await noSidewaysScroll(page, '/student/attendance/subject-attendance');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('portal-student-subject-attendance-phone-id');
      await page.goto(`${app.url}/student/home`);
      await expectVisible(page.getByTestId('week-day').first());
      await noSidewaysScroll(page, '/student/home');
      await shot('portal-student-home-phone-id');
      await page.goto(`${app.url}/student/portofolio`);
      await expectVisible(page.getByTestId('portal-empty'));
      await shot('portal-student-portfolio-phone-id');
    },
  },
];
