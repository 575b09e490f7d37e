// Field-level access by role (schema `access: { hidden, readOnly }` on a field), the same rule
// for the server (server/fieldAccess/fieldAccess.ts, which enforces it) and the browser (which
// hides and disables what the server would refuse). Roles grant, as the entity's access does:
// a user is kept from a field only when every one of their roles that lets them read (or
// write) the entity is listed. No React, no DOM.

import type { Action, EntityModel, FieldModel } from './entityModel';

/** The user's roles that let them do any of `actions`; their roles when none does (a login reading its own profile). */
function grantingRoles(access: EntityModel['access'] | undefined, roles: readonly string[], actions: readonly Action[]): readonly string[] {
  if (!access) return roles;
  const granting = roles.filter((role) => actions.some((action) => access[action].includes(role)));
  return granting.length ? granting : roles;
}

const keptFrom = (listed: readonly string[] | undefined, roles: readonly string[]) => Boolean(listed?.length) && roles.length > 0 && roles.every((role) => listed!.includes(role));

/** Whether the user is never sent the field. `access`: the entity's, when known (the browser's lists know only the field). */
export function fieldHiddenFor(field: FieldModel, roles: readonly string[], access?: EntityModel['access']): boolean {
  return keptFrom(field.access?.hidden, grantingRoles(access, roles, ['list', 'show']));
}

/** Whether the user may not set the field on `action`: read-only or hidden for their roles. */
export function fieldLockedFor(field: FieldModel, roles: readonly string[], action: 'create' | 'edit', access?: EntityModel['access']): boolean {
  return fieldHiddenFor(field, roles, access) || keptFrom(field.access?.readOnly, grantingRoles(access, roles, [action]));
}
