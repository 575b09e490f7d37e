// One payment's detail (spec 3 §2.6): the student (NIS, name, unit, class, VA number), the
// payment (number, date, type, journal, amount, what went to the deposit, reference, remarks),
// the invoices it paid with the payment icon of spec 3 §4, and its journals with their lines.

import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import WarningIcon from '@mui/icons-material/Warning';
import { formatRupiah } from '../../shared/api/finance';
import { payDateText } from '../../shared/finance/payFormat';
import { PAY_SYNC_COLOURS, payIconState, type PayIconState } from '../../shared/finance/payStates';
import type { PaymentList } from './usePaymentList';

type T = (key: string, options?: Record<string, unknown>) => string;

const ICONS: Record<PayIconState, typeof CheckCircleIcon> = { success: CheckCircleIcon, warning: WarningIcon, danger: ErrorIcon };

export function PaymentIcon({ state, t }: { state: PayIconState; t: T }) {
  const Icon = ICONS[state];
  return <Icon color={state === 'danger' ? 'error' : state} fontSize="small" titleAccess={t(`icon.${state}`)} data-testid={`payment-icon-${state}`} />;
}

export function PaymentDetailDialog({ list, t, locale }: { list: PaymentList; t: T; locale: string }) {
  const detail = list.detail;
  const fields: Array<[string, string]> = detail
    ? [
        ['nis', detail.party_number],
        ['name', detail.party_name],
        ['unit', detail.department_name ?? ''],
        ['class', detail.class_name ?? ''],
        ['va', detail.va_no ?? ''],
        ['payment_no', detail.payment_no],
        ['payment_date', payDateText(detail.payment_date, locale)],
        ['method', t(`method.${detail.method}`)],
        ['journal', detail.journal_type_name ?? ''],
        ['amount', formatRupiah(detail.amount)],
        ['deposit', formatRupiah(detail.deposit_amount)],
        ['reference', detail.bank_reference ?? ''],
        ['remarks', detail.remarks ?? ''],
      ]
    : [];
  return (
    <Dialog open={list.detailId !== null} onClose={list.close} maxWidth="md" fullWidth aria-labelledby="payment-detail-title">
      <DialogTitle id="payment-detail-title">{detail ? t('detail.title', { number: detail.payment_no }) : t('detail.loading')}</DialogTitle>
      <DialogContent>
        {list.detailError && <Alert severity="error">{list.detailError}</Alert>}
        {!detail && !list.detailError && <Skeleton variant="rectangular" height={200} />}
        {detail && (
          <Box data-testid="payment-detail">
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr max-content 1fr' }, columnGap: 2, rowGap: 0.5, m: 0 }}>
              {fields.map(([key, value]) => (
                <Box key={key} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {t(`detail.${key}`)}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    {value || '–'}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
              {t('detail.allocations')}
            </Typography>
            {detail.allocations.length === 0 ? (
              <Typography variant="body2">{t('detail.no_allocations')}</Typography>
            ) : (
              <Table size="small" aria-label={t('detail.allocations')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('detail.status')}</TableCell>
                    <TableCell>{t('detail.invoice_no')}</TableCell>
                    <TableCell>{t('detail.income_type')}</TableCell>
                    <TableCell>{t('detail.invoice_date')}</TableCell>
                    <TableCell>{t('detail.due_date')}</TableCell>
                    <TableCell align="right">{t('detail.value')}</TableCell>
                    <TableCell align="right">{t('detail.paid')}</TableCell>
                    <TableCell align="right">{t('detail.outstanding')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {detail.allocations.map((row) => (
                    <TableRow key={row.invoice_id} data-testid="payment-allocation">
                      <TableCell>
                        <PaymentIcon state={payIconState(row.amount, row.outstanding)} t={t} />
                      </TableCell>
                      <TableCell>{row.transaction_no}</TableCell>
                      <TableCell>{row.income_type_name}</TableCell>
                      <TableCell>{payDateText(row.invoice_date, locale)}</TableCell>
                      <TableCell>{payDateText(row.due_date, locale)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatRupiah(row.value)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatRupiah(row.amount)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatRupiah(row.outstanding)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
              {t('detail.journals')}
            </Typography>
            {detail.journals.length === 0 && <Typography variant="body2">{t('detail.no_journals')}</Typography>}
            {detail.journals.map((journal) => (
              <Box key={journal.id} sx={{ mb: 1 }} data-testid="payment-journal">
                <Typography variant="body2" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <strong>{journal.journal_no}</strong>
                  <span>{payDateText(journal.journal_date, locale)}</span>
                  <span>{journal.journal_type_name ?? ''}</span>
                  <Chip size="small" label={t(`sync.${journal.sync_state}`)} color={PAY_SYNC_COLOURS[journal.sync_state]} />
                </Typography>
                <Table size="small" aria-label={journal.journal_no}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('detail.account')}</TableCell>
                      <TableCell align="right">{t('detail.debit')}</TableCell>
                      <TableCell align="right">{t('detail.credit')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {journal.lines.map((line, index) => (
                      <TableRow key={index}>
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
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={list.close}>{t('detail.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
