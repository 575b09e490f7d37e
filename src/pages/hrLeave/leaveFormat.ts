// How the leave pages write dates, moments and quantities (spec 3 §9: day, full month name,
// year, in the user's language), and the colours of the states (spec 3 §4: history yellow,
// green, red; rejected rows red).

import dayjs from 'dayjs';
import 'dayjs/locale/id';
import type { LeaveRequestRow, LeaveState } from '../../shared/api/hr';

export function dateText(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const day = dayjs(value);
  return day.isValid() ? day.locale(locale === 'id' ? 'id' : 'en').format('D MMMM YYYY') : '';
}

export function momentText(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const day = dayjs(value);
  return day.isValid() ? day.locale(locale === 'id' ? 'id' : 'en').format('D MMMM YYYY HH:mm') : '';
}

/** "21 – 24 December 2026", or the day and times of a Permission. */
export function periodText(row: Pick<LeaveRequestRow, 'start_date' | 'end_date' | 'start_time' | 'end_time' | 'leave_type'>, locale: string): string {
  if (row.leave_type === 'permission' && row.start_time) return `${dateText(row.start_date, locale)}, ${row.start_time} – ${row.end_time ?? ''}`;
  return row.start_date === row.end_date ? dateText(row.start_date, locale) : `${dateText(row.start_date, locale)} – ${dateText(row.end_date, locale)}`;
}

/** A quantity as people write it: 2,5 in Indonesian, 2.5 in English. */
export function quantityText(value: number, locale: string): string {
  return new Intl.NumberFormat(locale === 'id' ? 'id-ID' : 'en-US', { maximumFractionDigits: 2 }).format(value);
}

export const STATE_COLOUR: Record<LeaveState, 'default' | 'warning' | 'success' | 'error'> = {
  draft: 'default',
  waiting: 'warning',
  approved: 'success',
  rejected: 'error',
};

/** The background of a history item or approver row by state (spec 3 §4). */
export const STATE_BACKGROUND: Record<string, string | undefined> = {
  waiting: '#fff8e1',
  approved: '#e8f5e9',
  rejected: '#ffebee',
};
