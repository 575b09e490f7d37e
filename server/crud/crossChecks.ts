// On update, a cross-field check (end date not before start date) must also hold when the
// body changes only one of the two fields: compare with the stored value of the other.

import type { EntityModel, Locale } from '../../src/shared/entityModel';
import type { FieldErrors } from '../../src/shared/validation';
import type { Row } from '../db/database';

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

export function crossCheckErrors(entity: EntityModel, stored: Row, body: Record<string, unknown>, locale: Locale): FieldErrors {
  const errors: FieldErrors = {};
  for (const check of entity.checks) {
    if (body[check.from] !== undefined && body[check.to] !== undefined) continue; // checkBody compared them
    if (body[check.from] === undefined && body[check.to] === undefined) continue;
    const from = body[check.from] !== undefined ? body[check.from] : stored[check.from];
    const to = body[check.to] !== undefined ? body[check.to] : stored[check.to];
    if (isBlank(from) || isBlank(to)) continue;
    const before = check.kind === 'dateOrder' ? String(to) < String(from) : Number(to) < Number(from);
    if (before) errors[body[check.to] !== undefined ? check.to : check.from] = [check.message[locale]];
  }
  return errors;
}
