// One report run: the report's query module gives its rows for the filters; here they are
// shaped by the report's columns (money and counts as numbers, the paid share as a percent),
// sorted by one of its columns, and summed into the totals row. The screen's page and the
// exported file are both cut from the same sorted rows, so they never disagree.

import { REPORTS, type ReportColumn, type ReportFilters, type ReportName, type ReportRow } from '../../../src/shared/api/financeReports';
import type { Locale } from '../../../src/shared/entityModel';
import type { Db } from '../../db/database';
import { candidatePaymentsReport, importLinesReport, paymentMonthsReport, trialBalanceReport } from './paymentReports';
import { agingReport, classSummaryReport, outstandingReport, receivableMonthsReport, receivableSummaryReport, typeSummaryReport } from './receivableReports';
import type { ReportSort } from './reportFilters';

type ReportQuery = (db: Db, filters: ReportFilters, locale: Locale) => Promise<ReportRow[]>;

const QUERIES: Record<ReportName, ReportQuery> = {
  aroutstanding: outstandingReport,
  araging: agingReport,
  arsummary: receivableSummaryReport,
  ardashboard: receivableMonthsReport,
  paymentdashboard: paymentMonthsReport,
  paymentsummaryclass: classSummaryReport,
  paymentsummarytype: typeSummaryReport,
  'financial-report': trialBalanceReport,
  reportcandidatepayment: candidatePaymentsReport,
  paymentreportimport: importLinesReport,
};

/** paid ÷ billed as a percent with two decimals (0 when nothing was billed). */
export function paidPercent(paid: number, billed: number): number {
  return billed > 0 ? Math.round((paid * 10000) / billed) / 100 : 0;
}

function shaped(columns: readonly ReportColumn[], row: ReportRow): ReportRow {
  const out: ReportRow = {};
  for (const column of columns) {
    const value = row[column.key];
    if (column.type === 'money' || column.type === 'integer') out[column.key] = value === null || value === undefined ? 0 : Number(value);
    else if (column.type === 'percent') out[column.key] = null;
    else out[column.key] = value === undefined ? null : value;
  }
  if ('paid_percent' in out) out.paid_percent = paidPercent(Number(out.paid), Number(out.billed));
  return out;
}

/** One collator for every comparison (String.localeCompare with options builds one per call). */
const COLLATOR = new Intl.Collator('id', { numeric: true });

function compare(column: ReportColumn, order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  const numeric = column.type !== 'text' && column.type !== 'date';
  // Days are 'YYYY-MM-DD': their characters' order is the days' order, no collation needed
  // (100,000 rows sorted by date spent most of their time in the collator).
  const day = column.type === 'date';
  return (a: ReportRow, b: ReportRow): number => {
    const x = a[column.key];
    const y = b[column.key];
    if (x === null || x === undefined || x === '') return y === null || y === undefined || y === '' ? 0 : 1;
    if (y === null || y === undefined || y === '') return -1;
    if (numeric) return sign * (Number(x) - Number(y));
    if (day) {
      const p = String(x);
      const q = String(y);
      return p === q ? 0 : sign * (p < q ? -1 : 1);
    }
    return sign * COLLATOR.compare(String(x), String(y));
  };
}

export interface ReportResult {
  rows: ReportRow[];
  totals: Record<string, number>;
}

/** The report's rows for the filters, sorted, with the totals over all of them. */
export async function runReport(db: Db, report: ReportName, filters: ReportFilters, sort: ReportSort, locale: Locale): Promise<ReportResult> {
  const { columns } = REPORTS[report];
  const found = (await QUERIES[report](db, filters, locale)).map((row) => shaped(columns, row));
  const sortColumn = columns.find((column) => column.key === sort.key)!;
  const byKey = compare(sortColumn, sort.order);
  const tieBreak = columns.filter((column) => column !== sortColumn).map((column) => compare(column, 'asc'));
  found.sort((a, b) => {
    const first = byKey(a, b);
    if (first !== 0) return first;
    for (const next of tieBreak) {
      const result = next(a, b);
      if (result !== 0) return result;
    }
    return 0;
  });
  const totals: Record<string, number> = {};
  for (const column of columns) if (column.total) totals[column.key] = 0;
  for (const row of found) for (const key of Object.keys(totals)) totals[key]! += Number(row[key] ?? 0);
  if (columns.some((column) => column.key === 'paid_percent')) totals.paid_percent = paidPercent(totals.paid ?? 0, totals.billed ?? 0);
  return { rows: found, totals };
}
