// /journal (issue 12 "Journals"; spec 3 §3.2 journal, §4 sync filter): every journal the
// ledger wrote, filtered and paged; a row opens its lines.

import './texts/register';
import { useLocale } from 'react-admin';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { useJournalList } from './useJournalList';
import { JournalListView } from './JournalListView';

export function JournalListPage() {
  const title = useRouteTitle('/journal');
  useDocumentTitle(title);
  const locale = useLocale();
  const list = useJournalList();
  return <JournalListView title={title} list={list} locale={locale} />;
}
