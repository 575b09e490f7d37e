// The report pages (issue 13 "Receivables reports"; spec 3 §2.10), one component per report,
// each the shared frame (./ReportFrame.tsx) over its report's state (./useReport.ts); the two
// dashboards add their headline figures and a bar per month, drawn with the theme's colours
// (no chart library: the bars are boxes, so the pages' shared chunk stays small).

import './texts/register';
import { Box, Stack, Tooltip, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import type { ReportName } from '../../shared/api/financeReports';
import { formatRupiah } from '../../shared/api/finance';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { ReportFrame } from './ReportFrame';
import { useReport, type ReportState } from './useReport';

const MONTH = /^(\d{4})-(\d{2})$/;

function monthName(month: string, locale: string): string {
  const match = MONTH.exec(month);
  if (!match) return month;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)).toLocaleDateString(locale === 'id' ? 'id-ID' : 'en-GB', { month: 'short', year: '2-digit', timeZone: 'UTC' });
}

/** One stacked bar per month of the rows on screen: `parts` (keys of the row) in the theme's colours. */
function MonthBars({ state, parts }: { state: ReportState; parts: readonly { key: string; colour: string; label: string }[] }) {
  const translate = useTranslate();
  const locale = useLocale();
  const rows = [...(state.rows ?? [])].filter((row) => typeof row.month === 'string').sort((a, b) => String(a.month).localeCompare(String(b.month)));
  const height = (row: Record<string, unknown>) => parts.reduce((sum, part) => sum + Number(row[part.key] ?? 0), 0);
  const max = Math.max(1, ...rows.map(height));
  return (
    <Box sx={{ mb: 3 }} data-testid="report-chart">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', mb: 1 }}>
        <Typography variant="subtitle2">{translate('financeReports.chart.title')}</Typography>
        {parts.map((part) => (
          <Stack key={part.key} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 10, height: 10, bgcolor: part.colour, borderRadius: 0.5 }} />
            <Typography variant="caption" color="text.secondary">
              {part.label}
            </Typography>
          </Stack>
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end', height: 160, borderBottom: 1, borderColor: 'divider', overflowX: 'auto' }}>
        {rows.map((row) => (
          <Tooltip key={String(row.month)} title={parts.map((part) => `${part.label}: ${formatRupiah(Number(row[part.key] ?? 0))}`).join(' · ')}>
            <Stack sx={{ minWidth: 36, flex: '1 1 0', maxWidth: 64, height: `${(height(row) / max) * 100}%`, justifyContent: 'flex-end' }} role="img" aria-label={String(row.month)}>
              {parts.map((part) => (
                <Box key={part.key} sx={{ bgcolor: part.colour, height: `${height(row) ? (Number(row[part.key] ?? 0) / height(row)) * 100 : 0}%`, '&:first-of-type': { borderTopLeftRadius: 3, borderTopRightRadius: 3 } }} />
              ))}
            </Stack>
          </Tooltip>
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ overflowX: 'hidden' }}>
        {rows.map((row) => (
          <Typography key={String(row.month)} variant="caption" color="text.secondary" sx={{ minWidth: 36, flex: '1 1 0', maxWidth: 64, textAlign: 'center' }}>
            {monthName(String(row.month), locale)}
          </Typography>
        ))}
      </Stack>
    </Box>
  );
}

function usePage(report: ReportName) {
  const title = useRouteTitle(`/${report}`);
  useDocumentTitle(title);
  return { title, state: useReport(report) };
}

function PlainReport({ report, headlines }: { report: ReportName; headlines?: readonly string[] }) {
  const { title, state } = usePage(report);
  return <ReportFrame title={title} state={state} headlines={headlines} />;
}

export const ArOutstandingPage = () => <PlainReport report="aroutstanding" headlines={['outstanding']} />;
export const ArAgingPage = () => <PlainReport report="araging" headlines={['outstanding']} />;
export const ArSummaryPage = () => <PlainReport report="arsummary" />;
export const PaymentSummaryClassPage = () => <PlainReport report="paymentsummaryclass" headlines={['billed', 'outstanding', 'paid_percent']} />;
export const PaymentSummaryTypePage = () => <PlainReport report="paymentsummarytype" headlines={['billed', 'outstanding', 'paid_percent']} />;
export const FinancialReportPage = () => <PlainReport report="financial-report" />;
export const CandidatePaymentPage = () => <PlainReport report="reportcandidatepayment" />;
export const PaymentImportReportPage = () => <PlainReport report="paymentreportimport" />;

export function ArDashboardPage() {
  const translate = useTranslate();
  const { title, state } = usePage('ardashboard');
  const chart = (
    <MonthBars
      state={state}
      parts={[
        { key: 'paid', colour: 'success.main', label: translate('financeReports.chart.paid') },
        { key: 'outstanding', colour: 'warning.main', label: translate('financeReports.chart.outstanding') },
      ]}
    />
  );
  return <ReportFrame title={title} state={state} headlines={['billed', 'outstanding', 'overdue', 'paid_percent']} chart={chart} />;
}

export function PaymentDashboardPage() {
  const translate = useTranslate();
  const { title, state } = usePage('paymentdashboard');
  const chart = (
    <MonthBars
      state={state}
      parts={[
        { key: 'va', colour: 'primary.main', label: translate('financeReports.method.va') },
        { key: 'transfer', colour: 'info.main', label: translate('financeReports.method.transfer') },
        { key: 'cash', colour: 'success.main', label: translate('financeReports.method.cash') },
      ]}
    />
  );
  return <ReportFrame title={title} state={state} headlines={['amount', 'payments', 'deposit']} chart={chart} />;
}
