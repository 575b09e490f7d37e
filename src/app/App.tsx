// The Admin root. It composes; what each resource is comes from the generated registry.

import { Admin, Resource } from 'react-admin';
import { BrowserRouter } from 'react-router-dom';
import { resources } from '../generated/registry';
import { browserStorage } from '../providers/session';
import { Layout } from './Layout';
import { LoginPage } from './LoginPage';
import { createProviders } from './providers';
import { lightTheme } from './theme';

const { dataProvider, authProvider, i18nProvider, resourceFromEntry } = createProviders(resources, browserStorage());

// Real paths (/class, /mleave), the existing product's routes, rather than react-admin's
// default /#/class: the server answers every non-API path with the app.
export function App() {
  return (
    <BrowserRouter>
    <Admin
      title="app.name"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      layout={Layout}
      theme={lightTheme}
      disableTelemetry
      requireAuth
    >
      {(roles: unknown) =>
        resources.map((entry) => (
          <Resource
            key={entry.resource}
            name={entry.resource}
            {...resourceFromEntry(entry, Array.isArray(roles) ? roles : [])}
          />
        ))
      }
    </Admin>
    </BrowserRouter>
  );
}

export default App;
