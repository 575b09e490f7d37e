// What every report page draws (issue 13; spec 1 §6 the card header's Excel and PDF buttons):
// the card with its title, the cut-off or period it shows and the export buttons; the filters
// the report declares; a few headline figures and a chart where the page gives them; the grid,
// sortable by any column, with the totals over every row (not only this page) under it; loading,
// empty and error states. Colours come from the theme, so dark mode reads as well.

import { Alert, Box, Button, Card, CardContent, CircularProgress, MenuItem, Paper, Skeleton, Stack, Table, TableBody, TableCell, TableFooter, TableHead, TablePagination, TableRow, TableSortLabel, TextField, Tooltip, Typography } from '@mui/material';
import GridOnIcon from '@mui/icons-material/GridOn';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import { useLocale, useTranslate } from 'react-admin';
import { formatRupiah } from '../../shared/api/finance';
import { REPORT_FILTER_LABELS, type ReportColumn, type ReportFilterName, type ReportValue } from '../../shared/api/financeReports';
import type { Locale } from '../../shared/entityModel';
import { payDateText } from '../../shared/finance/payFormat';
import { PER_PAGE_CHOICES, type ReportState } from './useReport';

/** A value as the grid shows it: Rp with dots, a date as day, month name, year; a percent with two decimals. */
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function cellText(column: Pick<ReportColumn, 'type'>, value: ReportValue | undefined, locale: string): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.type) {
    case 'money':
      return formatRupiah(Number(value));
    case 'date':
      return payDateText(String(value), locale);
    case 'percent':
      return `${Number(value).toLocaleString(locale === 'id' ? 'id-ID' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
    case 'integer':
      return Number(value).toLocaleString(locale === 'id' ? 'id-ID' : 'en-US');
    default: {
      // A month of the by-month reports ('2026-07') reads as the chart's months do: 'July 2026' / 'Juli 2026'.
      const text = String(value);
      return MONTH.test(text) ? payDateText(`${text}-01`, locale).replace(/^1 /, '') : text;
    }
  }
}

const numeric = (column: ReportColumn) => column.type === 'money' || column.type === 'integer' || column.type === 'percent';

const ENUMS: Partial<Record<ReportFilterName, readonly string[]>> = {
  kind: ['student', 'candidate'],
  method: ['va', 'cash', 'transfer'],
  status: ['matched', 'partial', 'mismatch', 'unknown_va', 'duplicate', 'already_uploaded', 'invalid'],
};

function Filters({ state, locale }: { state: ReportState; locale: Locale }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} role="search" aria-label={translate('financeReports.filters')}>
      {state.declaration.filters.map((name) => {
        const label = REPORT_FILTER_LABELS[name][locale];
        const value = state.form[name] ?? '';
        const common = { size: 'small' as const, fullWidth: false, label, value, name, onChange: (event: { target: { value: string } }) => state.change(name, event.target.value) };
        if (name === 'cutoff' || name === 'date_from' || name === 'date_to') {
          return <TextField key={name} {...common} type="date" slotProps={{ inputLabel: { shrink: true } }} sx={{ width: 170 }} />;
        }
        if (name === 'q') return <TextField key={name} {...common} placeholder={translate('financeReports.search_help')} sx={{ minWidth: 220 }} />;
        const options = ENUMS[name]
          ? ENUMS[name]!.map((option) => ({ id: option, label: translate(`financeReports.${name}.${option}`) }))
          : (state.choices[name] ?? []).map((choice) => ({ id: String(choice.id), label: choice.label }));
        return (
          // as wide as its label needs (an empty select would cut "Students or candidates")
          <TextField key={name} {...common} select sx={{ minWidth: Math.max(170, label.length * 8 + 56) }}>
            <MenuItem value="">{translate('financeReports.all')}</MenuItem>
            {options.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {option.label}
              </MenuItem>
            ))}
            {value && !options.some((option) => option.id === value) && <MenuItem value={value}>{value}</MenuItem>}
          </TextField>
        );
      })}
      {state.filtered && <Button onClick={state.clear}>{translate('financeReports.clear')}</Button>}
    </Stack>
  );
}

/** Headline figures over the whole report: `keys` of the totals, each with its label. */
function Headlines({ state, keys, locale }: { state: ReportState; keys: readonly string[]; locale: string }) {
  const translate = useTranslate();
  if (!state.rows) return null;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} data-testid="report-headlines">
      {keys.map((key) => {
        const column = state.declaration.columns.find((c) => c.key === key);
        return (
          <Paper key={key} variant="outlined" sx={{ px: 2, py: 1.5, minWidth: 180 }}>
            <Typography variant="caption" color="text.secondary">
              {translate(`financeReports.summary.${key}`)}
            </Typography>
            <Typography variant="h6" component="p" sx={{ whiteSpace: 'nowrap' }}>
              {cellText(column ?? { type: 'money' }, state.totals[key] ?? 0, locale)}
            </Typography>
          </Paper>
        );
      })}
    </Stack>
  );
}

/**
 * A wide report (more than eight columns: aging's buckets, the outstanding invoices) scrolls
 * sideways on a laptop (the aging report is 1,440 pixels wide in a 1,078-pixel card at 1366);
 * its first two columns (the student's number and name, or the group and the type) stay in
 * view while the amounts scroll, as a spreadsheet's frozen panes do. The second column starts
 * where the first ends, measured.
 */
const PINNED = 2;
const pinnedCell = (index: number) => (index < PINNED ? `report-pin report-pin-${index + 1}` : undefined);

function wideTableSx(theme: Theme) {
  const hover = `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})`;
  // The card's own surface: its colour and, in dark mode, the elevation's lighter overlay.
  const surface = 'var(--Paper-overlay, linear-gradient(transparent, transparent))';
  return {
    '& .MuiTableCell-root': { px: 1 },
    '& .report-pin': { position: 'sticky', zIndex: 1, backgroundColor: theme.palette.background.paper, backgroundImage: surface },
    '& .report-pin-1': { left: 0 },
    '& .report-pin-2': { left: 'var(--report-pin-2, 0px)', boxShadow: `inset -1px 0 0 ${theme.palette.divider}` },
    // A row's hover and the totals' shade show through the pinned cells too.
    '& .MuiTableRow-hover:hover .report-pin, & tfoot .report-pin': { backgroundImage: `${hover}, ${surface}` },
  };
}

/** Keeps `--report-pin-2` at the first column's width while the grid is drawn. */
function usePinnedOffset(wide: boolean) {
  const table = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const element = table.current;
    const first = element?.querySelector<HTMLElement>('thead th');
    if (!wide || !element || !first) return;
    const place = () => element.style.setProperty('--report-pin-2', `${first.getBoundingClientRect().width}px`);
    place();
    const observer = new ResizeObserver(place);
    observer.observe(first);
    return () => observer.disconnect();
  }, [wide]);
  return table;
}

export function ReportFrame({ title, state, headlines, chart }: { title: string; state: ReportState; headlines?: readonly string[]; chart?: ReactNode }) {
  const translate = useTranslate();
  const locale = (useLocale() === 'en' ? 'en' : 'id') as Locale;
  const columns = state.declaration.columns;
  const wide = columns.length > 8;
  const pinned = usePinnedOffset(wide && state.rows !== null);
  const { applied } = state;
  const scope = applied.cutoff
    ? translate('financeReports.as_of', { date: payDateText(applied.cutoff, locale) })
    : applied.date_from && applied.date_to
      ? translate('financeReports.period', { from: payDateText(applied.date_from, locale), to: payDateText(applied.date_to, locale) })
      : '';
  const exportButton = (format: 'xlsx' | 'pdf') => (
    <Tooltip title={translate(`financeReports.export_${format}_help`)}>
      <span>
        <Button
          variant="outlined"
          size="small"
          startIcon={state.exporting === format ? <CircularProgress size={16} /> : format === 'xlsx' ? <GridOnIcon /> : <PictureAsPdfIcon />}
          disabled={state.exporting !== null || !state.rows}
          onClick={() => void state.download(format)}
          data-testid={`export-${format}`}
        >
          {translate(`financeReports.export_${format}`)}
        </Button>
      </span>
    </Tooltip>
  );
  return (
    <Card data-testid={`report-${state.report}`}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 2, flexWrap: 'wrap' }}>
          <Box>
            <Typography component="h1" variant="h5">
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="report-scope">
              {scope}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1}>
            {exportButton('xlsx')}
            {exportButton('pdf')}
          </Stack>
        </Stack>
        <Filters state={state} locale={locale} />
        {state.error && (
          <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={state.retry}>{translate('financeReports.retry')}</Button>}>
            {translate('financeReports.load_failed')} {translate(state.error, { _: state.error })}
          </Alert>
        )}
        {!state.rows && !state.error && <Skeleton variant="rectangular" height={200} aria-label={translate('financeReports.loading')} />}
        {headlines && <Headlines state={state} keys={headlines} locale={locale} />}
        {state.rows && state.rows.length > 0 && chart}
        {state.rows && (
          <Box sx={{ overflowX: 'auto', opacity: state.loading ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={state.loading}>
            {/* A wide report keeps its cells tight and its first two columns in view (wideTableSx). */}
            <Table ref={pinned} size="small" aria-label={title} data-testid="report-grid" sx={wide ? (wideTableSx as SxProps<Theme>) : undefined}>
              <TableHead>
                <TableRow>
                  {columns.map((column, index) => (
                    <TableCell key={column.key} className={wide ? pinnedCell(index) : undefined} align={numeric(column) ? 'right' : 'left'} sortDirection={state.sort.key === column.key ? state.sort.order : false} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      <TableSortLabel active={state.sort.key === column.key} direction={state.sort.key === column.key ? state.sort.order : 'asc'} onClick={() => state.sortBy(column.key)}>
                        {column.label[locale]}
                      </TableSortLabel>
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {state.rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={columns.length} align="center" data-testid="report-empty" sx={{ py: 4, color: 'text.secondary' }}>
                      {translate('financeReports.empty')}
                    </TableCell>
                  </TableRow>
                )}
                {state.rows.map((row, index) => (
                  <TableRow key={index} hover data-testid="report-row">
                    {columns.map((column, index) => (
                      <TableCell key={column.key} className={wide ? pinnedCell(index) : undefined} align={numeric(column) ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                        {cellText(column, row[column.key], locale)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
              {state.rows.length > 0 && (
                <TableFooter>
                  <TableRow data-testid="report-totals" sx={{ bgcolor: 'action.hover', '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } }}>
                    {columns.map((column, index) => (
                      <TableCell key={column.key} className={wide ? pinnedCell(index) : undefined} align={numeric(column) ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }} data-column={column.key}>
                        {index === 0 && state.totals[column.key] === undefined ? translate('financeReports.totals') : cellText(column, state.totals[column.key], locale)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableFooter>
              )}
            </Table>
            <TablePagination
              component="div"
              count={state.total}
              page={state.page}
              rowsPerPage={state.perPage}
              rowsPerPageOptions={[...PER_PAGE_CHOICES]}
              onPageChange={(_, page) => state.setPage(page)}
              onRowsPerPageChange={(event) => state.setPerPage(Number(event.target.value))}
              labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
              labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
