// How values read in the UI (spec 1 §9): rupiah with dot thousands in both languages,
// dates as day, full month name, year in the UI language.

import dayjs from 'dayjs';
import 'dayjs/locale/id';
import type { Locale } from '../shared/entityModel';

/** 1250000 → `Rp 1.250.000`; the same in both languages (money is integer rupiah). */
export function formatRupiah(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = Math.round(Number(value));
  if (!Number.isFinite(amount)) return '';
  const digits = String(Math.abs(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${amount < 0 ? '-' : ''}Rp ${digits}`;
}

/** '2026-01-05' → `5 Januari 2026` (id) / `5 January 2026` (en). */
export function formatDate(value: unknown, locale: Locale): string {
  if (!value) return '';
  const date = dayjs(String(value));
  return date.isValid() ? date.locale(locale).format('D MMMM YYYY') : String(value);
}

/** An ISO date-time → `5 Januari 2026 08.30` (id) / `5 January 2026 08:30` (en), local time. */
export function formatDateTime(value: unknown, locale: Locale): string {
  if (!value) return '';
  const date = dayjs(String(value));
  return date.isValid() ? date.locale(locale).format(locale === 'id' ? 'D MMMM YYYY HH.mm' : 'D MMMM YYYY HH:mm') : String(value);
}

/** Plain numbers in the UI language's separators. */
export function formatNumber(value: unknown, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '';
  const number = Number(value);
  return Number.isFinite(number) ? new Intl.NumberFormat(locale === 'id' ? 'id-ID' : 'en-US').format(number) : String(value);
}
