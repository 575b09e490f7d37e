// The typed database handle for bespoke queries: `Kysely<Database>` over the schema tables
// (server/generated/database.ts, emitted from the schemas) and the server's own app_* tables
// (./internalTables.ts). A query naming a column that a schema no longer has fails `tsc`.
// The generic CRUD stays on the untyped `Db`: its table and column names come from the
// schemas at run time.

import type { Kysely } from 'kysely';
import type { SchemaTables } from '../generated/database';
import type { Db } from './database';
import type { InternalTables } from './internalTables';

export interface Database extends SchemaTables, InternalTables {}

export type TypedDb = Kysely<Database>;

/** The same connection, typed: no copy, no cost. */
export function typedDb(db: Db): TypedDb {
  return db;
}
