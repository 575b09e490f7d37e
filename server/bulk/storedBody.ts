// An update's body made from a stored record: PUT takes the whole record (its writable fields
// and the version read), so an import's changed row and a bulk edit send the stored values
// with the changed ones over them. A write-only field (a secret) is left out: the stored one stays.

import type { EntityModel } from '../../src/shared/entityModel';
import { writableFields } from '../../src/shared/entityModel';
import type { Row } from '../db/database';

export function storedBody(entity: EntityModel, stored: Row, changes: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { version: stored.version };
  for (const field of writableFields(entity)) {
    if (field.writeOnly || stored[field.name] === undefined) continue;
    body[field.name] = stored[field.name];
  }
  return { ...body, ...changes };
}
