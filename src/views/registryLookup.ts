// The registry entry of a reference field's target (`to` is an entity name), for its
// resource name and how its records are represented.

import { resources } from '../generated/registry';
import type { ResourceEntry } from '../shared/entityModel';

const byName = new Map<string, ResourceEntry>(resources.map((entry) => [entry.name, entry]));

export function targetEntry(name: string | undefined): ResourceEntry | undefined {
  return name ? byName.get(name) : undefined;
}
