// The rules that compare a record with the other records of its table, run inside the write
// transaction: composite unique keys (the unique index is the truth; this look-up gives the
// message), sums over a group (sumAtMost) and ranges that must not overlap (noOverlap).
//
// Two writes to the same group at the same moment must not both pass a sum or overlap check
// that only one of them may pass: each takes a transaction-scoped advisory lock on its group
// (entity, check, group values) before reading the group, so on PostgreSQL the second waits
// until the first commits and then sees its row. Locks are taken in a fixed order, so two
// writes that lock several groups cannot wait for each other. PGlite runs one query at a time.

import { sql } from 'kysely';
import type { EntityModel, FieldKind, GroupCheck, Locale } from '../../src/shared/entityModel';
import { representRecord } from '../../src/shared/entityModel';
import { fillText } from '../../src/shared/messages';
import type { FieldErrors } from '../../src/shared/validation';
import type { Db, Row } from '../db/database';
import { normalizedColumn, normalizedValue } from '../db/normalizedText';
import type { Catalog } from './catalog';

/** The first key of the two-key advisory locks on groups: a fixed number no other code uses. */
const GROUP_LOCK_SPACE = 730_002;

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function sameValue(a: unknown, b: unknown): boolean {
  if (isBlank(a) || isBlank(b)) return isBlank(a) && isBlank(b);
  return String(a) === String(b);
}

function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'id' ? 'id-ID' : 'en-US', { maximumFractionDigits: 2 }).format(value);
}

/** A groupBy entry through a reference (`assignment_type_id.grading_aspect_id`): the reference field and the referenced table and field. */
function throughReference(catalog: Catalog, entity: EntityModel, name: string): { ref: string; table: string; field: string } | null {
  const [ref, field] = name.split('.');
  if (field === undefined) return null;
  const target = catalog.entityNamed(entity.fields.find((f) => f.name === ref)?.to ?? '');
  return { ref, table: target ? catalog.tableOf(target) : ref, field };
}

/** The record's value of each groupBy entry; through a reference, the referenced record's. */
async function groupValues(tx: Db, catalog: Catalog, entity: EntityModel, record: Row, groupBy: string[]): Promise<unknown[]> {
  const values: unknown[] = [];
  for (const name of groupBy) {
    const through = throughReference(catalog, entity, name);
    if (!through || isBlank(record[through.ref])) {
      values.push(record[name] ?? null);
      continue;
    }
    const row: Row | undefined = await tx.selectFrom(through.table).select(sql.ref(through.field).as('value')).where('id', '=', record[through.ref]).executeTakeFirst();
    values.push(row?.value ?? null);
  }
  return values;
}

/** The other records whose groupBy values equal `values`; an empty value is a group of its own. */
function inGroup(catalog: Catalog, entity: EntityModel, groupBy: string[], values: unknown[], recordId: number | null) {
  const conditions = groupBy.map((name, i) => {
    const through = throughReference(catalog, entity, name);
    if (!through) return sql`${sql.ref(name)} is not distinct from ${values[i]}`;
    return sql`${sql.ref(through.ref)} in (select id from ${sql.table(through.table)} where ${sql.ref(through.field)} is not distinct from ${values[i]})`;
  });
  if (recordId !== null) conditions.push(sql`id <> ${recordId}`);
  return conditions.length ? sql<boolean>`${sql.join(conditions, sql` and `)}` : sql<boolean>`true`;
}

function fieldsOf(check: GroupCheck): string[] {
  const groupFields = check.groupBy.map((name) => name.split('.')[0]);
  return check.kind === 'sumAtMost' ? [check.field, ...groupFields] : [check.from, check.to, ...groupFields];
}

/**
 * Messages per field when saving `body` (the stored record `stored` on update, null on
 * create) would break a unique key or a group check. A rule is only checked when the write
 * changes one of its fields: an unrelated edit of a record is not refused for its group.
 */
