// Runs a checked ListQuery: one page of records (all columns, system ones included) and the
// number of records that match.
//
// On the embedded database (PGlite) every row a list reads costs about half a microsecond or
// more; `q` is one LIKE per row on the table's search column (src/shared/searchColumn.ts). So
// the work is kept proportional to min(matches, a bound), by the planner's estimate of the
// matches (EXPLAIN, not run; kept a minute per filter, as the statistics it reads are):
//
// - few (≤ SORT_ALL_MAX): one query reads them all, counts them (exactly) and sorts them;
// - more: a bounded walk of the sort index from its start, keeping the matches it meets,
//   which are the first in sort order. A sort index holds the search column and the yes/no
//   filters besides its key (generators/emit/tables.ts), so the walk reads the index alone
//   once VACUUM has marked the table's pages (autovacuum; the server on the embedded
//   database). Up to WALK_COUNT_MAX expected matches, or when the histogram places them, the
//   walk goes on to one past COUNT_CAP and counts them; otherwise a count up to one past the
//   cap runs in the same statement. Past the cap the total is the estimate, marked
//   `totalEstimated` ("about 20,000").
//   How far the walk goes: where the sort field's histogram puts the matches, when the search
//   reads that field ("xii" by name starts two thirds along), or else a few times as far as
//   evenly spread matches need; the histogram's value there bounds it (one index scan), or else
//   a row count does; a walk that may go past a third of the index has no bound (it costs more
//   a row than it can save). When that costs more than sorting all matches, or the walk meets
//   too few, the page is cut from all matches sorted.
//
// Rows are always exact; only a total above the cap is an estimate. See bench/listLatency.ts.

import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { FieldModel } from '../../src/shared/entityModel';
import type { Db, DbExpressions, Row } from '../db/database';
import { anyOf } from '../db/anyOf';
import { FIELD_KINDS } from '../../src/shared/fieldKinds';
import { SEARCH_COLUMN, SEARCH_SEPARATOR } from '../../src/shared/searchColumn';
import type { Condition, ListQuery } from './listQuery';

/** Lists count exactly up to this many matches; beyond it `total` is the planner's estimate. */
export const COUNT_CAP = 1000;
/** Up to this many matches (counted or estimated) a page is cut from all of them, sorted. */
export const SORT_ALL_MAX = 2000;
/** Up to this many expected matches (or any, when the histogram places them) a walk of a sort index also counts them, up to one past the cap. */
export const WALK_COUNT_MAX = 10_000;
/** How many times as far as evenly spread matches need a walk that counts them goes at most. */
export const COUNT_WALK_FACTOR = 2;
/** How many times as far as evenly spread matches need a broad search walks a sort index at least. */
export const WALK_FACTOR = 4;
/**
 * How many rows a walk of a sort index may read per match the planner expects, before the page
 * is cut from all matches sorted instead: a row walked in a covering index, bounded by a value,
 * costs an eighth to an eleventh of a match found through the search index, read, counted and
 * sorted (embedded ~0.25 against ~2.1 µs, PostgreSQL ~0.13 against ~1.46 µs), and the walk's
 * length from the histogram runs a stretch or two past the matches it needs. "xi ipa" by name
 * descending (6,668 of 100,000 classes; bench/listLatency.ts) now walks 50,000 rows: 6.6 ms in
 * PostgreSQL, against 9.8 ms to sort all its matches; a request on the embedded database
 * 16.3 → 14.3 ms.
 */
export const WALK_PER_MATCH = 10;

/** The thresholds, for tests on small tables (default COUNT_CAP, SORT_ALL_MAX, WALK_COUNT_MAX). */
export interface ListOptions {
  countCap?: number;
  sortAllMax?: number;
  walkCountMax?: number;
}

export interface ListPage {
  rows: Row[];
  total: number;
  /** `total` is the planner's estimate (more than the count cap matched), not a count. */
  totalEstimated: boolean;
}

/** `%`, `_` and the escape character itself stand for themselves in the searched text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function conditionSql(eb: DbExpressions, condition: Condition): Expression<SqlBool> {
  const column = sql.ref(condition.column);
  switch (condition.kind) {
    case 'equals':
      return condition.values.length === 1 ? eb(column, '=', condition.values[0]) : anyOf(condition.column, condition.values);
    case 'contains':
      return sql<SqlBool>`${column} && ${sql.val(condition.values)}::integer[]`;
    case 'range':
      return eb(column, condition.op, condition.value);
  }
}

/**
 * The search column a search reads: the fields it holds are searched in it, with one LIKE,
 * unless the text holds the separator (a match could then span two fields).
 */
