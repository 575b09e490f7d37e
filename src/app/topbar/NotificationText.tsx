// How a notification reads in the user's language: its text from its message key and params
// (src/shared/notificationMessages.ts), or its own text when it has no key (or a key this version does
// not know); its date as day, full month name, year and time; what it is about (its doc_name)
// as a readable type. The bell, the detail page and the list pages share these.

import { useLocaleState, useTranslate } from 'react-admin';
import type { NotificationItem } from '../../shared/api/shell';
import { isNotificationKey, notificationText } from '../../shared/notificationMessages';

export function useNotificationText(): (n: Pick<NotificationItem, 'key' | 'params' | 'info'>) => string {
  const [locale] = useLocaleState();
  return (n) => (n.key && isNotificationKey(n.key) ? notificationText(locale === 'en' ? 'en' : 'id', n.key, n.params ?? {}) : n.info);
}

/** `tr_hr_leave_approval` → `Hr leave approval`: for a doc_name the catalog has no name for. */
function readableDocName(docName: string): string {
  const words = docName.replace(/^(tr?|m)_/, '').replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : docName;
}

export function useNotificationType(): (docName: string) => string {
  const translate = useTranslate();
  return (docName) => translate(`notifications.doc.${docName}`, { _: readableDocName(docName) });
}

/** "20 November 2026 08.00" (id), "20 November 2026, 08:00" (en), in the browser's time zone. */
export function formatNotificationDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'id-ID', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

export function useNotificationDate(): (iso: string) => string {
  const [locale] = useLocaleState();
  return (iso) => formatNotificationDate(iso, locale);
}
