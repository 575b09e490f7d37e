// /generateva (issue 12): VA numbers for the students and candidates who have none, from a VA
// code; previewed first, generated after a confirmation. useGenerateVa() holds the state and
// calls; GenerateVaView draws.

import './texts/register';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { useGenerateVa } from './useGenerateVa';
import { GenerateVaView } from './GenerateVaView';

export function GenerateVaPage() {
  const title = useRouteTitle('/generateva');
  useDocumentTitle(title);
  const state = useGenerateVa();
  return <GenerateVaView title={title} state={state} />;
}
