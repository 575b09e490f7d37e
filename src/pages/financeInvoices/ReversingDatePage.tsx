// /reversingdate (issue 12; spec 3 §2.10, §5): reversing journals for invoices. The finance
// administrator narrows the open invoices with the list's filters, picks some, sets the
// reversing date (not earlier than any picked invoice's date, spec 3 §5) and, after a
// confirmation, reverses them; the server's message is shown, its refusals too.

import './texts/register';
import { useState } from 'react';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { FINANCE_PATHS, type CountAnswer, type InvoiceFilter, type ReverseRequest } from '../../shared/api/finance';
import { ConfirmDialog } from './ConfirmDialog';
import { fieldErrorsOf, unplacedMessage, useFinanceCalls } from './financeCalls';
import { dateText } from './financeFormat';
import { InvoiceFilters, InvoiceGrid, useInvoiceList } from './InvoiceListPage';

export function ReversingDatePage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const calls = useFinanceCalls();
  const title = useRouteTitle('/reversingdate');
  useDocumentTitle(title);
  const [filter, setFilter] = useState<InvoiceFilter>({ state: 'open' });
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const list = useInvoiceList({ ...filter, state: 'open' }, page, perPage);
  const [selected, setSelected] = useState<number[]>([]);
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Invoices with payments cannot be reversed: they are not offered.
  const shown = { ...list, rows: list.rows.filter((row) => row.paid_amount === 0) };
  const pickedRows = list.rows.filter((row) => selected.includes(row.id));
  const latest = pickedRows.reduce<string | null>((max, row) => (max === null || row.invoice_date > max ? row.invoice_date : max), null);

  const ask = () => {
    setFailure(null);
    if (!date) return setError(translate('finance.invoices.common.required'));
    if (latest && date < latest) return setError(translate('finance.invoices.reverse.before_invoice', { date: dateText(latest, locale) }));
    setError(null);
    setConfirming(true);
  };
  const reverse = async () => {
    try {
      const body: ReverseRequest = { ids: selected, reversing_date: date };
      const answer = await calls.post<CountAnswer>(FINANCE_PATHS.reverseInvoices, body);
      notify(answer.message, { type: 'success', autoHideDuration: 5000 });
      setSelected([]);
      list.reload();
    } catch (caught) {
      const fields = fieldErrorsOf(caught);
      if (fields.reversing_date) setError(fields.reversing_date);
      setFailure(unplacedMessage(caught, ['reversing_date']));
    }
    setConfirming(false);
  };

  return (
    <Box sx={{ width: '100%', p: { xs: 0, sm: 1 } }} data-testid="finance-reversal-page">
      <Typography component="h1" variant="h5">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('finance.invoices.reverse.hint')}
      </Typography>
      <InvoiceFilters
        filter={filter}
        reversing
        onChange={(next) => {
          setFilter(next);
          setPage(0);
        }}
      />
      <Stack direction="row" spacing={2} sx={{ my: 1, alignItems: 'flex-start' }}>
        <TextField
          type="date"
          size="small"
          required
          label={translate('finance.invoices.fields.reversing_date')}
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error || undefined}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button variant="contained" disabled={selected.length === 0} onClick={ask}>
          {translate('finance.invoices.reverse.reverse')}
        </Button>
        <Typography variant="body2" sx={{ pt: 1 }}>
          {translate('finance.invoices.list.selected', { count: selected.length })}
        </Typography>
      </Stack>
      {failure && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {failure}
        </Alert>
      )}
      {list.failure && (
        <Alert severity="error" action={<Button onClick={list.reload}>{translate('finance.invoices.common.retry')}</Button>} sx={{ mb: 1 }}>
          {list.failure}
        </Alert>
      )}
      <InvoiceGrid
        list={shown}
        selected={selected}
        onSelect={setSelected}
        selectable
        page={page}
        perPage={perPage}
        onPage={setPage}
        onPerPage={(n) => {
          setPerPage(n);
          setPage(0);
        }}
      />
      <ConfirmDialog
        open={confirming}
        title={translate('finance.invoices.reverse.reverse')}
        message={translate('finance.invoices.reverse.confirm', { count: selected.length, smart_count: selected.length, date: dateText(date, locale) })}
        confirmLabel={translate('finance.invoices.reverse.reverse')}
        onCancel={() => setConfirming(false)}
        onConfirm={reverse}
      />
    </Box>
  );
}
