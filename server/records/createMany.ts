// The bulk half of the write door's createMany (./recordWrites.ts): what `create` checks per
// record, done for a whole list with a handful of queries instead of several per record, and
// multi-row inserts. Thousands of invoices a generation run makes are one call.
//
// Every body is checked by the entity's validator as `create` checks it; a refusal names the
// body's position (`messages` keyed `"<index>.<field>"`). What only the database knows is read
// in bulk: referenced records (one query per reference field), unique values (one per unique
// field, plus repeats inside the list). Composite unique keys are left to their unique index
// (a violation maps to the same 422 create gives). Entities whose create needs more per record
// (file, image, password or rich text fields; sums and overlaps over a group) take
// `create`'s own checks record by record (perRecordValues), inserted one at a time.

import { sql } from 'kysely';
import type { EntityModel, FieldModel } from '../../src/shared/entityModel';
import { FIELD_KINDS } from '../../src/shared/fieldKinds';
import { message } from '../../src/shared/messages';
import type { FieldErrors } from '../../src/shared/validation';
import type { Catalog } from '../crud/catalog';
import { withDefaults } from '../crud/columnValues';
import { insertableValues, type Writer } from '../crud/createRecord';
import { storableErrors } from '../crud/storableValues';
import type { Db, Row } from '../db/database';
import { normalizedColumnSql } from '../db/normalizedText';
import { quoteIdent } from '../db/quoteSql';
import { ApiError, invalidInput } from '../http/apiError';

/**
 * Bind parameters per insert statement: well below the 32,767 at which PGlite's protocol
 * breaks without an error (../shared/NOTES.md) and PostgreSQL's 65,535.
 */
const PARAMETERS_PER_INSERT = 20_000;
/** Rows per insert whatever the column count: larger statements gain nothing. */
const MAX_ROWS_PER_INSERT = 1_000;

/** Messages of body `index`, keyed by its position: `"3.value"`. */
export function atPosition(index: number, errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([field, list]) => [`${index}.${field}`, list]));
}

/** Whether create's per-record checks cannot be done in bulk for the entity. */
export function needsPerRecord(entity: EntityModel): boolean {
  const heavy = new Set(['file', 'image', 'password', 'richtext']);
  return Boolean(entity.groupChecks?.length) || entity.fields.some((f) => heavy.has(f.kind));
}

const isBlank = (value: unknown) => value === undefined || value === null;

/** Ids of `field`'s target that do not exist, among the values the records hold. */
async function missingReferences(tx: Db, catalog: Catalog, field: FieldModel, records: readonly Row[]): Promise<Set<number>> {
  const target = field.to ? catalog.entityNamed(field.to) : undefined;
  const ids = new Set<number>();
  for (const record of records) {
    const value = record[field.name];
    for (const id of Array.isArray(value) ? value : [value]) if (typeof id === 'number') ids.add(id);
  }
  if (!target || ids.size === 0) return new Set();
  const found = await sql<{ id: number }>`select id from ${sql.raw(quoteIdent(catalog.tableOf(target)))} where id = any(${[...ids]}::int[])`.execute(tx);
  for (const row of found.rows) ids.delete(Number(row.id));
  return ids;
}

/** The positions (in `values`) of values another stored record already holds; text as a person reads it. */
async function takenPositions(tx: Db, table: string, field: FieldModel, values: unknown[]): Promise<Set<number>> {
  if (values.length === 0) return new Set();
  const column = quoteIdent(field.name);
  const given = field.uniqueText
    ? sql`unnest(${values.map(String)}::text[])`
    : sql`unnest(${values}::${sql.raw(FIELD_KINDS[field.kind].column)}[])`;
  const match = field.uniqueText ? `${normalizedColumnSql(field.name)} = ${normalizedColumnSql('_given')}` : `${column} = _given`;
  const rows = await sql<{ position: number }>`
    select position::int from ${given} with ordinality as u(_given, position)
    where exists (select 1 from ${sql.raw(quoteIdent(table))} where ${sql.raw(match)})`.execute(tx);
  return new Set(rows.rows.map((r) => Number(r.position) - 1));
}

/** How a text value is compared when unique (roughly as the index: NFC, trimmed, any case), to find repeats in the list. */
function sameKey(field: FieldModel, value: unknown): string {
  return field.uniqueText ? String(value).normalize('NFC').trim().toLowerCase() : JSON.stringify(value);
}

