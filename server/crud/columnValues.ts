// A checked body → the column values to write. Here the server checks what only the
// database knows (unique values, referenced records that exist, our own file addresses)
// and stores new file uploads, the hashes of passwords and rich text as the allow-list
// leaves it. All messages come back together, per field.

import { sql, type RawBuilder } from 'kysely';
import type { EntityModel, FieldModel, Locale } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import type { FieldErrors } from '../../src/shared/validation';
import type { Db, Row } from '../db/database';
import { anyOf } from '../db/anyOf';
import { normalizedColumn, normalizedValue } from '../db/normalizedText';
import { ApiError, invalidInput } from '../http/apiError';
import { hashPassword } from '../auth/password';
import { fileExists, fileIdOf, parseDataUrl, storeUpload } from '../files/fileStore';
import { uploadName } from '../files/uploadName';
import { uploadTypeProblem } from '../files/uploadType';
import { sanitizeRichText } from '../richText/sanitizeRichText';
import type { Catalog } from './catalog';
import { storableErrors } from './storableValues';
import { isPlainObject } from '../../src/shared/validation';

export interface WriteTarget {
  entity: EntityModel;
  locale: Locale;
  /** The record being updated; absent on create. */
  recordId?: number;
}

/** The ids a reference or references value names (numbers only: checkBody refused the rest). */
function referencedIds(value: unknown): number[] {
  return [...new Set(Array.isArray(value) ? value : [value])].filter((v): v is number => typeof v === 'number');
}

/** Whether some of `ids` name no record of `target`: true when fewer rows hold them. */
function referenceMissing(db: Db, catalog: Catalog, target: EntityModel, ids: number[]): RawBuilder<boolean> {
  const found = db.selectFrom(catalog.tableOf(target)).select((eb) => eb.fn.countAll().as('n')).where(anyOf('id', ids));
  return sql<boolean>`(${found}) <> ${ids.length}`;
}

/** Whether another record holds the value; text as a person reads it (the unique index's expression). */
function uniqueTaken(db: Db, table: string, field: FieldModel, value: unknown, recordId?: number): RawBuilder<boolean> {
  let query = field.uniqueText
    ? db.selectFrom(table).select('id').where(normalizedColumn(field.name), '=', normalizedValue(value))
    : db.selectFrom(table).select('id').where(sql.ref(field.name), '=', value);
  if (recordId !== undefined) query = query.where('id', '<>', recordId);
  return sql<boolean>`exists (${query.limit(1)})`;
}

type DatabaseCheck = { field: FieldModel; kind: 'reference' | 'unique'; problem: RawBuilder<boolean> };

/**
 * The fields whose value the database refuses: a reference to no record, or a unique value
 * another record holds. Every check of the record in one statement (one round trip, however
 * many reference and unique fields the entity has); a field's reference is checked before its
 * uniqueness, as a person would fix them.
 */
async function databaseProblems(db: Db, catalog: Catalog, table: string, fields: readonly FieldModel[], body: Record<string, unknown>, recordId?: number): Promise<Map<FieldModel, 'reference' | 'unique'>> {
  const checks: DatabaseCheck[] = [];
  for (const field of fields) {
    const value = body[field.name];
    if (field.kind === 'reference' || field.kind === 'references') {
      const target = field.to ? catalog.entityNamed(field.to) : undefined;
      const ids = referencedIds(value);
      if (target && ids.length) checks.push({ field, kind: 'reference', problem: referenceMissing(db, catalog, target, ids) });
    }
    if (field.unique) checks.push({ field, kind: 'unique', problem: uniqueTaken(db, table, field, value, recordId) });
  }
  const problems = new Map<FieldModel, 'reference' | 'unique'>();
  if (!checks.length) return problems;
  const row: Row = await db.selectNoFrom(checks.map((check, index) => check.problem.as(`c${index}`))).executeTakeFirstOrThrow();
  checks.forEach((check, index) => {
    if (row[`c${index}`] === true && !problems.has(check.field)) problems.set(check.field, check.kind);
  });
  return problems;
}

