// Bulk delete: all the chosen records or none. One transaction deletes each through the write
// door (server/records/recordWrites.ts), so the single delete's checks and the entity's hooks
// run for every record; when any record may not go (a check or a hook refused it), the
// transaction is rolled back and the answer names each refused record and why.

import { sql } from 'kysely';
import { representRecord, type EntityModel } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import type { Db, Row } from '../db/database';
import { ApiError } from '../http/apiError';
import type { Catalog } from './catalog';
import { deleteViolation } from './constraintViolations';
import { RecordInUse } from './deleteRecord';
import type { Caller, RecordWrites } from '../records/recordWrites';

/** The most records one bulk delete takes: more than react-admin's "Select all" selects (250), as many as a references field holds by default. */
export const MAX_BULK_DELETE = 1000;

/** One record a bulk delete refused: its id, its represent text when it exists, and why. */
export interface Refusal {
  id: number;
  label: string;
  status: number;
  message: string;
}

/**
 * Deletes every record of `ids`, or none. `guard` runs the checks that need the caller
 * (your own login); it throws an ApiError to refuse. A record still used by another chosen
 * record is tried again once that one is gone, so a parent and its children go together
 * (a record's beforeChange hook runs once, when its checks have passed).
 */
export async function deleteRecords(
  db: Db,
  catalog: Catalog,
  records: RecordWrites,
  caller: Caller,
  entity: EntityModel,
  ids: readonly number[],
  guard: (id: number) => void,
): Promise<Row[]> {
  const { locale } = caller;
  const table = catalog.tableOf(entity);
  try {
    return await db.transaction().execute(async (tx) => {
      // Locked in one query, in id order: two bulk deletes of overlapping records wait for each other instead of deadlocking.
      const found: Row[] = await tx
        .selectFrom(table)
        .selectAll()
        .where(sql<boolean>`id = any(${[...ids]}::integer[])`)
        .orderBy('id')
        .forUpdate()
        .execute();
      const labels = new Map(found.map((row) => [row.id as number, representRecord(entity.represent, row)]));
      const refused = new Map<number, ApiError>();
      for (const id of ids) {
        try {
          guard(id);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          refused.set(id, error);
        }
      }
      const deleted: Row[] = [];
      let pending = ids.filter((id) => !refused.has(id));
      let progress = true;
      while (pending.length && progress) {
        progress = false;
        const stillUsed: number[] = [];
        for (const id of pending) {
          try {
            deleted.push(await records.delete(tx, caller, entity.name, id));
            progress = true;
            refused.delete(id);
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            refused.set(id, error);
            // Only "still used": any other refusal (a rule, a hook) would refuse again.
            if (error instanceof RecordInUse) stillUsed.push(id);
          }
        }
        pending = stillUsed;
      }
      if (refused.size) throw bulkRefusal(ids, refused, labels, locale);
      return deleted;
    });
  } catch (error) {
    throw deleteViolation(error, catalog, entity, locale) ?? error;
  }
}

function bulkRefusal(ids: readonly number[], refused: Map<number, ApiError>, labels: Map<number, string>, locale: Caller['locale']): ApiError {
  const list: Refusal[] = ids
    .filter((id) => refused.has(id))
    .map((id) => ({ id, label: labels.get(id) ?? '', status: refused.get(id)!.status, message: refused.get(id)!.message }));
  const reasons = list.map((r) => `#${r.id}${r.label ? ` ${r.label}` : ''}: ${r.message}`).join('; ');
  return new ApiError(409, message(locale, 'bulkDeleteRefused', { refused: list.length, count: ids.length, reasons }), undefined, { refused: list });
}
