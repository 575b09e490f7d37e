// What the database holds now, in the current schema (search_path's first schema), read
// from the catalogue so migration can compare it with the tables the schemas declare.

import { sql } from 'kysely';
import { columnTypeOf } from './columnTypes';
import type { Db } from './database';
import { SEARCH_COLUMN } from '../../src/shared/searchColumn';

export interface DatabaseShape {
  /** table → column → column type (ours, e.g. 'timestamptz', 'integer[]'). */
  columns: Map<string, Map<string, string>>;
  constraints: Set<string>;
  indexes: Set<string>;
  /** GIN indexes that still collect new entries in a pending list (fastupdate on, the default). */
  ginFastUpdate: Set<string>;
  /** Every GIN index (the trigram search indexes among them). */
  ginIndexes: Set<string>;
  /** The composite unique key indexes migrate made (marked by their comment), so a dropped key's index can go. */
  uniqueKeyIndexes: Set<string>;
  /** index → its table, and the columns it holds besides its key (INCLUDE), in order (none: empty). */
  indexIncludes: Map<string, { table: string; included: string[] }>;
  /** table → the comment on its search column (the generation expression it was made with). */
  searchColumns: Map<string, string | null>;
  /** table → its search column's statistics target (null or -1: the default). */
  searchStatistics: Map<string, number | null>;
}

/** The comment migrate puts on a composite unique key's index. */
export const UNIQUE_KEY_COMMENT = 'unique key of the schema';

export async function readDatabaseShape(db: Db): Promise<DatabaseShape> {
  const columnRows = await sql<{ table_name: string; column_name: string; data_type: string; udt_name: string; numeric_precision: number | null; numeric_scale: number | null }>`
    select table_name, column_name, data_type, udt_name, numeric_precision, numeric_scale
    from information_schema.columns
    where table_schema = current_schema()
    order by table_name, ordinal_position`.execute(db);
  const columns = new Map<string, Map<string, string>>();
  for (const row of columnRows.rows) {
    let table = columns.get(row.table_name);
    if (!table) columns.set(row.table_name, (table = new Map()));
    table.set(row.column_name, columnTypeOf(row.data_type, row.udt_name, row.numeric_precision, row.numeric_scale));
  }
  const constraintRows = await sql<{ conname: string }>`
    select c.conname from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where n.nspname = current_schema()`.execute(db);
  const indexRows = await sql<{ indexname: string }>`
    select indexname from pg_indexes where schemaname = current_schema()`.execute(db);
  const ginRows = await sql<{ relname: string; reloptions: string[] | null }>`
    select c.relname, c.reloptions from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_am a on a.oid = c.relam
    where n.nspname = current_schema() and c.relkind = 'i' and a.amname = 'gin'`.execute(db);
  const keyRows = await sql<{ relname: string }>`
    select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'i' and obj_description(c.oid, 'pg_class') = ${UNIQUE_KEY_COMMENT}`.execute(db);
  const includeRows = await sql<{ relname: string; table: string; included: string[] }>`
    select c.relname, t.relname as table, array(
      select a.attname::text from unnest(i.indkey::int2[]) with ordinality as k(attnum, position)
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
      where k.position > i.indnkeyatts order by k.position
    ) as included
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema()`.execute(db);
  const searchRows = await sql<{ relname: string; comment: string | null; target: number | null }>`
    select c.relname, col_description(c.oid, a.attnum) as comment, a.attstattarget::int as target
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r' and a.attname = ${SEARCH_COLUMN} and not a.attisdropped`.execute(db);
  return {
    columns,
    constraints: new Set(constraintRows.rows.map((r) => r.conname)),
    indexes: new Set(indexRows.rows.map((r) => r.indexname)),
    ginFastUpdate: new Set(ginRows.rows.filter((r) => !fastUpdateOff(r.reloptions)).map((r) => r.relname)),
    ginIndexes: new Set(ginRows.rows.map((r) => r.relname)),
    uniqueKeyIndexes: new Set(keyRows.rows.map((r) => r.relname)),
    indexIncludes: new Map(includeRows.rows.map((r) => [r.relname, { table: r.table, included: r.included }])),
    searchColumns: new Map(searchRows.rows.map((r) => [r.relname, r.comment])),
    searchStatistics: new Map(searchRows.rows.map((r) => [r.relname, r.target])),
  };
}

/** Whether storage options (`{fastupdate=off}`) turn a GIN index's pending list off. */
function fastUpdateOff(options: string[] | null): boolean {
  return (options ?? []).some((o) => /^fastupdate=(off|false|no|0|f|n)$/i.test(o));
}
