// The Admin root. It composes; what each resource is comes from the generated registry.
// It is react-admin's <Admin> spelled out (AdminContext, then AdminUI's CssBaseline +
// CoreAdminUI + Notification): <Admin> itself imports a default English i18n provider with
// all of react-admin's English messages, which our own provider makes useless (English is
// fetched only when chosen: src/providers/catalogs.ts); AdminUI imports react-admin's login
// page and form, not-found, access-denied and authentication-error pages as defaults, which
// the first page would carry unused: ours replace them, the rare ones fetched when shown.

import { useCallback } from 'react';
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
} from 'react-admin';
import { createBrowserRouter, Navigate, Route, RouterProvider } from 'react-router-dom';
import { Dashboard } from '../pages/shell/Dashboard';
// Off the staff login → list path: fetched when first drawn.
import {
  AccessDenied,
  AreaHome,
  AreaLayout,
  AuthCallback,
  AuthenticationError,
  ChangePasswordPage,
  HomeModulePage,
  NotBuiltPage,
  NotFoundPage,
  NotificationListPage,
  NotificationPage,
  ProfilePage,
  PublicNotBuiltPage,
} from '../pages/shell/lazyPages';
import { LOGIN_KINDS, type LoginKind } from '../providers/session';
import { NOTIFICATION_DETAIL_ROUTES, NOTIFICATION_LIST_PATHS } from '../shared/notificationTarget';
import { EntityLoaderContext } from '../views/entityLoaderContext';
import { useRegistryEntries } from '../views/registryLookup';
import { Layout } from './Layout';
import { LoginPage } from './LoginPage';
import { IdleLogout } from './IdleLogout';
import { appStorage, createProviders } from './providers';
import { HOME_PATHS, LOGIN_PATHS } from '../providers/loginPaths';
import { AREA_PATHS, CHANGE_PASSWORD_PATHS, PUBLIC_NOT_BUILT, RESOURCE_SUBPAGES_NOT_BUILT, STAFF_NOT_BUILT } from './shellPaths';
import { lightTheme } from './theme';

let providers: ReturnType<typeof createProviders> | undefined;
const store = localStorageStore();

const AREA_KINDS = ['parent', 'student', 'booking'] as const;

/**
 * The shell's pages outside the admin layout (spec 1 §2.2, §2.4–2.6): the login pages of
 * student, parent and booking users (the staff one is react-admin's loginPage), the password
 * pages, the parent, student and booking areas in their simpler layouts, and the public
 * pages not built yet. react-admin renders these whatever the auth state: the pages that
 * need a session check it themselves (useAuthenticated).
 */
export function shellRoutesWithoutLayout() {
  return (
    <CustomRoutes noLayout>
      {LOGIN_KINDS.filter((kind) => kind !== 'staff').map((kind) => (
        <Route key={kind} path={LOGIN_PATHS[kind]} element={<LoginPage kind={kind} />} />
      ))}
      {LOGIN_KINDS.map((kind: LoginKind) => (
        <Route key={`pw-${kind}`} path={CHANGE_PASSWORD_PATHS[kind]} element={<ChangePasswordPage kind={kind} />} />
      ))}
      {AREA_KINDS.flatMap((kind) =>
        AREA_PATHS[kind].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <AreaLayout kind={kind}>
                {path === HOME_PATHS[kind] ? (
                  <AreaHome kind={kind} />
                ) : path === NOTIFICATION_LIST_PATHS[kind] ? (
                  <NotificationListPage kind={kind as 'parent' | 'student'} />
                ) : (
                  <NotBuiltPage path={path} />
                )}
              </AreaLayout>
            }
          />
        )),
      )}
      {AREA_KINDS.map((kind) => (
        <Route
          key={`notification-${kind}`}
          path={NOTIFICATION_DETAIL_ROUTES[kind]}
          element={
            <AreaLayout kind={kind}>
              <NotificationPage kind={kind} />
            </AreaLayout>
          }
        />
      ))}
      <Route path="/parent" element={<Navigate to={HOME_PATHS.parent} replace />} />
      <Route path="/student" element={<Navigate to={HOME_PATHS.student} replace />} />
      <Route path="/bookingroom" element={<Navigate to={HOME_PATHS.booking} replace />} />
      {PUBLIC_NOT_BUILT.map((path) => (
        <Route key={path} path={path} element={<PublicNotBuiltPage path={path} />} />
      ))}
    </CustomRoutes>
  );
}

/** The bespoke staff screens later issues build: a "not built yet" page in the shell. */
export function shellRoutesInLayout() {
  return (
    <CustomRoutes>
      <Route path={NOTIFICATION_DETAIL_ROUTES.staff} element={<NotificationPage />} />
      {[...STAFF_NOT_BUILT, ...RESOURCE_SUBPAGES_NOT_BUILT].map((path) => (
        <Route key={path} path={path} element={<NotBuiltPage path={path} />} />
      ))}
      <Route path="/employee-profile" element={<ProfilePage />} />
      <Route path="/home-module" element={<HomeModulePage />} />
    </CustomRoutes>
  );
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
  // Made at the first render, once the language catalog to start with is here (src/main.tsx).
  providers ??= createProviders(appStorage);
  const { dataProvider, authProvider, i18nProvider, resourceFromEntry, loadEntity } = providers;
  const entries = useRegistryEntries();
  const resources = useCallback(
    (roles: unknown) =>
      entries.map((entry) => (
        <Resource key={entry.resource} name={entry.resource} {...resourceFromEntry(entry, Array.isArray(roles) ? roles : [])} />
      )),
    [entries, resourceFromEntry],
  );
  return (
    <AdminContext
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
          <CoreAdminUI
            title="app.name"
            loginPage={LoginPage}
            layout={Layout}
            dashboard={Dashboard}
            catchAll={NotFoundPage}
            error={ErrorPage}
            loading={LoadingPage}
            accessDenied={AccessDenied}
            authenticationError={AuthenticationError}
            authCallbackPage={AuthCallback}
            disableTelemetry
            requireAuth
          >
            {shellRoutesWithoutLayout()}
            {shellRoutesInLayout()}
            {resources}
          </CoreAdminUI>
          <Notification />
        </CssBaseline>
      </EntityLoaderContext.Provider>
    </AdminContext>
  );
}

export default App;
