// The database handle the server works with, whichever engine is underneath.

import type { ExpressionBuilder, Kysely } from 'kysely';

/**
 * Kysely over the schema-driven tables. Their names and columns are known only at run time
 * (from `server/generated/tables.ts`), so Kysely cannot type them: this alias is the one
 * place the server uses `any`. Code reads rows as `Row` and checks what it needs.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export type Db = Kysely<any>;
/** The expression builder of a query on such a table (a `where` callback's argument). */
export type DbExpressions = ExpressionBuilder<any, string>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** One row as the database returns it (after `valueParsers`). */
export type Row = Record<string, unknown>;

export type DatabaseKind = 'embedded' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
}
