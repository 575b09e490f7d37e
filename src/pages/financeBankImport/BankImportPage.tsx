// /uploadva (issue 12 "Bank VA file import"): a bank's virtual-account payments file, checked
// line by line first (a dry run a person can read), then committed. useBankImport() holds the
// state and calls; BankImportView draws.

import './texts/register';
import { useLocale, useResourceDefinitions } from 'react-admin';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { useBankImport } from './useBankImport';
import { BankImportView } from './BankImportView';

export function BankImportPage() {
  const title = useRouteTitle('/uploadva');
  useDocumentTitle(title);
  const locale = useLocale();
  const state = useBankImport();
  // The layouts are managed on their own screen when the app has one (a schema with route /banklayout).
  const layoutsPath = 'banklayout' in useResourceDefinitions() ? '/banklayout' : null;
  return <BankImportView title={title} state={state} locale={locale} layoutsPath={layoutsPath} />;
}