/**
 * The column values of checked bodies (defaults filled in, created_by set), checked in bulk
 * against the database; 422 with messages by position when any record cannot be stored.
 * With `skipDuplicates`, values other records hold are left to `on conflict do nothing`.
 */
export async function bulkValues(
  tx: Db,
  catalog: Catalog,
  writer: Writer,
  bodies: readonly Record<string, unknown>[],
  skipDuplicates: boolean,
): Promise<Row[]> {
  const { entity, locale } = writer;
  const table = catalog.tableOf(entity);
  const records = bodies.map((body) => withDefaults(entity, body));
  const errors: FieldErrors = {};
  const add = (index: number, field: string, text: string) => {
    const key = `${index}.${field}`;
    if (!errors[key]) errors[key] = [text];
  };
  records.forEach((record, i) => Object.assign(errors, atPosition(i, storableErrors(entity, record, locale))));
  for (const field of entity.fields) {
    if (field.kind === 'reference' || field.kind === 'references') {
      const missing = await missingReferences(tx, catalog, field, records);
      if (missing.size === 0) continue;
      records.forEach((record, i) => {
        const value = record[field.name];
        if ((Array.isArray(value) ? value : [value]).some((id) => missing.has(id as number))) add(i, field.name, message(locale, 'referenceMissing'));
      });
    } else if (field.unique && !skipDuplicates) {
      const positions = records.flatMap((record, i) => (isBlank(record[field.name]) ? [] : [i]));
      const taken = await takenPositions(tx, table, field, positions.map((i) => records[i][field.name]));
      const seen = new Set<string>();
      positions.forEach((i, at) => {
        const key = sameKey(field, records[i][field.name]);
        if (taken.has(at) || seen.has(key)) add(i, field.name, message(locale, 'unique'));
        seen.add(key);
      });
    }
  }
  if (Object.keys(errors).length) throw invalidInput(locale, errors);
  return records.map((record) => {
    const values: Row = {};
    for (const field of entity.fields) if (record[field.name] !== undefined) values[field.name] = record[field.name];
    values.created_by = writer.username;
    return values;
  });
}

/** create's own checks, record by record (see needsPerRecord); a refusal names the position. */
export async function perRecordValues(tx: Db, catalog: Catalog, writer: Writer, body: Record<string, unknown>, index: number): Promise<Row> {
  try {
    return await insertableValues(tx, catalog, writer, body);
  } catch (error) {
    if (error instanceof ApiError && error.messages) throw new ApiError(error.status, error.message, atPosition(index, error.messages));
    throw error;
  }
}

/**
 * Inserts the rows in multi-row statements (chunked below the bind-parameter limits), in
 * order; with `skipDuplicates` a row that breaks any unique constraint or index is left out
 * (`on conflict do nothing`). Answers the inserted rows, in the order given.
 */
export async function insertRows(tx: Db, table: string, rows: readonly Row[], skipDuplicates: boolean): Promise<Row[]> {
  if (rows.length === 0) return [];
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  // Every row names every column: a multi-row insert lists one set of columns.
  const full = rows.map((row) => Object.fromEntries(columns.map((c) => [c, row[c] === undefined ? null : row[c]])));
  const perInsert = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(PARAMETERS_PER_INSERT / columns.length)));
  const inserted: Row[] = [];
  for (let start = 0; start < full.length; start += perInsert) {
    let query = tx.insertInto(table).values(full.slice(start, start + perInsert));
    if (skipDuplicates) query = query.onConflict((conflict) => conflict.doNothing());
    inserted.push(...(await query.returningAll().execute()));
  }
  return inserted;
}

/** Writes the reserved numbers into the numbered field of the rows, in one statement. */
export async function storeNumbers(tx: Db, table: string, field: string, rows: readonly Row[], numbers: readonly string[]): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map((row) => Number(row.id));
  await sql`
    update ${sql.raw(quoteIdent(table))} as t set ${sql.raw(quoteIdent(field))} = v.no
    from unnest(${ids}::int[], ${[...numbers]}::text[]) as v(id, no) where t.id = v.id`.execute(tx);
  rows.forEach((row, i) => (row[field] = numbers[i]));
}
