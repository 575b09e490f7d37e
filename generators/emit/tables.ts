// The server's table definitions: columns, foreign keys and indexes per entity, in an order
// where every referenced table comes before the tables that reference it.

import { hasScreen, type EntityModel } from '../../src/shared/entityModel';
import { SEARCH_COLUMN, searchColumnFields } from '../../src/shared/searchColumn';
import type { ColumnDef, IndexDef, TableDef } from '../../src/shared/tableModel';
import { FIELD_KINDS } from '../../src/shared/fieldKinds';
import { header, literal, type Files } from './print';

const MAX_IDENT = 63; // PostgreSQL's identifier limit

function indexName(table: string, column: string, suffix: string): string {
  const name = `${table}_${column}_${suffix}`;
  if (name.length <= MAX_IDENT) return name;
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `${name.slice(0, MAX_IDENT - 9)}_${hash.toString(16).padStart(8, '0')}`;
}

/** The longest search column a sort index holds (bytes, before compression): a btree entry can hold ~2,700. */
const MAX_COVERED_SEARCH = 1000;

/**
 * What a list's walk of a sort index reads besides the key: the search column, when its fields
 * are short enough for an index entry (each has a maxLength), and the yes/no filters ("active").
 * Reference filters are left out: an equality on one is read through its own index.
 */
function walkColumns(e: EntityModel, searchFields: string[]): string[] {
  const byName = new Map(e.fields.map((f) => [f.name, f]));
  const length = searchFields.reduce((sum, name) => sum + 4 * (byName.get(name)?.maxLength ?? Infinity) + 1, 0);
  const flags = e.list.filters.filter((name) => byName.get(name)?.kind === 'boolean');
  return [...(searchFields.length && length <= MAX_COVERED_SEARCH ? [SEARCH_COLUMN] : []), ...flags];
}

/**
 * `searchedThrough`: the fields of this entity that another one searches through a reference
 * (`employee_id.name`); they keep a trigram index of their own.
 */
