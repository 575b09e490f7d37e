// @vitest-environment jsdom
// The academic home's day (a school day, the weekend, a holiday) and lesson chip: what a lesson of today says by the school's clock (upcoming,
// going on, then whether its attendance was taken), in both languages.

import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { useTranslate } from 'react-admin';
import { DayChips, LessonChip } from '../../src/pages/academicHome/AcademicHomePage';
import type { TodayLesson } from '../../src/shared/api/academicHome';
import { loadCatalog } from '../../src/providers/catalogs';
import { renderInAdmin } from './adminHarness';

afterEach(cleanup);
beforeAll(() => loadCatalog('en'));

const lesson: TodayLesson = { id: 1, start_time: '07:00', end_time: '08:30', class_id: 1, class_name: 'X IPA 1', subject: 'Matematika', room: null, attendance_taken: 0 };

function Chip({ now, taken = 0 }: { now: string | null; taken?: number }) {
  const translate = useTranslate();
  return <LessonChip lesson={{ ...lesson, attendance_taken: taken }} now={now} translate={translate} />;
}

describe("the academic home's lesson chip", () => {
  it.each([
    ['06:59', 0, 'Upcoming'],
    ['07:00', 0, 'Going on now'],
    ['08:29', 0, 'Going on now'],
    ['08:30', 0, 'Attendance not taken'],
    ['07:30', 21, 'Attendance taken'],
    [null, 0, 'Attendance not taken'],
  ] as const)('at %s with %i records: %s', async (now, taken, text) => {
    renderInAdmin(<Chip now={now} taken={taken} />, { locale: 'en' });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('speaks Indonesian', async () => {
    renderInAdmin(<Chip now="06:00" />, { locale: 'id' });
    expect(await screen.findByText('Akan datang')).toBeInTheDocument();
  });
});

function Day({ holidays = [], weekend = false }: { holidays?: string[]; weekend?: boolean }) {
  const translate = useTranslate();
  return <DayChips home={{ holidays, weekend }} translate={translate} />;
}

describe("the academic home's day", () => {
  it('is a school day, the weekend, or its holidays', async () => {
    renderInAdmin(<Day />, { locale: 'en' });
    expect(await screen.findByText('A school day')).toBeInTheDocument();
    cleanup();
    renderInAdmin(<Day weekend />, { locale: 'en' });
    expect(await screen.findByText('Weekend: no lessons')).toBeInTheDocument();
    expect(screen.queryByText('A school day')).toBeNull();
    cleanup();
    renderInAdmin(<Day weekend holidays={['Hari Raya Natal']} />, { locale: 'id' });
    expect(await screen.findByText('Hari libur: Hari Raya Natal')).toBeInTheDocument();
    expect(screen.queryByText(/Akhir pekan/)).toBeNull();
    cleanup();
    renderInAdmin(<Day weekend />, { locale: 'id' });
    expect(await screen.findByText('Akhir pekan: tidak ada pelajaran')).toBeInTheDocument();
  });
});
