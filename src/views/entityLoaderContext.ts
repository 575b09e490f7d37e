// A view that draws another entity's records (a parent's detail sections) needs that
// entity's module. The app provides its loader (which also makes the module's field labels
// known to the i18n provider); without one, the registry entry's own `load`.

import { createContext } from 'react';
import type { EntityModule, ResourceEntry } from '../shared/entityModel';

export type LoadEntity = (entry: ResourceEntry) => Promise<EntityModule>;

export const EntityLoaderContext = createContext<LoadEntity>((entry) => entry.load());
