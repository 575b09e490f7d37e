// One invoice (spec 3 §2.7): income type, number, NIS, name, unit, class, VA number, value,
// outstanding, invoice and due dates, remarks; then its payments, waivers, penalties, the
// invoices merged into it and its journals with their lines. Waive (an amount up to what is
// outstanding, with a date and a reason) for those who may operate; Edit for the finance
// administrator, only while nothing derives from the invoice (spec 3 §5) — otherwise Edit is
// disabled and the reason shown.

import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import {
  FINANCE_PATHS,
  formatRupiah,
  type InvoiceDetail,
  type InvoiceDetailAnswer,
  type InvoiceEditRequest,
  type WaiverRequest,
} from '../../shared/api/finance';
import { fieldErrorsOf, messageOf, unplacedMessage, useFinanceCalls } from './financeCalls';
import { dateText, groupDigits, parseMoney, today } from './financeFormat';
import { MoneyField } from './MoneyField';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Grid({ head, rows, label }: { head: string[]; rows: ReactNode[][]; label: string }) {
  const translate = useTranslate();
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {head.map((h, i) => (
            <TableCell key={i}>{h}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.length === 0 ? (
          <TableRow>
            <TableCell colSpan={head.length} align="center">
              {translate('finance.invoices.common.no_data')}
            </TableCell>
          </TableRow>
        ) : (
          rows.map((cells, i) => (
            <TableRow key={i}>
              {cells.map((cell, j) => (
                <TableCell key={j}>{cell}</TableCell>
              ))}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

function WaiverDialog({ invoice, onClose, onSaved }: { invoice: InvoiceDetail; onClose: () => void; onSaved: (detail: InvoiceDetail) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const calls = useFinanceCalls();
  const [form, setForm] = useState({ waiver_date: today(), amount: groupDigits(String(invoice.outstanding)), reason: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const found: Record<string, string> = {};
    const amount = parseMoney(form.amount);
    if (!form.waiver_date) found.waiver_date = translate('finance.invoices.common.required');
    if (amount === null || amount <= 0) found.amount = translate('finance.invoices.generate.value_required');
    else if (amount > invoice.outstanding) found.amount = translate('finance.invoices.waiver.too_much', { outstanding: formatRupiah(invoice.outstanding) });
    if (!form.reason.trim()) found.reason = translate('finance.invoices.common.required');
    setErrors(found);
    if (Object.keys(found).length > 0 || amount === null) return;
    setBusy(true);
    setFailure(null);
    try {
      const body: WaiverRequest = { invoice_id: invoice.id, waiver_date: form.waiver_date, amount, reason: form.reason.trim() };
      const answer = await calls.post<InvoiceDetailAnswer>(FINANCE_PATHS.waivers, body);
      notify(translate('finance.invoices.waiver.saved'), { type: 'success', autoHideDuration: 5000 });
      onSaved(answer.data);
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFailure(unplacedMessage(error, ['waiver_date', 'amount', 'reason']));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="finance-waiver-title" maxWidth="xs" fullWidth>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="finance-waiver-title">{translate('finance.invoices.waiver.title', { number: invoice.transaction_no })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">{translate('finance.invoices.waiver.outstanding', { outstanding: formatRupiah(invoice.outstanding) })}</Typography>
            <TextField
              type="date"
              required
              label={translate('finance.invoices.waiver.date')}
              value={form.waiver_date}
              onChange={(e) => setForm({ ...form, waiver_date: e.target.value })}
              error={Boolean(errors.waiver_date)}
              helperText={errors.waiver_date || undefined}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <MoneyField required label={translate('finance.invoices.waiver.amount')} value={form.amount} onChange={(amount) => setForm({ ...form, amount })} error={errors.amount} />
            <TextField
              required
              multiline
              minRows={2}
              label={translate('finance.invoices.waiver.reason')}
              value={form.reason}
              onChange={(e) => setForm({ ...form, reason: e.target.value })}
              error={Boolean(errors.reason)}
              helperText={errors.reason || undefined}
            />
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('finance.invoices.common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('finance.invoices.waiver.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function EditDialog({ invoice, onClose, onSaved }: { invoice: InvoiceDetail; onClose: () => void; onSaved: (detail: InvoiceDetail) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const calls = useFinanceCalls();
  const [form, setForm] = useState({
    invoice_date: invoice.invoice_date,
    due_date: invoice.due_date,
    income_date: invoice.income_date ?? '',
    value: groupDigits(String(invoice.value)),
    discount: groupDigits(String(invoice.discount)),
    remarks: invoice.remarks ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const found: Record<string, string> = {};
    const value = parseMoney(form.value);
    const discount = form.discount ? parseMoney(form.discount) : 0;
    if (!form.invoice_date) found.invoice_date = translate('finance.invoices.common.required');
    if (!form.due_date) found.due_date = translate('finance.invoices.common.required');
    else if (form.invoice_date && form.due_date < form.invoice_date) found.due_date = translate('finance.invoices.generate.due_before_invoice');
    if (form.income_date && form.invoice_date && form.income_date < form.invoice_date) found.income_date = translate('finance.invoices.generate.income_before_invoice');
    if (value === null || value === 0) found.value = translate('finance.invoices.generate.value_required');
    if (discount === null) found.discount = translate('finance.invoices.generate.money_invalid');
    setErrors(found);
    if (Object.keys(found).length > 0 || value === null || discount === null) return;
    setBusy(true);
    setFailure(null);
    try {
      const body: InvoiceEditRequest = {
        version: invoice.version,
        invoice_date: form.invoice_date,
        due_date: form.due_date,
        income_date: form.income_date || null,
        value,
        discount,
        remarks: form.remarks.trim() || null,
      };
      const answer = await calls.put<InvoiceDetailAnswer>(`${FINANCE_PATHS.invoice}/${invoice.id}`, body);
      notify('ra.notification.updated', { type: 'success', autoHideDuration: 5000, messageArgs: { smart_count: 1 } });
      onSaved(answer.data);
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFailure(unplacedMessage(error, ['invoice_date', 'due_date', 'income_date', 'value', 'discount', 'remarks']));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="finance-edit-title" maxWidth="sm" fullWidth>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="finance-edit-title">{translate('finance.invoices.edit.title', { number: invoice.transaction_no })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {(['invoice_date', 'due_date', 'income_date'] as const).map((field) => (
              <TextField
                key={field}
                type="date"
                required={field !== 'income_date'}
                label={translate(`finance.invoices.fields.${field}`)}
                value={form[field]}
                onChange={(e) => setForm({ ...form, [field]: e.target.value })}
                error={Boolean(errors[field])}
                helperText={errors[field] || undefined}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            ))}
            <MoneyField required label={translate('finance.invoices.fields.value')} value={form.value} onChange={(value) => setForm({ ...form, value })} error={errors.value} />
            <MoneyField label={translate('finance.invoices.fields.discount')} value={form.discount} onChange={(discount) => setForm({ ...form, discount })} error={errors.discount} />
            <TextField label={translate('finance.invoices.fields.remarks')} value={form.remarks} onChange={(e) => setForm({ ...form, remarks: e.target.value })} error={Boolean(errors.remarks)} helperText={errors.remarks || undefined} />
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('finance.invoices.common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('finance.invoices.edit.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The invoice's detail, loaded by id. */
export function useInvoiceDetail(id: number | null) {
  const calls = useFinanceCalls();
  const [detail, setDetail] = useState<InvoiceDetail | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    setDetail(null);
    setFailure(null);
    if (id === null) return;
    let live = true;
    calls.get<InvoiceDetailAnswer>(`${FINANCE_PATHS.invoice}/${id}`).then(
      (answer) => live && setDetail(answer.data),
      (error: unknown) => live && setFailure(messageOf(error)),
    );
    return () => {
      live = false;
    };
  }, [calls, id, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { detail, setDetail, failure, reload };
}

export function InvoiceDetailDialog({
  id,
  onClose,
  onChanged,
  canOperate,
  canEdit,
}: {
  id: number | null;
  onClose: () => void;
  onChanged: () => void;
  canOperate: boolean;
  canEdit: boolean;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { detail, setDetail, failure, reload } = useInvoiceDetail(id);
  const [dialog, setDialog] = useState<'waive' | 'edit' | null>(null);
  const saved = (next: InvoiceDetail) => {
    setDialog(null);
    setDetail(next);
    onChanged();
  };
  const d = detail;
  const fields: Array<[string, ReactNode]> = d
    ? [
        ['income_type', d.income_type_name],
        ['number', d.transaction_no],
        ['party_number', d.party_number],
        ['party', d.party_name],
        ['department', d.department_name ?? ''],
        ['class', d.class_name ?? ''],
        ['va_no', d.va_no ?? ''],
        ['financial_year', d.financial_year_name],
        ['value', formatRupiah(d.value)],
        ['discount', formatRupiah(d.discount)],
        ['paid', formatRupiah(d.paid_amount)],
        ['waived', formatRupiah(d.waived_amount)],
        ['penalty', formatRupiah(d.penalty_amount)],
        ['outstanding', formatRupiah(d.outstanding)],
        ['invoice_date', dateText(d.invoice_date, locale)],
        ['due_date', dateText(d.due_date, locale)],
        ['income_date', dateText(d.income_date, locale)],
        ['reversing_date', dateText(d.reversing_date, locale)],
        ['state', translate(`finance.invoices.states.${d.state}`)],
        ['published', translate(d.is_published ? 'finance.invoices.common.published' : 'finance.invoices.common.unpublished')],
        ['remarks', d.remarks ?? ''],
      ]
    : [];
  const editRefusal = d?.has_derivatives ? translate('finance.invoices.edit.has_derivatives') : null;
  const col = (key: string) => translate(`finance.invoices.fields.${key}`);
  return (
    <Dialog open={id !== null} onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="finance-invoice-title">
      <DialogTitle id="finance-invoice-title">{d ? translate('finance.invoices.detail.title', { number: d.transaction_no }) : translate('finance.invoices.detail.loading')}</DialogTitle>
      <DialogContent dividers>
        {failure && (
          <Alert severity="error" action={<Button onClick={reload}>{translate('finance.invoices.common.retry')}</Button>}>
            {failure}
          </Alert>
        )}
        {!d && !failure && (
          <Stack spacing={1} data-testid="invoice-detail-skeleton">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} />
            ))}
          </Stack>
        )}
        {d && (
          <>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'max-content 1fr', sm: 'max-content 1fr max-content 1fr' }, columnGap: 2, rowGap: 0.5, m: 0 }}>
              {fields.map(([key, value]) => (
                <Box key={key} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {col(key)}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid={`invoice-${key}`}>
                    {value || '—'}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Section title={translate('finance.invoices.detail.payments')}>
              <Grid
                label={translate('finance.invoices.detail.payments')}
                head={[translate('finance.invoices.detail.payment_no'), translate('finance.invoices.detail.date'), translate('finance.invoices.detail.method'), translate('finance.invoices.detail.amount')]}
                rows={d.payments.map((p) => [p.payment_no, dateText(p.payment_date, locale), translate(`finance.invoices.methods.${p.method}`), formatRupiah(p.amount)])}
              />
            </Section>
            <Section title={translate('finance.invoices.detail.waivers')}>
              <Grid
                label={translate('finance.invoices.detail.waivers')}
                head={[translate('finance.invoices.detail.waiver_no'), translate('finance.invoices.detail.date'), translate('finance.invoices.waiver.reason'), translate('finance.invoices.detail.amount')]}
                rows={d.waivers.map((w) => [w.waiver_no, dateText(w.waiver_date, locale), w.reason, formatRupiah(w.amount)])}
              />
            </Section>
            <Section title={translate('finance.invoices.detail.penalties')}>
              <Grid
                label={translate('finance.invoices.detail.penalties')}
                head={[translate('finance.invoices.detail.period'), translate('finance.invoices.detail.date'), translate('finance.invoices.detail.amount')]}
                rows={d.penalties.map((p) => [p.period, dateText(p.penalty_date, locale), formatRupiah(p.amount)])}
              />
            </Section>
            {d.merged_from.length > 0 && (
              <Section title={translate('finance.invoices.detail.merged_from')}>
                <Grid
                  label={translate('finance.invoices.detail.merged_from')}
                  head={[col('number'), translate('finance.invoices.detail.amount')]}
                  rows={d.merged_from.map((m) => [m.transaction_no, formatRupiah(m.amount)])}
                />
              </Section>
            )}
            <Section title={translate('finance.invoices.detail.journals')}>
              {d.journals.length === 0 && <Typography variant="body2">{translate('finance.invoices.common.no_data')}</Typography>}
              {d.journals.map((j) => (
                <Box key={j.id} sx={{ mt: 1 }} data-testid="invoice-journal">
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {j.journal_no} · {dateText(j.journal_date, locale)} · {translate(`finance.invoices.sources.${j.source}`)} · {translate(`finance.invoices.sync.${j.sync_state}`)}
                  </Typography>
                  {j.description && (
                    <Typography variant="caption" color="text.secondary">
                      {j.description}
                    </Typography>
                  )}
                  <Table size="small" aria-label={translate('finance.invoices.detail.journal_lines', { number: j.journal_no })}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{translate('finance.invoices.detail.account')}</TableCell>
                        <TableCell align="right">{translate('finance.invoices.detail.debit')}</TableCell>
                        <TableCell align="right">{translate('finance.invoices.detail.credit')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {j.lines.map((line, i) => (
                        <TableRow key={i}>
                          <TableCell>
                            {line.coa_code} {line.coa_name}
                          </TableCell>
                          <TableCell align="right">{line.debit ? formatRupiah(line.debit) : ''}</TableCell>
                          <TableCell align="right">{line.credit ? formatRupiah(line.credit) : ''}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              ))}
            </Section>
            {editRefusal && canEdit && (
              <Alert severity="info" sx={{ mt: 2 }} id="finance-edit-refusal">
                {editRefusal}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {d && canOperate && d.state === 'open' && d.outstanding > 0 && <Button onClick={() => setDialog('waive')}>{translate('finance.invoices.detail.waive')}</Button>}
        {d && canEdit && (
          <Tooltip title={editRefusal ?? ''}>
            <span>
              <Button onClick={() => setDialog('edit')} disabled={editRefusal !== null || d.state !== 'open'} aria-describedby={editRefusal ? 'finance-edit-refusal' : undefined}>
                {translate('finance.invoices.detail.edit')}
              </Button>
            </span>
          </Tooltip>
        )}
        <Button onClick={onClose}>{translate('finance.invoices.common.close')}</Button>
      </DialogActions>
      {d && dialog === 'waive' && <WaiverDialog invoice={d} onClose={() => setDialog(null)} onSaved={saved} />}
      {d && dialog === 'edit' && <EditDialog invoice={d} onClose={() => setDialog(null)} onSaved={saved} />}
    </Dialog>
  );
}
