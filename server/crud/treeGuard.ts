// A tree's parent field may not point at the record itself or at one of its descendants:
// walking up from the chosen parent must never meet the record being saved.

import type { EntityModel, Locale } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import type { FieldErrors } from '../../src/shared/validation';
import type { Db, Row } from '../db/database';

/** The deepest a tree is followed: a guard against data that went round in a circle before the check existed. */
export const MAX_TREE_DEPTH = 64;

/** Field messages when saving `recordId` (null on create) under `body[entity.tree]` would make a circle. */
export async function treeCycleErrors(
  db: Db,
  table: string,
  entity: EntityModel,
  recordId: number | null,
  body: Record<string, unknown>,
  locale: Locale,
): Promise<FieldErrors> {
  const field = entity.tree;
  if (!field || recordId === null) return {};
  let current = body[field];
  for (let depth = 0; typeof current === 'number' && depth < MAX_TREE_DEPTH; depth++) {
    if (current === recordId) return { [field]: [message(locale, 'treeCycle')] };
    const row: Row | undefined = await db.selectFrom(table).select(field).where('id', '=', current).executeTakeFirst();
    current = row?.[field];
  }
  return {};
}
