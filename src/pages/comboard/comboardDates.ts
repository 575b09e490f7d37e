// How the board writes dates (spec 2 §9): DD MMM YYYY, and D MMM YYYY | HH:mm for a moment,
// with Indonesian month names in Indonesian. dayjs with its Indonesian locale, loaded with the board.

import dayjs from 'dayjs';
import 'dayjs/locale/id';

export function dayText(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const day = dayjs(value);
  return day.isValid() ? day.locale(locale === 'id' ? 'id' : 'en').format('DD MMM YYYY') : '';
}

export function momentText(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const day = dayjs(value);
  return day.isValid() ? day.locale(locale === 'id' ? 'id' : 'en').format('D MMM YYYY | HH:mm') : '';
}

/** The card's dates: the event's start–end, else when it is shown. */
export function cardDates(card: { is_event: boolean; datetime_1: string | null; datetime_2: string | null; show_date: string }, locale: string): string {
  if (card.datetime_1 || card.datetime_2) {
    const start = dayText(card.datetime_1, locale);
    const end = dayText(card.datetime_2, locale);
    return start && end && start !== end ? `${start} – ${end}` : start || end;
  }
  return momentText(card.show_date, locale);
}

/** The month names of a locale, January first. */
export function monthNames(locale: string): string[] {
  return Array.from({ length: 12 }, (_, i) => dayjs().locale(locale === 'id' ? 'id' : 'en').month(i).format('MMMM'));
}

/** An ISO moment as the `YYYY-MM-DDTHH:mm` of a datetime-local input, in the browser's time. */
export function toLocalInput(value: string | null | undefined): string {
  if (!value) return '';
  const day = dayjs(value);
  return day.isValid() ? day.format('YYYY-MM-DDTHH:mm') : '';
}

/** A datetime-local input's value as an ISO moment with its offset, or null. */
export function fromLocalInput(value: string | null | undefined): string | null {
  if (!value) return null;
  const day = dayjs(value);
  return day.isValid() ? day.toISOString() : null;
}
