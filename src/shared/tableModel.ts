// The shape of `server/generated/tables.ts`: what the codegen tells the server about each table.
// Here in src/shared/ because the generator (generators/emit/tables.ts) writes it and the server reads it.

export type ColumnType =
  | 'text'
  | 'integer'
  | 'numeric(18,0)'
  | 'double precision'
  | 'boolean'
  | 'date'
  | 'timestamptz'
  | 'time'
  | 'jsonb'
  | 'integer[]';

/**
 * The TypeScript type of a column's non-null value as the server reads it: what the value
 * parsers of both drivers return (server/db/valueParsers.ts: numeric as a number, dates, times
 * and timestamps as strings), jsonb (file and image fields) as the stored file. The codegen
 * prints the database's table types from it (generators/emit/database.ts).
 */
export const COLUMN_TS_TYPES: Record<ColumnType, string> = {
  text: 'string',
  integer: 'number',
  'numeric(18,0)': 'number',
  'double precision': 'number',
  boolean: 'boolean',
  date: 'string',
  timestamptz: 'string',
  time: 'string',
  jsonb: 'StoredFile',
  'integer[]': 'number[]',
};

export interface ColumnDef {
  /** Equals the schema field's name. */
  name: string;
  type: ColumnType;
  /** Whether the schema marks the field required (the database column stays nullable; see server/db). */
  required: boolean;
  /**
   * A plain unique constraint on the column. A unique text field has none: its unique index
   * compares the value as a person reads it (IndexDef.asText).
   */
  unique: boolean;
  /** reference fields: the target table (a foreign key, ON DELETE RESTRICT). */
  references?: string;
  /** references (many) fields: the target table, checked by the server on write. */
  referencesMany?: string;
  default?: string | number | boolean | null;
  /** A rich text field: HTML that the server keeps to the allow-list (server/richText/). */
  html?: true;
}

export interface IndexDef {
  name: string;
  column: string;
  /** btree for equality / range / sort; trigram (pg_trgm, GIN) for `q` search. */
  method: 'btree' | 'trigram';
  /**
   * btree only: more key columns after `column`. Lists sort by the field, then id; with
   * `['id']` the index holds exactly that order, so a page is read by walking the index
   * instead of sorting every match (see server/crud/listRecords.ts).
   */
  thenBy?: string[];
  /**
   * btree only: columns the index holds besides its key (INCLUDE), so that a list's walk of a
   * sort index reads what its filter needs from the index alone (an index-only scan).
   */
  include?: string[];
  /**
   * btree only: a unique key, of a text field that is unique on its own or of the schema's
   * `unique: [[a, b]]`; NULLs are distinct.
   */
  unique?: true;
  /**
   * Unique keys only: the key columns compared as a person reads them, through
   * normalizedText (server/db/normalizedText.ts) instead of byte for byte.
   */
  asText?: string[];
}

export interface TableDef {
  entity: string;
  table: string;
  columns: ColumnDef[];
  indexes: IndexDef[];
  /**
   * The search column (src/shared/searchColumn.ts): a stored generated column holding the
   * searched text fields, lower-cased, in this order; it has a trigram index of its own.
   */
  search?: { column: string; fields: string[] };
}
