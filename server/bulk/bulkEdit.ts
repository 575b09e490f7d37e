// PATCH {endpoint} { ids, data }: the same values set on each chosen record, each record
// written through the write door as its form's save would be (validator, rules, references,
// unique values, checks across fields and records, hooks), in one transaction: every record
// or none. A refusal names each record and field that cannot take the values.

import { sql } from 'kysely';
import type { EntityModel } from '../../src/shared/entityModel';
import { representRecord } from '../../src/shared/entityModel';
import { bulkMessage } from '../../src/shared/bulkMessages';
import { bulkEditableFields } from '../../src/shared/bulkEditable';
import { message } from '../../src/shared/messages';
import { isPlainObject, type FieldErrors } from '../../src/shared/validation';
import type { Catalog } from '../crud/catalog';
import { withReferenceValues } from '../crud/referenceValues';
import type { Db, Row } from '../db/database';
import { anyOf } from '../db/anyOf';
import { ApiError } from '../http/apiError';
import type { Caller, RecordWrites } from '../records/recordWrites';
import { storedBody } from './storedBody';

export const MAX_BULK_EDIT = 1000;


export interface BulkRefusal {
  id: number;
  label: string;
  messages: FieldErrors;
}

/** Checks the request's shape: ids (each once, at most MAX_BULK_EDIT) and fields bulk edit may set. */
export function bulkEditRequest(entity: EntityModel, body: unknown, caller: Caller): { ids: number[]; data: Record<string, unknown> } {
  const { locale } = caller;
  const raw = isPlainObject(body) ? body : {};
  const ids = Array.isArray(raw.ids) ? [...new Set(raw.ids)] : [];
  if (ids.length === 0 || ids.some((id) => !Number.isInteger(id) || (id as number) <= 0)) throw new ApiError(400, bulkMessage(locale, 'bulkEditIds'));
  if (ids.length > MAX_BULK_EDIT) throw new ApiError(400, bulkMessage(locale, 'bulkEditTooMany', { max: MAX_BULK_EDIT }));
  const data = isPlainObject(raw.data) ? raw.data : {};
  if (Object.keys(data).length === 0) throw new ApiError(400, bulkMessage(locale, 'bulkEditNoFields'));
  const allowed = new Set(bulkEditableFields(entity).map((f) => f.name));
  const refused: FieldErrors = {};
  for (const name of Object.keys(data)) if (!allowed.has(name)) refused[name] = [bulkMessage(locale, 'bulkEditField')];
  if (Object.keys(refused).length) throw new ApiError(422, message(locale, 'invalidInput'), refused);
  return { ids: ids as number[], data };
}

export async function bulkEdit(db: Db, catalog: Catalog, records: RecordWrites, caller: Caller, entity: EntityModel, ids: number[], data: Record<string, unknown>): Promise<Row[]> {
  const { locale } = caller;
  const table = catalog.tableOf(entity);
  return db.transaction().execute(async (tx) => {
    const stored: Row[] = await tx.selectFrom(table).selectAll().where(anyOf('id', ids)).orderBy('id').forUpdate().execute();
    const byId = new Map(stored.map((row) => [Number(row.id), row]));
    const refusals: BulkRefusal[] = [];
    const rows: Row[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) {
        refusals.push({ id, label: '', messages: { _row: [message(locale, 'notFound', { entity: entity.label[locale] })] } });
        continue;
      }
      await sql`savepoint bulk_edit`.execute(tx);
      try {
        rows.push(await records.update(tx, caller, entity.name, id, storedBody(entity, row, data)));
        await sql`release savepoint bulk_edit`.execute(tx);
      } catch (error) {
        await sql`rollback to savepoint bulk_edit`.execute(tx);
        if (!(error instanceof ApiError)) throw error;
        const messages = error.messages && Object.keys(error.messages).length ? error.messages : { _row: [error.message] };
        refusals.push({ id, label: '', messages });
      }
    }
    if (refusals.length) {
      const labelled = await withReferenceValues(tx, catalog, entity, stored);
      const labels = new Map(labelled.map((r) => [Number(r.id), representRecord(entity.represent, r)]));
      for (const refusal of refusals) refusal.label = labels.get(refusal.id) ?? '';
      const messages: FieldErrors = {};
      for (const refusal of refusals) for (const [field, list] of Object.entries(refusal.messages)) messages[`${refusal.id}.${field}`] = list;
      throw new ApiError(422, bulkMessage(locale, 'bulkEditFailed', { refused: refusals.length, count: ids.length }), messages, { refused: refusals });
    }
    return rows;
  });
}
