// Who may do what: the roles of the registry's `access`, and the entity's record rules
// (spec 3 §6: e.g. a class synced to Google Classroom cannot be edited or deleted).
// The server checks the same on every call; the browser only hides what would be refused.

import type { Action, EntityModel, FieldModel, RecordRule, ResourceEntry } from '../shared/entityModel';
import { ACTIONS } from '../shared/entityModel';
import { targetEntry } from './registryLookup';
import { fieldHiddenFor } from '../shared/fieldAccessRules';

/** What the current user may do with one resource, from their roles. */
export type Abilities = Record<Action, boolean>;

export function abilitiesOf(entry: Pick<ResourceEntry, 'access'>, roles: readonly string[]): Abilities {
  return Object.fromEntries(
    ACTIONS.map((action) => [action, (entry.access[action] ?? []).some((role) => roles.includes(role))]),
  ) as Abilities;
}

/** The rule that refuses `action` on this stored record, if any. */
export function ruleDenying(
  entity: Pick<EntityModel, 'rules'>,
  record: Record<string, unknown> | undefined | null,
  action: 'edit' | 'delete',
): RecordRule | undefined {
  if (!record) return undefined;
  return entity.rules.find((rule) => rule.deny.includes(action) && Boolean(record[rule.if]));
}

/**
 * Whether the user can see a field's value: a reference is shown through its target's
 * records, which the roles may not be allowed to read (a teacher and the employee table).
 * Such a column, show field or filter is left out rather than drawn as an error. A write-only
 * field (a password) is never sent back, so never shown. `access`: the field's entity's, so
 * that the rule is the server's (only the roles that let the user read the entity count).
 */
export function fieldReadable(field: FieldModel, roles: readonly string[], access: EntityModel['access']): boolean {
  if (field.writeOnly) return false;
  // Hidden from the user's roles by the schema (issue 16): the server does not send it.
  if (fieldHiddenFor(field, roles, access)) return false;
  if (field.kind !== 'reference' && field.kind !== 'references') return true;
  const target = targetEntry(field.to);
  return target ? abilitiesOf(target, roles).list : false;
}
