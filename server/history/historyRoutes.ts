// A record's history (issue 16): GET {endpoint}/{id}/history lists its creates, updates and
// deletes, newest first, to whoever may show the record; fields hidden from the caller's roles
// are left out, secrets say only that they changed, and a reference's values come with the
// represent text of the records they name. POST {endpoint}/{id}/history/{entry}/restore puts a
// field back to its value before that change, through the write door (checked, versioned and
// itself recorded): whoever may edit the record, with the version they saw.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { representRecord, writableFields, type EntityModel, type FieldModel } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import { isPlainObject } from '../../src/shared/validation';
import { sessionUser } from '../auth/requireSession';
import type { Catalog } from '../crud/catalog';
import { answerRows } from '../crud/recordAnswers';
import { parseRecordId } from '../crud/recordId';
import { allowed, bodyOf } from '../crud/routeParts';
import type { Db, Row } from '../db/database';
import { hiddenFields } from '../fieldAccess/fieldAccess';
import { apiError, ApiError } from '../http/apiError';
import { success } from '../http/success';
import type { RecordWrites } from '../records/recordWrites';
import { callerOf } from '../records/routeDoor';
import { HISTORY_TABLE, type FieldChange } from './historyTable';
import { SINGLETON_RECORD_ID } from '../crud/singletonRoutes';
import { SINGLETON_PATH_ID } from '../../src/shared/api/recordHistory';

/** The most entries one history answer lists. */
export const HISTORY_LIMIT = 200;

interface HistoryRow {
  id: number;
  action: string;
  changed_by: string;
  changed_at: string;
  changes: FieldChange[];
}

type Params = { Params: { id: string; entry?: string } };

/** The represent texts of the records the reference values name, by field: id → text. */
async function referenceTexts(db: Db, catalog: Catalog, entity: EntityModel, entries: HistoryRow[]): Promise<Map<string, Map<number, string>>> {
  const texts = new Map<string, Map<number, string>>();
  const idsByTarget = new Map<string, Set<number>>();
  const references = entity.fields.filter((f) => (f.kind === 'reference' || f.kind === 'references') && f.to);
  const targetOf = new Map(references.map((f) => [f.name, f.to!]));
  for (const entry of entries) {
    for (const change of entry.changes) {
      const target = targetOf.get(change.field);
      if (!target) continue;
      const ids = idsByTarget.get(target) ?? new Set<number>();
      for (const value of [change.before, change.after]) for (const id of Array.isArray(value) ? value : [value]) if (typeof id === 'number') ids.add(id);
      idsByTarget.set(target, ids);
    }
  }
  for (const [name, ids] of idsByTarget) {
    const target = catalog.entityNamed(name);
    if (!target || ids.size === 0) continue;
    const rows: Row[] = await db.selectFrom(catalog.tableOf(target)).selectAll().where(sql<boolean>`id = any(${[...ids]}::int[])`).execute();
    const shown = await answerRows(db, catalog, target, rows, null);
    texts.set(name, new Map(shown.map((row) => [row.id as number, representRecord(target.represent, row)])));
  }
  return texts;
}

function textOf(field: FieldModel | undefined, value: unknown, texts: Map<string, Map<number, string>>): string | undefined {
  const names = field?.to ? texts.get(field.to) : undefined;
  if (!names || value === null || value === undefined) return undefined;
  const ids = Array.isArray(value) ? value : [value];
  return ids.map((id) => names.get(id as number) ?? `#${String(id)}`).join(', ');
}

export function registerHistoryRoutes(app: FastifyInstance, db: Db, catalog: Catalog, entity: EntityModel, records: RecordWrites): void {
  const base = `/${entity.endpoint}/:id/history`;

  function recordId(request: FastifyRequest<Params>, locale: 'en' | 'id'): number {
    // A settings page's one record (server/crud/singletonRoutes.ts) has no id in the app's
    // paths: `singleton` names it.
    if (entity.singleton && request.params.id === SINGLETON_PATH_ID) return SINGLETON_RECORD_ID;
    const id = parseRecordId(request.params.id);
    if (id === null) throw apiError(locale, 404, 'notFound', { entity: entity.label[locale] });
    return id;
  }

  app.get(base, async (request: FastifyRequest<Params>) => {
    const { locale } = allowed(request, entity, 'show');
    const id = recordId(request, locale);
    const hidden = new Set(hiddenFields(entity, sessionUser(request).roles).map((f) => f.name));
    const result = await sql<HistoryRow>`select id, action, changed_by, changed_at, changes from ${sql.table(HISTORY_TABLE)}
      where entity = ${entity.name} and record_id = ${id} order by id desc limit ${HISTORY_LIMIT}`.execute(db);
    const entries = result.rows
      .map((row) => ({ ...row, id: Number(row.id), changes: row.changes.filter((c) => !hidden.has(c.field)) }))
      .filter((row) => row.action !== 'update' || row.changes.length > 0);
    const texts = await referenceTexts(db, catalog, entity, entries);
    const fields = new Map(entity.fields.map((f) => [f.name, f]));
    const data = entries.map((entry) => ({
      ...entry,
      changes: entry.changes.map((change) => {
        const field = fields.get(change.field);
        const before = textOf(field, change.before, texts);
        const after = textOf(field, change.after, texts);
        return { ...change, ...(before === undefined ? {} : { before_text: before }), ...(after === undefined ? {} : { after_text: after }) };
      }),
    }));
    return success({ data });
  });

  app.post(`${base}/:entry/restore`, async (request: FastifyRequest<Params>) => {
    const { locale } = allowed(request, entity, 'edit');
    const id = recordId(request, locale);
    const entryId = parseRecordId(request.params.entry ?? '');
    const body = bodyOf(request, locale);
    const fieldName = isPlainObject(body) && typeof body.field === 'string' ? body.field : '';
    const version = isPlainObject(body) ? body.version : undefined;
    const found = entryId === null ? [] : (await sql<HistoryRow>`select id, action, changed_by, changed_at, changes from ${sql.table(HISTORY_TABLE)}
      where id = ${entryId} and entity = ${entity.name} and record_id = ${id}`.execute(db)).rows;
    if (found.length === 0) throw apiError(locale, 404, 'historyNotFound');
    const field = entity.fields.find((f) => f.name === fieldName);
    const change = found[0].changes.find((c) => c.field === fieldName);
    const hidden = hiddenFields(entity, sessionUser(request).roles).some((f) => f.name === fieldName);
    // Only an update keeps a value the record had and may have again; a secret keeps none.
    if (!field || !change || hidden || change.secret || found[0].action !== 'update') {
      throw new ApiError(422, message(locale, 'historyNoValue', { field: field?.label[locale] ?? fieldName }), { field: [message(locale, 'historyNoValue', { field: field?.label[locale] ?? fieldName })] });
    }
    const row = await db.transaction().execute(async (tx) => {
      // The record as it is, with the one field put back: an update body is the whole record.
      const stored: Row | undefined = await tx.selectFrom(catalog.tableOf(entity)).selectAll().where('id', '=', id).executeTakeFirst();
      if (!stored) throw apiError(locale, 404, 'notFound', { entity: entity.label[locale] });
      const current = Object.fromEntries(writableFields(entity).filter((f) => !f.writeOnly && stored[f.name] !== null).map((f) => [f.name, stored[f.name]]));
      return records.update(tx, callerOf(request), entity.name, id, { ...current, version, [field.name]: change.before ?? null });
    });
    const [data] = await answerRows(db, catalog, entity, [row], sessionUser(request).roles);
    return success({ message: message(locale, 'restored', { field: field.label[locale] }), data });
  });
}
