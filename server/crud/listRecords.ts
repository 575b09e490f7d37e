// Runs a checked ListQuery: one page of records (all columns, system ones included) and the
// number of records that match.
//
// On the embedded database (PGlite) every row a list reads costs about half a microsecond or
// more; `q` is one LIKE per row on the table's search column (src/shared/searchColumn.ts). So
// the work is kept proportional to min(matches, a bound), by the planner's estimate of the
// matches (EXPLAIN, not run):
//
// - few (≤ SORT_ALL_MAX): one query reads them all, counts them (exactly) and sorts them;
// - many: a count up to COUNT_CAP + 1 (stops early), and if the cap is passed the total is
//   the estimate, marked `totalEstimated` ("about 20,000"); the page comes from a bounded walk
//   of the sort index (matches spread along the sort order fill it after a few hundred rows;
//   matches bunched together further along take longer), or, when the walk meets too few
//   matches, from all matches sorted. The walk may cost what sorting all would: at worst a
//   page costs twice the sort, and mostly far less.
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
export const SORT_ALL_MAX = 10_000;
/** How many times as far as evenly spread matches need a broad search walks a sort index at least. */
export const WALK_FACTOR = 4;
/**
 * How many rows a walk of a sort index may read per match the planner expects, before the page
 * is cut from all matches sorted instead: walking a row costs about 0.4 of a match expected,
 * read and sorted (PostgreSQL 0.17 µs a row walked against 0.39 µs per match expected; embedded
 * 0.26 against 0.64; bench/listLatency.ts), so a walk that finds too few matches has cost about
 * what the sort then costs again. (The estimate is ANALYZE's sample: a tighter walk gave up
 * on "bahasa" by name, 25,000 rows along, whenever the sample guessed low.)
 */
export const WALK_PER_MATCH = 2.5;

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

export function searchSql(eb: DbExpressions, search: NonNullable<ListQuery['search']>): Expression<SqlBool> {
  const pattern = likePattern(search.text);
  const text = (field: FieldModel) => (FIELD_KINDS[field.kind].readAsText ? sql`${sql.ref(field.name)}` : sql`${sql.ref(field.name)}::text`);
  // The fields the search column holds are searched in it, with one LIKE, unless the text
  // holds the separator (a match could then span two fields).
  const column = search.column && !search.text.includes(SEARCH_SEPARATOR) ? search.column : undefined;
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

/** Per database handle: table and column → tableFacts (the catalogue query costs as much as a page). */
const factsCache = new WeakMap<Db, Map<string, { rows: number; indexed: boolean; at: number }>>();
/** How long tableFacts are kept (the statistics of a server database change with autovacuum). */
const FACTS_MS = 60_000;

/**
 * The rows a table holds (the statistics', which on the embedded database change only with
 * the ANALYZE at start), and whether a btree index starts with `column`; kept for a minute.
 * Neither changes what a list answers, only how far a page is looked for by walking an index.
 */
async function tableFacts(db: Db, table: string, column: string): Promise<{ rows: number; indexed: boolean }> {
  let cache = factsCache.get(db);
  if (!cache) factsCache.set(db, (cache = new Map()));
  const key = `${table}\u0000${column}`;
  const known = cache.get(key);
  if (known && performance.now() - known.at < FACTS_MS) return known;
  const result = await sql<{ rows: number; indexed: boolean }>`
    select greatest(c.reltuples, 0)::float8 as rows, exists (
      select 1 from pg_index i
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
      join pg_class ic on ic.oid = i.indexrelid
      join pg_am am on am.oid = ic.relam
      where i.indrelid = c.oid and a.attname = ${column} and am.amname = 'btree' and i.indpred is null
    ) as indexed
    from pg_class c where c.oid = to_regclass(${`"${table.replace(/"/g, '""')}"`})`.execute(db);
  const row = result.rows[0];
  const facts = { rows: Number(row?.rows ?? 0), indexed: row?.indexed === true, at: performance.now() };
  cache.set(key, facts);
  return facts;
}

function withoutSearchColumn(rows: Row[]): Row[] {
  for (const row of rows) delete row[SEARCH_COLUMN];
  return rows;
}

