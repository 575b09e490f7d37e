// The Admin root. It composes; what each resource is comes from the generated registry.
// It is react-admin's <Admin> spelled out (AdminContext + AdminUI): <Admin> itself imports a
// default English i18n provider with all of react-admin's English messages, which our own
// provider makes useless (English is fetched only when chosen: src/providers/catalogs.ts).

import { AdminContext, AdminUI, localStorageStore, Resource } from 'react-admin';
import { BrowserRouter } from 'react-router-dom';
import { resources } from '../generated/registry';
import { EntityLoaderContext } from '../views/entityLoaderContext';
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
export function App() {
  // Made at the first render, once the language catalog to start with is here (src/main.tsx).
  providers ??= createProviders(resources, appStorage);
  const { dataProvider, authProvider, i18nProvider, resourceFromEntry, loadEntity } = providers;
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
            {(roles: unknown) =>
              resources.map((entry) => (
                <Resource
                  key={entry.resource}
                  name={entry.resource}
                  {...resourceFromEntry(entry, Array.isArray(roles) ? roles : [])}
                />
              ))
            }
          </AdminUI>
        </EntityLoaderContext.Provider>
      </AdminContext>
    </BrowserRouter>
  );
}

export default App;
