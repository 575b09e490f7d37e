// Every registry entry, known to the app's registry store and to i18n providers, as the
// running app knows them once every module has loaded.

import { resources } from '../../src/generated/allEntries';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import type { SessionStorage } from '../../src/providers/session';
import type { ResourceEntry } from '../../src/shared/entityModel';
import { addEntries } from '../../src/views/registryLookup';

addEntries(resources);

/** The app's i18n provider with every resource's name known. */
export function i18nWithEntries(storage: SessionStorage) {
  const i18n = createI18nProvider(storage);
  i18n.addEntries(resources);
  return i18n;
}

/** A data provider's entry lookup over a list of entries. */
export function lookupIn(list: readonly ResourceEntry[]): (resource: string) => ResourceEntry | undefined {
  return (resource) => list.find((entry) => entry.resource === resource);
}
