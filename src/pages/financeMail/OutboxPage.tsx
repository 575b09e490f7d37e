// /outbox (issue 13 "E-mail"; spec 3 §2.10, §3.2, §4): the messages not sent yet, waiting,
// failing with their error and next attempt, failed or interrupted; Retry for those who send.

import './texts/register';
import { useLocale } from 'react-admin';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { useMailBox } from './useMailBox';
import { useMaySend } from './useMaySend';
import { MailBoxView } from './MailBoxView';

export function OutboxPage() {
  const title = useRouteTitle('/outbox');
  useDocumentTitle(title);
  const locale = useLocale();
  const box = useMailBox('outbox');
  return <MailBoxView title={title} box={box} locale={locale} mayAct={useMaySend()} />;
}
