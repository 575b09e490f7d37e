// Runs a checked ListQuery: one page of records (all columns, system ones included) and the
// total number of records that match.

import { sql, type Expression, type SqlBool } from 'kysely';
import type { FieldModel } from '../../src/shared/entityModel';
import type { Db, DbExpressions, Row } from '../db/database';
import type { Condition, ListQuery } from './listQuery';

const TEXT_KINDS = new Set<FieldModel['kind']>(['string', 'text', 'richtext', 'email', 'url', 'color', 'enum']);

/** `%`, `_` and the escape character itself stand for themselves in the searched text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function conditionSql(eb: DbExpressions, condition: Condition): Expression<SqlBool> {
  const column = sql.ref(condition.column);
  switch (condition.kind) {
    case 'equals':
      return condition.values.length === 1 ? eb(column, '=', condition.values[0]) : eb(column, 'in', condition.values);
    case 'contains':
      return sql<SqlBool>`${column} && ${sql.val(condition.values)}::integer[]`;
    case 'range':
      return eb(column, condition.op, condition.value);
  }
}

function searchSql(eb: DbExpressions, search: NonNullable<ListQuery['search']>): Expression<SqlBool> {
  const pattern = likePattern(search.text);
  return eb.or(
    search.fields.map((field) => {
      const column = TEXT_KINDS.has(field.kind) ? sql`${sql.ref(field.name)}` : sql`${sql.ref(field.name)}::text`;
      return sql<SqlBool>`${column} ilike ${pattern}`;
    }),
  );
}

export async function listRecords(db: Db, table: string, query: ListQuery): Promise<{ rows: Row[]; total: number }> {
  const filtered = db.selectFrom(table).where((eb: DbExpressions) => {
    const parts = query.conditions.map((c) => conditionSql(eb, c));
    if (query.search) parts.push(searchSql(eb, query.search));
    return eb.and(parts);
  });
  const countRow: Row | undefined = await filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst();
  let page = filtered.selectAll().orderBy(sql.ref(query.sort), query.order);
  if (query.sort !== 'id') page = page.orderBy('id', query.order);
  const rows: Row[] = await page
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  return { rows, total: Number(countRow?.total ?? 0) };
}