function searchedColumn(search: NonNullable<ListQuery['search']>): NonNullable<ListQuery['search']>['column'] {
  return search.column && !search.text.includes(SEARCH_SEPARATOR) ? search.column : undefined;
}

export function searchSql(eb: DbExpressions, search: NonNullable<ListQuery['search']>): Expression<SqlBool> {
  const pattern = likePattern(search.text);
  const text = (field: FieldModel) => (FIELD_KINDS[field.kind].readAsText ? sql`${sql.ref(field.name)}` : sql`${sql.ref(field.name)}::text`);
  const column = searchedColumn(search);
  const alone = column ? search.fields.filter((f) => !column.fields.includes(f.name)) : search.fields;
  return eb.or([
    ...(column ? [sql<SqlBool>`${sql.ref(column.name)} like lower(${pattern})`] : []),
    ...alone.map((field) => sql<SqlBool>`${text(field)} ilike ${pattern}`),
    // Through a reference: the referenced rows that match, by id (one subquery, no join).
    ...(search.through ?? []).map(
      (t) => sql<SqlBool>`${sql.ref(t.column)} in (select id from ${sql.table(t.table)} where ${text(t.field)} ilike ${pattern})`,
    ),
  ]);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Filtered = SelectQueryBuilder<any, string, object>;

/** How long estimates and tableFacts are kept (the statistics of a server database change with autovacuum). */
const FACTS_MS = 60_000;

/** Per database handle: a filter's SQL and values → the planner's estimate of its rows, and when it was made. */
const estimateCache = new WeakMap<Db, Map<string, { rows: number; at: number }>>();
/** How many filters' estimates are kept per database handle (the oldest made goes first). */
const ESTIMATES_KEPT = 500;

/**
 * The planner's row estimate for the filtered rows (EXPLAIN, nothing is run), kept for FACTS_MS:
 * it changes only with the table's statistics, and the next page, another sort or a return to
 * the list ask for the same filter again (planning it is ~0.7 ms on PostgreSQL, a round trip
 * and the search's histogram read). A stale estimate changes how a page is looked for, never
 * its rows; only a total past the count cap is the estimate itself, marked as such.
 */
async function estimatedRows(db: Db, filtered: Filtered): Promise<number> {
  const query = filtered.select(sql<number>`1`.as('one'));
  const compiled = query.compile();
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  let cache = estimateCache.get(db);
  if (!cache) estimateCache.set(db, (cache = new Map()));
  const known = cache.get(key);
  if (known && performance.now() - known.at < FACTS_MS) return known.rows;
  const plan: Row[] = await query.explain('json');
  const raw = plan[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined;
  const planned = parsed?.[0]?.Plan?.['Plan Rows'];
  const rows = typeof planned === 'number' && Number.isFinite(planned) ? Math.round(planned) : 0;
  cache.delete(key);
  cache.set(key, { rows, at: performance.now() });
  if (cache.size > ESTIMATES_KEPT) cache.delete(cache.keys().next().value!);
  return rows;
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

interface TableFacts {
  rows: number;
  indexed: boolean;
  /** The column's histogram (ANALYZE's), as text, from its lowest value to its highest; null without one. */
  bounds: string[] | null;
  /** The column holds no NULL (NOT NULL): a descending walk then starts with its highest value. */
  notNull: boolean;
}

/** Per database handle: table and column → tableFacts (the catalogue query costs as much as a page). */
const factsCache = new WeakMap<Db, Map<string, TableFacts & { at: number }>>();

/**
 * Forgets the estimates and tableFacts kept for `db`, after its statistics changed under the
 * server's eyes (the embedded server's VACUUM; an ANALYZE run by hand): the next list asks anew.
 */
export function forgetListStatistics(db: Db): void {
  estimateCache.delete(db);
  factsCache.delete(db);
}

/**
 * The rows a table holds (the statistics': on the embedded database VACUUM refreshes them every
 * few minutes, and the histogram comes from the ANALYZE at start), whether a btree index starts
 * with `column`, and the column's histogram; kept for a minute. None of them changes what a list answers, only how a page is looked for.
 */
async function tableFacts(db: Db, table: string, column: string): Promise<TableFacts> {
  let cache = factsCache.get(db);
  if (!cache) factsCache.set(db, (cache = new Map()));
  const key = `${table}\u0000${column}`;
  const known = cache.get(key);
  if (known && performance.now() - known.at < FACTS_MS) return known;
  const result = await sql<TableFacts>`
    select greatest(c.reltuples, 0)::float8 as rows, exists (
      select 1 from pg_index i
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
      join pg_class ic on ic.oid = i.indexrelid
      join pg_am am on am.oid = ic.relam
      where i.indrelid = c.oid and a.attname = ${column} and am.amname = 'btree' and i.indpred is null
    ) as indexed, (
      select s.histogram_bounds::text::text[] from pg_stats s
      where s.schemaname = n.nspname and s.tablename = c.relname and s.attname = ${column}
    ) as bounds, coalesce((
      select a.attnotnull from pg_attribute a where a.attrelid = c.oid and a.attname = ${column}
    ), false) as "notNull"
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.oid = to_regclass(${`"${table.replace(/"/g, '""')}"`})`.execute(db);
  const row = result.rows[0];
  const facts = { rows: Number(row?.rows ?? 0), indexed: row?.indexed === true, bounds: row?.bounds ?? null, notNull: row?.notNull === true, at: performance.now() };
  cache.set(key, facts);
  return facts;
}

/**
 * How far along the sort index a walk goes to meet `needed` matches, by the sort field's
 * histogram, when the search is read in that field: the histogram's values that hold the text
 * show where the matches sit ("xi ipa" sorted by name: between 41 % and 50 % of the way), and
 * the expected matches are spread over those stretches. Undefined when it cannot tell (the
 * field is not searched, has no histogram, or no value of it holds the text).
 */
export function histogramWalk(bounds: readonly string[] | null, text: string, order: 'asc' | 'desc', needed: number, estimate: number, rows: number): number | undefined {
  if (!bounds || bounds.length < 2) return undefined;
  const wanted = text.toLowerCase();
  const along = order === 'asc' ? bounds : [...bounds].reverse();
  const stretches = along.length - 1;
  const holding: number[] = [];
  for (let i = 0; i < stretches; i++) if (along[i].toLowerCase().includes(wanted) || along[i + 1].toLowerCase().includes(wanted)) holding.push(i);
  if (holding.length === 0) return undefined;
  const perStretch = Math.max(1, estimate / holding.length);
  const last = holding[Math.min(holding.length, Math.ceil(needed / perStretch)) - 1];
  // To the end of that stretch and one more: the histogram is a sample.
  return Math.ceil((Math.min(stretches, last + 2) / stretches) * rows);
}

/**
 * The sort field's value about `along` rows into the sort order, by its histogram: a walk that
 * stops there can be one index scan bounded by that value (`name <= 'XI IPA 35065'`), where a
 * walk bounded by a row count needs a LIMIT under the filter, which costs the embedded database
 * a fifth more a row walked. Undefined without a histogram, or when the value would be its last.
 */
export function boundKey(bounds: readonly string[] | null, order: 'asc' | 'desc', along: number, rows: number): string | undefined {
  if (!bounds || bounds.length < 2 || rows <= 0) return undefined;
  const stretches = bounds.length - 1;
  const at = Math.ceil((along / rows) * stretches);
  if (at >= stretches) return undefined;
  return order === 'asc' ? bounds[Math.max(at, 1)] : bounds[stretches - Math.max(at, 1)];
}

/** Whether a search reads `field` itself (as text), so that the field's values show where its matches sit. */
function searchedIn(search: NonNullable<ListQuery['search']>, field: string): boolean {
  return searchedColumn(search)?.fields.includes(field) || search.fields.some((f) => f.name === field && FIELD_KINDS[f.kind].readAsText);
}

/** The columns a list's filter reads (conditions, the search column and searched fields, references searched through). */
function filterColumns(query: ListQuery): string[] {
  const columns = query.conditions.map((c) => c.column);
  const search = query.search;
  if (search) {
    // As searchSql reads them: the search column, and the fields it does not hold.
    const column = searchedColumn(search);
    if (column) columns.push(column.name);
    columns.push(...search.fields.filter((f) => !column?.fields.includes(f.name)).map((f) => f.name));
    columns.push(...(search.through ?? []).map((t) => t.column));
  }
  return columns;
}

function withoutSearchColumn(rows: Row[]): Row[] {
  for (const row of rows) delete row[SEARCH_COLUMN];
  return rows;
}

export async function listRecords(db: Db, table: string, query: ListQuery, options: ListOptions = {}): Promise<ListPage> {
  const countCap = options.countCap ?? COUNT_CAP;
  const sortAllMax = Math.max(options.sortAllMax ?? SORT_ALL_MAX, countCap);
  const walkCountMax = Math.max(options.walkCountMax ?? WALK_COUNT_MAX, sortAllMax);
  const where = (eb: DbExpressions) => {
    const parts = query.conditions.map((c) => conditionSql(eb, c));
    if (query.search) parts.push(searchSql(eb, query.search));
    return eb.and(parts);
  };
  const filtered: Filtered = db.selectFrom(table).where(where);
  const offset = (query.page - 1) * query.perPage;
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  const sortKeys = query.sort === 'id' ? ['id'] : [query.sort, 'id'];
  /** ORDER BY the sort keys, of the table or query named `alias` (unqualified without one). */
  const orderOf = (alias?: string) => sql.join(sortKeys.map((key) => sql`${sql.ref(alias ? `${alias}.${key}` : key)} ${direction}`));
  /** The sort keys as columns of their own name, which is all a page's search reads of a match. */
  const keyColumns = sortKeys.map((key) => sql.ref(key).as(key));

  // Reads the sort keys of every match, sorts them and cuts the page, whose rows are then read
  // by id; with `counted`, each row also carries the number of matches (a window over the
  // narrow keys: over whole rows it costs twice as much). OFFSET 0 keeps the planner from
  // walking a sort index through the whole table to find matches that sit far along it.
  const sortedPage = (counted: boolean) => {
    const keys = filtered.select(keyColumns).offset(0);
    return sql<Row>`
      select t.*${counted ? sql`, p.${sql.ref(TOTAL_COLUMN)}` : sql``} from (
        select m.*${counted ? sql`, count(*) over () as ${sql.ref(TOTAL_COLUMN)}` : sql``} from ${keys} as m
        order by ${orderOf('m')} limit ${query.perPage} offset ${offset}
      ) as p
      join ${sql.table(table)} as t on t.id = p.id
      order by ${orderOf('p')}`.execute(db);
  };

  const estimate = await estimatedRows(db, filtered);
  const facts = estimate > sortAllMax ? await tableFacts(db, table, query.sort) : undefined;
  if (facts?.indexed) {
    // Many matches, by the statistics: walk the sort index from its start and keep the first
    // matches met on the way; they are exactly the first matches in sort order, and the page is
    // cut from them. Only the columns the filter reads are read, so with a covering sort index
    // (sort key, id, then the search column and the filters: migrate makes them) the walk does
    // not touch the table. The total:
    // - up to WALK_COUNT_MAX expected matches, or when the sort field's histogram places them
    //   (bunched along the order: the cap's worth comes soon after the first), the walk goes on
    //   to one past the count cap, and counts: past the cap the total is the estimate (a count
    //   through the search index would cost about what the walk does);
    // - otherwise, the matches are counted up to one past the cap in the same statement.
    const rowsInTable = Math.max(facts.rows, estimate);
    const countNeeded = Math.max(countCap + 1, offset + query.perPage);
    // How far the walk goes: where the sort field's histogram puts the matches, when the search
    // reads that field; or else a few times as far as evenly spread matches need. When that is
    // further than costs what sorting all matches would, they are sorted instead.
    const sortCost = Math.ceil(WALK_PER_MATCH * estimate);
    const searched = query.search && searchedIn(query.search, query.sort) ? query.search.text : undefined;
    const located = searched === undefined ? undefined : histogramWalk(facts.bounds, searched, query.order, countNeeded, estimate, rowsInTable);
    // "xii" by name ascending (24,754 of 100,000 classes): counted in a walk that meets its first
    // match 67,000 rows along, ~0.1 ms more than the walk to the page; apart, ~0.7 ms.
    const counting = estimate <= walkCountMax || located !== undefined;
    const needed = counting ? countNeeded : offset + query.perPage;
    // Rows a walk reads to meet the matches it looks for, if they are spread evenly.
    const even = Math.ceil((needed * rowsInTable) / estimate);
    // (false: sort all instead.)
    const bound = counting
      ? located !== undefined
        ? located <= sortCost && located
        : even <= sortCost && Math.min(COUNT_WALK_FACTOR * even, sortCost)
      : Math.max(WALK_FACTOR * even, sortCost);
    if (bound) {
      // A walk that may go past a third of the index goes as far as it must, to the end if need
      // be: a bound costs a comparison per row walked (on text, strcoll: ~1.4 of 8.4 ms walking
      // 67,000 classes to the first "xii" by name in PostgreSQL), and saves rows only when the
      // matches are not where the statistics put them, then at most twice as many as were walked.
      const whole = 3 * bound >= rowsInTable;
      // Bounded by the sort field's value where the histogram has one. Ascending, NULLs sort
      // last, past any value; descending they sort first, so a column that may hold them is
      // walked in two parts, its NULLs (none, mostly: one step into the index) and then down to
      // the value, and the first matches of both are kept.
      const key = whole ? undefined : boundKey(facts.bounds, query.order, bound, rowsInTable);
      let walked: Expression<unknown>;
      if (whole) {
        // Plain: the filter is read in the index walk itself, not above it in a subquery (a
        // fifth less a row walked in PostgreSQL); it stops at the last match it needs.
        walked = db.selectFrom(table).where(where).select(keyColumns).orderBy(orderOf()).limit(needed);
      } else if (key !== undefined) {
        const ranged = db
          .selectFrom(table)
          .where(where)
          .where(sql.ref(query.sort), query.order === 'asc' ? '<=' : '>=', key)
          .select(keyColumns)
          .orderBy(orderOf())
          .limit(needed);
        if (query.order === 'asc' || facts.notNull) walked = ranged;
        else {
          const nulls = db.selectFrom(table).where(where).where(sql.ref(query.sort), 'is', null).select(keyColumns).orderBy(orderOf()).limit(needed);
          walked = sql`(select * from (${nulls} union all ${ranged}) as u order by ${orderOf('u')} limit ${needed})`;
        }
      } else {
        const columns = [...new Set(['id', ...sortKeys, ...filterColumns(query)])];
        const head = db
          .selectFrom(table)
          .select(columns.map((c) => sql.ref(c).as(c)))
          .orderBy(orderOf())
          .limit(bound);
        walked = db.selectFrom(head.as(table)).where(where).select(keyColumns).limit(needed);
      }
      const capped = filtered.select(sql<number>`1`.as('one')).limit(countCap + 1);
      // The page's rows are read by id, from the keys the walk kept.
      const pageOf = (keys: Expression<unknown>) => sql`
        select t.* from (select * from ${keys} as k order by ${orderOf('k')} limit ${query.perPage} offset ${offset}) as q
        join ${sql.table(table)} as t on t.id = q.id order by ${orderOf('q')}`;
      const rows = (
        counting
          ? await sql<Row>`
              with m as materialized (${walked})
              select c.n as ${sql.ref(TOTAL_COLUMN)}, p.* from (select count(*) as n from m) as c
              left join lateral (${pageOf(sql`m`)}) as p on true`.execute(db)
          : await sql<Row>`
              select c.n as ${sql.ref(TOTAL_COLUMN)}, p.* from (select count(*) as n from ${capped} as x) as c
              left join lateral (${pageOf(walked)}) as p on true`.execute(db)
      ).rows;
      const counted = Number(rows[0]?.[TOTAL_COLUMN] ?? 0);
      const page = rows.filter((row) => row.id !== null && row.id !== undefined);
      for (const row of page) delete row[TOTAL_COLUMN];
      const answer = (total: number, exact = total <= countCap): ListPage =>
        exact ? { rows: withoutSearchColumn(page), total, totalEstimated: false } : { rows: withoutSearchColumn(page), total: Math.max(estimate, total), totalEstimated: true };
      // A page cut from a walk of the whole index is right, full or not.
      const pageRight = whole || page.length === query.perPage;
      if (counting) {
        // The walk met as many matches as it looked for, or all there are.
        if (counted >= needed) return answer(counted);
        if (whole) return answer(counted, true);
        // The page is whole, the walk stopped before the cap: count, up to one past it.
        if (pageRight) return answer(await countOf(db, capped));
      } else if (pageRight) {
        return answer(counted);
      }
    }
  }

  // Few matches: one query reads them all, counts them and sorts them.
  const rows = (await sortedPage(true)).rows;
  // Past the last page there is no row to carry the count.
  const total = rows.length ? Number(rows[0][TOTAL_COLUMN]) : await countOf(db, filtered.select(sql<number>`1`.as('one')));
  for (const row of rows) delete row[TOTAL_COLUMN];
  return { rows: withoutSearchColumn(rows), total, totalEstimated: false };
}
