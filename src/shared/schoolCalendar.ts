// The school's calendar and clock: Asia/Jakarta (WIB), UTC+7 all year (no daylight saving).
// A school day, a reminder's day and time, a selection window's first and last day are read on
// this clock, not the server's time zone: a server kept on UTC would otherwise date whatever
// happens before 07:00 in Jakarta on the day before. Plain functions (no React, no DOM), for
// the server and the browser alike.

/** The school's offset from UTC, as an ISO 8601 suffix. */
export const SCHOOL_UTC_OFFSET = '+07:00';
const OFFSET_MS = 7 * 3600_000;

/** Today in the school's calendar, as YYYY-MM-DD. */
export function schoolToday(now = new Date()): string {
  return new Date(now.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The time of day on the school's clock, as HH:mm:ss. */
export function schoolClock(now = new Date()): string {
  return new Date(now.getTime() + OFFSET_MS).toISOString().slice(11, 19);
}

/** The instant a school day (YYYY-MM-DD) begins: 00:00 in Jakarta. */
export function schoolDayStart(date: string): Date {
  return new Date(`${date}T00:00:00${SCHOOL_UTC_OFFSET}`);
}

/** A real calendar day written YYYY-MM-DD (not 2026-02-30, which Date.parse takes for 2 March). */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Saturday or Sunday: no lessons, and no working day for leave (server/hr/leaveDays.ts); the calendars colour them. */
export function isWeekend(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** `YYYY-MM-DD` plus whole days (UTC calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
