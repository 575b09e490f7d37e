// The journals list drawn: the filters, the grid (number, date, type, source, description,
// invoice or payment no, debit, credit, sync chip with its sync date or the last attempt's error),
// Sync now for those who may sync (issue 13), paging, and each journal's lines under its row
// (account code and name, debit, credit).

import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Collapse,
  IconButton,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import SyncIcon from '@mui/icons-material/Sync';
import { Fragment } from 'react';
import { useTranslate } from 'react-admin';
import { formatRupiah, type JournalRow, type JournalSource, type JournalSyncState } from '../../shared/api/finance';
import { payDateText, payDateTimeText } from '../../shared/finance/payFormat';
import { PAY_SYNC_COLOURS } from '../../shared/finance/payStates';
import { PER_PAGE_CHOICES, type JournalList } from './useJournalList';

const SOURCES: readonly JournalSource[] = ['invoice', 'payment', 'waiver', 'penalty', 'merge', 'reversal'];
const SYNC_STATES: readonly JournalSyncState[] = ['not_sync', 'synced', 'not_validated'];
const COLUMNS = 10;

type T = (key: string, options?: Record<string, unknown>) => string;

export function JournalListView({ title, list, locale }: { title: string; list: JournalList; locale: string }) {
  const translate = useTranslate();
  const t: T = (key, options) => translate(`finance.journals.${key}`, options);
  const { form, change } = list;
  return (
    <Card data-testid="journal-list">
      <CardContent>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="h1" variant="h5" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {list.maySync && (
            <Button variant="contained" startIcon={<SyncIcon />} onClick={list.syncNow} loading={list.syncing} data-testid="journals-sync-now">
              {t('sync_now')}
            </Button>
          )}
        </Stack>
        {list.syncAnswer && (
          <Alert severity={list.syncAnswer.severity} onClose={list.closeSyncAnswer} sx={{ mb: 2 }} data-testid="journals-sync-answer">
            {list.syncAnswer.message}
          </Alert>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} role="search">
          <TextField fullWidth={false} size="small" label={t('filter.search')} placeholder={t('filter.search_help')} value={form.q} onChange={(event) => change('q', event.target.value)} sx={{ minWidth: 240 }} />
          <TextField fullWidth={false} select size="small" label={t('filter.source')} value={form.source} onChange={(event) => change('source', event.target.value as JournalSource | '')} sx={{ minWidth: 150 }}>
            <MenuItem value="">{t('filter.all')}</MenuItem>
            {SOURCES.map((source) => (
              <MenuItem key={source} value={source}>
                {t(`source.${source}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField fullWidth={false} select size="small" label={t('filter.sync_state')} value={form.sync_state} onChange={(event) => change('sync_state', event.target.value as JournalSyncState | '')} sx={{ minWidth: 150 }}>
            <MenuItem value="">{t('filter.all')}</MenuItem>
            {SYNC_STATES.map((state) => (
              <MenuItem key={state} value={state}>
                {t(`sync.${state}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            fullWidth={false}
            select
            size="small"
            label={t('filter.journal_type')}
            value={form.journal_type_id}
            onChange={(event) => change('journal_type_id', event.target.value === '' ? '' : Number(event.target.value))}
            sx={{ minWidth: 170 }}
          >
            <MenuItem value="">{t('filter.all')}</MenuItem>
            {list.journalTypes.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField fullWidth={false} size="small" type="date" label={t('filter.from')} value={form.journal_date_gte} onChange={(event) => change('journal_date_gte', event.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField fullWidth={false} size="small" type="date" label={t('filter.to')} value={form.journal_date_lte} onChange={(event) => change('journal_date_lte', event.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          {list.filtered && <Button onClick={list.clear}>{t('filter.clear')}</Button>}
        </Stack>
        {list.error && (
          <Alert severity="error" action={<Button onClick={list.retry}>{t('retry')}</Button>}>
            {t('load_failed')} {list.error}
          </Alert>
        )}
        {!list.rows && !list.error && <Skeleton variant="rectangular" height={160} aria-label={t('loading')} />}
        {list.rows && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox" />
                  <TableCell>{t('column.number')}</TableCell>
                  <TableCell>{t('column.date')}</TableCell>
                  <TableCell>{t('column.type')}</TableCell>
                  <TableCell>{t('column.source')}</TableCell>
                  <TableCell>{t('column.description')}</TableCell>
                  <TableCell>{t('column.document')}</TableCell>
                  <TableCell align="right">{t('column.debit')}</TableCell>
                  <TableCell align="right">{t('column.credit')}</TableCell>
                  <TableCell>{t('column.sync')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={COLUMNS} align="center" data-testid="journals-empty">
                      {t('empty')}
                    </TableCell>
                  </TableRow>
                )}
                {list.rows.map((row) => (
                  <JournalRowView key={row.id} row={row} open={list.expanded.has(row.id)} onToggle={() => list.toggle(row.id)} t={t} locale={locale} />
                ))}
              </TableBody>
            </Table>
            <TablePagination
              component="div"
              count={list.total}
              page={list.page}
              rowsPerPage={list.perPage}
              rowsPerPageOptions={[...PER_PAGE_CHOICES]}
              onPageChange={(_, page) => list.setPage(page)}
              onRowsPerPageChange={(event) => list.setPerPage(Number(event.target.value))}
              labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
              labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function JournalRowView({ row, open, onToggle, t, locale }: { row: JournalRow; open: boolean; onToggle: () => void; t: T; locale: string }) {
  const linesId = `journal-lines-${row.id}`;
  return (
    <Fragment>
      <TableRow hover data-testid="journal-row" sx={{ '& > td': { borderBottom: open ? 'none' : undefined } }}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-expanded={open}
            aria-controls={linesId}
            aria-label={open ? t('lines.hide', { number: row.journal_no }) : t('lines.show', { number: row.journal_no })}
            onClick={onToggle}
          >
            {open ? <KeyboardArrowUpIcon fontSize="small" /> : <KeyboardArrowDownIcon fontSize="small" />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.journal_no}</TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{payDateText(row.journal_date, locale)}</TableCell>
        <TableCell>{row.journal_type_name ?? ''}</TableCell>
        <TableCell>{t(`source.${row.source}`)}</TableCell>
        <TableCell>{row.description ?? ''}</TableCell>
        <TableCell>{[row.invoice_no, row.payment_no].filter(Boolean).join(' / ')}</TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatRupiah(row.debit)}</TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatRupiah(row.credit)}</TableCell>
        <TableCell sx={{ minWidth: row.sync_error ? 260 : 140 }}>
          <Chip size="small" color={PAY_SYNC_COLOURS[row.sync_state]} label={t(`sync.${row.sync_state}`)} data-testid={`sync-${row.sync_state}`} />
          {row.sync_date && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5, whiteSpace: 'nowrap' }} title={t('column.sync_date')} data-testid="journal-sync-date">
              {payDateTimeText(row.sync_date, locale)}
            </Typography>
          )}
          {row.sync_error && (
            <Typography variant="caption" color={row.sync_state === 'not_validated' ? 'warning' : 'error'} component="p"
              // Two lines at most in the row; the whole message on hover and in the journal's lines.
              title={row.sync_error}
              sx={{ mt: 0.5, maxWidth: 320, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
              data-testid="journal-sync-error"
            >
              {row.sync_error}
              {row.sync_attempts ? ` (${t('attempts', { smart_count: row.sync_attempts })})` : ''}
            </Typography>
          )}
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={COLUMNS} sx={{ py: 0 }}>
          <Collapse in={open} unmountOnExit>
            <Box id={linesId} sx={{ my: 1, ml: 6 }}>
              <Typography variant="caption" color="text.secondary" component="p">
                {[
                  row.officer ? t('lines.officer', { officer: row.officer }) : '',
                  row.sync_date ? t('lines.synced_on', { date: payDateText(row.sync_date, locale) }) : '',
                  row.reverses_journal_no ? t('lines.reverses', { number: row.reverses_journal_no }) : '',
                  row.sync_error ?? '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
              <Table size="small" aria-label={t('lines.title', { number: row.journal_no })}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('lines.account')}</TableCell>
                    <TableCell>{t('lines.account_name')}</TableCell>
                    <TableCell>{t('lines.description')}</TableCell>
                    <TableCell align="right">{t('lines.debit')}</TableCell>
                    <TableCell align="right">{t('lines.credit')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {row.lines.map((line, index) => (
                    <TableRow key={index} data-testid="journal-line">
                      <TableCell>{line.coa_code}</TableCell>
                      <TableCell>{line.coa_name}</TableCell>
                      <TableCell>{line.description ?? ''}</TableCell>
                      <TableCell align="right">{line.debit ? formatRupiah(line.debit) : ''}</TableCell>
                      <TableCell align="right">{line.credit ? formatRupiah(line.credit) : ''}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}