export async function groupCheckErrors(
  tx: Db,
  catalog: Catalog,
  entity: EntityModel,
  stored: Row | null,
  body: Record<string, unknown>,
  locale: Locale,
): Promise<FieldErrors> {
  const table = catalog.tableOf(entity);
  const record: Row = { ...(stored ?? {}), ...body };
  const recordId = stored ? Number(stored.id) : null;
  const touched = (fields: string[]) => !stored || fields.some((f) => body[f] !== undefined && !sameValue(body[f], stored[f]));
  const errors: FieldErrors = {};
  const add = (field: string, text: string) => {
    if (!errors[field]) errors[field] = [text];
  };

  for (const key of entity.uniqueKeys ?? []) {
    if (!touched(key.fields) || key.fields.some((f) => isBlank(record[f]))) continue; // NULLs never clash
    let query = tx.selectFrom(table).select('id');
    for (const name of key.fields) {
      // Text as a person reads it, as the key's index compares it.
      const asText = entity.fields.find((f) => f.name === name)?.uniqueText;
      query = asText ? query.where(normalizedColumn(name), '=', normalizedValue(record[name])) : query.where(sql.ref(name), '=', record[name]);
    }
    if (recordId !== null) query = query.where('id', '<>', recordId);
    if (await query.limit(1).executeTakeFirst()) add(key.fields[key.fields.length - 1], key.message[locale]);
  }

  const checks = (entity.groupChecks ?? []).filter((check) => {
    if (!touched(fieldsOf(check))) return false;
    return check.kind === 'sumAtMost' ? !isBlank(record[check.field]) : !isBlank(record[check.from]) && !isBlank(record[check.to]);
  });
  const groups = new Map<GroupCheck, unknown[]>();
  for (const check of checks) groups.set(check, await groupValues(tx, catalog, entity, record, check.groupBy));
  const locks = [...new Set(checks.map((check) => `${entity.name}|${check.groupBy.join(',')}|${JSON.stringify(groups.get(check))}`))].sort();
  for (const lock of locks) await sql`select pg_advisory_xact_lock(${sql.lit(GROUP_LOCK_SPACE)}, hashtext(${lock}))`.execute(tx);

  for (const check of checks) {
    const group = inGroup(catalog, entity, check.groupBy, groups.get(check)!, recordId);
    if (check.kind === 'sumAtMost') {
      const row = await tx
        .selectFrom(table)
        .where(group)
        .select(sql<number>`coalesce(sum(${sql.ref(check.field)}), 0)::float8`.as('total'))
        .executeTakeFirst();
      const others = Number(row?.total ?? 0);
      const total = others + Number(record[check.field]);
      if (total > check.max + 1e-9) {
        add(
          check.field,
          fillText(check.message[locale], {
            total: formatNumber(total, locale),
            max: formatNumber(check.max, locale),
            left: formatNumber(Math.max(0, check.max - others), locale),
          }),
        );
      }
    } else {
      const kind: FieldKind | undefined = entity.fields.find((f) => f.name === check.from)?.kind;
      // Times and moments may touch (a lesson 07:00–08:00, the next 08:00–09:00); scores and days may not.
      const touching = kind === 'time' || kind === 'datetime';
      const [before, after] = touching ? (['<', '>'] as const) : (['<=', '>='] as const);
      const other: Row | undefined = await tx
        .selectFrom(table)
        .where(group)
        .selectAll()
        .where(sql.ref(check.from), before, record[check.to])
        .where(sql.ref(check.to), after, record[check.from])
        .orderBy(sql.ref(check.from))
        .limit(1)
        .executeTakeFirst();
      if (other) {
        add(
          check.to,
          fillText(check.message[locale], {
            other: representRecord(entity.represent, other),
            from: String(other[check.from]),
            to: String(other[check.to]),
          }),
        );
      }
    }
  }
  return errors;
}
