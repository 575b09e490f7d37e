// How the payment pages write and read what a finance officer sees (spec 3 §1, §9): dates as
// day, full month name, year in the user's language; rupiah typed by people ("1.250.000",
// "1250000", "Rp 1.250.000") read as whole rupiah. No React, no DOM.

import dayjs from 'dayjs';
import 'dayjs/locale/id';
import type { Money } from '../api/finance';

/** '2026-08-03' → '3 Agustus 2026' (id) or '3 August 2026' (en); '' when there is none. */
export function payDateText(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const day = dayjs(value);
  return day.isValid() ? day.locale(locale === 'id' ? 'id' : 'en').format('D MMMM YYYY') : '';
}

/** An instant → '24 November 2026 13.05' (id) or '24 November 2026 13:05' (en), in the browser's time zone; '' when there is none. */
export function payDateTimeText(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const moment = dayjs(value);
  if (!moment.isValid()) return '';
  return locale === 'id' ? moment.locale('id').format('D MMMM YYYY HH.mm') : moment.locale('en').format('D MMMM YYYY HH:mm');
}

/**
 * A typed amount as whole rupiah: digits with dots (or spaces) as thousand separators, an
 * optional "Rp" in front. Null for an empty, fractional or otherwise unreadable text: a
 * comma or a dot not followed by exactly three digits is not a thousands separator.
 */
export function parsePayAmount(text: string): Money | null {
  const plain = text.trim().replace(/^rp\.?\s*/i, '');
  if (!/^\d{1,3}([.\s]\d{3})*$|^\d+$/.test(plain)) return null;
  const digits = plain.replace(/[.\s]/g, '');
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : null;
}

/** Whole rupiah as people type them back: 1250000 → '1.250.000'. */
export function payAmountText(value: Money): string {
  return Math.trunc(value).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Today as `YYYY-MM-DD` in the browser's time. */
export function payToday(): string {
  return dayjs().format('YYYY-MM-DD');
}

/** `path?a=1&b=2`, leaving out what is unset or empty. */
export function payQuery(path: string, query: Record<string, string | number | boolean | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** A refused call's field messages (a 422 the HTTP client turned into `body.errors`), by field. */
export function payFieldErrors(error: unknown): Record<string, string> {
  const failure = error as { status?: number; body?: { errors?: Record<string, unknown> } } | null;
  if (!failure || failure.status !== 422) return {};
  const errors: Record<string, string> = {};
  for (const [field, text] of Object.entries(failure.body?.errors ?? {})) {
    if (typeof text === 'string') errors[field] = text;
  }
  return errors;
}

/** The text of a failed call a person can act on (the server's message, else a translation key). */
export function payErrorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'ra.notification.http_error';
}
