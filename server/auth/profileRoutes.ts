// The profile calls the generic CRUD does not already answer (spec 1 §7.1, §7.2):
//
//   GET parents/{id}        a parent login's profile (the table's endpoint is parentuser; the
//                           existing product reads parents/). users/{id} and students/{id} are
//                           the tables' own show routes, with the same guards.
//   GET check-employee?id=  { success: true, data: the employee of staff login `id`, or null }.
//                           `id` is a users record (the caller's own when absent). "Present"
//                           (§7.2: then the app opens /employee-profile) means data is not null:
//                           the login is linked to an employee record that exists, whatever the
//                           employee's status. A login asks about itself; the roles that may
//                           show users ask about anyone; anybody else gets 403.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Catalog } from '../crud/catalog';
import { showRecord, type RecordGuard } from '../crud/entityRoutes';
import { parseRecordId } from '../crud/recordId';
import type { Db, Row } from '../db/database';
import { apiError } from '../http/apiError';
import { requestLocale } from '../http/requestLocale';
import { mayDo } from './access';
import { isUsersKind } from './accountStore';
import { employeeSummary } from './accountProfile';
import { sessionUser } from './requireSession';
import { success } from '../http/success';

export function registerProfileRoutes(app: FastifyInstance, db: Db, catalog: Catalog, guards: Record<string, RecordGuard>): void {
  const parents = catalog.entityNamed('parent_user');
  if (parents && parents.endpoint !== 'parents') app.get('/parents/:id', showRecord(db, catalog, parents, guards.parent_user));

  const users = catalog.entityNamed('users');
  app.get('/check-employee', async (request: FastifyRequest) => {
    const locale = requestLocale(request);
    const user = sessionUser(request);
    const asked = (request.query as Record<string, unknown>).id;
    const id = asked === undefined || asked === '' ? (isUsersKind(user.kind) ? user.id : null) : parseRecordId(String(asked));
    const own = id !== null && isUsersKind(user.kind) && id === user.id;
    if (!own && !(users && mayDo(user.roles, users, 'show'))) throw apiError(locale, 403, 'forbidden');
    const row: Row | undefined = users && id !== null ? await db.selectFrom(catalog.tableOf(users)).select(['employee_id']).where('id', '=', id).executeTakeFirst() : undefined;
    if (!row) throw apiError(locale, 404, 'notFound', { entity: users?.label[locale] ?? 'users' });
    return success({ data: await employeeSummary(db, catalog, row.employee_id, locale) });
  });
}
