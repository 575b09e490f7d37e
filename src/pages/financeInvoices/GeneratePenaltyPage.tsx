// /generatepenalty (issue 12; spec 1 §8, spec 3 §2.10, §8): penalties for invoices overdue as
// of a date, optionally for one financial year or income type. Preview is a dry run (each
// invoice's penalty and the total); Generate, after a confirmation, writes them, and the
// server's 'Generate denda berhasil' / 'Tidak ada denda yang dihasilkan' shows as a toast.

import './texts/register';
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { FINANCE_PATHS, formatRupiah, type PenaltyAnswer, type PenaltyRequest } from '../../shared/api/finance';
import { ConfirmDialog } from './ConfirmDialog';
import { fieldErrorsOf, unplacedMessage, useFinanceCalls } from './financeCalls';
import { dateText, today } from './financeFormat';
import { useLookup } from './useLookup';

export function useGeneratePenalty() {
  const calls = useFinanceCalls();
  const notify = useNotify();
  const [form, setForm] = useState({ as_of_date: today(), financial_year_id: '', income_type_id: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<PenaltyAnswer['data'] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const run = async (dryRun: boolean) => {
    if (!form.as_of_date) {
      setErrors({ as_of_date: 'finance.invoices.common.required' });
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const body: PenaltyRequest = {
        as_of_date: form.as_of_date,
        financial_year_id: form.financial_year_id ? Number(form.financial_year_id) : null,
        income_type_id: form.income_type_id ? Number(form.income_type_id) : null,
        dry_run: dryRun,
      };
      const answer = await calls.post<PenaltyAnswer>(FINANCE_PATHS.generatePenalties, body);
      if (dryRun) setPreview(answer.data);
      else {
        setPreview(null);
        notify(answer.message, { type: answer.data.created > 0 ? 'success' : 'info', autoHideDuration: 5000 });
      }
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFailure(unplacedMessage(error, ['as_of_date', 'financial_year_id', 'income_type_id']));
    } finally {
      setBusy(false);
    }
  };
  return {
    form,
    set: (patch: Partial<typeof form>) => {
      setForm((old) => ({ ...old, ...patch }));
      setErrors({});
      setPreview(null);
    },
    errors,
    preview,
    failure,
    busy,
    confirming,
    setConfirming,
    run,
  };
}

export function GeneratePenaltyPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const title = useRouteTitle('/generatepenalty');
  useDocumentTitle(title);
  const state = useGeneratePenalty();
  const years = useLookup('financialyear', 'description');
  const incomeTypes = useLookup('income', 'label');
  const errorOf = (field: string) => (state.errors[field] ? translate(state.errors[field], { _: state.errors[field] }) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void state.run(true);
  };
  const preview = state.preview;
  return (
    <Box sx={{ maxWidth: 1000, width: '100%', p: { xs: 0, sm: 1 } }} data-testid="finance-penalty-page">
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Card>
        <CardContent>
          <Box component="form" noValidate onSubmit={submit} aria-label={title}>
            <Stack spacing={2}>
              <Typography variant="body2">{translate('finance.invoices.penalty.hint')}</Typography>
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                <TextField
                  type="date"
                  required
                  label={translate('finance.invoices.fields.as_of_date')}
                  value={state.form.as_of_date}
                  onChange={(e) => state.set({ as_of_date: e.target.value })}
                  error={Boolean(errorOf('as_of_date'))}
                  helperText={errorOf('as_of_date')}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextField
                  select
                  label={translate('finance.invoices.fields.financial_year')}
                  value={state.form.financial_year_id}
                  onChange={(e) => state.set({ financial_year_id: e.target.value })}
                  error={Boolean(errorOf('financial_year_id'))}
                  helperText={errorOf('financial_year_id')}
                  sx={{ minWidth: 220 }}
                >
                  <MenuItem value="">{translate('finance.invoices.common.all')}</MenuItem>
                  {years.map((c) => (
                    <MenuItem key={c.id} value={String(c.id)}>
                      {c.label}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  label={translate('finance.invoices.fields.income_type')}
                  value={state.form.income_type_id}
                  onChange={(e) => state.set({ income_type_id: e.target.value })}
                  error={Boolean(errorOf('income_type_id'))}
                  helperText={errorOf('income_type_id')}
                  sx={{ minWidth: 220 }}
                >
                  <MenuItem value="">{translate('finance.invoices.common.all')}</MenuItem>
                  {incomeTypes.map((c) => (
                    <MenuItem key={c.id} value={String(c.id)}>
                      {c.label}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              {state.failure && <Alert severity="error">{state.failure}</Alert>}
              <Stack direction="row" spacing={1}>
                <Button type="submit" variant="outlined" disabled={state.busy}>
                  {translate('finance.invoices.generate.preview')}
                </Button>
                <Button variant="contained" disabled={state.busy || !state.form.as_of_date} onClick={() => state.setConfirming(true)}>
                  {translate('finance.invoices.penalty.generate')}
                </Button>
              </Stack>
            </Stack>
          </Box>
        </CardContent>
      </Card>
      {preview && (
        <Card sx={{ mt: 2 }} component="section" aria-label={translate('finance.invoices.generate.preview_title')}>
          <CardContent>
            <Typography variant="body2" sx={{ mb: 1 }} data-testid="penalty-counts">
              {translate('finance.invoices.penalty.counts', { would_create: preview.would_create, existing: preview.existing })}
            </Typography>
            <TableContainer component={Paper} variant="outlined">
              <Table size="small" aria-label={translate('finance.invoices.penalty.rows')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('finance.invoices.fields.number')}</TableCell>
                    <TableCell>{translate('finance.invoices.fields.party')}</TableCell>
                    <TableCell align="right">{translate('finance.invoices.penalty.amount')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.rows.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={3} align="center">
                        {translate('finance.invoices.penalty.none', { date: dateText(state.form.as_of_date, locale) })}
                      </TableCell>
                    </TableRow>
                  )}
                  {preview.rows.map((row) => (
                    <TableRow key={row.invoice_id}>
                      <TableCell>{row.transaction_no}</TableCell>
                      <TableCell>{row.party_name}</TableCell>
                      <TableCell align="right">{formatRupiah(row.amount)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
                {preview.rows.length > 0 && (
                  <TableFooter>
                    <TableRow>
                      <TableCell colSpan={2}>{translate('finance.invoices.penalty.total')}</TableCell>
                      <TableCell align="right" data-testid="penalty-total">
                        {formatRupiah(preview.total)}
                      </TableCell>
                    </TableRow>
                  </TableFooter>
                )}
              </Table>
            </TableContainer>
          </CardContent>
        </Card>
      )}
      <ConfirmDialog
        open={state.confirming}
        title={translate('finance.invoices.penalty.generate')}
        message={translate('finance.invoices.penalty.confirm', { date: dateText(state.form.as_of_date, locale) })}
        confirmLabel={translate('finance.invoices.penalty.generate')}
        onCancel={() => state.setConfirming(false)}
        onConfirm={async () => {
          await state.run(false);
          state.setConfirming(false);
        }}
      />
    </Box>
  );
}
