// Field-level access by role (schema: `access: { hidden: [...], readOnly: [...] }` on a field;
// generators/checkFieldAccess.ts checks it at load; the rule itself, shared with the browser,
// is src/shared/fieldAccessRules.ts): an admin who also teaches still sees what admins see.
//
// The server applies it to every answer that carries records (list, show, lookups, writes'
// answers, exports, history) and to every write through the door: a body that sets a field
// the caller may not set is refused with 422, the message under that field. On an update, a
// value equal to the stored one is not a change and passes (a form sends the whole record).

import type { EntityModel, FieldModel, Locale } from '../../src/shared/entityModel';
import { fieldHiddenFor, fieldLockedFor } from '../../src/shared/fieldAccessRules';
import { message } from '../../src/shared/messages';
import type { FieldErrors } from '../../src/shared/validation';
import type { Row } from '../db/database';
import { ApiError, invalidInput } from '../http/apiError';

/** The fields the user is never sent nor may send. */
export function hiddenFields(entity: EntityModel, roles: readonly string[]): FieldModel[] {
  if (!entity.fields.some((f) => f.access?.hidden)) return [];
  return entity.fields.filter((f) => fieldHiddenFor(f, roles, entity.access));
}

/** The fields the user may not set on `action` (create or edit): read-only or hidden for their roles. */
export function lockedFields(entity: EntityModel, roles: readonly string[], action: 'create' | 'edit'): FieldModel[] {
  if (!entity.fields.some((f) => f.access)) return [];
  return entity.fields.filter((f) => fieldLockedFor(f, roles, action, entity.access));
}

/** The rows without the fields hidden from the user (a copy; the rows given are not changed). */
export function visibleRows(entity: EntityModel, roles: readonly string[], rows: Row[]): Row[] {
  const hidden = hiddenFields(entity, roles);
  if (hidden.length === 0) return rows;
  return rows.map((row) => {
    const copy = { ...row };
    for (const field of hidden) delete copy[field.name];
    return copy;
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null) || String(a ?? '') === String(b ?? '');

/**
 * Refuses (422, a message under each field) a body that sets a field the user may not set.
 * `stored`: the record an update changes; a value equal to its stored one is dropped, not refused.
 * Answers the body to write.
 */
export function permittedBody(
  entity: EntityModel,
  roles: readonly string[],
  action: 'create' | 'edit',
  body: Record<string, unknown>,
  locale: Locale,
  stored?: Row,
): Record<string, unknown> {
  const locked = lockedFields(entity, roles, action).filter((f) => Object.hasOwn(body, f.name));
  if (locked.length === 0) return body;
  const errors: FieldErrors = {};
  const kept = { ...body };
  for (const field of locked) {
    if (stored && same(body[field.name], stored[field.name])) {
      delete kept[field.name];
      continue;
    }
    const hidden = hiddenFields(entity, roles).includes(field);
    errors[field.name] = [message(locale, hidden ? 'fieldHiddenForRole' : 'fieldReadOnlyForRole', { field: field.label[locale] })];
  }
  if (Object.keys(errors).length) throw invalidInput(locale, errors);
  return kept;
}

/** Whether any field of the entity is hidden or read-only for some role: the door's fast path. */
export function hasFieldAccess(entity: EntityModel): boolean {
  return entity.fields.some((f) => f.access);
}

/**
 * A list or lookup query may not filter or sort by a field hidden from the user (it would
 * tell its values apart): 400, as for a field the schema does not list.
 */
export function refuseHiddenQuery(entity: EntityModel, roles: readonly string[], query: Record<string, unknown>, locale: Locale): void {
  const hidden = new Set(hiddenFields(entity, roles).map((f) => f.name));
  if (hidden.size === 0) return;
  const filtered = Object.keys(query).find((name) => hidden.has(name.replace(/_(gte|lte|gt|lt|from|to)$/, '')));
  if (filtered !== undefined) throw new ApiError(400, message(locale, 'fieldHiddenForRole', { field: filtered }));
  if (typeof query.sort === 'string' && hidden.has(query.sort)) throw new ApiError(400, message(locale, 'fieldHiddenForRole', { field: query.sort }));
}
