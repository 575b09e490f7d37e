// Loads an entity's module (full model + validator) once, and makes its field labels and
// the registry entries of the entities it draws (references, details, parent) known before
// any of its views draws.

import type { EntityModule, ResourceEntry } from '../shared/entityModel';
import type { AppI18nProvider } from '../providers/i18nProvider';
import { addEntries } from '../views/registryLookup';

export type EntityLoader = (entry: ResourceEntry) => Promise<EntityModule>;

export function createEntityLoader(i18nProvider: Pick<AppI18nProvider, 'addEntity'>): EntityLoader {
  const loading = new Map<string, Promise<EntityModule>>();
  return (entry) => {
    let promise = loading.get(entry.resource);
    if (!promise) {
      promise = entry.load().then((module) => {
        addEntries(module.related);
        i18nProvider.addEntity(module.entity);
        return module;
      });
      // A failed load (network) may be retried by reloading the view.
      promise.catch(() => loading.delete(entry.resource));
      loading.set(entry.resource, promise);
    }
    return promise;
  };
}
