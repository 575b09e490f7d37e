// Delete: refused (409) while other records use this one, counted inside the transaction
// that deletes it; the foreign keys (ON DELETE RESTRICT) back that up.

import type { EntityModel } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import type { Db, Row } from '../db/database';
import { ApiError } from '../http/apiError';
import type { Catalog } from './catalog';
import type { Writer } from './createRecord';
import { deleteUnusedFiles, droppedFiles } from '../files/fileCleanup';
import { lockedRecordFor } from './recordRules';
import { describeImpact, impactOf } from '../impact/recordImpact';

/** How many records of each entity using a record a refused delete names. */
const NAMED_USERS = 3;

/** The 409 of a record other records still use: a bulk delete tries it again once they are gone. */
export class RecordInUse extends ApiError {}

/**
 * The record to delete, locked, or why it may not go (404, 403, 409), without writing
 * anything: the write door runs an entity's beforeChange hook between this and removeRecord,
 * so a hook sees only a delete that will happen.
 */
export async function deletableRecord(tx: Db, catalog: Catalog, writer: Omit<Writer, 'username'>, id: number): Promise<Row> {
  const { entity, locale } = writer;
  const table = catalog.tableOf(entity);
  const stored = await lockedRecordFor(tx, table, entity, id, 'delete', locale);
  const usages = await impactOf(tx, catalog, entity, id, NAMED_USERS);
  if (usages.length) {
    // The schema's own wording when it has one (spec 3 §8: "COA has linked data"), then what uses it, the first records by name.
    const uses = describeImpact(usages, locale);
    const text = entity.deleteMessage
      ? `${entity.deleteMessage[locale]} (${uses})`
      : message(locale, 'referencedDelete', { entity: entity.label[locale], uses });
    throw new RecordInUse(409, text);
  }
  return stored;
}

/** Deletes a record deletableRecord answered, and the files only it used. */
export async function removeRecord(tx: Db, catalog: Catalog, entity: EntityModel, stored: Row): Promise<void> {
  await tx.deleteFrom(catalog.tableOf(entity)).where('id', '=', stored.id as number).execute();
  await deleteUnusedFiles(tx, catalog, droppedFiles(entity, stored, null));
}
