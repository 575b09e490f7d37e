// The Admin root. It composes; what each resource is comes from the generated registry.
// It is react-admin's <Admin> spelled out (AdminContext + AdminUI): <Admin> itself imports a
// default English i18n provider with all of react-admin's English messages, which our own
// provider makes useless (English is fetched only when chosen: src/providers/catalogs.ts).

import { useCallback } from 'react';
import { AdminContext, AdminUI, localStorageStore, Resource } from 'react-admin';
import { BrowserRouter } from 'react-router-dom';
import { EntityLoaderContext } from '../views/entityLoaderContext';
import { useRegistryEntries } from '../views/registryLookup';
import { Layout } from './Layout';
import { LoginPage } from './LoginPage';
import { appStorage, createProviders } from './providers';
import { lightTheme } from './theme';

let providers: ReturnType<typeof createProviders> | undefined;
const store = localStorageStore();

// Real paths (/class, /mleave), the existing product's routes, rather than react-admin's
// default /#/class: the server answers every non-API path with the app. Navigation is not a
// React transition (react-router 7's default): react-admin's logout navigates to the login
// page and then resets its queries, and counts on the navigation having happened by then;
// as a transition it had not, the reset re-rendered the protected page, which logged out
// again, thousands of times (~10 s of a busy page before the login form showed).
//
// The resources are the registry entries known so far (src/views/registryLookup.ts): the
// active module's, loaded before the first render (src/main.tsx), then each module's as the
// menu opens it, and the entities a view draws as its module loads.
export function App() {
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
    <BrowserRouter useTransitions={false}>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={store}
        theme={lightTheme}
      >
        {/* Views that draw other entities' records (a parent's details) load their modules with it. */}
        <EntityLoaderContext.Provider value={loadEntity}>
          <AdminUI title="app.name" loginPage={LoginPage} layout={Layout} disableTelemetry requireAuth>
            {resources}
          </AdminUI>
        </EntityLoaderContext.Provider>
      </AdminContext>
    </BrowserRouter>
  );
}

export default App;
