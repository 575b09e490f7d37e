// /leave-summary (issue 14): leave granted, taken and left per employee and leave type in a year,
// for HR. The card header holds the Excel button; the filters (year, work unit, leave type,
// employee search) sit above the grid; the totals over every row the filters find (days and
// hours apart) sit under it. State and calls: ./useLeaveSummary.ts.

import './texts/register';
import { Alert, Box, Button, Card, CardContent, CircularProgress, MenuItem, Skeleton, Stack, Table, TableBody, TableCell, TableFooter, TableHead, TablePagination, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import GridOnIcon from '@mui/icons-material/GridOn';
import { useLocaleState, useTranslate } from 'react-admin';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import type { LeaveUnit } from '../../shared/api/hr';
import { SUMMARY_PER_PAGE, useLeaveSummary, type Choice, type LeaveSummaryState, type SummaryForm } from './useLeaveSummary';

const numberText = (value: number, locale: string) => value.toLocaleString(locale === 'id' ? 'id-ID' : 'en-US', { maximumFractionDigits: 2 });

function dayText(day: string, locale: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : date.toLocaleDateString(locale === 'id' ? 'id-ID' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function Filters({ state }: { state: LeaveSummaryState }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`hrLeaveSummary.${key}`);
  const select = (name: keyof SummaryForm, label: string, choices: Choice[]) => (
    <TextField select size="small" fullWidth={false} name={name} label={label} value={state.form[name]} onChange={(event) => state.change(name, event.target.value)} sx={{ minWidth: 190 }}>
      <MenuItem value="">{t('all')}</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} role="search" aria-label={t('filters')}>
      <TextField size="small" fullWidth={false} name="year" label={t('year')} type="number" value={state.form.year} onChange={(event) => state.change('year', event.target.value)} slotProps={{ htmlInput: { min: 2000, max: 2100 } }} sx={{ width: 110 }} />
      {select('work_unit_id', t('work_unit'), state.workUnits)}
      {select('leave_type_id', t('leave_type'), state.leaveTypes)}
      <TextField size="small" fullWidth={false} name="q" label={t('search')} placeholder={t('search_help')} value={state.form.q} onChange={(event) => state.change('q', event.target.value)} sx={{ minWidth: 220 }} />
    </Stack>
  );
}

export function LeaveSummaryPage() {
  const title = useRouteTitle('/leave-summary');
  useDocumentTitle(title);
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`hrLeaveSummary.${key}`, options);
  const [locale] = useLocaleState();
  const state = useLeaveSummary();
  const unitText = (unit: LeaveUnit) => t(`unit.${unit}`);
  const columns = 9;
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Card>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <Box>
              <Typography variant="h6" component="h1">
                {title} {state.form.year}
              </Typography>
              {state.on && (
                <Typography variant="body2" color="text.secondary">
                  {t('on', { day: dayText(state.on, locale) })}
                </Typography>
              )}
            </Box>
            <Tooltip title={t('export_help')}>
              <span>
                <Button variant="outlined" startIcon={state.exporting ? <CircularProgress size={16} /> : <GridOnIcon />} disabled={state.exporting || !state.rows} onClick={() => void state.download()} data-testid="export-xlsx">
                  {t('export_xlsx')}
                </Button>
              </span>
            </Tooltip>
          </Stack>
          <Filters state={state} />
          {state.error && (
            <Alert severity="error" action={<Button onClick={state.retry}>{t('retry')}</Button>} sx={{ mb: 2 }}>
              {state.error}
            </Alert>
          )}
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('employee')}</TableCell>
                  <TableCell>{t('ein')}</TableCell>
                  <TableCell>{t('work_unit')}</TableCell>
                  <TableCell>{t('position')}</TableCell>
                  <TableCell>{t('leave_type')}</TableCell>
                  <TableCell align="right">{t('granted')}</TableCell>
                  <TableCell align="right">{t('taken')}</TableCell>
                  <TableCell align="right">{t('lapsed')}</TableCell>
                  <TableCell align="right">{t('left')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody sx={{ opacity: state.loading && state.rows ? 0.5 : 1 }}>
                {!state.rows &&
                  state.loading &&
                  [0, 1, 2, 3, 4].map((n) => (
                    <TableRow key={n}>
                      <TableCell colSpan={columns}>
                        <Skeleton />
                      </TableCell>
                    </TableRow>
                  ))}
                {state.rows && !state.rows.length && (
                  <TableRow>
                    <TableCell colSpan={columns} align="center" sx={{ color: 'text.secondary', py: 4 }}>
                      {t('empty')}
                    </TableCell>
                  </TableRow>
                )}
                {state.rows?.map((row) => (
                  <TableRow key={`${row.employee_id}:${row.leave_type_id}`} hover data-testid="summary-row">
                    <TableCell>{row.employee_name}</TableCell>
                    <TableCell>{row.ein}</TableCell>
                    <TableCell>{row.work_unit}</TableCell>
                    <TableCell>{row.position}</TableCell>
                    <TableCell>{row.leave_name}</TableCell>
                    <TableCell align="right">
                      {numberText(row.granted, locale)} {unitText(row.unit)}
                    </TableCell>
                    <TableCell align="right">
                      {numberText(row.taken, locale)} {unitText(row.unit)}
                    </TableCell>
                    <TableCell align="right" sx={{ color: row.lapsed > 0 ? 'text.secondary' : undefined }}>
                      {numberText(row.lapsed, locale)} {unitText(row.unit)}
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600, color: row.left <= 0 ? 'error.main' : undefined }}>
                      {numberText(row.left, locale)} {unitText(row.unit)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
              {state.totals && state.rows && state.rows.length > 0 && (
                <TableFooter>
                  {(['day', 'hour'] as const)
                    .filter((unit) => state.totals![unit].granted !== 0 || state.totals![unit].taken !== 0 || state.totals![unit].left !== 0)
                    .map((unit) => (
                      <TableRow key={unit} data-testid={`summary-total-${unit}`}>
                        <TableCell colSpan={5} sx={{ fontWeight: 700, color: 'text.primary' }}>
                          {t('total', { unit: unitText(unit) })}
                        </TableCell>
                        {(['granted', 'taken', 'lapsed', 'left'] as const).map((key) => (
                          <TableCell key={key} align="right" sx={{ fontWeight: 700, color: 'text.primary' }}>
                            {numberText(state.totals![unit][key], locale)}
                          </TableCell>
                        ))}
                      </TableRow>
                    ))}
                </TableFooter>
              )}
            </Table>
          </Box>
          <TablePagination
            component="div"
            count={state.total}
            page={state.page}
            onPageChange={(_, page) => state.setPage(page)}
            rowsPerPage={state.perPage}
            rowsPerPageOptions={[...SUMMARY_PER_PAGE]}
            onRowsPerPageChange={(event) => state.setPerPage(Number(event.target.value))}
            labelRowsPerPage={t('per_page')}
            labelDisplayedRows={({ from, to, count }) => t('of', { from, to, count })}
          />
        </CardContent>
      </Card>
    </Box>
  );
}
