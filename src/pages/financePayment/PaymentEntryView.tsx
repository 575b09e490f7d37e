// The payment entry drawn (/payment): the party search, their open invoices with the order the
// payment settles them in (ticks and moves by hand), the form, and the live preview of where
// the amount goes. All state is usePaymentEntry()'s.

import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { formatRupiah, type PartyKind, type PaymentMethod } from '../../shared/api/finance';
import { payDateText } from '../../shared/finance/payFormat';
import type { PaymentEntry } from './usePaymentEntry';

const METHODS: readonly PaymentMethod[] = ['cash', 'transfer', 'va'];

export function PaymentEntryView({ title, entry, locale }: { title: string; entry: PaymentEntry; locale: string }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`finance.payment.${key}`, options);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    entry.askToPay();
  };
  const fieldError = (field: keyof PaymentEntry['errors']) => {
    const message = entry.errors[field];
    return message ? translate(message, { _: message }) : undefined;
  };
  return (
    <Card data-testid="payment-entry">
      <CardContent>
        <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
          {title}
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={entry.kind}
            aria-label={t('kind.label')}
            onChange={(_, value: PartyKind | null) => value && entry.setKind(value)}
          >
            <ToggleButton value="student">{t('kind.student')}</ToggleButton>
            <ToggleButton value="candidate">{t('kind.candidate')}</ToggleButton>
          </ToggleButtonGroup>
          <Autocomplete
            sx={{ flex: 1, minWidth: 280 }}
            options={entry.party && !entry.options.some((o) => o.kind === entry.party!.kind && o.id === entry.party!.id) ? [entry.party, ...entry.options] : entry.options}
            value={entry.party}
            inputValue={entry.inputText}
            onInputChange={(_, value, reason) => entry.typed(value, reason)}
            onChange={(_, value) => entry.choose(value)}
            filterOptions={(options) => options}
            getOptionLabel={(option) => t('party.summary', { number: option.number, name: option.name })}
            isOptionEqualToValue={(option, value) => option.kind === value.kind && option.id === value.id}
            loading={entry.searching}
            loadingText={t('party.searching')}
            noOptionsText={entry.search.trim() ? t('party.none') : t('party.placeholder')}
            autoHighlight
            renderOption={(props, option) => (
              <li {...props} key={`${option.kind}-${option.id}`}>
                <Box>
                  <Typography variant="body2">{t('party.summary', { number: option.number, name: option.name })}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {[option.class_name ?? option.department_name, option.va_no && t('party.va', { va: option.va_no }), formatRupiah(option.outstanding)]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </Box>
              </li>
            )}
            renderInput={(params) => <TextField {...params} label={t('party.label')} placeholder={t('party.placeholder')} />}
          />
        </Stack>
        {entry.party && <PartyHeader entry={entry} t={t} />}
        {entry.loading && <Skeleton variant="rectangular" height={120} aria-label={t('invoices.loading')} />}
        {entry.loadError && (
          <Alert severity="error" action={<Button onClick={() => entry.reload()}>{t('retry')}</Button>}>
            {t('load_failed')} {entry.loadError}
          </Alert>
        )}
        {entry.party && entry.invoices && !entry.loading && (
          <Box component="form" noValidate onSubmit={submit} aria-label={title}>
            <InvoiceOrder entry={entry} t={t} locale={locale} />
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 2 }}>
              <TextField
                fullWidth={false}
                label={t('form.amount')}
                value={entry.amountText}
                onChange={(event) => entry.changeAmount(event.target.value)}
                error={Boolean(entry.errors.amount)}
                helperText={fieldError('amount') ?? t('form.amount_help')}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                required
              />
              <TextField
                fullWidth={false}
                label={t('form.date')}
                type="date"
                value={entry.paymentDate}
                onChange={(event) => entry.setPaymentDate(event.target.value)}
                error={Boolean(entry.errors.payment_date)}
                helperText={fieldError('payment_date')}
                slotProps={{ inputLabel: { shrink: true } }}
                required
              />
              <TextField
                fullWidth={false}
                select
                label={t('form.method')}
                value={entry.method}
                onChange={(event) => entry.setMethod(event.target.value as PaymentMethod)}
                error={Boolean(entry.errors.method)}
                helperText={fieldError('method')}
                sx={{ minWidth: 180 }}
              >
                {METHODS.map((method) => (
                  <MenuItem key={method} value={method}>
                    {t(`method.${method}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                fullWidth={false}
                select
                label={t('form.journal')}
                value={entry.journalTypeId}
                onChange={(event) => entry.setJournalTypeId(event.target.value === '' ? '' : Number(event.target.value))}
                error={Boolean(entry.errors.journal_type_id)}
                helperText={fieldError('journal_type_id')}
                sx={{ minWidth: 200 }}
              >
                <MenuItem value="">{t('form.journal_none')}</MenuItem>
                {entry.journalTypes.map((option) => (
                  <MenuItem key={option.id} value={option.id}>
                    {option.label}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <TextField
              label={t('form.remarks')}
              value={entry.remarks}
              onChange={(event) => entry.setRemarks(event.target.value)}
              error={Boolean(entry.errors.remarks)}
              helperText={fieldError('remarks')}
              fullWidth
              sx={{ mt: 2 }}
            />
            <Preview entry={entry} t={t} />
            {entry.submitError && (
              <Alert severity="error" sx={{ mt: 2 }} role="alert">
                {translate(entry.submitError, { _: entry.submitError })}
              </Alert>
            )}
            <Button type="submit" variant="contained" sx={{ mt: 2 }}>
              {t('form.pay')}
            </Button>
          </Box>
        )}
        <ConfirmPay entry={entry} t={t} locale={locale} />
      </CardContent>
    </Card>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

function PartyHeader({ entry, t }: { entry: PaymentEntry; t: T }) {
  const party = entry.party!;
  return (
    <Box sx={{ mb: 2 }} data-testid="payment-party">
      <Typography variant="subtitle1">{t('party.summary', { number: party.number, name: party.name })}</Typography>
      <Typography variant="body2" color="text.secondary">
        {[
          party.department_name || party.class_name ? t('party.unit_class', { unit: party.department_name ?? '–', class: party.class_name ?? '–' }) : '',
          party.va_no ? t('party.va', { va: party.va_no }) : '',
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
    </Box>
  );
}

function InvoiceOrder({ entry, t, locale }: { entry: PaymentEntry; t: T; locale: string }) {
  const applied = new Map(entry.preview.lines.map((line) => [line.invoice_id, line]));
  let position = 0;
  return (
    <Box>
      <Typography component="h2" variant="h6">
        {t('invoices.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="settle-order">
        {entry.byHand ? t('invoices.by_hand') : t(`invoices.school_order.${entry.settleOrder}`)}
        {entry.byHand && (
          <Button size="small" onClick={entry.resetOrder} sx={{ ml: 1 }}>
            {t('invoices.reset')}
          </Button>
        )}
      </Typography>
      {entry.rows.length === 0 ? (
        <Alert severity="info" sx={{ my: 1 }}>
          {t('invoices.none_open')}
        </Alert>
      ) : (
        <Table size="small" aria-label={t('invoices.title')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">{t('invoices.pay')}</TableCell>
              <TableCell>{t('invoices.order')}</TableCell>
              <TableCell>{t('invoices.number')}</TableCell>
              <TableCell>{t('invoices.income_type')}</TableCell>
              <TableCell>{t('invoices.due_date')}</TableCell>
              <TableCell align="right">{t('invoices.outstanding')}</TableCell>
              <TableCell align="right">{t('invoices.applied')}</TableCell>
              <TableCell align="right">{t('invoices.remaining')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {entry.rows.map((row, index) => {
              const ticked = entry.picked.has(row.id);
              const line = applied.get(row.id);
              if (ticked) position += 1;
              return (
                <TableRow key={row.id} data-testid="open-invoice" selected={ticked}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={ticked}
                      onChange={() => entry.toggle(row.id)}
                      slotProps={{ input: { 'aria-label': t('invoices.tick', { number: row.transaction_no }) } }}
                    />
                  </TableCell>
                  <TableCell>{ticked ? position : ''}</TableCell>
                  <TableCell>{row.transaction_no}</TableCell>
                  <TableCell>{row.income_type_name}</TableCell>
                  <TableCell>{payDateText(row.due_date, locale)}</TableCell>
                  <TableCell align="right">{formatRupiah(row.outstanding)}</TableCell>
                  <TableCell align="right">{line ? formatRupiah(line.applied) : ''}</TableCell>
                  <TableCell align="right">{formatRupiah(line ? line.remaining : row.outstanding)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton size="small" aria-label={t('invoices.up', { number: row.transaction_no })} disabled={index === 0} onClick={() => entry.move(index, -1)}>
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={t('invoices.down', { number: row.transaction_no })}
                      disabled={index === entry.rows.length - 1}
                      onClick={() => entry.move(index, 1)}
                    >
                      <ArrowDownwardIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell colSpan={5}>{t('invoices.total')}</TableCell>
              <TableCell align="right" data-testid="total-outstanding">
                {formatRupiah(entry.totalOutstanding)}
              </TableCell>
              <TableCell colSpan={3} />
            </TableRow>
          </TableFooter>
        </Table>
      )}
      <Typography variant="body2" sx={{ mt: 1 }} data-testid="deposit-balance">
        {t('invoices.deposit_balance')}: {formatRupiah(entry.party?.deposit ?? 0)}
      </Typography>
    </Box>
  );
}

function Preview({ entry, t }: { entry: PaymentEntry; t: T }) {
  const settled = entry.preview.lines.filter((line) => line.applied > 0);
  const settledAmount = settled.reduce((sum, line) => sum + line.applied, 0);
  return (
    <Alert severity={entry.preview.deposit > 0 ? 'warning' : 'info'} sx={{ mt: 2 }} data-testid="payment-preview" role="status">
      <Typography variant="subtitle2">{t('preview.title')}</Typography>
      <Typography variant="body2">{t('preview.settles', { count: settled.length, smart_count: settled.length, amount: formatRupiah(settledAmount) })}</Typography>
      <Typography variant="body2">
        {entry.preview.deposit > 0 ? t('preview.deposit', { amount: formatRupiah(entry.preview.deposit) }) : t('preview.no_deposit')}
      </Typography>
    </Alert>
  );
}

function ConfirmPay({ entry, t, locale }: { entry: PaymentEntry; t: T; locale: string }) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await entry.pay();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={entry.confirming} onClose={busy ? undefined : entry.cancelPay} aria-labelledby="payment-confirm-title" maxWidth="xs" fullWidth>
      <DialogTitle id="payment-confirm-title">{t('confirm.title')}</DialogTitle>
      <DialogContent>
        <Typography>
          {t('confirm.message', {
            amount: formatRupiah(entry.amount ?? 0),
            name: entry.party?.name ?? '',
            date: payDateText(entry.paymentDate, locale),
            method: t(`method.${entry.method}`),
          })}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {entry.preview.deposit > 0 ? t('preview.deposit', { amount: formatRupiah(entry.preview.deposit) }) : t('preview.no_deposit')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={entry.cancelPay} disabled={busy}>
          {t('confirm.cancel')}
        </Button>
        <Button onClick={() => void confirm()} disabled={busy} variant="contained" autoFocus>
          {t('confirm.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
