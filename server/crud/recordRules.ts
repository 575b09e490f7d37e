// Record rules (`entity.rules`): while `record[rule.if]` is truthy, the actions in
// `rule.deny` are refused with the rule's own message (e.g. a class synced with Google
// Classroom cannot be edited or deleted, spec 3 §6).

import type { EntityModel, Locale } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import type { Db, Row } from '../db/database';
import { ApiError, apiError } from '../http/apiError';

export function assertRulesAllow(entity: EntityModel, record: Row, action: 'edit' | 'delete', locale: Locale): void {
  for (const rule of entity.rules) {
    if (record[rule.if] && rule.deny.includes(action)) {
      throw new ApiError(403, rule.message?.[locale] ?? message(locale, 'ruleDenied'));
    }
  }
}

/**
 * The stored record an edit or delete acts on, locked for the rest of the transaction
 * (SELECT … FOR UPDATE): 404 when it is gone, 403 when a record rule denies the action.
 */
export async function lockedRecordFor(tx: Db, table: string, entity: EntityModel, id: number, action: 'edit' | 'delete', locale: Locale): Promise<Row> {
  const stored: Row | undefined = await tx.selectFrom(table).selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!stored) throw apiError(locale, 404, 'notFound', { entity: entity.label[locale] });
  assertRulesAllow(entity, stored, action, locale);
  return stored;
}
