// Create: inside the caller's transaction (the write door, server/records/recordWrites.ts),
// checks, stores uploads and inserts, or leaves nothing behind.

import type { EntityModel, Locale } from '../../src/shared/entityModel';
import type { Db, Row } from '../db/database';
import type { Catalog } from './catalog';
import { columnValues, withDefaults } from './columnValues';
import { groupCheckErrors } from './groupChecks';
import { invalidInput } from '../http/apiError';

export interface Writer {
  entity: EntityModel;
  locale: Locale;
  /** The logged-in user name, kept in created_by / updated_by. */
  username: string;
}

/** Inserts inside the caller's transaction. `id` is given only by the demo seed. */
export async function insertRecord(tx: Db, catalog: Catalog, writer: Writer, body: Record<string, unknown>, id?: number): Promise<Row> {
  const values = await insertableValues(tx, catalog, writer, body);
  if (id !== undefined) values.id = id;
  return insertValues(tx, catalog, writer.entity, values);
}

/**
 * A new record's column values: the body over the schema's defaults, checked against what the
 * database holds (unique values, references, group rules; 422 otherwise), with created_by.
 */
export async function insertableValues(tx: Db, catalog: Catalog, writer: Writer, body: Record<string, unknown>): Promise<Row> {
  const complete = withDefaults(writer.entity, body);
  const values = await columnValues(tx, catalog, writer, complete);
  const groupErrors = await groupCheckErrors(tx, catalog, writer.entity, null, complete, writer.locale);
  if (Object.keys(groupErrors).length) throw invalidInput(writer.locale, groupErrors);
  values.created_by = writer.username;
  return values;
}

export function insertValues(tx: Db, catalog: Catalog, entity: EntityModel, values: Row): Promise<Row> {
  return tx.insertInto(catalog.tableOf(entity)).values(values).returningAll().executeTakeFirstOrThrow();
}
