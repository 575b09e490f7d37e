// Record rules (`entity.rules`): while `record[rule.if]` is truthy, the actions in
// `rule.deny` are refused with the rule's own message (e.g. a class synced with Google
// Classroom cannot be edited or deleted, spec 3 §6).

import type { EntityModel, Locale } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import type { Row } from '../db/database';
import { ApiError } from '../http/apiError';

export function assertRulesAllow(entity: EntityModel, record: Row, action: 'edit' | 'delete', locale: Locale): void {
  for (const rule of entity.rules) {
    if (record[rule.if] && rule.deny.includes(action)) {
      throw new ApiError(403, rule.message?.[locale] ?? message(locale, 'ruleDenied'));
    }
  }
}
