// A report's filters read from the query string (src/shared/api/financeReports.ts ReportFilters):
// only the filters the report declares; each value is checked, and a value that is not what the
// filter takes is refused (422 under its name, in the caller's language), never silently dropped.
// The dates get their defaults here (cut-off and end: today; start: the first of that year), so
// the rows, the totals and the file's header all name the same dates.

import { IMPORT_STATUSES, REPORTS, type ReportFilters, type ReportName } from '../../../src/shared/api/financeReports';
import type { Locale } from '../../../src/shared/entityModel';
import { invalidInput } from '../../http/apiError';
import { isCalendarDay, schoolToday } from '../../../src/shared/schoolCalendar';

const TEXTS = {
  en: { date: 'Write the date as YYYY-MM-DD', id: 'Choose one from the list', kind: 'Choose student or candidate', method: 'Choose a payment method from the list', status: 'Choose a status from the list', order: 'The end date must not be before the start date', sort: 'This report cannot be sorted by this column', q: 'At most 100 characters' },
  id: { date: 'Tulis tanggal sebagai YYYY-MM-DD', id: 'Pilih salah satu dari daftar', kind: 'Pilih siswa atau calon siswa', method: 'Pilih metode pembayaran dari daftar', status: 'Pilih status dari daftar', order: 'Tanggal akhir tidak boleh sebelum tanggal awal', sort: 'Laporan ini tidak dapat diurutkan menurut kolom ini', q: 'Paling banyak 100 karakter' },
} as const satisfies Record<Locale, Record<string, string>>;

export type ReportTextKey = keyof (typeof TEXTS)['en'];
export const reportFilterText = (locale: Locale, key: ReportTextKey): string => TEXTS[locale][key];

export interface ReportSort {
  key: string;
  order: 'asc' | 'desc';
}

/** The report's filters from a query string, defaults filled in; 422 naming every bad value. */
export function reportFiltersOf(locale: Locale, report: ReportName, query: Record<string, unknown>, today = schoolToday()): ReportFilters {
  const declared = new Set(REPORTS[report].filters);
  const errors: Record<string, string[]> = {};
  const filters: ReportFilters = {};
  const given = (name: string): string | undefined => {
    const value = query[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  for (const name of ['cutoff', 'date_from', 'date_to'] as const) {
    if (!declared.has(name)) continue;
    const value = given(name);
    if (value === undefined) continue;
    if (isCalendarDay(value)) filters[name] = value;
    else errors[name] = [TEXTS[locale].date];
  }
  for (const name of ['financial_year_id', 'department_id', 'class_id', 'income_type_id', 'registration_batch_id'] as const) {
    if (!declared.has(name)) continue;
    const value = given(name);
    if (value === undefined) continue;
    if (/^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647) filters[name] = Number(value);
    else errors[name] = [TEXTS[locale].id];
  }
  if (declared.has('kind') && given('kind') !== undefined) {
    const kind = given('kind');
    if (kind === 'student' || kind === 'candidate') filters.kind = kind;
    else errors.kind = [TEXTS[locale].kind];
  }
  if (declared.has('method') && given('method') !== undefined) {
    const method = given('method');
    if (method === 'va' || method === 'cash' || method === 'transfer') filters.method = method;
    else errors.method = [TEXTS[locale].method];
  }
  if (declared.has('status') && given('status') !== undefined) {
    const status = given('status')!;
    if ((IMPORT_STATUSES as readonly string[]).includes(status)) filters.status = status;
    else errors.status = [TEXTS[locale].status];
  }
  if (declared.has('q') && given('q') !== undefined) {
    const q = given('q')!;
    if (q.length <= 100) filters.q = q;
    else errors.q = [TEXTS[locale].q];
  }
  if (declared.has('cutoff') && !errors.cutoff) filters.cutoff ??= today;
  if (declared.has('date_to') && !errors.date_to) filters.date_to ??= today;
  if (declared.has('date_from') && !errors.date_from) filters.date_from ??= `${(filters.date_to ?? today).slice(0, 4)}-01-01`;
  if (filters.date_from && filters.date_to && filters.date_to < filters.date_from) errors.date_to = [TEXTS[locale].order];
  if (Object.keys(errors).length) throw invalidInput(locale, errors);
  return filters;
}

/** The sort a query string asks for: one of the report's columns (422 otherwise), else the report's default. */
export function reportSortOf(locale: Locale, report: ReportName, query: Record<string, unknown>): ReportSort {
  const declaration = REPORTS[report];
  const key = typeof query.sort === 'string' && query.sort ? query.sort : declaration.sort.key;
  if (!declaration.columns.some((column) => column.key === key)) throw invalidInput(locale, { sort: [TEXTS[locale].sort] });
  const order = typeof query.order === 'string' ? (query.order.toLowerCase() === 'desc' ? 'desc' : query.order.toLowerCase() === 'asc' ? 'asc' : declaration.sort.order) : key === declaration.sort.key ? declaration.sort.order : 'asc';
  return { key, order };
}
