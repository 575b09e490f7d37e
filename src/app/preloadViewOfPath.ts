// A logged-in start fetches the code of the view its address opens (the generic view and the
// entity's module) as soon as the path's registry entry is known, alongside the session
// check, instead of after it: react-admin draws the route only once checkAuth has resolved,
// and only then would React.lazy ask for the code. The same imports React.lazy makes later,
// so nothing is fetched twice; a failure here is left for the view's own load to report.

import type { ResourceEntry } from '../shared/entityModel';
import { viewOfPath } from '../shared/viewOfPath';
import { viewModules } from './resourceFromEntry';

export function preloadViewOfPath(pathname: string, entry: ResourceEntry | undefined): void {
  if (!entry) return;
  const view = viewOfPath(pathname, entry);
  if (!view) return;
  viewModules[view]().catch(() => undefined);
  entry.load().catch(() => undefined);
}
