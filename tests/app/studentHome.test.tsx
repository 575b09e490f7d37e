// @vitest-environment jsdom
// The student's home lists today's lessons from the class timetable; on a day without any
// (a weekend, a day the timetable leaves free) it says there are no lessons today, in the
// student's language, rather than the portals' generic "no data".

import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../src/providers/catalogs';
import { PORTAL_PATHS, WEEKDAYS, weekdayOf, type ChildSchedule } from '../../src/shared/api/portal';
import { schoolToday } from '../../src/shared/schoolCalendar';
import { renderShell } from './shellHarness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeAll(() => loadCatalog('en'));

const STUDENT = { token: 't', loginAs: 'student', user: '{"id":31,"username":"siswa1","name":"Siti"}', roles: 'ROLE_STUDENT' };

/** The student's timetable: one lesson on each of `days`. */
function timetable(days: readonly string[]): ChildSchedule[] {
  const rows = days.map((day, i) => ({ id: i + 1, day, start_time: '07:00', end_time: '08:30', subject: `Matematika ${day}`, teacher: 'Budi Santoso', room: 'R-101' }));
  return [{ student_id: 7, student_name: 'Siti', classname: 'X IPA 1', rows }];
}

function renderHome(locale: 'id' | 'en', schedule: ChildSchedule[]) {
  // The page's own calls go through fetch (src/app/pageCalls.ts); the shell's through the fake client.
  const answer = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', async (url: string) =>
    url.includes(PORTAL_PATHS.schedule) ? answer(schedule) : url.includes(PORTAL_PATHS.week) ? answer([]) : new Response('{}', { status: 404 }),
  );
  renderShell('/student/home', { stored: { ...STUDENT, locale } });
}

describe("the student's lessons of today", () => {
  // The timetable's days as the server sends them (school_time.day: 'monday', …).
  const days = WEEKDAYS.map((day) => day.toLowerCase());
  const today = weekdayOf(schoolToday()).toLowerCase();
  const otherDays = days.filter((day) => day !== today);

  it.each([
    ['en', 'No lessons today.'],
    ['id', 'Tidak ada pelajaran hari ini.'],
  ] as const)('says there are none on a day the timetable leaves free (%s)', async (locale, text) => {
    renderHome(locale, timetable(otherDays));
    const panel = await screen.findByTestId('panel-today', {}, { timeout: 10_000 });
    expect(await within(panel).findByText(text, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(panel).queryByTestId('today-lesson')).toBeNull();
    expect(within(panel).queryByText(/No Data!|Tidak ada data!/)).toBeNull();
  });

  it("lists today's lesson, and only today's", async () => {
    renderHome('en', timetable([today, ...otherDays.slice(0, 2)]));
    const panel = await screen.findByTestId('panel-today', {}, { timeout: 10_000 });
    const lesson = await within(panel).findByTestId('today-lesson', {}, { timeout: 10_000 });
    expect(lesson).toHaveTextContent(`07:00 – 08:30 · Matematika ${today}`);
    expect(lesson).toHaveTextContent('Budi Santoso · R-101');
    expect(within(panel).getAllByTestId('today-lesson')).toHaveLength(1);
    expect(within(panel).queryByText('No lessons today.')).toBeNull();
  });
});
