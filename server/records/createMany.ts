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
import { SYSTEM_COLUMNS } from '../db/columnTypes';
import { ApiError, invalidInput } from '../http/apiError';
import type { Reservation } from './numbering';

/**
 * Bind parameters per insert statement: well below the 32,767 at which PGlite's protocol
 * breaks without an error (../shared/NOTES.md) and PostgreSQL's 65,535.
 */
const PARAMETERS_PER_INSERT = 20_000;
/** Rows per VALUES insert whatever the column count: larger statements gain nothing. */
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

/** Rows per insert statement. */
const ROWS_PER_INSERT = 2_000;

/** The column types of an entity's table (fields and system columns), by column name. */
function columnTypes(entity: EntityModel): Map<string, string> {
  return new Map([...SYSTEM_COLUMNS.map((c) => [c.name, c.type] as const), ...entity.fields.map((f) => [f.name, FIELD_KINDS[f.kind].column] as const)]);
}

/**
 * Inserts the rows in order and answers them as stored, in that order; with `skipDuplicates`
 * a row that breaks any unique constraint or index is left out (`on conflict do nothing`).
 * Each statement passes one array per column (`insert … select * from unnest($1::int[], …)`):
 * a few parameters whatever the row count, far below PGlite's 32,767 (../shared/NOTES.md), and
 * on PostgreSQL four times faster than a multi-row VALUES list. Array columns cannot travel
 * in an array parameter (unnest would flatten them), nor files (jsonb) safely: such a table
 * gets VALUES lists, chunked below the parameter limits. The rows come back whole (the
 * history of the write needs them).
 */
export async function insertRows(
  tx: Db,
  entity: EntityModel,
  table: string,
  rows: readonly Row[],
  skipDuplicates: boolean,
): Promise<Row[]> {
  if (rows.length === 0) return [];
  const types = columnTypes(entity);
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const valueOf = (row: Row, column: string) => (row[column] === undefined ? null : row[column]);
  const target = sql.raw(quoteIdent(table));
  const inserted: Row[] = [];
  if (columns.some((c) => types.get(c)?.endsWith('[]') || types.get(c) === 'jsonb')) {
    const perInsert = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(PARAMETERS_PER_INSERT / columns.length)));
    for (let start = 0; start < rows.length; start += perInsert) {
      const chunk = rows.slice(start, start + perInsert).map((row) => Object.fromEntries(columns.map((c) => [c, valueOf(row, c)])));
      let query = tx.insertInto(table).values(chunk);
      if (skipDuplicates) query = query.onConflict((conflict) => conflict.doNothing());
      inserted.push(...(await query.returningAll().execute()));
    }
    return inserted;
  }
  const names = sql.raw(columns.map(quoteIdent).join(', '));
  const onConflict = sql.raw(skipDuplicates ? ' on conflict do nothing' : '');
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT);
    const arrays = columns.map((c) => sql`${chunk.map((row) => valueOf(row, c))}::${sql.raw(types.get(c) ?? 'text')}[]`);
    const result = await sql<Row>`insert into ${target} (${names}) select * from unnest(${sql.join(arrays)})${onConflict} returning *`.execute(tx);
    inserted.push(...result.rows);
  }
  return inserted;
}

/**
 * After a skip left records out, the numbers of those inserted close up: they are renumbered
 * in order from the reservation's first number and the unused tail goes back to the
 * transaction type, so numbers stay consecutive without gaps. Only records whose number
 * changes are written, first to a placeholder (a unique index is checked row by row, so a
 * number may not move onto one not yet moved away), then to their number.
 */
export async function closeGaps(
  tx: Db,
  writer: Writer,
  table: string,
  reservation: Reservation,
  offsets: ReadonlyMap<string, { offset: number; index: number }>,
  rows: Row[],
): Promise<void> {
  const field = writer.entity.numbering?.field;
  if (!field) return;
  // The rows that got a reserved number (`offsets`: number → its offset and body), in the order given.
  const given = rows.flatMap((row) => {
    const reserved = offsets.get(String(row[field]));
    return reserved === undefined ? [] : [{ row, offset: reserved.offset }];
  });
  const left = reservation.count - given.length;
  if (left === 0) return;
  // A record left out because another one already holds the number it was given (numbers
  // typed in by hand, a last number set back), not because it exists: refused as create refuses it.
  const inserted = new Set(given.map((g) => String(g.row[field])));
  const notInserted = [...offsets.keys()].filter((number) => !inserted.has(number));
  const clashing = await sql<{ no: string }>`
    select u._reserved_no as no from unnest(${notInserted}::text[]) as u(_reserved_no)
    where exists (select 1 from ${sql.raw(quoteIdent(table))} where ${sql.raw(normalizedColumnSql(field))} = ${sql.raw(normalizedColumnSql('_reserved_no'))})`.execute(tx);
  if (clashing.rows.length) {
    const errors: FieldErrors = {};
    for (const { no } of clashing.rows) errors[`${String(offsets.get(no)?.index)}.${field}`] = [message(writer.locale, 'unique')];
    throw invalidInput(writer.locale, errors);
  }
  given.sort((a, b) => a.offset - b.offset);
  const moves = given.flatMap(({ row }, at) => {
    const number = reservation.numberAt(at, row);
    return number === row[field] ? [] : [{ row, number }];
  });
  if (moves.length) {
    const ids = moves.map((m) => Number(m.row.id));
    const target = sql.raw(quoteIdent(table));
    const column = sql.raw(quoteIdent(field));
    await sql`update ${target} set ${column} = '~' || id::text where id = any(${ids}::int[])`.execute(tx);
    await sql`update ${target} as t set ${column} = v.no from unnest(${ids}::int[], ${moves.map((m) => m.number)}::text[]) as v(id, no) where t.id = v.id`.execute(tx);
    for (const move of moves) move.row[field] = move.number;
  }
  await reservation.giveBack(tx, left);
}
