// The SQL of the search column (src/shared/searchColumn.ts): its generation expression and
// its definition in CREATE TABLE or ADD COLUMN.

import { quoteIdent } from './quoteSql';

/** The generation expression of the column over these fields. */
export function searchExpression(fields: readonly string[]): string {
  return `lower(${fields.map((f) => `coalesce(${quoteIdent(f)}, '')`).join(` || E'\\x1f' || `)})`;
}

/** The column's definition after its name, in CREATE TABLE or ADD COLUMN. */
export function searchColumnDdl(fields: readonly string[]): string {
  return `text generated always as (${searchExpression(fields)}) stored`;
}
