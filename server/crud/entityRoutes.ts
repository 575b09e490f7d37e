// The generic CRUD of every entity under /api/v1/{endpoint}: list, show, create, update,
// delete, each behind the entity's access roles and answering with the v1 envelope.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Action, EntityModel, Locale } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import { checkBody, type FieldErrors } from '../../src/shared/validation';
import { mayDo } from '../auth/access';
import { sessionUser } from '../auth/requireSession';
import type { Db, Row } from '../db/database';
import { apiError, invalidInput } from '../http/apiError';
import { requestLocale } from '../http/requestLocale';
import type { Catalog } from './catalog';
import { createRecord, type Writer } from './createRecord';
import { deleteRecord } from './deleteRecord';
import { parseListQuery } from './listQuery';
import { listRecords } from './listRecords';
import { parseRecordId } from './recordId';
import { updateRecord } from './updateRecord';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

function allowed(request: FastifyRequest, entity: EntityModel, action: Action): Writer {
  const locale = requestLocale(request);
  const user = sessionUser(request);
  if (!mayDo(user.roles, entity, action)) throw apiError(locale, 403, 'forbidden');
  return { entity, locale, username: user.username };
}

function recordIdOf(request: IdRequest, entity: EntityModel, locale: Locale): number {
  const id = parseRecordId(request.params.id);
  if (id === null) throw apiError(locale, 404, 'notFound', { entity: entity.label[locale] });
  return id;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON body of a write; an absent body is not JSON. */
function bodyOf(request: FastifyRequest, locale: Locale): unknown {
  if (request.body === undefined) throw apiError(locale, 400, 'badJson');
  return request.body;
}

function checked(catalog: Catalog, entity: EntityModel, body: unknown, locale: Locale, extra: FieldErrors = {}): Record<string, unknown> {
  const errors = { ...checkBody(entity, catalog.validatorOf(entity), body, locale), ...extra };
  if (Object.keys(errors).length || !isObject(body)) throw invalidInput(locale, errors);
  return body;
}

export function registerEntityRoutes(app: FastifyInstance, db: Db, catalog: Catalog, entity: EntityModel): void {
  const base = `/${entity.endpoint}`;
  const table = catalog.tableOf(entity);

  app.get(base, async (request) => {
    const { locale } = allowed(request, entity, 'list');
    const query = parseListQuery(entity, request.query as Record<string, unknown>, locale);
    const { rows, total, totalEstimated } = await listRecords(db, table, query);
    // total_estimated: more matched than lists count exactly; total is then an estimate ("about").
    return { success: true, data: rows, total, total_estimated: totalEstimated };
  });

  app.get(`${base}/:id`, async (request: IdRequest) => {
    const { locale } = allowed(request, entity, 'show');
    const id = recordIdOf(request, entity, locale);
    const row: Row | undefined = await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw apiError(locale, 404, 'notFound', { entity: entity.label[locale] });
    return { success: true, data: row };
  });

  app.post(base, async (request, reply) => {
    const writer = allowed(request, entity, 'create');
    const body = checked(catalog, entity, bodyOf(request, writer.locale), writer.locale);
    const row = await createRecord(db, catalog, writer, body);
    return reply.status(201).send({ success: true, message: message(writer.locale, 'created', { entity: entity.label[writer.locale] }), data: row });
  });

  app.put(`${base}/:id`, async (request: IdRequest) => {
    const writer = allowed(request, entity, 'edit');
    const { locale } = writer;
    const id = recordIdOf(request, entity, locale);
    const raw = bodyOf(request, locale);
    // The version the editor loaded travels with the body but is not a field.
    const { version, ...fields } = isObject(raw) ? raw : { version: undefined };
    const versionErrors: FieldErrors = Number.isInteger(version) && (version as number) > 0 ? {} : { version: [message(locale, 'versionMissing')] };
    const body = checked(catalog, entity, isObject(raw) ? fields : raw, locale, versionErrors);
    const row = await updateRecord(db, catalog, writer, id, version as number, body);
    return { success: true, message: message(locale, 'updated', { entity: entity.label[locale] }), data: row };
  });

  app.delete(`${base}/:id`, async (request: IdRequest) => {
    const { locale, entity: target } = allowed(request, entity, 'delete');
    const id = recordIdOf(request, entity, locale);
    const row = await deleteRecord(db, catalog, { entity: target, locale }, id);
    return { success: true, message: message(locale, 'deleted', { entity: entity.label[locale] }), data: row };
  });
}
