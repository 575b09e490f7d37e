// The title of a shell path in the UI language, and the browser tab's title set from it
// (the route title followed by the product name, spec 1 §1).

import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { pageTitleKey } from '../../pages/registry';
import { routeTitleFallback, routeTitleKey } from '../shellPaths';

/** The page's title (the page registry), else the route's own, else the menu's name of its page (`app.page.<segment>`), else words of the path. */
export function useRouteTitle(path: string): string {
  const translate = useTranslate();
  const segment = path.split('/')[1] ?? '';
  const menuName = segment ? translate(`app.page.${segment}`, { _: '' }) : '';
  return translate(pageTitleKey(path) ?? routeTitleKey(path), { _: menuName || routeTitleFallback(path) });
}

/** Sets the browser tab's title to `title · product`. */
export function useDocumentTitle(title: string): void {
  const translate = useTranslate();
  useEffect(() => {
    document.title = title ? `${title} · ${translate('app.name')}` : translate('app.name');
  }, [title, translate]);
}
