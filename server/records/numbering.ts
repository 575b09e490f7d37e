// Document numbering (issue 12; a schema's `numbering: { field, date }`): a create that leaves
// the numbered field empty gets the next number of the transaction type whose `domain` is the
// entity's name, built from its prefix, format ({PREFIX} {YYYY} {YY} {MM} {NO}) and width.
//
// Numbers are reserved with one `update … set last_no = last_no + n … returning last_no`: the
// row lock it takes makes concurrent writers take turns until the first commits, so their
// numbers are distinct and consecutive; a write that rolls back gives its numbers back with it.

import { sql } from 'kysely';
import type { EntityModel, Locale, NumberingModel } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import type { Catalog } from '../crud/catalog';
import type { Db, Row } from '../db/database';
import { quoteIdent } from '../db/quoteSql';
import { ApiError } from '../http/apiError';

/** The entity whose records say how numbers are built. */
export const NUMBERING_ENTITY = 'transaction_type';

interface NumberType {
  prefix: string;
  format: string;
  width: number;
  /** The last number of the reservation (the first is last_no - count + 1). */
  last_no: number;
}

/** Whether a value leaves the numbered field empty (the door then fills it). */
export function lacksNumber(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Today as YYYY-MM-DD, in the server's time zone (the school's). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A number as the transaction type's format builds it, for a record dated `date` (YYYY-MM-DD). */
export function formatNumber(type: Pick<NumberType, 'prefix' | 'format' | 'width'>, no: number, date: string): string {
  const [year, month] = date.split('-');
  const parts: Record<string, string> = {
    PREFIX: type.prefix,
    YYYY: year,
    YY: year.slice(-2),
    MM: month,
    NO: String(no).padStart(type.width, '0'),
  };
  return type.format.replace(/\{(PREFIX|YYYY|YY|MM|NO)\}/g, (_, key: string) => parts[key]);
}

/** The date a record's number shows: its numbering date field when filled, else today. */
function dateOf(numbering: NumberingModel, record: Row): string {
  const value = numbering.date ? record[numbering.date] : undefined;
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : today();
}

/**
 * Reserves `count` consecutive numbers for the entity, in one update of its transaction type,
 * and answers the numbers for the given records (in order), each dated by its own date field.
 * No transaction type for the entity: 422 naming the domain and where to add one.
 */
export async function reserveNumbers(tx: Db, catalog: Catalog, entity: EntityModel, records: readonly Row[], locale: Locale): Promise<string[]> {
  const numbering = entity.numbering;
  if (!numbering || records.length === 0) return [];
  const typeEntity = catalog.entityNamed(NUMBERING_ENTITY);
  const missing = () => {
    const text = message(locale, 'numberingMissing', { entity: entity.label[locale], domain: entity.name });
    return new ApiError(422, text, { [numbering.field]: [text] });
  };
  if (!typeEntity) throw missing();
  const table = sql.raw(quoteIdent(catalog.tableOf(typeEntity)));
  // The lowest id when several types share the domain; the update's row lock serialises writers.
  const result = await sql<NumberType>`
    update ${table} set last_no = coalesce(last_no, 0) + ${records.length}, version = version + 1
    where id = (select id from ${table} where domain = ${entity.name} order by id limit 1)
    returning prefix, format, width, last_no`.execute(tx);
  const type = result.rows[0];
  if (!type) throw missing();
  const first = Number(type.last_no) - records.length + 1;
  return records.map((record, i) => formatNumber(type, first + i, dateOf(numbering, record)));
}
