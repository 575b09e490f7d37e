// Update with optimistic locking: the body carries the version the editor loaded. The row
// is locked (SELECT … FOR UPDATE) and the UPDATE repeats the version condition, so of two
// saves of the same version exactly one wins and the other gets 409 — also on PostgreSQL
// with many connections.

import { sql } from 'kysely';
import { message } from '../../src/shared/messages';
import type { Db, Row } from '../db/database';
import { ApiError, invalidInput } from '../http/apiError';
import type { Catalog } from './catalog';
import { columnValues } from './columnValues';
import type { Writer } from './createRecord';
import { crossCheckErrors } from './crossChecks';
import { deleteUnusedFiles, droppedFiles } from '../files/fileCleanup';
import { groupCheckErrors } from './groupChecks';
import { lockedRecordFor } from './recordRules';
import { treeCycleErrors } from './treeGuard';

/** Updates inside the caller's transaction: 404, 403 (a rule), 409 (a stale version), 422 (a check), or the new row. */
export async function updateInside(
  tx: Db,
  catalog: Catalog,
  writer: Writer,
  id: number,
  version: number,
  body: Record<string, unknown>,
): Promise<Row> {
  return (await updateWithStored(tx, catalog, writer, id, version, body)).updated;
}

/** updateInside, answering the row as it was too (the write door records what changed: server/history/). */
export async function updateWithStored(
  tx: Db,
  catalog: Catalog,
  writer: Writer,
  id: number,
  version: number,
  body: Record<string, unknown>,
): Promise<{ stored: Row; updated: Row }> {
  const { entity, locale } = writer;
  const table = catalog.tableOf(entity);
  const stored = await lockedRecordFor(tx, table, entity, id, 'edit', locale);
  if (stored.version !== version) throw new ApiError(409, message(locale, 'versionConflict'));
  const crossErrors = { ...crossCheckErrors(entity, stored, body, locale), ...(await treeCycleErrors(tx, table, entity, id, body, locale)) };
  if (Object.keys(crossErrors).length) throw invalidInput(locale, crossErrors);

  const values = await columnValues(tx, catalog, { ...writer, recordId: id }, body);
  const groupErrors = await groupCheckErrors(tx, catalog, entity, stored, body, locale);
  if (Object.keys(groupErrors).length) throw invalidInput(locale, groupErrors);
  const updated: Row | undefined = await tx
    .updateTable(table)
    .set({ ...values, version: sql`version + 1`, updated_at: sql`now()`, updated_by: writer.username })
    .where('id', '=', id)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw new ApiError(409, message(locale, 'versionConflict'));
  // A file the update replaced or cleared goes, unless another record points at it.
  await deleteUnusedFiles(tx, catalog, droppedFiles(entity, stored, updated));
  return { stored, updated };
}
