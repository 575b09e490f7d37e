// The Admin root. It composes; what each resource is comes from the generated registry.
// It is react-admin's <Admin> spelled out (AdminContext, then AdminUI's CssBaseline +
// CoreAdminUI + Notification): <Admin> itself imports a default English i18n provider with
// all of react-admin's English messages, which our own provider makes useless (English is
// fetched only when chosen: src/providers/catalogs.ts); AdminUI imports react-admin's login
// page and form, not-found, access-denied and authentication-error pages as defaults, which
// the first page would carry unused: ours replace them, the rare ones fetched when shown.

import { useMemo } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import {
  AdminContext,
  CoreAdminUI,
  CustomRoutes,
  Error as ErrorPage,
  LoadingPage,
  localStorageStore,
  Notification,
  Resource,
  usePermissions,
} from 'react-admin';
import { createBrowserRouter, Route, RouterProvider } from 'react-router-dom';
import { EntityLoaderContext } from '../views/entityLoaderContext';
import { useRegistryEntries } from '../views/registryLookup';
import { mountedElement, PAGE_ROUTES, pageAt, type MountedRoute } from '../pages/registry';
// Off the staff login → list path: fetched when first drawn.
import { AccessDenied, AreaLayout, AuthCallback, AuthenticationError, NotFoundPage } from './frame/lazyFramePages';
import { Layout } from './Layout';
import { LoginPage } from './LoginPage';
import { IdleLogout } from './IdleLogout';
import { appProviders } from './providers';
import { lightTheme } from './theme';

const store = localStorageStore();

/** A registry route as a react-router route, inside its kind's area layout when it has one. */
function routeOf(mounted: MountedRoute) {
  const { route } = mounted;
  const element = mountedElement(mounted);
  return (
    <Route
      key={route.path}
      path={route.path}
      element={route.layout === 'area' ? <AreaLayout kind={route.kind}>{element}</AreaLayout> : element}
    />
  );
}

/**
 * The pages outside the admin layout (spec 1 §2.2, §2.4–2.6): the login and password pages,
 * the parent, student and booking areas in their simpler layouts, the public pages.
 * react-admin renders these whatever the auth state: the pages that need a session check it
 * themselves (useAuthenticated in the area layout).
 */
export function shellRoutesWithoutLayout() {
  return <CustomRoutes noLayout>{PAGE_ROUTES.filter(({ route }) => route.layout !== 'shell').map(routeOf)}</CustomRoutes>;
}

/** The staff shell's pages; `/` is react-admin's dashboard (RegistryDashboard). */
export function shellRoutesInLayout() {
  return (
    <CustomRoutes>{PAGE_ROUTES.filter(({ route }) => route.layout === 'shell' && route.path !== '/').map(routeOf)}</CustomRoutes>
  );
}

/** The registry's page at `/`, as react-admin's dashboard. */
export function RegistryDashboard() {
  const home = pageAt('/');
  return home ? mountedElement(home) : null;
}

// Real paths (/class, /mleave), the existing product's routes, rather than react-admin's
// default /#/class: the server answers every non-API path with the app. A data router
// (createBrowserRouter), so that a form with unsaved changes can hold a navigation and ask
// first (react-admin's warnWhenUnsavedChanges needs one). Navigation is not a
// React transition (react-router 7's default): react-admin's logout navigates to the login
// page and then resets its queries, and counts on the navigation having happened by then;
// as a transition it had not, the reset re-rendered the protected page, which logged out
// again, thousands of times (~10 s of a busy page before the login form showed).
let router: ReturnType<typeof createBrowserRouter> | undefined;

export function App() {
  router ??= createBrowserRouter([{ path: '*', element: <AdminRoot /> }]);
  return <RouterProvider router={router} useTransitions={false} />;
}

// The resources are the registry entries known so far (src/views/registryLookup.ts): the
// active module's, loaded before the first render (src/main.tsx), then each module's as the
// menu opens it, and the entities a view draws as its module loads.
function AdminRoot() {
  // Made once the language catalog to start with is here (src/main.tsx).
  const { dataProvider, authProvider, i18nProvider, loadEntity, queryClient } = appProviders();
  return (
    <AdminContext
      queryClient={queryClient}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={lightTheme}
    >
      {/* Views that draw other entities' records (a parent's details) load their modules with it. */}
      <EntityLoaderContext.Provider value={loadEntity}>
        <IdleLogout />
        <CssBaseline enableColorScheme>
          <AdminUI />
          <Notification />
        </CssBaseline>
      </EntityLoaderContext.Provider>
    </AdminContext>
  );
}

/**
 * react-admin's routes: the shell's pages and a <Resource> per known registry entry, with the
 * views the user's roles allow. Once the roles are known (a logged-in start has them in the
 * query cache before the first render: src/main.tsx), the resources are given as elements, and
 * the first render draws the page; given as a function of the roles, as while they are asked
 * for, react-admin draws a loading page first and the resources a render later.
 */
function AdminUI() {
  const { resourceFromEntry } = appProviders();
  const entries = useRegistryEntries();
  const { permissions, isPending } = usePermissions();
  const withoutLayout = useMemo(shellRoutesWithoutLayout, []);
  const inLayout = useMemo(shellRoutesInLayout, []);
  const resources = useMemo(() => {
    const of = (roles: unknown) =>
      entries.map((entry) => (
        <Resource key={entry.resource} name={entry.resource} {...resourceFromEntry(entry, Array.isArray(roles) ? roles : [])} />
      ));
    return isPending ? of : of(permissions);
  }, [entries, resourceFromEntry, isPending, permissions]);
  return (
    <CoreAdminUI
      title="app.name"
      loginPage={LoginPage}
      layout={Layout}
      dashboard={RegistryDashboard}
      catchAll={NotFoundPage}
      error={ErrorPage}
      loading={LoadingPage}
      accessDenied={AccessDenied}
      authenticationError={AuthenticationError}
      authCallbackPage={AuthCallback}
      disableTelemetry
      requireAuth
    >
      {withoutLayout}
      {inLayout}
      {resources}
    </CoreAdminUI>
  );
}

export default App;
