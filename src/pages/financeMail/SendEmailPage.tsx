// /sendemail (issue 13 "E-mail"; spec 3 §2.10, §5): e-mail the parents of chosen students or
// candidates about their open invoices. useSendEmail() holds the state and calls; SendEmailView draws.

import './texts/register';
import { useLocale } from 'react-admin';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { useSendEmail } from './useSendEmail';
import { SendEmailView } from './SendEmailView';

export function SendEmailPage() {
  const title = useRouteTitle('/sendemail');
  useDocumentTitle(title);
  const locale = useLocale();
  const state = useSendEmail();
  return <SendEmailView title={title} state={state} locale={locale} />;
}
