// `page` and `per_page` of every list call: a whole number from 1 to `max`, else a 400 naming
// the parameter. A page like 1e20 must never reach an OFFSET (PostgreSQL refuses it: a 500).

import type { Locale } from '../../src/shared/entityModel';
import { apiError } from './apiError';

/** The largest `page` any list takes; with 100 per page that is an offset of 10^8. */
export const MAX_PAGE = 1_000_000;

/** The last value of a query parameter (`a=1&a=2` gives '2'). */
function lastValue(raw: unknown): string | undefined {
  if (Array.isArray(raw)) return raw.length ? String(raw[raw.length - 1]) : undefined;
  return raw === undefined ? undefined : String(raw);
}

/** The parameter's value; `fallback` when it is absent or empty. */
export function pagingNumber(locale: Locale, param: string, raw: unknown, fallback: number, max: number): number {
  const text = lastValue(raw);
  if (text === undefined || text === '') return fallback;
  const value = /^\d{1,7}$/.test(text) ? Number(text) : NaN;
  if (!(value >= 1 && value <= max)) throw apiError(locale, 400, 'badPaging', { param, min: 1, max });
  return value;
}
