// The report calls (src/shared/api/financeReports.ts): GET finance/reports/{report} answers a page
// of the rows, their count and the totals over all of them; GET finance/reports/{report}/export
// streams every row the same filters and sort find (not only the page on screen) as XLSX or PDF
// through the export module (server/export/tableExport.ts), headed by the school's name
// (setting_school, else the school identity), the report's title and its filters.
// Finance readers only (FINANCE_ROLES.read): anyone else gets 403 before anything is read.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FINANCE_REPORT_PATHS,
  isReportName,
  PDF_MAX_ROWS,
  REPORT_FILTER_LABELS,
  REPORT_TITLES,
  REPORTS,
  type ReportAnswer,
  type ReportFilterName,
  type ReportFilters,
  type ReportName,
} from '../../../src/shared/api/financeReports';
import type { Locale } from '../../../src/shared/entityModel';
import { fillText } from '../../../src/shared/messages';
import type { Db } from '../../db/database';
import { typedDb } from '../../db/typedDb';
import { ApiError } from '../../http/apiError';
import { MAX_PAGE, pagingNumber } from '../../http/pagingNumber';
import { requestLocale } from '../../http/requestLocale';
import { success } from '../../http/success';
import { dateText, pdfBuffer, xlsxStream, type ExportTable } from '../../export/tableExport';
import { requireFinance } from '../financeAccess';
import { reportFiltersOf, reportSortOf } from './reportFilters';
import { runReport } from './reportRunner';

export const REPORT_TEXTS = {
  en: { notFound: 'There is no such report', format: 'Choose xlsx or pdf', tooLarge: 'This report has {rows} row: a PDF takes at most {max}. Export it to Excel, or narrow the filters. |||| This report has {rows} rows: a PDF takes at most {max}. Export it to Excel, or narrow the filters.', total: 'Total', all: 'All', student: 'Students', candidate: 'Candidates', printed: 'Printed' },
  id: { notFound: 'Laporan tidak ditemukan', format: 'Pilih xlsx atau pdf', tooLarge: 'Laporan ini berisi {rows} baris: PDF paling banyak {max}. Ekspor ke Excel, atau persempit saringan.', total: 'Total', all: 'Semua', student: 'Siswa', candidate: 'Calon siswa', printed: 'Dicetak' },
} as const satisfies Record<Locale, Record<string, string>>;

/** Why a PDF of `rows` rows (more than PDF_MAX_ROWS) is refused: the numbers as the reader writes them, "row" or "rows" by the count. */
export function pdfTooLargeText(locale: Locale, rows: number): string {
  const number = (n: number) => n.toLocaleString(locale === 'id' ? 'id-ID' : 'en-US');
  return fillText(REPORT_TEXTS[locale].tooLarge, { rows: number(rows), max: number(PDF_MAX_ROWS), count: rows });
}

function reportOf(request: FastifyRequest): ReportName {
  const name = (request.params as { report?: string }).report;
  if (!isReportName(name)) throw new ApiError(404, REPORT_TEXTS[requestLocale(request)].notFound);
  return name;
}

/** The school's name: the invoice settings' (what invoices are printed with), else the school identity's. */
export async function schoolName(db: Db): Promise<string> {
  const typed = typedDb(db);
  const setting = await typed.selectFrom('setting_school').select('school_name').orderBy('id').limit(1).executeTakeFirst();
  if (setting?.school_name) return setting.school_name;
  const identity = await typed.selectFrom('school_identity').select('name').orderBy('id').limit(1).executeTakeFirst();
  return identity?.name ?? '';
}

