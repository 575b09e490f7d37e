// How the invoice pages write dates and read amounts (spec 3 §1, §9): a date as day, full month
// name and year in the user's language ("3 Agustus 2026"); an amount typed by a person as
// digits, dots as thousands separators allowed ("1.250.000"), sent as whole rupiah.

import dayjs from 'dayjs';
import 'dayjs/locale/id';

/** `2026-08-03` → "3 Agustus 2026" (id) / "3 August 2026" (en); empty for no date. */
export function dateText(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const day = dayjs(value);
  return day.isValid() ? day.locale(locale === 'id' ? 'id' : 'en').format('D MMMM YYYY') : '';
}

/** Today as `YYYY-MM-DD` in the browser's time. */
export function today(): string {
  return dayjs().format('YYYY-MM-DD');
}

/**
 * A typed amount as whole rupiah: digits with optional dot thousands separators (and spaces or
 * an "Rp" prefix, as pasted); null when it is empty or not a whole amount (a comma, letters).
 */
export function parseMoney(text: string): number | null {
  const bare = text.trim().replace(/^rp\.?\s*/i, '').replace(/\s/g, '');
  if (!/^\d{1,3}(\.\d{3})*$|^\d+$/.test(bare)) return null;
  const value = Number(bare.replace(/\./g, ''));
  return Number.isSafeInteger(value) ? value : null;
}

/** What a money input shows as a person types: the digits grouped with dots ("1250000" → "1.250.000"). */
export function groupDigits(text: string): string {
  const digits = text.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}
