// GET {endpoint}/{id}/impact: what uses a record, for the delete confirmation (issue 16). Per
// referencing entity its count and, when the caller may read that entity, the first records
// with their represent text and where to open them; otherwise the count alone.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EntityModel } from '../../src/shared/entityModel';
import { hasScreen } from '../../src/shared/entityModel';
import { mayDo } from '../auth/access';
import { sessionUser } from '../auth/requireSession';
import type { Catalog } from '../crud/catalog';
import { parseRecordId } from '../crud/recordId';
import { allowed } from '../crud/routeParts';
import type { Db } from '../db/database';
import { apiError } from '../http/apiError';
import { success } from '../http/success';
import { impactOf } from './recordImpact';

/** The records of each entity an impact answer lists. */
export const IMPACT_FIRST = 5;

export function registerImpactRoutes(app: FastifyInstance, db: Db, catalog: Catalog, entity: EntityModel): void {
  app.get(`/${entity.endpoint}/:id/impact`, async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const { locale } = allowed(request, entity, 'show');
    const id = parseRecordId(request.params.id);
    const table = catalog.tableOf(entity);
    const found = id === null ? undefined : await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
    if (id === null || !found) throw apiError(locale, 404, 'notFound', { entity: entity.label[locale] });
    const roles = sessionUser(request).roles;
    const impacts = await impactOf(db, catalog, entity, id, IMPACT_FIRST);
    const data = impacts.map(({ entity: user, count, records }) => {
      const readable = hasScreen(user) && !user.singleton && mayDo(roles, user, 'show');
      return {
        entity: user.name,
        resource: readable && user.resource ? user.resource : null,
        label: count === 1 ? user.label[locale] : user.labelPlural[locale],
        count,
        records: readable ? records : [],
      };
    });
    return success({ data });
  });
}
