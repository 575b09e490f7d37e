import { QueryClient } from '@tanstack/react-query';
// The providers of the running app, wired once: one storage, one i18n provider whose
// language every API call announces, the data and auth providers over one HTTP client.

import { createAuthProvider } from '../providers/authProvider';
import { createApiCall, createFileCall, type ApiCall, type FileCall } from '../providers/apiCall';
import { createDataProvider } from '../providers/dataProvider';
import { createHttpClient } from '../providers/httpClient';
import { createI18nProvider } from '../providers/i18nProvider';
import { browserStorage, readLocale, readToken, type SessionStorage } from '../providers/session';
import { entryOfResource, knownEntries, subscribeEntries } from '../views/registryLookup';
import { createEntityLoader } from './entityLoader';
import { createResourceFactory } from './resourceFromEntry';

export const API_URL: string = import.meta.env.VITE_API_URL ?? '/api/v1';

/** Where the running app keeps its session and preferences. */
export const appStorage: SessionStorage = browserStorage();

let running: ReturnType<typeof createProviders> | undefined;

/**
 * The running app's providers, made once, after the language catalog to start with is here
 * (src/main.tsx waits for it): the first render uses them, and main.tsx starts the session
 * check with them before that render.
 */
export function appProviders(): ReturnType<typeof createProviders> {
  running ??= createProviders(appStorage);
  return running;
}

const bespokeHttp = createHttpClient({ getToken: () => readToken(appStorage), getLocale: () => readLocale(appStorage) });

/** The bespoke calls of the running app (the shell's, the modules'), over the same HTTP client as the data provider. */
export const apiCall: ApiCall = createApiCall(API_URL, bespokeHttp);

/** The bespoke downloads (an attachment's bytes), over the same client. */
export const apiFile: FileCall = createFileCall(API_URL, bespokeHttp);

export function createProviders(storage: SessionStorage, apiUrl = API_URL) {
  const i18nProvider = createI18nProvider(storage);
  // Resource names are known as their registry entries arrive (before anything redraws with them).
  i18nProvider.addEntries(knownEntries());
  subscribeEntries(() => i18nProvider.addEntries(knownEntries()));
  const httpClient = createHttpClient({
    getToken: () => readToken(storage),
    getLocale: () => i18nProvider.getLocale(),
  });
  const dataProvider = createDataProvider(apiUrl, httpClient, entryOfResource);
  const authProvider = createAuthProvider({ apiUrl, httpClient, storage });
  const loadEntity = createEntityLoader(i18nProvider);
  const resourceFromEntry = createResourceFactory(loadEntity);
  const queryClient = new QueryClient();
  return { i18nProvider, dataProvider, authProvider, resourceFromEntry, loadEntity, queryClient };
}
