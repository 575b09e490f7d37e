import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Roboto from npm, Latin only (Indonesian and English need nothing else): no font CDN.
import '@fontsource/roboto/latin-300.css';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { App } from './app/App';
import { preloadList } from './app/preloadList';
import { preloadViewOfPath } from './app/preloadViewOfPath';
import { viewModules } from './app/resourceFromEntry';
import { appProviders, appStorage } from './app/providers';
import { SHELL_SEGMENTS } from './pages/registry';
import { loadCatalog } from './providers/catalogs';
import { readActiveModule, readLocale, readToken } from './providers/session';
import { viewOfPath } from './shared/viewOfPath';
import { loadForPath } from './views/registryLookup';

// The first page draws in the stored language: Indonesian is part of this code, English is
// fetched first when it was chosen last time (if that fails, the page starts in Indonesian).
// Meanwhile the registry entries of the module the user works in arrive, and every module's
// when the page's resource is not among them (a deep link into another module). A failed
// load leaves the menu to load them again.
// A logged-in start does not wait for the first render to ask more: the session check starts
// once the language is known (at once for Indonesian), and the code of the view at this
// address and a list's first page as soon as its registry entry is here. The first render
// waits a moment for the session check and the list's page (FIRST_DRAW_WAIT_MS): with them in
// react-admin's query cache, the page draws whole in one render, the list with its rows; a
// render takes the main thread for some hundreds of milliseconds, during which an answer that
// arrives cannot be read, so drawing before them costs a second render after it.
const FIRST_DRAW_WAIT_MS = 250;
const loggedIn = readToken(appStorage) !== null;
const catalog = loadCatalog(readLocale(appStorage)).catch(() => undefined);
/** What the first render waits a moment for. */
const ahead: Promise<unknown>[] = [];
if (loggedIn) {
  ahead.push(
    catalog.then(() => {
      const { authProvider, queryClient } = appProviders();
      authProvider.startSessionCheck();
      // react-admin's session check and the roles, in its query cache under its own keys
      // (ra-core's useAuthState and usePermissions): the routes then draw the page at once,
      // not a loading page first (src/app/App.tsx). A session the server has ended fails the
      // check here as it would there: to the login page.
      return Promise.all([
        queryClient.prefetchQuery({ queryKey: ['auth', 'checkAuth', {}], queryFn: () => authProvider.checkAuth({}).then(() => true), retry: false }),
        queryClient.prefetchQuery({ queryKey: ['auth', 'getPermissions', {}], queryFn: async () => (await authProvider.getPermissions?.({})) ?? null, retry: false }),
      ]);
    }),
  );
}
const { pathname } = window.location;
// An address of one segment that is no shell page is a resource's list (or a singleton's
// page): the list's code starts now, before the registry says which (it is the common case).
const segments = pathname.split('/').filter(Boolean);
if (loggedIn && segments.length === 1 && !SHELL_SEGMENTS.has(segments[0])) viewModules.list().catch(() => undefined);
const registry = loadForPath(pathname, [readActiveModule(appStorage)], SHELL_SEGMENTS)
  .then((entry) => {
    if (loggedIn) preloadViewOfPath(pathname, entry);
    // A list's first page, asked for as soon as the providers can ask (they need the catalog).
    if (loggedIn && entry && viewOfPath(pathname, entry) === 'list') {
      ahead.push(
        catalog.then(() => {
          const { dataProvider, queryClient } = appProviders();
          return preloadList(entry, window.location.search, queryClient, dataProvider);
        }),
      );
    }
    return entry;
  })
  .catch(() => undefined);

Promise.all([catalog, registry])
  .then(async ([, entry]) => {
    await Promise.race([Promise.allSettled(ahead), new Promise((resolve) => setTimeout(resolve, FIRST_DRAW_WAIT_MS))]);
    return entry;
  })
  .then((entry) => {
    // The view's load as the routes will use it (its code, its entity's module and labels):
    // settled by the time react-admin draws the route, the view draws in that same pass.
    const view = loggedIn && entry ? viewOfPath(pathname, entry) : undefined;
    if (entry && view) appProviders().resourceFromEntry.preload(entry, view);
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
