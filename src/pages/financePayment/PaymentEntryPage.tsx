// /payment (issue 12 "Payments"): record a payment against a student's or a candidate's open
// invoices. usePaymentEntry() holds the state and calls; PaymentEntryView draws. Once paid, the
// payment's number shows and its detail opens (/paymenttransaction?payment=<id>).

import './texts/register';
import { useEffect } from 'react';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { usePaymentEntry } from './usePaymentEntry';
import { PaymentEntryView } from './PaymentEntryView';

export function PaymentEntryPage() {
  const title = useRouteTitle('/payment');
  useDocumentTitle(title);
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const navigate = useNavigate();
  const entry = usePaymentEntry();
  const done = entry.done;
  useEffect(() => {
    if (!done) return;
    notify(translate('finance.payment.done', { number: done.payment_no }), { type: 'success', autoHideDuration: 5000 });
    navigate(`/paymenttransaction?payment=${done.id}`);
  }, [done, navigate, notify, translate]);
  return <PaymentEntryView title={title} entry={entry} locale={locale} />;
}