/** A file value that is neither null, one of our stored files, nor a new upload. */
async function fileProblem(db: Db, value: unknown): Promise<boolean> {
  if (value === null || !isPlainObject(value)) return false;
  if (typeof value.data === 'string') return parseDataUrl(value.data) === null; // size and type: checkBody
  const id = typeof value.src === 'string' ? fileIdOf(value.src) : null;
  return id === null || !(await fileExists(db, id));
}

/** The name a file value is kept under (sanitized, see uploadName.ts). */
function fileTitle(value: Record<string, unknown>): string | undefined {
  return typeof value.title === 'string' ? uploadName(value.title) : undefined;
}

/** A new upload whose bytes are not what it declares: the message, naming the file. */
function uploadProblem(field: FieldModel, value: unknown, locale: Locale): Promise<string | null> {
  const upload = isPlainObject(value) && typeof value.data === 'string' ? parseDataUrl(value.data) : null;
  if (!upload || !isPlainObject(value)) return Promise.resolve(null);
  return uploadTypeProblem(upload, fileTitle(value) || field.label[locale], locale);
}

async function fileValue(db: Db, value: unknown): Promise<unknown> {
  if (!isPlainObject(value)) return null;
  const title = fileTitle(value);
  const upload = typeof value.data === 'string' ? parseDataUrl(value.data) : null;
  if (upload) return storeUpload(db, title ?? '', upload);
  return title === undefined ? { src: value.src } : { src: value.src, title };
}

/**
 * The values to write for the fields present in `body` (already checked by checkBody).
 * Throws 422 with messages per field when a value cannot be stored.
 */
export async function columnValues(db: Db, catalog: Catalog, target: WriteTarget, body: Record<string, unknown>): Promise<Row> {
  const { entity, locale } = target;
  const errors: FieldErrors = storableErrors(entity, body, locale);
  const table = catalog.tableOf(entity);
  const present = entity.fields.filter((f) => body[f.name] !== undefined && !errors[f.name]);
  const given = present.filter((field) => body[field.name] !== null);
  const problems = await databaseProblems(db, catalog, table, given, body, target.recordId);
  for (const field of given) {
    const problem = problems.get(field);
    if (problem === 'reference') errors[field.name] = [message(locale, 'referenceMissing')];
    else if (problem === 'unique') errors[field.name] = [message(locale, 'unique')];
    else if ((field.kind === 'file' || field.kind === 'image') && (await fileProblem(db, body[field.name]))) {
      errors[field.name] = [message(locale, 'file')];
    }
  }
  if (Object.keys(errors).length) throw invalidInput(locale, errors);
  // A file whose bytes are not of its declared type: 415, the message also under the field.
  const typeErrors: FieldErrors = {};
  for (const field of present) {
    if (field.kind !== 'file' && field.kind !== 'image') continue;
    const problem = await uploadProblem(field, body[field.name], locale);
    if (problem) typeErrors[field.name] = [problem];
  }
  const refused = Object.values(typeErrors).flat();
  if (refused.length) throw new ApiError(415, refused.join('; '), typeErrors);

  const values: Row = {};
  for (const field of present) {
    const value = body[field.name];
    if (field.kind === 'file' || field.kind === 'image') values[field.name] = await fileValue(db, value);
    // Only the argon2 hash of a password is stored (login verifies against it).
    // Rich text is stored as the allow-list leaves it, so it is served clean to every client.
    else if (field.kind === 'richtext' && typeof value === 'string') values[field.name] = sanitizeRichText(value);
    else if (field.kind === 'password') values[field.name] = typeof value === 'string' && value !== '' ? await hashPassword(value) : null;
    else values[field.name] = value;
  }
  return values;
}

/** On create: the schema's default for every field the body leaves out. */
export function withDefaults(entity: EntityModel, body: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...body };
  for (const field of entity.fields) {
    if (result[field.name] === undefined && field.default !== undefined) result[field.name] = field.default;
  }
  return result;
}
