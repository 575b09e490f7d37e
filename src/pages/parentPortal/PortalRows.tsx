// The portals' rows, styled per spec 2 §4: a day (status coloured; a late day marked as a
// problem; a special day showing its note and date instead of weekday, date and time), an
// outstanding invoice (overdue when its due date is not after today), a payment (paid in full,
// partly paid, unpaid, paid after the due date). Each opens its detail.

import type { ReactNode } from 'react';
import { Box, ButtonBase, Chip, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlined';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatRupiah } from '../../shared/api/finance';
import { invoiceOverdue, paymentTone, type PaymentTone, type PortalInvoiceRow, type PortalPaymentRow, type WeekDay } from '../../shared/api/portal';
import { dateText } from './portalCalls';
import { schoolToday } from '../../shared/schoolCalendar';
import { StatusChip } from './PortalParts';

type Accent = 'success' | 'warning' | 'error' | 'info' | null;

function RowBox({ accent, onClick, children, testId, label }: { accent: Accent; onClick?: () => void; children: ReactNode; testId: string; label?: string }) {
  const body = (
    <Box
      sx={(theme) => ({
        width: '100%',
        textAlign: 'left',
        px: 1,
        py: 0.75,
        borderRadius: 1,
        borderLeft: 4,
        borderColor: accent ? theme.palette[accent].main : 'divider',
        bgcolor: accent === 'error' || accent === 'warning' ? alpha(theme.palette[accent].main, 0.08) : 'transparent',
      })}
    >
      {children}
    </Box>
  );
  return (
    <Box component="li" data-testid={testId} data-accent={accent ?? 'none'}>
      {onClick ? (
        <ButtonBase onClick={onClick} aria-label={label} sx={{ width: '100%', display: 'block', borderRadius: 1, '&:hover': { bgcolor: 'action.hover' } }}>
          {body}
        </ButtonBase>
      ) : (
        body
      )}
    </Box>
  );
}

export function DayRow({ day, onOpen }: { day: WeekDay; onOpen: (id: number) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const late = day.late_check > 0;
  const when = day.is_special ? `${day.ket ?? translate('portal.status.special')} · ${dateText(day.date, locale)}` : `${translate(`portal.days.${day.ket_hri}`)}, ${dateText(day.date, locale)}`;
  return (
    <RowBox accent={late ? 'warning' : null} testId="week-day" onClick={day.id === null ? undefined : () => onOpen(day.id!)} label={when}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: day.is_special ? 600 : 400 }} data-testid="week-day-when">
            {when}
          </Typography>
          {!day.is_special && (day.jam || late || (day.ket && day.status !== 'Hadir')) && (
            <Typography variant="caption" color={late ? 'warning.dark' : 'text.secondary'} component="div">
              {[day.jam && `${day.jam}${day.jam_akhir ? ` – ${day.jam_akhir}` : ''}`, late && translate('portal.status.late', { minutes: day.late_check }), day.status !== 'Hadir' && day.ket]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          )}
        </Box>
        <StatusChip status={day.status} offDay={day.off_day} upcoming={day.date > schoolToday()} />
      </Stack>
    </RowBox>
  );
}

export function InvoiceRowView({ row, onOpen }: { row: PortalInvoiceRow; onOpen: (id: number) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // A settled invoice is no longer overdue, whatever its due date (the finance page lists them too).
  const settled = row.outstanding === 0;
  const overdue = !settled && invoiceOverdue(row.due_date, schoolToday());
  return (
    <RowBox accent={settled ? 'success' : overdue ? 'error' : 'info'} testId="invoice-row" onClick={() => onOpen(row.id)} label={`${row.income_type_name} ${row.invoice_no}`}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {row.income_type_name}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {row.invoice_no} · {translate('portal.fields.due_date')} {dateText(row.due_date, locale)}
          </Typography>
        </Box>
        <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="invoice-outstanding">
            {formatRupiah(row.outstanding)}
          </Typography>
          {overdue && <Chip size="small" color="error" label={translate('portal.overdue')} />}
          {settled && <Chip size="small" color="success" variant="outlined" label={translate('portal.payment_tone.paid')} />}
        </Box>
      </Stack>
    </RowBox>
  );
}

const PAYMENT_ACCENT: Record<PaymentTone, Accent> = { paid: 'success', partial: 'warning', unpaid: 'error', late: 'error' };
const PAYMENT_ICON: Record<PaymentTone, ReactNode> = {
  paid: <CheckCircleIcon color="success" fontSize="small" />,
  partial: <HourglassBottomIcon color="warning" fontSize="small" />,
  unpaid: <RemoveCircleOutlineIcon color="error" fontSize="small" />,
  late: <ErrorIcon color="error" fontSize="small" />,
};

export function PaymentRowView({ row, onOpen }: { row: PortalPaymentRow; onOpen: (id: string) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const tone = paymentTone(row);
  const toneLabel = translate(`portal.payment_tone.${tone}`);
  return (
    <RowBox accent={PAYMENT_ACCENT[tone]} testId="payment-row" onClick={() => onOpen(row.id)} label={`${row.income_type_name ?? translate('portal.fields.deposit')} ${row.payment_no}`}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Stack direction="row" spacing={1} sx={{ minWidth: 0, alignItems: 'flex-start' }}>
          <Box title={toneLabel} aria-label={toneLabel} role="img" sx={{ pt: 0.25 }} data-tone={tone}>
            {PAYMENT_ICON[tone]}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {row.income_type_name ?? translate('portal.fields.deposit')}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {dateText(row.payment_date, locale)} · {row.payment_no}
            </Typography>
          </Box>
        </Stack>
        <Typography variant="body2" sx={{ fontWeight: 600, flexShrink: 0 }} data-testid="payment-value">
          {formatRupiah(row.payment_value)}
        </Typography>
      </Stack>
    </RowBox>
  );
}
