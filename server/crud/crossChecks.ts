// On update, the record-level rules (conditional fields, cross-field checks) are checked on
// the body over the stored record: an end date must stay after a start date the body does
// not repeat, a field required while a flag is on becomes required when the body turns it
// on. Only the rules that read a field the body changes are checked.

import { recordErrors } from '../../src/shared/conditions';
import type { EntityModel, Locale } from '../../src/shared/entityModel';
import type { FieldErrors } from '../../src/shared/validation';
import type { Row } from '../db/database';

export function crossCheckErrors(entity: EntityModel, stored: Row, body: Record<string, unknown>, locale: Locale): FieldErrors {
  const values: Record<string, unknown> = { ...stored };
  for (const [name, value] of Object.entries(body)) if (value !== undefined) values[name] = value;
  return { ...recordErrors(entity, values, locale, { changed: (name) => body[name] !== undefined }) };
}