export async function listRecords(db: Db, table: string, query: ListQuery, options: ListOptions = {}): Promise<ListPage> {
  const countCap = options.countCap ?? COUNT_CAP;
  const sortAllMax = Math.max(options.sortAllMax ?? SORT_ALL_MAX, countCap);
  const where = (eb: DbExpressions) => {
    const parts = query.conditions.map((c) => conditionSql(eb, c));
    if (query.search) parts.push(searchSql(eb, query.search));
    return eb.and(parts);
  };
  const filtered: Filtered = db.selectFrom(table).where(where);
  const offset = (query.page - 1) * query.perPage;
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  const sortKeys = query.sort === 'id' ? ['id'] : [query.sort, 'id'];
  const orderOf = (alias: string) => sql.join(sortKeys.map((key) => sql`${sql.ref(`${alias}.${key}`)} ${direction}`));

  // Reads the sort keys of every match, sorts them and cuts the page, whose rows are then read
  // by id; with `counted`, each row also carries the number of matches (a window over the
  // narrow keys: over whole rows it costs twice as much). OFFSET 0 keeps the planner from
  // walking a sort index through the whole table to find matches that sit far along it.
  const sortedPage = (counted: boolean) => {
    const keys = filtered.select(sortKeys.map((key) => sql.ref(key).as(key))).offset(0);
    return sql<Row>`
      select t.*${counted ? sql`, p.${sql.ref(TOTAL_COLUMN)}` : sql``} from (
        select m.*${counted ? sql`, count(*) over () as ${sql.ref(TOTAL_COLUMN)}` : sql``} from ${keys} as m
        order by ${orderOf('m')} limit ${query.perPage} offset ${offset}
      ) as p
      join ${sql.table(table)} as t on t.id = p.id
      order by ${orderOf('p')}`.execute(db);
  };

  const estimate = await estimatedRows(filtered);
  if (estimate > sortAllMax) {
    // Many matches, by the statistics. Count up to one past the cap (with many matches that
    // stops early); more than the cap: the estimate stands.
    //
    // The page: walk the sort index from its start and take the page from the matches met on
    // the way; that holds exactly the first matches in sort order. The walk goes a few times
    // as far as evenly spread matches need (as the planner assumes them), and at least as far
    // as costs what sorting all matches would (WALK_PER_MATCH), as matches often sit together
    // ("ipa" sorted by name: the "X IPA …" rows after every "X Bahasa …"). When they sit
    // further along ("xii" sorted by name comes after all "X …" and "XI …"), and without an
    // index on the sort field, the page is cut from all matches sorted. The count and the
    // walk are one statement: the count's one row, joined to the page's rows if any (when the
    // statistics are wrong and few match, the walk was for nothing: at most what sorting the
    // expected matches would have cost).
    const capped = filtered.select(sql<number>`1`.as('one')).limit(countCap + 1);
    const needed = offset + query.perPage;
    const facts = await tableFacts(db, table, query.sort);
    let counted: number;
    let walked: Row[] = [];
    if (facts.indexed) {
      const walk = Math.max(Math.ceil((WALK_FACTOR * needed * Math.max(facts.rows, estimate)) / estimate), Math.ceil(WALK_PER_MATCH * estimate));
      const head = sql`(select * from ${sql.table(table)} order by ${sql.join(sortKeys.map((key) => sql`${sql.ref(key)} ${direction}`))} limit ${walk})`;
      const page = db.selectFrom(head.as(table)).where(where).selectAll().orderBy(sql`${orderOf(table)}`).limit(query.perPage).offset(offset);
      const rows = (
        await sql<Row>`
          select c.n as ${sql.ref(TOTAL_COLUMN)}, p.* from (select count(*) as n from ${capped} as x) as c
          left join lateral ${page} as p on true`.execute(db)
      ).rows;
      counted = Number(rows[0]?.[TOTAL_COLUMN] ?? 0);
      walked = rows.filter((row) => row.id !== null && row.id !== undefined);
      for (const row of walked) delete row[TOTAL_COLUMN];
    } else {
      counted = await countOf(db, capped);
    }
    if (counted > countCap) {
      if (walked.length === query.perPage) return { rows: withoutSearchColumn(walked), total: estimate, totalEstimated: true };
      return { rows: withoutSearchColumn((await sortedPage(false)).rows), total: estimate, totalEstimated: true };
    }
  }

  // Few matches: one query reads them all, counts them and sorts them.
  const rows = (await sortedPage(true)).rows;
  // Past the last page there is no row to carry the count.
  const total = rows.length ? Number(rows[0][TOTAL_COLUMN]) : await countOf(db, filtered.select(sql<number>`1`.as('one')));
  for (const row of rows) delete row[TOTAL_COLUMN];
  return { rows: withoutSearchColumn(rows), total, totalEstimated: false };
}
