// The guards of the account tables (users, student, parent_user): every login may read its
// own record, its profile (spec 1 §7.1 users/{id}, students/{id}, parents/{id}), whatever its
// roles; the roles that may show the table read anyone's, with the same answer; anyone else
// is refused (403). An admin still cannot deactivate or delete the login they are using
// (ownAccountGuard.ts).

import type { EntityModel, Locale } from '../../src/shared/entityModel';
import type { Catalog } from '../crud/catalog';
import type { RecordGuard } from '../crud/entityRoutes';
import type { Db, Row } from '../db/database';
import { accountTable, LOGIN_KINDS } from './accountStore';
import { accountProfile } from './accountProfile';
import { ownAccountGuard } from './ownAccountGuard';
import type { AppUser } from './userStore';

/** The guards by entity name: one per account table the schemas have. */
export function accountGuards(db: Db, catalog: Catalog): Record<string, RecordGuard> {
  const guards: Record<string, RecordGuard> = {};
  for (const table of new Set(LOGIN_KINDS.map(accountTable))) {
    const entity: EntityModel | undefined = catalog.entityNamed(table);
    if (!entity) continue;
    guards[table] = {
      ...(table === 'users' ? ownAccountGuard : {}),
      ownRecord: (user: AppUser, id: number) => accountTable(user.kind) === table && user.id === id,
      showAnswer: async (data: Row, locale: Locale) => (await accountProfile(db, catalog, entity, data, locale)) as Row,
    };
  }
  return guards;
}
