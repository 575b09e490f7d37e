// The portals' detail dialogs: a day's attendance (spec 3 §2.8: status, date and day, NIS, name,
// unit, class, school time, the tap-in and -out, the day's lessons with their times), an invoice
// (§2.7) and a payment (§2.6). Each reads its record by id; the server answers 404 for anybody
// else's, which shows as the load failure.

import { Box, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatRupiah } from '../../shared/api/finance';
import {
  PORTAL_PATHS,
  type AttendanceDetail,
  type PortalInvoiceDetail,
  type PortalPaymentDetail,
} from '../../shared/api/portal';
import { dateText, usePortalGet } from './portalCalls';
import { DetailDialog, Facts, LoadedBody, StatusChip } from './PortalParts';

export type DetailTarget = { kind: 'day'; id: number } | { kind: 'invoice'; id: number } | { kind: 'payment'; id: string };

function DayBody({ id }: { id: number }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const loaded = usePortalGet<AttendanceDetail>(`${PORTAL_PATHS.attendanceDetail}/${id}`);
  return (
    <LoadedBody loaded={loaded} reload={loaded.reload}>
      {(day) => (
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <StatusChip status={day.status} />
            {day.late_check > 0 && <Chip size="small" color="warning" label={translate('portal.status.late', { minutes: day.late_check })} />}
            {day.is_special && <Chip size="small" color="secondary" label={translate('portal.status.special')} />}
          </Stack>
          <Facts
            items={[
              [translate('portal.fields.date'), `${translate(`portal.days.${day.ket_hri}`)}, ${dateText(day.date, locale, true)}`],
              [translate('portal.fields.nis'), day.nis],
              [translate('portal.fields.name'), day.name_siswa],
              [translate('portal.fields.department'), day.name_department],
              [translate('portal.fields.class'), day.name_class],
              [translate('portal.fields.school_time'), day.start_school ? `${day.start_school} – ${day.end_school ?? ''}` : null],
              [translate('portal.fields.check_in'), day.jam],
              [translate('portal.fields.check_out'), day.jam_akhir],
              [translate('portal.fields.note'), day.ket],
            ]}
          />
          <Box>
            <Typography variant="subtitle2" component="h3">
              {translate('portal.fields.lessons')}
            </Typography>
            {day.semua_pelajaran.length === 0 ? (
              <Typography color="text.secondary">{translate('portal.detail.no_lessons')}</Typography>
            ) : (
              <List dense disablePadding data-testid="day-lessons">
                {day.semua_pelajaran.map((lesson) => (
                  <ListItem key={`${lesson.time1}-${lesson.subject}`} disableGutters secondaryAction={lesson.status ? <StatusChip status={lesson.status} /> : undefined}>
                    <ListItemText primary={lesson.subject} secondary={`${lesson.time1} – ${lesson.time2}`} />
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
        </Stack>
      )}
    </LoadedBody>
  );
}

function InvoiceBody({ id }: { id: number }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const loaded = usePortalGet<PortalInvoiceDetail>(`${PORTAL_PATHS.invoiceDetail}/${id}`);
  return (
    <LoadedBody loaded={loaded} reload={loaded.reload}>
      {(invoice) => (
        <Facts
          items={[
            [translate('portal.fields.income_type'), invoice.income_type_name],
            [translate('portal.fields.invoice_no'), invoice.invoice_no],
            [translate('portal.fields.nis'), invoice.nis],
            [translate('portal.fields.name'), invoice.name_siswa],
            [translate('portal.fields.department'), invoice.departname],
            [translate('portal.fields.class'), invoice.classname],
            [translate('portal.fields.va_no'), invoice.va_no],
            [translate('portal.fields.value'), formatRupiah(invoice.income_value)],
            ...(invoice.discount ? [[translate('portal.fields.discount'), formatRupiah(invoice.discount)] as [string, string]] : []),
            ...(invoice.waived ? [[translate('portal.fields.waived'), formatRupiah(invoice.waived)] as [string, string]] : []),
            ...(invoice.penalty ? [[translate('portal.fields.penalty'), formatRupiah(invoice.penalty)] as [string, string]] : []),
            [translate('portal.fields.paid'), formatRupiah(invoice.paid)],
            [translate('portal.fields.outstanding'), <strong key="o">{formatRupiah(invoice.outstanding)}</strong>],
            [translate('portal.fields.invoice_date'), dateText(invoice.invoice_date, locale, true)],
            [translate('portal.fields.due_date'), dateText(invoice.due_date, locale, true)],
            [translate('portal.fields.remarks'), invoice.remarks],
          ]}
        />
      )}
    </LoadedBody>
  );
}

function PaymentBody({ id }: { id: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const loaded = usePortalGet<PortalPaymentDetail>(`${PORTAL_PATHS.paymentDetail}/${id}`);
  return (
    <LoadedBody loaded={loaded} reload={loaded.reload}>
      {(payment) => (
        <Facts
          items={[
            [translate('portal.fields.nis'), payment.nis],
            [translate('portal.fields.name'), payment.name_siswa],
            [translate('portal.fields.department'), payment.departname],
            [translate('portal.fields.class'), payment.classname],
            [translate('portal.fields.va_no'), payment.va_no],
            [translate('portal.fields.payment_no'), payment.payment_no],
            [translate('portal.fields.invoice_no'), payment.invoice_no ?? translate('portal.fields.deposit')],
            [translate('portal.fields.income_type'), payment.income_type_name],
            [translate('portal.fields.value'), payment.invoice_no ? formatRupiah(payment.income_value) : null],
            [translate('portal.fields.payment_value'), formatRupiah(payment.payment_value)],
            [translate('portal.fields.payment_amount'), formatRupiah(payment.payment_amount)],
            [translate('portal.fields.outstanding'), payment.invoice_no ? formatRupiah(payment.outstanding) : null],
            [translate('portal.fields.payment_type'), payment.journalname],
            [translate('portal.fields.invoice_date'), dateText(payment.invoice_date, locale, true)],
            [translate('portal.fields.due_date'), dateText(payment.due_date, locale, true)],
            [translate('portal.fields.payment_date'), dateText(payment.payment_date, locale, true)],
            [translate('portal.fields.remarks'), payment.remarks],
          ]}
        />
      )}
    </LoadedBody>
  );
}

/** The dialog of whichever record was chosen; nothing when none is. */
export function PortalDetailDialog({ target, onClose }: { target: DetailTarget | null; onClose: () => void }) {
  const translate = useTranslate();
  if (!target) return null;
  const title = translate(`portal.detail.${target.kind === 'day' ? 'week' : target.kind}`);
  return (
    <DetailDialog open title={title} onClose={onClose} testId={`${target.kind}-detail`}>
      {target.kind === 'day' && <DayBody id={target.id} />}
      {target.kind === 'invoice' && <InvoiceBody id={target.id} />}
      {target.kind === 'payment' && <PaymentBody id={target.id} />}
    </DetailDialog>
  );
}
