// /sent (issue 13 "E-mail"; spec 3 §2.10, §3.2, §4): the messages the mail server took, newest
// first, each opened with its text; Resend (after a confirmation) for those who send.

import './texts/register';
import { useLocale } from 'react-admin';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { useMailBox } from './useMailBox';
import { useMaySend } from './useMaySend';
import { MailBoxView } from './MailBoxView';

export function SentPage() {
  const title = useRouteTitle('/sent');
  useDocumentTitle(title);
  const locale = useLocale();
  const box = useMailBox('sent');
  return <MailBoxView title={title} box={box} locale={locale} mayAct={useMaySend()} />;
}
