// Who may do what: `entity.access[action]` lists the roles allowed; a user needs one of them.

import type { Action, EntityModel } from '../../src/shared/entityModel';

export function mayDo(roles: readonly string[], entity: EntityModel, action: Action): boolean {
  return entity.access[action].some((role) => roles.includes(role));
}

/** The modules (sidebar menus) of the entities the user may list, in the order they first appear. */
export function modulesOf(roles: readonly string[], entities: readonly EntityModel[]): string[] {
  const modules = new Set<string>();
  for (const entity of entities) {
    if (mayDo(roles, entity, 'list')) for (const code of entity.modules) modules.add(code);
  }
  return [...modules];
}
