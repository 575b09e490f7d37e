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
import { schoolToday } from '../../src/shared/schoolCalendar';

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
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : schoolToday();
}

/** Numbers reserved for one write: they are the writer's until its transaction ends. */
export interface Reservation {
  /** How many numbers were reserved. */
  count: number;
  /** Number `offset` (0-based) of the reservation, for a record dated by its numbering date field. */
  numberAt(offset: number, record: Row): string;
  /**
   * Gives the last `count` numbers back (a bulk write that skipped records): safe because the
   * writer still holds the transaction type's row lock, so nobody reserved after it.
   */
  giveBack(tx: Db, count: number): Promise<void>;
}

/**
 * Reserves `count` consecutive numbers for the entity in one update of its transaction type.
 * No transaction type for the entity: 422 naming the domain and where to add one.
 */
export async function reserveNumbers(tx: Db, catalog: Catalog, entity: EntityModel, count: number, locale: Locale): Promise<Reservation> {
  const numbering = entity.numbering;
  if (!numbering) throw new Error(`${entity.name} declares no numbering`);
  const typeEntity = catalog.entityNamed(NUMBERING_ENTITY);
  const missing = () => {
    const text = message(locale, 'numberingMissing', { entity: entity.label[locale], domain: entity.name });
    return new ApiError(422, text, { [numbering.field]: [text] });
  };
  if (!typeEntity) throw missing();
  const table = sql.raw(quoteIdent(catalog.tableOf(typeEntity)));
  // The lowest id when several types share the domain; the update's row lock serialises writers.
  const result = await sql<NumberType & { id: number }>`
    update ${table} set last_no = coalesce(last_no, 0) + ${count}, version = version + 1
    where id = (select id from ${table} where domain = ${entity.name} order by id limit 1)
    returning id, prefix, format, width, last_no`.execute(tx);
  const type = result.rows[0];
  if (!type) throw missing();
  const first = Number(type.last_no) - count + 1;
  return {
    count,
    numberAt: (offset, record) => formatNumber(type, first + offset, dateOf(numbering, record)),
    giveBack: async (db, back) => {
      if (back > 0) await sql`update ${table} set last_no = last_no - ${back} where id = ${type.id}`.execute(db);
    },
  };
}
