// What a leave request counts (issue 14, "Balances"): its working days, leaving out Saturdays,
// Sundays and the school's holidays (the active holiday lists, /holidays), split by the leave
// type's counting period, so that days in December count against that year and days in
// January against the next. Pure: the holidays are given.

import { isWeekend } from '../../src/shared/schoolCalendar';

/** A day as YYYY-MM-DD (UTC calendar arithmetic: no time zone can shift a day). */
export type Day = string;

export type CountingPeriod = 'year' | 'month' | 'occurrence';

/** Hours a working day counts for, when a type counted in hours is taken by whole days. */
export const HOURS_PER_DAY = 8;

const MS_PER_DAY = 86_400_000;

function toTime(day: Day): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}

function toDay(time: number): Day {
  return new Date(time).toISOString().slice(0, 10);
}

export function addDays(day: Day, days: number): Day {
  return toTime(day) + days * MS_PER_DAY >= 0 ? toDay(toTime(day) + days * MS_PER_DAY) : day;
}

/** The day `months` calendar months after `day` (the 31st of a shorter month becomes its last day). */
export function addMonths(day: Day, months: number): Day {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1 + months;
  const target = new Date(Date.UTC(year, month, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(Number(day.slice(8, 10)), last));
  return toDay(target.getTime());
}

/** Every day from `start` to `end`, both included (none when end is before start). */
export function daysBetween(start: Day, end: Day): Day[] {
  const days: Day[] = [];
  for (let t = toTime(start); t <= toTime(end); t += MS_PER_DAY) days.push(toDay(t));
  return days;
}

/** The holidays of holiday ranges, as a set of days. */
export function holidaySet(ranges: ReadonlyArray<{ start_date: Day; end_date: Day }>): Set<Day> {
  const set = new Set<Day>();
  for (const range of ranges) for (const day of daysBetween(range.start_date, range.end_date)) set.add(day);
  return set;
}

/** The working days of a range: no weekend, no holiday. */
export function workingDays(start: Day, end: Day, holidays: ReadonlySet<Day>): Day[] {
  return daysBetween(start, end).filter((day) => !isWeekend(day) && !holidays.has(day));
}

/** The counting period a day falls in: 2026 per year, 2026-11 per month (per occurrence: its year). */
export function periodOf(day: Day, counting: CountingPeriod): string {
  return counting === 'month' ? day.slice(0, 7) : day.slice(0, 4);
}

/** A period's first and last day. */
export function periodBounds(period: string): { start: Day; end: Day } {
  if (period.length === 7) {
    const start = `${period}-01`;
    return { start, end: addDays(addMonths(start, 1), -1) };
  }
  return { start: `${period}-01-01`, end: `${period}-12-31` };
}

/** The period before one. */
export function previousPeriod(period: string): string {
  if (period.length === 7) return addMonths(`${period}-01`, -1).slice(0, 7);
  return String(Number(period) - 1);
}

export interface PeriodShare {
  period: string;
  /** The quantity in the type's unit. */
  quantity: number;
  /** The first working day of the request in this period. */
  first: Day;
}

/** Rounds to hundredths, so that sums of halves and hours stay exact when shown. */
export const round2 = (value: number): number => Math.round(value * 100) / 100;

/**
 * What a request takes, per counting period: working days, or hours (the span between the
 * times on one day, or whole working days of HOURS_PER_DAY hours).
 */
export function requestShares(
  request: { start_date: Day; end_date: Day; start_time?: string | null; end_time?: string | null },
  unit: 'day' | 'hour',
  counting: CountingPeriod,
  holidays: ReadonlySet<Day>,
): PeriodShare[] {
  const days = workingDays(request.start_date, request.end_date, holidays);
  const shares = new Map<string, PeriodShare>();
  const timed = unit === 'hour' && request.start_time && request.end_time;
  for (const day of days) {
    const period = periodOf(day, counting);
    const share = shares.get(period) ?? { period, quantity: 0, first: day };
    share.quantity = round2(share.quantity + (timed ? hoursBetween(String(request.start_time), String(request.end_time)) : unit === 'hour' ? HOURS_PER_DAY : 1));
    shares.set(period, share);
  }
  return [...shares.values()];
}

/** Hours from one time to another on the same day ('08:00' to '10:30' is 2.5). */
export function hoursBetween(start: string, end: string): number {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  return round2(Math.max(0, minutes(end) - minutes(start)) / 60);
}
