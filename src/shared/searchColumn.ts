// The search column: one stored generated column per table holding, lower-cased, the text
// fields a list's `q` searches, joined by a separator nobody types. A search is then one
// LIKE per row on one column with one trigram index, instead of an ILIKE per field (each of
// which lower-cases both sides on every row) and a bitmap per field: on the embedded database
// (WASM) that is 2–3 times less work for a broad search.
//
// `a ILIKE p OR b ILIKE p` and `lower(a || sep || b) LIKE lower(p)` match the same rows as
// long as p holds no separator (a match cannot then span two fields): ILIKE is itself
// lower(text) LIKE lower(pattern), and lower() maps character by character. A `q` holding the
// separator is searched field by field (server/crud/listRecords.ts).
//
// Its name and fields are here, where the generator (generators/emit/tables.ts) and the server
// both read them; its SQL is server/db/searchColumnSql.ts.

import type { EntityModel } from './entityModel';
import { FIELD_KINDS } from './fieldKinds';

/** Its name: schema field names are snake_case starting with a letter, so none can be this. */
export const SEARCH_COLUMN = '_search';
/** Between two fields' texts: the ASCII unit separator. */
export const SEARCH_SEPARATOR = '\u001f';

/** The fields of the entity that its search column holds: the searched text fields of its own (not through a reference). */
export function searchColumnFields(entity: Pick<EntityModel, 'fields' | 'list' | 'singleton'>): string[] {
  if (entity.singleton) return [];
  const byName = new Map(entity.fields.map((f) => [f.name, f]));
  return entity.list.search.filter((name) => {
    const field = byName.get(name);
    return field !== undefined && FIELD_KINDS[field.kind].readAsText && !field.writeOnly;
  });
}
