// Bulk delete: all the chosen records or none. One transaction runs the single delete's
// checks (deleteRecord.ts) on each; when any record may not go, the transaction is rolled
// back and the answer names each refused record and why.

import { sql } from 'kysely';
import { representRecord } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import type { Db, Row } from '../db/database';
import { ApiError } from '../http/apiError';
import type { Catalog } from './catalog';
import { deleteViolation } from './constraintViolations';
import type { Writer } from './createRecord';
import { deleteInside } from './deleteRecord';

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
 * record is tried again once that one is gone, so a parent and its children go together.
 */
export async function deleteRecords(
  db: Db,
  catalog: Catalog,
  writer: Omit<Writer, 'username'>,
  ids: readonly number[],
  guard: (id: number) => void,
): Promise<Row[]> {
  const { entity, locale } = writer;
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
            deleted.push(await deleteInside(tx, catalog, writer, id));
            progress = true;
            refused.delete(id);
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            refused.set(id, error);
            if (error.status === 409) stillUsed.push(id);
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

function bulkRefusal(ids: readonly number[], refused: Map<number, ApiError>, labels: Map<number, string>, locale: Writer['locale']): ApiError {
  const list: Refusal[] = ids
    .filter((id) => refused.has(id))
    .map((id) => ({ id, label: labels.get(id) ?? '', status: refused.get(id)!.status, message: refused.get(id)!.message }));
  const reasons = list.map((r) => `#${r.id}${r.label ? ` ${r.label}` : ''}: ${r.message}`).join('; ');
  return new ApiError(409, message(locale, 'bulkDeleteRefused', { refused: list.length, total: ids.length, reasons }), undefined, { refused: list });
}
