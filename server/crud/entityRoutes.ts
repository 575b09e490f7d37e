// The generic CRUD of every entity under /api/v1/{endpoint}: list, show, create, update,
// delete, each behind the entity's access roles and answering with the v1 envelope.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EntityModel, Locale } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import type { Db, Row } from '../db/database';
import type { AppUser } from '../auth/userStore';
import { sessionUser } from '../auth/requireSession';
import { apiError } from '../http/apiError';
import { sendIdempotent } from '../http/idempotency';
import { requestLocale } from '../http/requestLocale';
import type { Catalog } from './catalog';
import { deleteRecords, MAX_BULK_DELETE } from './deleteRecords';
import { parseListQuery } from './listQuery';
import { listRecords } from './listRecords';
import { lookupAnswer } from './lookupRoutes';
import { answerRow, answerRows } from './recordAnswers';
import { parseRecordId } from './recordId';
import { allowed, bodyOf, versionedBody } from './routeParts';
import { success } from '../http/success';
import type { RecordWrites } from '../records/recordWrites';
import { callerOf } from '../records/routeDoor';
import { refuseHiddenQuery } from '../fieldAccess/fieldAccess';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

const LIST_PARAMS = ['page', 'per_page', 'sort', 'order', 'q', 'ids'];

/**
 * What one entity allows or refuses beyond its roles: your own login's record may be read
 * (its profile), but not deactivated or deleted (server/auth/accountGuards.ts). Checked after
 * the roles, before the read or the write.
 */
export interface RecordGuard {
  /** Whether the user may show this one record though their roles may not show the entity. */
  ownRecord?(user: AppUser, id: number): boolean;
  /** The answer of one shown record, made from the generic one (a login's profile adds its roles…). */
  showAnswer?(data: Row, locale: Locale): Promise<Row>;
  update?(user: AppUser, id: number, body: Record<string, unknown>, locale: Locale): void;
  delete?(user: AppUser, id: number, locale: Locale): void;
}

function recordIdOf(request: IdRequest, entity: EntityModel, locale: Locale): number {
  const id = parseRecordId(request.params.id);
  if (id === null) throw apiError(locale, 404, 'notFound', { entity: entity.label[locale] });
  return id;
}

/** The `ids` of a bulk delete (`?ids=1,2,3`): each a record id, at most MAX_BULK_DELETE, each once. */
function bulkIdsOf(request: FastifyRequest, locale: Locale): number[] {
  const raw = (request.query as Record<string, unknown>).ids;
  const texts = (Array.isArray(raw) ? raw : [raw]).flatMap((t) => (typeof t === 'string' ? t.split(',') : [])).filter((t) => t !== '');
  const ids = texts.map(parseRecordId);
  if (ids.length === 0 || ids.some((id) => id === null)) throw apiError(locale, 400, 'bulkDeleteIds');
  const unique = [...new Set(ids as number[])];
  if (unique.length > MAX_BULK_DELETE) throw apiError(locale, 400, 'bulkDeleteTooMany', { max: MAX_BULK_DELETE });
  return unique;
}

/**
 * GET {endpoint}/{id}: one record, to the roles that may show the entity, or to the user the
 * guard says it belongs to (a login reading its own profile). Anyone else: 403, whether or not
 * the record exists.
 */
export function showRecord(db: Db, catalog: Catalog, entity: EntityModel, guard: RecordGuard = {}) {
  const table = catalog.tableOf(entity);
  return async (request: IdRequest) => {
    const locale = requestLocale(request);
    const id = parseRecordId(request.params.id);
    const own = id !== null && guard.ownRecord?.(sessionUser(request), id) === true;
    if (!own) allowed(request, entity, 'show');
    if (id === null) throw apiError(locale, 404, 'notFound', { entity: entity.label[locale] });
    const row: Row | undefined = await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw apiError(locale, 404, 'notFound', { entity: entity.label[locale] });
    const data = await answerRow(db, catalog, entity, row, sessionUser(request).roles);
    return success({ data: guard.showAnswer ? await guard.showAnswer(data, locale) : data });
  };
}

