// The school's clock (src/shared/schoolCalendar.ts): Jakarta's day and time whatever the time
// zone of the machine that asks.
import { describe, expect, it } from 'vitest';
import { addDays, isCalendarDay, schoolClock, schoolDayStart, schoolToday } from '../../src/shared/schoolCalendar';

describe('the school calendar', () => {
  it('reads the day and the time in Jakarta (UTC+7), not in UTC', () => {
    // 23:30 UTC on 31 December is 06:30 on 1 January in Jakarta.
    const now = new Date('2026-12-31T23:30:00Z');
    expect(schoolToday(now)).toBe('2027-01-01');
    expect(schoolClock(now)).toBe('06:30:00');
    expect(schoolToday(new Date('2027-01-01T16:59:59Z'))).toBe('2027-01-01');
    expect(schoolToday(new Date('2027-01-01T17:00:00Z'))).toBe('2027-01-02');
  });

  it('starts a school day at 00:00 in Jakarta and counts days across months and leap days', () => {
    expect(schoolDayStart('2027-03-07').toISOString()).toBe('2027-03-06T17:00:00.000Z');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('takes only real calendar days written YYYY-MM-DD', () => {
    for (const day of ['2026-11-25', '2028-02-29', '2026-12-31']) expect(isCalendarDay(day), day).toBe(true);
    // Date.parse takes 2026-02-30 for 2 March; the database refuses it.
    for (const day of ['2026-02-30', '2027-02-29', '2026-13-01', '2026-11-5', '25/11/2026', '2026-11-25T00:00:00Z', '', null, 20261125]) expect(isCalendarDay(day), String(day)).toBe(false);
  });
});
