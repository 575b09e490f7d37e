// The academic home (/home-academic, spec 1 §2.1, §2.3) in the browser, on the demo school: the
// teacher lands on it from the root, finds today's lessons, his homeroom class and the
// permission requests waiting for him as the server answers them, and opens one; the admin sees
// the school's figures, in English, and no timetable of her own; the calendar (/calendar) shows
// the month's events on their days and moves by month. Read only: the shared app.

import type { AcademicHome } from '../../src/shared/api/academicHome';
import { schoolToday } from '../../src/shared/schoolCalendar';
import type { Scenario } from './run';
import { expectNoRawKey, expectVisible, logIn } from './steps';

async function homeOf(baseUrl: string, username: string): Promise<AcademicHome> {
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'demo' }) });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const res = await fetch(`${baseUrl}/api/v1/academic-home`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`academic-home answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: AcademicHome }).data;
}

export const scenarios: Scenario[] = [
  {
    name: 'Academic home: the teacher lands on his day, his homeroom class and the requests waiting for him, and opens one (id)',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'teacher', '/');
      await page.waitForURL((url) => url.pathname === '/home-academic');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Beranda akademik' }));
      const home = await homeOf(app.url, 'teacher');
      const lessons = page.getByTestId('academic-lessons');
      await expectVisible(lessons.getByRole('heading', { name: 'Jadwal mengajar saya hari ini' }));
      if (home.lessons.length) {
        for (const lesson of home.lessons) await expectVisible(lessons.getByText(`${lesson.start_time}–${lesson.end_time} · ${lesson.class_name}`));
      } else {
        await expectVisible(lessons.getByText('Tidak ada jadwal mengajar Anda hari ini.'));
      }
      const homeroom = page.getByTestId('homeroom-class');
      await expectVisible(homeroom.getByText('X IPA 1', { exact: false }).first());
      const room = home.homeroom[0]!;
      await expectVisible(homeroom.getByText(`${room.students} siswa`, { exact: false }));
      const approvals = page.getByTestId('academic-approvals');
      const links = approvals.getByRole('link').filter({ hasText: 'X IPA 1' });
      if ((await links.count()) !== home.approvals.items.length) throw new Error(`${await links.count()} requests shown, the server has ${home.approvals.items.length}`);
      await expectNoRawKey(page, '/home-academic (id)');
      await shot('academic-home-teacher');
      if (home.approvals.items.length) {
        const first = home.approvals.items[0]!;
        await links.first().click();
        await page.waitForURL((url) => url.pathname === `/permission/${first.id}`);
        await expectVisible(page.getByText(first.permission_no).first());
      }
    },
  },
  {
    name: "Academic home: the admin sees the school's figures and no timetable (en)",
    run: async ({ page, app, shot }) => {
      await page.context().addInitScript(() => window.localStorage.setItem('locale', 'en'));
      await logIn(page, app.url, 'admin', '/home-academic');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Academic home' }));
      const home = await homeOf(app.url, 'admin');
      const school = page.getByTestId('academic-school');
      await expectVisible(school.getByRole('heading', { name: 'The school today' }));
      await expectVisible(school.getByText('Active students').locator('..').getByText(String(home.school!.students), { exact: true }));
      await expectVisible(school.getByText('Classes this year').locator('..').getByText(String(home.school!.classes), { exact: true }));
      if ((await page.getByTestId('academic-lessons').count()) !== 0) throw new Error('a timetable card for someone who teaches nothing');
      await expectVisible(page.getByTestId('academic-approvals').getByText('Nothing waits for your decision.'));
      await expectNoRawKey(page, '/home-academic (en)');
      await shot('academic-home-admin');
    },
  },
  {
    name: "Academic calendar: from the home's agenda to the month's grid, the events on their days, the next month and back (en)",
    run: async ({ page, app, shot }) => {
      await page.context().addInitScript(() => window.localStorage.setItem('locale', 'en'));
      await logIn(page, app.url, 'teacher', '/home-academic');
      const home = await homeOf(app.url, 'teacher');
      const event = home.agenda.find((a) => a.kind === 'event');
      if (!event) throw new Error('the demo has no event in the next two weeks');
      await page.getByTestId('academic-agenda').getByRole('link', { name: 'Calendar' }).click();
      await page.waitForURL((url) => url.pathname === '/calendar');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Calendar' }));
      await expectVisible(page.locator(`[data-testid="calendar-cell"][data-date="${schoolToday()}"][aria-current="date"]`));
      const month = event.start_date.slice(0, 7);
      if (month !== schoolToday().slice(0, 7)) await page.getByRole('button', { name: 'Next month' }).click();
      const cell = page.locator(`[data-testid="calendar-cell"][data-date="${event.start_date}"]`);
      await expectVisible(cell.getByText(event.name, { exact: false }));
      await expectNoRawKey(page, '/calendar (en)');
      await shot('academic-calendar');
      await page.getByRole('button', { name: 'Next month' }).click();
      await page.waitForURL((url) => url.searchParams.get('month') !== null);
      await page.getByRole('button', { name: 'This month' }).click();
      await page.waitForURL((url) => url.searchParams.get('month') === null);
      await expectVisible(page.locator(`[data-testid="calendar-cell"][data-date="${schoolToday()}"]`));
    },
  },
];
