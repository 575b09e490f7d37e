// The bank VA file import drawn: the layout and the file, Check and Commit, each line with its
// status as a coloured chip, the counts per status and the total, the payments created.

import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  LinearProgress,
  Link,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatRupiah, type BankLineStatus } from '../../shared/api/finance';
import { payDateText } from '../../shared/finance/payFormat';
import { PAY_BANK_LINE_COLOURS } from '../../shared/finance/payStates';
import type { BankImport } from './useBankImport';

const STATUSES = Object.keys(PAY_BANK_LINE_COLOURS) as BankLineStatus[];

export function BankImportView({ title, state, locale, layoutsPath }: { title: string; state: BankImport; locale: string; layoutsPath: string | null }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`finance.bankImport.${key}`, options);
  const error = (field: string) => (state.errors[field] ? translate(state.errors[field], { _: state.errors[field] }) : undefined);
  const result = state.result;
  const allSeen = result !== null && result.lines.length > 0 && result.lines.every((line) => line.status === 'already_uploaded');
  return (
    <Card data-testid="bank-import">
      <CardContent>
        <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('intro')}
        </Typography>
        <Box
          component="form"
          noValidate
          aria-label={title}
          onSubmit={(event) => {
            event.preventDefault();
            void state.check();
          }}
        >
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
            <TextField
              fullWidth={false}
              select
              label={t('layout')}
              value={state.layoutId}
              onChange={(event) => state.chooseLayout(event.target.value === '' ? '' : Number(event.target.value))}
              error={Boolean(error('bank_layout_id'))}
              helperText={error('bank_layout_id') ?? t('layout_help')}
              sx={{ minWidth: 240 }}
              required
            >
              {state.layouts.map((layout) => (
                <MenuItem key={layout.id} value={layout.id}>
                  {layout.name} ({layout.bank}, {layout.file_kind.toUpperCase()})
                </MenuItem>
              ))}
            </TextField>
            <Box>
              <Button component="label" variant="outlined">
                {t('choose_file')}
                <input
                  hidden
                  type="file"
                  aria-label={t('file')}
                  accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  onChange={(event) => state.chooseFile(event.target.files?.[0] ?? null)}
                />
              </Button>
              <Typography variant="body2" component="span" sx={{ ml: 1 }} data-testid="bank-file-name">
                {state.file?.name ?? t('no_file')}
              </Typography>
              {error('file') && <FormHelperText error>{error('file')}</FormHelperText>}
            </Box>
            <Button type="submit" variant="contained" disabled={state.busy}>
              {state.busy ? t('checking') : t('check')}
            </Button>
            {layoutsPath && (
              <Link component={RouterLink} to={layoutsPath} sx={{ alignSelf: 'center' }}>
                {t('manage_layouts')}
              </Link>
            )}
          </Stack>
        </Box>
        {state.busy && <LinearProgress sx={{ mt: 2 }} />}
        {state.failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('failed')} {translate(state.failure, { _: state.failure })}
          </Alert>
        )}
        {result && (
          <Box sx={{ mt: 2 }} data-testid="bank-result">
            {result.message && (
              <Alert severity={result.committed ? 'success' : 'info'} sx={{ mb: 1 }} data-testid="bank-message">
                {result.message}
              </Alert>
            )}
            {allSeen && (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {t('already_uploaded')}
              </Alert>
            )}
            {result.committed && (
              <Typography variant="subtitle1" data-testid="bank-created">
                {t('committed', { count: result.payments_created, smart_count: result.payments_created })}
              </Typography>
            )}
            <Box role="group" aria-label={t('counts')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1 }}>
              {STATUSES.map((status) => (
                <Chip key={status} size="small" color={PAY_BANK_LINE_COLOURS[status]} variant={result.counts[status] ? 'filled' : 'outlined'} label={`${t(`status.${status}`)}: ${result.counts[status] ?? 0}`} data-testid={`count-${status}`} />
              ))}
            </Box>
            <Typography variant="body2" data-testid="bank-total">
              {/* The file's lines and their sum: the server's total_amount counts only the payable lines. */}
              {t('lines_total', { count: result.lines.length, smart_count: result.lines.length, amount: formatRupiah(result.lines.reduce((sum, line) => sum + (line.amount ?? 0), 0)) })}
            </Typography>
            {!result.committed && (
              <Stack direction="row" spacing={2} sx={{ my: 1, alignItems: 'center' }}>
                <Typography variant="body2">{t('payable', { count: state.payable, smart_count: state.payable })}</Typography>
                <Button variant="contained" color="primary" onClick={state.askToCommit}>
                  {t('commit')}
                </Button>
              </Stack>
            )}
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('file')}>
                <TableHead>
                  <TableRow>
                    {(['line', 'va', 'party', 'amount', 'outstanding', 'paid_at', 'reference', 'status', 'payment_no', 'message'] as const).map((column) => (
                      <TableCell key={column} align={column === 'amount' || column === 'outstanding' ? 'right' : 'left'}>
                        {t(`column.${column}`)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {result.lines.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={10} align="center">
                        {t('empty')}
                      </TableCell>
                    </TableRow>
                  )}
                  {result.lines.map((line) => (
                    <TableRow key={line.line} data-testid="bank-line">
                      <TableCell>{line.line}</TableCell>
                      <TableCell>{line.va_no}</TableCell>
                      <TableCell>{line.party_name ?? ''}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatRupiah(line.amount)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatRupiah(line.outstanding)}</TableCell>
                      <TableCell>{payDateText(line.paid_at, locale)}</TableCell>
                      <TableCell>{line.reference ?? ''}</TableCell>
                      <TableCell>
                        <Chip size="small" color={PAY_BANK_LINE_COLOURS[line.status]} label={t(`status.${line.status}`)} data-testid={`status-${line.status}`} />
                      </TableCell>
                      <TableCell>{line.payment_no ?? ''}</TableCell>
                      <TableCell>{line.message ?? ''}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Box>
        )}
        <ConfirmCommit state={state} t={t} />
      </CardContent>
    </Card>
  );
}

function ConfirmCommit({ state, t }: { state: BankImport; t: (key: string, options?: Record<string, unknown>) => string }) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await state.commit();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={state.confirming} onClose={busy ? undefined : state.cancelCommit} aria-labelledby="bank-commit-title" maxWidth="xs" fullWidth>
      <DialogTitle id="bank-commit-title">{t('confirm.title')}</DialogTitle>
      <DialogContent>
        <Typography>{t('confirm.message', { count: state.payable, smart_count: state.payable, file: state.file?.name ?? '' })}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={state.cancelCommit} disabled={busy}>
          {t('confirm.cancel')}
        </Button>
        <Button onClick={() => void confirm()} disabled={busy} variant="contained" autoFocus>
          {t('confirm.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
