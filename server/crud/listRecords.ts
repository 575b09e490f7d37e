// Runs a checked ListQuery: one page of records (all columns, system ones included) and the
// number of records that match.
//
// On the embedded database (PGlite) every row a list reads costs about a microsecond, most
// of it the ILIKE of `q` (lower() on both sides, per row): an exact count of a search that
// matches 20,000 of 100,000 rows takes 25–35 ms by itself. So the work is kept proportional
// to min(matches, a bound), by the planner's estimate of the matches (EXPLAIN, not run):
//
// - few (≤ SORT_ALL_MAX): one query reads them all, counts them (exactly) and sorts them;
// - many: a count up to COUNT_CAP + 1 (stops early), and if the cap is passed the total is
//   the estimate, marked `totalEstimated` ("about 20,000"); the page comes from the planner,
//   typically an index walk in sort order that stops when the page is full.
//
// Rows are always exact; only a total above the cap is an estimate. See bench/listLatency.ts.

import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { FieldModel } from '../../src/shared/entityModel';
import type { Db, DbExpressions, Row } from '../db/database';
import type { Condition, ListQuery } from './listQuery';

/** Lists count exactly up to this many matches; beyond it `total` is the planner's estimate. */
export const COUNT_CAP = 1000;
/** Up to this many matches (counted or estimated) a page is cut from all of them, sorted. */
export const SORT_ALL_MAX = 10_000;

export interface ListOptions {
  countCap?: number;
  sortAllMax?: number;
}

export interface ListPage {
  rows: Row[];
  total: number;
  /** `total` is the planner's estimate (more than the count cap matched), not a count. */
  totalEstimated: boolean;
}

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
  const text = (field: FieldModel) => (TEXT_KINDS.has(field.kind) ? sql`${sql.ref(field.name)}` : sql`${sql.ref(field.name)}::text`);
  return eb.or([
    ...search.fields.map((field) => sql<SqlBool>`${text(field)} ilike ${pattern}`),
    // Through a reference: the referenced rows that match, by id (one subquery, no join).
    ...(search.through ?? []).map(
      (t) => sql<SqlBool>`${sql.ref(t.column)} in (select id from ${sql.table(t.table)} where ${text(t.field)} ilike ${pattern})`,
    ),
  ]);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Filtered = SelectQueryBuilder<any, string, object>;

/** The planner's row estimate for the filtered rows (EXPLAIN, nothing is run). */
async function estimatedRows(filtered: Filtered): Promise<number> {
  const plan: Row[] = await filtered.select(sql<number>`1`.as('one')).explain('json');
  const raw = plan[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined;
  const rows = parsed?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}

async function countOf(db: Db, matches: Filtered): Promise<number> {
  const row: Row | undefined = await db
    .selectFrom(matches.as('matches'))
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The column that carries the count of all matches next to each row of a page cut from all. */
const TOTAL_COLUMN = 'list total';

export async function listRecords(db: Db, table: string, query: ListQuery, options: ListOptions = {}): Promise<ListPage> {
  const countCap = options.countCap ?? COUNT_CAP;
  const sortAllMax = Math.max(options.sortAllMax ?? SORT_ALL_MAX, countCap);
  const filtered: Filtered = db.selectFrom(table).where((eb: DbExpressions) => {
    const parts = query.conditions.map((c) => conditionSql(eb, c));
    if (query.search) parts.push(searchSql(eb, query.search));
    return eb.and(parts);
  });
  const offset = (query.page - 1) * query.perPage;
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  const sortKeys = query.sort === 'id' ? ['id'] : [query.sort, 'id'];
  const orderOf = (alias: string) => sql.join(sortKeys.map((key) => sql`${sql.ref(`${alias}.${key}`)} ${direction}`));

  const estimate = await estimatedRows(filtered);
  if (estimate > sortAllMax) {
    // Many matches, by the statistics. Count up to one past the cap (with many matches that
    // stops early); more than the cap: the estimate stands, and the planner picks how to read
    // the page (typically walking an index on the sort column until the page is full).
    const counted = await countOf(db, filtered.select(sql<number>`1`.as('one')).limit(countCap + 1));
    if (counted > countCap) {
      const page = await sql<Row>`
        select * from ${filtered.selectAll().as('t')}
        order by ${orderOf('t')} limit ${query.perPage} offset ${offset}`.execute(db);
      return { rows: page.rows, total: estimate, totalEstimated: true };
    }
  }

  // Few matches: one query reads the sort keys of them all, counts them (a window over the
  // narrow keys: over whole rows it costs twice as much), sorts them and cuts the page, whose
  // rows are then read by id. OFFSET 0 keeps the planner from walking a sort index through
  // the whole table to find rare matches.
  const keys = filtered.select(sortKeys.map((key) => sql.ref(key).as(key))).offset(0);
  const result = await sql<Row>`
    select t.*, p.${sql.ref(TOTAL_COLUMN)} from (
      select m.*, count(*) over () as ${sql.ref(TOTAL_COLUMN)} from ${keys} as m
      order by ${orderOf('m')} limit ${query.perPage} offset ${offset}
    ) as p
    join ${sql.table(table)} as t on t.id = p.id
    order by ${orderOf('p')}`.execute(db);
  const rows = result.rows;
  // Past the last page there is no row to carry the count.
  const total = rows.length ? Number(rows[0][TOTAL_COLUMN]) : await countOf(db, filtered.select(sql<number>`1`.as('one')));
  for (const row of rows) delete row[TOTAL_COLUMN];
  return { rows, total, totalEstimated: false };
}
