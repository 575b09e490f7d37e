// `column = any($1)`: a list of values bound as ONE array parameter, however long the list.
// A list written out as `in ($1, $2, …)` binds a parameter per value; PGlite's protocol
// state breaks for everyone at 32,768 of them (later queries return no rows) and PostgreSQL
// refuses 65,536. So the server never writes an `in` list of values a request supplies.

import { sql, type RawBuilder, type SqlBool } from 'kysely';

export function anyOf(column: string, values: readonly unknown[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} = any(${sql.val(values)})`;
}
