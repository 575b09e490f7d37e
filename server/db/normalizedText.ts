// A text as a person reads it, for comparing unique values: Unicode NFC (a letter with its
// accent as one character or two is the same), white space at either end trimmed, case
// ignored. One SQL expression, used by the unique indexes (migrate) and by the server's
// look-ups of a clashing record (columnValues, groupChecks), so both agree and the look-ups
// can use the index.
//
// All three functions are immutable in PostgreSQL (15 and later) and in PGlite, so the
// expression can be indexed, and the database itself refuses the second of two concurrent
// inserts. lower() folds case by the database's LC_CTYPE: with C.UTF-8 or a language's
// UTF-8 locale every letter; with plain C only A–Z. NFC needs a UTF-8 database.

import { sql, type RawBuilder } from 'kysely';
import { quoteIdent } from './quoteSql';

/** Unicode white space (White_Space=yes), trimmed from both ends; btrim alone trims only the space. */
const WHITE_SPACE = ' \t\n\v\f\r\u0085\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000';

function ofSql(text: string): string {
  return `lower(normalize(btrim(${text}, '${WHITE_SPACE}'), NFC))`;
}

/** The expression over a column, as DDL text (an index key). */
export function normalizedColumnSql(column: string): string {
  return ofSql(quoteIdent(column));
}

/** The expression over a column, for a query: the same text as the index's, so the index serves it. */
export function normalizedColumn(column: string): RawBuilder<string> {
  return sql<string>`${sql.raw(normalizedColumnSql(column))}`;
}

/** The expression over a value sent with the query. */
export function normalizedValue(value: unknown): RawBuilder<string> {
  return sql<string>`lower(normalize(btrim(${value}::text, ${sql.lit(WHITE_SPACE)}), NFC))`;
}