/** The filters as a person reads them: "Cut-off date: 24 November 2026 · Unit: SMA". */
async function filterLine(db: Db, locale: Locale, filters: ReportFilters): Promise<string> {
  const typed = typedDb(db);
  const names: Partial<Record<ReportFilterName, Promise<string | null | undefined>>> = {
    financial_year_id: filters.financial_year_id ? typed.selectFrom('financial_year').select('description as name').where('id', '=', filters.financial_year_id).executeTakeFirst().then((r) => r?.name) : undefined,
    department_id: filters.department_id ? typed.selectFrom('department').select('name').where('id', '=', filters.department_id).executeTakeFirst().then((r) => r?.name) : undefined,
    class_id: filters.class_id ? typed.selectFrom('class').select('name').where('id', '=', filters.class_id).executeTakeFirst().then((r) => r?.name) : undefined,
    income_type_id: filters.income_type_id ? typed.selectFrom('income_type').select('name').where('id', '=', filters.income_type_id).executeTakeFirst().then((r) => r?.name) : undefined,
    registration_batch_id: filters.registration_batch_id ? typed.selectFrom('registration_batch').select('name').where('id', '=', filters.registration_batch_id).executeTakeFirst().then((r) => r?.name) : undefined,
  };
  const parts: string[] = [];
  for (const [name, value] of Object.entries(filters) as [ReportFilterName, string | number][]) {
    if (value === undefined || value === '') continue;
    let shown: string;
    if (name === 'cutoff' || name === 'date_from' || name === 'date_to') shown = dateText(String(value), locale);
    else if (name === 'kind') shown = REPORT_TEXTS[locale][value as 'student' | 'candidate'];
    else shown = String((await names[name]) ?? value);
    parts.push(`${REPORT_FILTER_LABELS[name][locale]}: ${shown}`);
  }
  return parts.join(' · ');
}

const fileName = (report: ReportName, filters: ReportFilters, format: string) =>
  `${report}-${filters.cutoff ?? filters.date_to ?? ''}.${format}`.replace(/-\./, '.');

export function registerReportRoutes(app: FastifyInstance, db: Db): void {
  app.get(`/${FINANCE_REPORT_PATHS.report}/:report`, async (request): Promise<ReportAnswer> => {
    requireFinance(request, 'read');
    const locale = requestLocale(request);
    const report = reportOf(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const page = pagingNumber(locale, 'page', query.page, 1, MAX_PAGE);
    const perPage = pagingNumber(locale, 'per_page', query.per_page, 25, 500);
    const filters = reportFiltersOf(locale, report, query);
    const { rows, totals } = await runReport(db, report, filters, reportSortOf(locale, report, query), locale);
    return success({ data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length, totals, filters });
  });

  app.get(`/${FINANCE_REPORT_PATHS.report}/:report/export`, async (request, reply) => {
    requireFinance(request, 'read');
    const locale = requestLocale(request);
    const report = reportOf(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const format = query.format;
    if (format !== 'xlsx' && format !== 'pdf') throw new ApiError(422, REPORT_TEXTS[locale].format, { format: [REPORT_TEXTS[locale].format] });
    const filters = reportFiltersOf(locale, report, query);
    const { rows, totals } = await runReport(db, report, filters, reportSortOf(locale, report, query), locale);
    if (format === 'pdf' && rows.length > PDF_MAX_ROWS) {
      const text = pdfTooLargeText(locale, rows.length);
      throw new ApiError(422, text, { format: [text] });
    }
    const table: ExportTable = {
      organisation: await schoolName(db),
      title: REPORT_TITLES[report][locale],
      subtitle: await filterLine(db, locale, filters),
      columns: REPORTS[report].columns.map((column) => ({ key: column.key, header: column.label[locale], type: column.type })),
      rows,
      totals,
      totalsLabel: REPORT_TEXTS[locale].total,
      locale,
    };
    reply.header('content-disposition', `attachment; filename="${fileName(report, filters, format)}"`);
    reply.header('cache-control', 'private, no-store');
    if (format === 'pdf') {
      reply.type('application/pdf');
      return reply.send(await pdfBuffer(table));
    }
    reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    return reply.send(xlsxStream(table));
  });
}