export function tableDef(e: EntityModel, searchedThrough: ReadonlySet<string> = new Set()): TableDef {
  const columns: ColumnDef[] = e.fields.map((f) => {
    // Unique text has a unique index on its value as a person reads it instead (below).
    const col: ColumnDef = { name: f.name, type: FIELD_KINDS[f.kind].column, required: f.required, unique: f.unique && !f.uniqueText };
    if (f.kind === 'reference') col.references = f.to;
    if (f.kind === 'references') col.referencesMany = f.to;
    if (f.kind === 'richtext') col.html = true;
    if (f.default !== undefined) col.default = f.default;
    return col;
  });
  const indexes: IndexDef[] = [];
  const seen = new Set<string>();
  const byName = new Map(e.fields.map((f) => [f.name, f]));
  const searchFields = searchColumnFields(e);
  const covered = walkColumns(e, searchFields);
  const add = (column: string, method: IndexDef['method'] | 'sort') => {
    const key = `${column}:${method === 'sort' ? 'btree' : method}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (method === 'sort') {
      // Lists sort by the field, then id: an index in exactly that order lets a page be read
      // by walking it instead of sorting every match. It serves equality filters too.
      // It also holds what a list's filter reads (covered), so a walk of it reads no table row.
      const include = covered.filter((c) => c !== column);
      indexes.push({ name: indexName(e.name, column, 'sort'), column, method: 'btree', thenBy: ['id'], ...(include.length ? { include } : {}) });
    } else {
      indexes.push({ name: indexName(e.name, column, method === 'trigram' ? 'trgm' : 'idx'), column, method });
    }
  };
  // Lists sort: a singleton has none, nor has an entity without a screen (its bespoke queries index what they need).
  if (!e.singleton && hasScreen(e)) {
    const sorted = [e.list.sort.field, ...e.list.columns].filter((name) => FIELD_KINDS[byName.get(name)?.kind ?? 'references'].sortable);
    for (const name of sorted) add(name, 'sort');
  }
  for (const f of e.fields) if (f.kind === 'reference' && !f.unique) add(f.name, 'btree');
  for (const name of e.list.filters) {
    const f = byName.get(name);
    // A plain unique constraint's index serves the filter; unique text's index holds the value as read, not as stored.
    if (f && !(f.unique && !f.uniqueText) && f.kind !== 'references') add(name, 'btree');
  }
  // The searched text fields are held together in the search column, with one trigram index;
  // a searched field it cannot hold has its own, and so has a field another entity searches
  // through a reference (employee_id.name), which is searched alone.
  if (searchFields.length) add(SEARCH_COLUMN, 'trigram');
  for (const name of e.list.search) if (!name.includes('.') && !searchFields.includes(name)) add(name, 'trigram');
  for (const name of searchedThrough) if (byName.has(name)) add(name, 'trigram');
  // Text is compared as a person reads it; such an index has a name of its own (nkey), so a
  // database made before holds the former byte-for-byte one (ukey, or the `_key` constraint),
  // which migrate then replaces.
  for (const f of e.fields) {
    if (f.unique && f.uniqueText) indexes.push({ name: indexName(e.name, f.name, 'nkey'), column: f.name, method: 'btree', unique: true, asText: [f.name] });
  }
  for (const key of e.uniqueKeys ?? []) {
    // The key's index also serves the server's look-up of a clashing record.
    const asText = key.fields.filter((name) => byName.get(name)?.uniqueText);
    indexes.push({
      name: indexName(e.name, key.fields.join('_'), asText.length ? 'nkey' : 'ukey'),
      column: key.fields[0],
      method: 'btree',
      thenBy: key.fields.slice(1),
      unique: true,
      ...(asText.length ? { asText } : {}),
    });
  }
  return { entity: e.name, table: e.name, columns, indexes, ...(searchFields.length ? { search: { column: SEARCH_COLUMN, fields: searchFields } } : {}) };
}

/** Entity name → its fields that other entities search through a reference. */
function searchedThroughFields(entities: EntityModel[]): Map<string, Set<string>> {
  const result = new Map<string, Set<string>>();
  for (const e of entities) {
    for (const path of e.list.search) {
      if (!path.includes('.')) continue;
      const [column, name] = path.split('.');
      const target = e.fields.find((f) => f.name === column)?.to;
      if (!target) continue;
      if (!result.has(target)) result.set(target, new Set());
      result.get(target)!.add(name);
    }
  }
  return result;
}

/** Order entities so that references point backwards; a cycle between two entities is reported. */
export function dependencyOrder(entities: EntityModel[]): { ordered: EntityModel[]; cycle?: string[] } {
  const byName = new Map(entities.map((e) => [e.name, e]));
  const state = new Map<string, 'visiting' | 'done'>();
  const ordered: EntityModel[] = [];
  let cycle: string[] | undefined;
  const visit = (e: EntityModel, trail: string[]): void => {
    if (state.get(e.name) === 'done' || cycle) return;
    if (state.get(e.name) === 'visiting') {
      cycle = [...trail.slice(trail.indexOf(e.name)), e.name];
      return;
    }
    state.set(e.name, 'visiting');
    for (const f of e.fields) {
      if (f.to && f.to !== e.name && byName.has(f.to)) visit(byName.get(f.to)!, [...trail, e.name]);
    }
    state.set(e.name, 'done');
    ordered.push(e);
  };
  for (const e of entities) visit(e, []);
  return { ordered, cycle };
}

/** Every entity's table, referenced tables first. */
export function tableDefs(entities: EntityModel[]): TableDef[] {
  const { ordered } = dependencyOrder(entities);
  const through = searchedThroughFields(entities);
  return ordered.map((e) => tableDef(e, through.get(e.name)));
}

export function emitTables(entities: EntityModel[]): Files {
  return {
    'server/generated/tables.ts': [
      header('schemas/*.yaml'),
      `import type { TableDef } from '../../src/shared/tableModel';`,
      ``,
      `/** Every table, referenced tables first. */`,
      `export const tables: TableDef[] = ${literal(tableDefs(entities))};`,
      ``,
    ].join('\n'),
  };
}
