import type { EntityModule, ResourceEntry } from '../shared/entityModel';
import type { Abilities } from './access';

/** What every generic view is given: the registry entry, its loaded model, the user's abilities and roles. */
export interface EntityViewProps {
  entry: ResourceEntry;
  module: EntityModule;
  can: Abilities;
  /** The user's roles (which referenced tables they may read). */
  roles: readonly string[];
}