export function registerEntityRoutes(
  app: FastifyInstance,
  db: Db,
  catalog: Catalog,
  entity: EntityModel,
  records: RecordWrites,
  guard: RecordGuard = {},
): void {
  const base = `/${entity.endpoint}`;
  const table = catalog.tableOf(entity);

  // A lookup list of spec 1 §7.3 named like the endpoint shares its path: a call with none of
  // the list's own parameters is the lookup (every record with its label); any of them
  // makes it the react-admin list.
  const sameLookup = entity.lookups?.find((l) => l.name === entity.endpoint);
  const targetOf = (name: string) => {
    const target = catalog.entityNamed(name);
    return target && { table: catalog.tableOf(target), entity: target };
  };

  app.get(base, async (request) => {
    const params = request.query as Record<string, unknown>;
    if (sameLookup && !LIST_PARAMS.some((p) => params[p] !== undefined)) return lookupAnswer(db, catalog, entity, sameLookup, request);
    const { locale } = allowed(request, entity, 'list');
    refuseHiddenQuery(entity, sessionUser(request).roles, params, locale);
    const query = parseListQuery(entity, params, locale, targetOf, sessionUser(request).roles);
    const { rows, total, totalEstimated } = await listRecords(db, table, query);
    // total_estimated: more matched than lists count exactly; total is then an estimate ("about").
    return success({ data: await answerRows(db, catalog, entity, rows, sessionUser(request).roles), total, total_estimated: totalEstimated });
  });

  app.get(`${base}/:id`, showRecord(db, catalog, entity, guard));

  app.post(base, async (request, reply) => {
    const writer = allowed(request, entity, 'create');
    const body = bodyOf(request, writer.locale);
    // A retry with the same Idempotency-Key gets the first answer, and no second record.
    return sendIdempotent(db, request, reply, async (tx) => {
      const row = await records.create(tx, callerOf(request), entity.name, body);
      const data = await answerRow(tx, catalog, entity, row, sessionUser(request).roles);
      return { status: 201, body: success({ message: message(writer.locale, 'created', { entity: entity.label[writer.locale] }), data }) };
    });
  });

  app.put(`${base}/:id`, async (request: IdRequest) => {
    const writer = allowed(request, entity, 'edit');
    const { locale } = writer;
    const id = recordIdOf(request, entity, locale);
    const raw = bodyOf(request, locale);
    // The guard needs the checked fields: a refused body answers 422 before it, as the door would.
    if (guard.update) guard.update(sessionUser(request), id, versionedBody(catalog, entity, raw, locale).body, locale);
    const row = await db.transaction().execute((tx) => records.update(tx, callerOf(request), entity.name, id, raw));
    return success({ message: message(locale, 'updated', { entity: entity.label[locale] }), data: await answerRow(db, catalog, entity, row, sessionUser(request).roles) });
  });

  app.delete(`${base}/:id`, async (request: IdRequest) => {
    const { locale } = allowed(request, entity, 'delete');
    const id = recordIdOf(request, entity, locale);
    guard.delete?.(sessionUser(request), id, locale);
    const row = await db.transaction().execute((tx) => records.delete(tx, callerOf(request), entity.name, id));
    return success({ message: message(locale, 'deleted', { entity: entity.label[locale] }), data: await answerRow(db, catalog, entity, row, sessionUser(request).roles) });
  });

  // DELETE {endpoint}?ids=1,2,3: all of them or none; a 409 names each refused record (deleteRecords.ts).
  app.delete(base, async (request) => {
    const { locale } = allowed(request, entity, 'delete');
    const ids = bulkIdsOf(request, locale);
    const user = sessionUser(request);
    const rows = await deleteRecords(db, catalog, records, callerOf(request), entity, ids, (id) => guard.delete?.(user, id, locale));
    const entities = rows.length === 1 ? entity.label[locale] : entity.labelPlural[locale];
    return success({ message: message(locale, 'deletedMany', { count: rows.length, entities }), data: rows.map((row) => row.id) });
  });
}
