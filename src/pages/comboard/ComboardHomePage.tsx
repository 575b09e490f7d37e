// /home-comboard: the board as the staff user sees it (issue 11): the same cards with their
// comments; the managing actions only on what the server says the user may manage.

import './texts/register';
import { useTranslate } from 'react-admin';
import { useRouteTitle } from '../../app/frame/useRouteTitle';
import { ComboardBoard } from './ComboardListPage';

export function ComboardHomePage() {
  const translate = useTranslate();
  const title = useRouteTitle('/home-comboard') || translate('comboard.home.title');
  return <ComboardBoard title={title} canAdd={false} testId="comboard-home-page" />;
}
