// The leave summary's calls (src/shared/api/hrLeaveSummary.ts; issue 14 /leave-summary): a page
// of the rows with their count and the totals over all of them, and the XLSX of every row the
// same filters find, through the export module (server/export/tableExport.ts) with typed cells.
// HR only (HR_DASHBOARD_ALL_ROLES, as the HR dashboard decides it): anyone else gets 403 before
// anything is read. Every figure comes from ./leaveSummary.ts.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HR_DASHBOARD_ALL_ROLES } from '../../../src/shared/api/hrDashboard';
import { LEAVE_SUMMARY_PATHS, type LeaveSummaryAnswer, type LeaveSummaryFilters } from '../../../src/shared/api/hrLeaveSummary';
import type { Locale } from '../../../src/shared/entityModel';
import { fillText } from '../../../src/shared/messages';
import { sessionUser } from '../../auth/requireSession';
import { parseRecordId } from '../../crud/recordId';
import type { Db } from '../../db/database';
import { typedDb } from '../../db/typedDb';
import { xlsxStream, type ExportTable } from '../../export/tableExport';
import { schoolName } from '../../finance/reports/reportRoutes';
import { ApiError } from '../../http/apiError';
import { MAX_PAGE, pagingNumber } from '../../http/pagingNumber';
import { requestLocale } from '../../http/requestLocale';
import { success } from '../../http/success';
import { hrText } from '../hrTexts';
import { today } from '../leaveLedger';
import { leaveSummary } from './leaveSummary';

const TEXTS = {
  en: {
    title: 'Leave summary {year}',
    year: 'Choose a year from 2000 to 2100',
    id: 'Choose one from the list',
    employee: 'Employee', ein: 'EIN', work_unit: 'Work unit', position: 'Position', leave: 'Leave type', unit: 'Unit',
    granted: 'Granted', taken: 'Taken', lapsed: 'Lapsed', left: 'Left',
    day: 'days', hour: 'hours', total: 'Total ({unit})', on: 'Left on {day}', search: 'Search', all: 'All',
  },
  id: {
    title: 'Ringkasan cuti {year}',
    year: 'Pilih tahun 2000 sampai 2100',
    id: 'Pilih salah satu dari daftar',
    employee: 'Pegawai', ein: 'NIP', work_unit: 'Unit kerja', position: 'Jabatan', leave: 'Jenis cuti', unit: 'Satuan',
    granted: 'Jatah', taken: 'Diambil', lapsed: 'Hangus', left: 'Sisa',
    day: 'hari', hour: 'jam', total: 'Total ({unit})', on: 'Sisa per {day}', search: 'Cari', all: 'Semua',
  },
} as const satisfies Record<Locale, Record<string, string>>;

function requireHr(request: FastifyRequest): void {
  const user = sessionUser(request);
  if (!user.roles.some((role) => (HR_DASHBOARD_ALL_ROLES as readonly string[]).includes(role))) throw new ApiError(403, hrText(requestLocale(request), 'forbidden'));
}

const lastOf = (raw: unknown): string => (Array.isArray(raw) ? String(raw[raw.length - 1] ?? '') : raw === undefined || raw === null ? '' : String(raw)).trim();

/** The filters of the query string; a year outside 2000-2100 or an id that is not one: 422 naming it. */
export function summaryFiltersOf(locale: Locale, query: Record<string, unknown>, day: string): LeaveSummaryFilters {
  const yearText = lastOf(query.year);
  const year = yearText === '' ? Number(day.slice(0, 4)) : /^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
  if (!(year >= 2000 && year <= 2100)) throw new ApiError(422, TEXTS[locale].year, { year: [TEXTS[locale].year] });
  const filters: LeaveSummaryFilters = { year };
  for (const name of ['work_unit_id', 'leave_type_id'] as const) {
    const text = lastOf(query[name]);
    if (text === '') continue;
    const id = parseRecordId(text);
    if (id === null) throw new ApiError(422, TEXTS[locale].id, { [name]: [TEXTS[locale].id] });
    filters[name] = id;
  }
  const q = lastOf(query.q).slice(0, 100);
  if (q) filters.q = q;
  return filters;
}

export function registerLeaveSummaryRoutes(app: FastifyInstance, db: Db): void {
  app.get(`/${LEAVE_SUMMARY_PATHS.summary}`, async (request): Promise<LeaveSummaryAnswer> => {
    requireHr(request);
    const locale = requestLocale(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const day = today();
    const page = pagingNumber(locale, 'page', query.page, 1, MAX_PAGE);
    const perPage = pagingNumber(locale, 'per_page', query.per_page, 25, 500);
    const { rows, totals, on } = await leaveSummary(db, summaryFiltersOf(locale, query, day), day);
    return success({ data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length, totals, on });
  });

  app.get(`/${LEAVE_SUMMARY_PATHS.export}`, async (request, reply) => {
    requireHr(request);
    const locale = requestLocale(request);
    const t = TEXTS[locale];
    const query = (request.query ?? {}) as Record<string, unknown>;
    const day = today();
    const filters = summaryFiltersOf(locale, query, day);
    const { rows, totals, on } = await leaveSummary(db, filters, day);
    const typed = typedDb(db);
    const workUnit = filters.work_unit_id ? (await typed.selectFrom('work_unit').select('name').where('id', '=', filters.work_unit_id).executeTakeFirst())?.name : undefined;
    const leaveType = filters.leave_type_id ? (await typed.selectFrom('leave_type').select('name').where('id', '=', filters.leave_type_id).executeTakeFirst())?.name : undefined;
    const line = [
      fillText(t.on, { day: on }),
      `${t.work_unit}: ${workUnit ?? t.all}`,
      `${t.leave}: ${leaveType ?? t.all}`,
      ...(filters.q ? [`${t.search}: ${filters.q}`] : []),
    ].join(' · ');
    // Days and hours are not added together: the totals row is the days' (the hours' when only hours are shown).
    const unit = rows.some((r) => r.unit === 'day') || !rows.length ? 'day' : 'hour';
    const table: ExportTable = {
      organisation: await schoolName(db),
      title: fillText(t.title, { year: filters.year }),
      subtitle: line,
      columns: [
        { key: 'employee_name', header: t.employee, type: 'text' },
        { key: 'ein', header: t.ein, type: 'text' },
        { key: 'work_unit', header: t.work_unit, type: 'text' },
        { key: 'position', header: t.position, type: 'text' },
        { key: 'leave_name', header: t.leave, type: 'text' },
        { key: 'unit', header: t.unit, type: 'text' },
        { key: 'granted', header: t.granted, type: 'decimal' },
        { key: 'taken', header: t.taken, type: 'decimal' },
        { key: 'lapsed', header: t.lapsed, type: 'decimal' },
        { key: 'left', header: t.left, type: 'decimal' },
      ],
      rows: rows.map((r) => ({ ...r, unit: t[r.unit] })),
      totals: { unit: t[unit], ...totals[unit] },
      totalsLabel: fillText(t.total, { unit: t[unit] }),
      locale,
    };
    reply.header('content-disposition', `attachment; filename="leave-summary-${filters.year}.xlsx"`);
    reply.header('cache-control', 'private, no-store');
    reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    return reply.send(xlsxStream(table));
  });
}
