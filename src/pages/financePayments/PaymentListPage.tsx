// /paymenttransaction (issue 12; spec 3 §2.6): the payments, filtered and paged, with their
// total; a row opens the payment's detail, and so does `?payment=<id>`.

import './texts/register';
import { useLocale } from 'react-admin';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { usePaymentList } from './usePaymentList';
import { PaymentListView } from './PaymentListView';

export function PaymentListPage() {
  const title = useRouteTitle('/paymenttransaction');
  useDocumentTitle(title);
  const locale = useLocale();
  const list = usePaymentList();
  return <PaymentListView title={title} list={list} locale={locale} />;
}
