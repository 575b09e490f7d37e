// A write the database refused on a constraint, turned into the answer a user can act on.
// The constraints are the truth: pre-checks give nicer messages, but two requests can race
// past them, and then the database's answer is mapped here.

import type { EntityModel, Locale } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import { databaseErrorOf, FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION } from '../db/databaseError';
import { ApiError, invalidInput } from '../http/apiError';
import type { Catalog } from './catalog';

/** On insert / update: a duplicate value or a missing referenced record → 422 under its field. */
export function writeViolation(error: unknown, catalog: Catalog, entity: EntityModel, locale: Locale): ApiError | null {
  const dbError = databaseErrorOf(error);
  if (!dbError?.constraint) return null;
  const owner = catalog.constraintOwner(dbError.constraint);
  if (!owner || owner.entity.name !== entity.name) return null;
  if (dbError.code === UNIQUE_VIOLATION && owner.key) return invalidInput(locale, { [owner.field.name]: [owner.key.message[locale]] });
  if (dbError.code === UNIQUE_VIOLATION) return invalidInput(locale, { [owner.field.name]: [message(locale, 'unique')] });
  if (dbError.code === FOREIGN_KEY_VIOLATION)
    return invalidInput(locale, { [owner.field.name]: [message(locale, 'referenceMissing')] });
  return null;
}

/** On delete: another record still references this one → 409 naming the referencing entity. */
export function deleteViolation(error: unknown, catalog: Catalog, entity: EntityModel, locale: Locale): ApiError | null {
  const dbError = databaseErrorOf(error);
  if (dbError?.code !== FOREIGN_KEY_VIOLATION || !dbError.constraint) return null;
  const owner = catalog.constraintOwner(dbError.constraint);
  const uses = owner ? owner.entity.labelPlural[locale] : (dbError.table ?? '?');
  return new ApiError(409, message(locale, 'referencedDelete', { entity: entity.label[locale], uses }));
}
