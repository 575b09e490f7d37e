// Which generic view react-admin's routes open at an address of a resource: /class is its
// list (a singleton's one page), /class/create its create form, /class/5 the edit form of
// record 5, /class/5/show its show page. Read by the app, which fetches that view's code ahead
// (src/app/preloadViewOfPath.ts), and by the server, which names it in the page's index.html
// (server/http/pagePreloads.ts).

export type ViewName = 'list' | 'create' | 'edit' | 'show' | 'singleton';

export function viewOfPath(pathname: string, entry: { singleton?: boolean }): ViewName | undefined {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 1) return entry.singleton ? 'singleton' : 'list';
  if (entry.singleton) return undefined;
  if (segments.length === 2) return segments[1] === 'create' ? 'create' : 'edit';
  if (segments.length === 3 && segments[2] === 'show') return 'show';
  return undefined;
}
