// A logged-in start fetches the code of the view its address opens (the generic view and the
// entity's module) as soon as the path's registry entry is known, alongside the session
// check, instead of after it: react-admin draws the route only once checkAuth has resolved,
// and only then would React.lazy ask for the code. The same imports React.lazy makes later,
// so nothing is fetched twice; a failure here is left for the view's own load to report.

import type { ResourceEntry } from '../shared/entityModel';
import { viewModules, type ViewName } from './resourceFromEntry';

/** The generic view react-admin's routes open at this path of a resource (/class, /class/create, /class/5, /class/5/show). */
export function viewOfPath(pathname: string, entry: ResourceEntry): ViewName | undefined {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 1) return entry.singleton ? 'singleton' : 'list';
  if (entry.singleton) return undefined;
  if (segments.length === 2) return segments[1] === 'create' ? 'create' : 'edit';
  if (segments.length === 3 && segments[2] === 'show') return 'show';
  return undefined;
}

export function preloadViewOfPath(pathname: string, entry: ResourceEntry | undefined): void {
  if (!entry) return;
  const view = viewOfPath(pathname, entry);
  if (!view) return;
  viewModules[view]().catch(() => undefined);
  entry.load().catch(() => undefined);
}
