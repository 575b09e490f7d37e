// How values read in the UI (spec 1 §9): rupiah with dot thousands in both languages,
// dates as day, full month name, year in the UI language. The browser's Intl does the
// month names and separators, so no date library is shipped for it.

import type { Locale } from '../shared/entityModel';

const INTL_LOCALE: Record<Locale, string> = { id: 'id-ID', en: 'en-GB' };

/** 1250000 → `Rp 1.250.000`; the same in both languages (money is integer rupiah). */
export function formatRupiah(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = Math.round(Number(value));
  if (!Number.isFinite(amount)) return '';
  const digits = String(Math.abs(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${amount < 0 ? '-' : ''}Rp ${digits}`;
}

/** A count in the UI language: 12.000 in Indonesian, 12,000 in English. */
export function formatCount(value: number, locale: Locale): string {
  return value.toLocaleString(INTL_LOCALE[locale]);
}

/**
 * '2026-01-05' and '2026-01-05T08:30' are local times (as the user typed them); a value
 * with a zone ('…Z', '…+07:00') is the instant it names.
 */
function parseDate(value: unknown): Date | null {
  const text = String(value);
  const local = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?$/.exec(text);
  const date = local
    ? new Date(+local[1], +local[2] - 1, +local[3], +(local[4] ?? 0), +(local[5] ?? 0), +(local[6] ?? 0))
    : new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
const timeFormats = new Map<Locale, Intl.DateTimeFormat>();

function dateFormat(locale: Locale): Intl.DateTimeFormat {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { day: 'numeric', month: 'long', year: 'numeric' });
    dateFormats.set(locale, format);
  }
  return format;
}

function timeFormat(locale: Locale): Intl.DateTimeFormat {
  let format = timeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    timeFormats.set(locale, format);
  }
  return format;
}

/** '2026-01-05' → `5 Januari 2026` (id) / `5 January 2026` (en). */
export function formatDate(value: unknown, locale: Locale): string {
  if (!value) return '';
  const date = parseDate(value);
  return date ? dateFormat(locale).format(date) : String(value);
}

/** An ISO date-time → `5 Januari 2026 08.30` (id) / `5 January 2026 08:30` (en), local time. */
export function formatDateTime(value: unknown, locale: Locale): string {
  if (!value) return '';
  const date = parseDate(value);
  return date ? `${dateFormat(locale).format(date)} ${timeFormat(locale).format(date)}` : String(value);
}

// Made once per language: a new Intl.NumberFormat per cell cost ~1 ms each, most of the time
// a list's rows took to draw (a number column of 25 rows, ~25 ms before the first row showed).
const numberFormats = new Map<Locale, Intl.NumberFormat>();

function numberFormat(locale: Locale): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale === 'id' ? 'id-ID' : 'en-US');
    numberFormats.set(locale, format);
  }
  return format;
}

/**
 * A whole number with the language's thousands separator, as Intl.NumberFormat writes it
 * (id-ID 1.234.567, en-US 1,234,567, a minus as '-'): the first Intl.NumberFormat of a page
 * costs ~10 ms (its locale data), for a list whose number column is mostly whole numbers.
 */
function groupedInteger(number: number, locale: Locale): string {
  const digits = String(Math.abs(number)).replace(/\B(?=(\d{3})+(?!\d))/g, locale === 'id' ? '.' : ',');
  return number < 0 ? `-${digits}` : digits;
}

/** Plain numbers in the UI language's separators. */
export function formatNumber(value: unknown, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '';
  const number = Number(value);
  if (Number.isSafeInteger(number) && !Object.is(number, -0)) return groupedInteger(number, locale);
  return Number.isFinite(number) ? numberFormat(locale).format(number) : String(value);
}

/** The browser's local date-time (a datetime-local input's value) → ISO, as the API stores it. */
export function localDateTimeToIso(value: string): string | null {
  return value ? new Date(value).toISOString() : null;
}
