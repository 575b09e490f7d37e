// The database's table types for typed queries (`Kysely<Database>`, server/db/typedDb.ts):
// one interface per schema table with the columns migrate makes and the values the driver
// returns. A field renamed in a schema renames its column here, so a bespoke query that still
// names the old one fails `tsc`, not production.
//
// Every field's column is nullable (the schema's `required` is checked on write, and a column
// added to a table with records holds NULL in them), so each is `T | null`; the system
// columns' defaults make them optional on insert; the search column is never written.

import type { EntityModel } from '../../src/shared/entityModel';
import { COLUMN_TS_TYPES, type TableDef } from '../../src/shared/tableModel';
import { header, stringLiteral, type Files } from './print';
import { tableDefs } from './tables';

/** `building_comment` → `BuildingCommentTable`. */
export function tableTypeName(table: string): string {
  return table.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase()) + 'Table';
}

function tableInterface(table: TableDef, source: string): string {
  const columns = table.columns.map((c) => `  ${c.name}: ${COLUMN_TS_TYPES[c.type]} | null;`);
  if (table.search) columns.push(`  /** The search column (generated): read, never written. */`, `  ${table.search.column}: ColumnType<string, never, never>;`);
  return [`/** The table of ${source}. */`, `export interface ${tableTypeName(table.table)} extends SystemColumns {`, ...columns, `}`].join('\n');
}

export function emitDatabaseTypes(entities: EntityModel[]): Files {
  const sources = new Map(entities.map((e) => [e.name, e.source]));
  const tables = tableDefs(entities);
  return {
    'server/generated/database.ts': [
      header('schemas/*.yaml'),
      `import type { ColumnType, Generated } from 'kysely';`,
      ``,
      `/** A file or image field's stored value (server/crud/columnValues.ts). */`,
      `export interface StoredFile {`,
      `  src: string;`,
      `  title?: string;`,
      `}`,
      ``,
      `/** The columns every schema table has besides its fields (server/db/columnTypes.ts). */`,
      `export interface SystemColumns {`,
      `  id: Generated<number>;`,
      `  version: Generated<number>;`,
      `  created_at: Generated<string>;`,
      `  updated_at: string | null;`,
      `  created_by: string | null;`,
      `  updated_by: string | null;`,
      `}`,
      ``,
      ...tables.map((t) => `${tableInterface(t, sources.get(t.entity) ?? t.entity)}\n`),
      `/** Every schema table by name; the server's own app_* tables are server/db/internalTables.ts. */`,
      `export interface SchemaTables {`,
      ...tables.map((t) => `  ${/^[a-z_][a-z0-9_]*$/.test(t.table) ? t.table : stringLiteral(t.table)}: ${tableTypeName(t.table)};`),
      `}`,
      ``,
    ].join('\n'),
  };
}
