// The query string of a list call, checked against the entity: paging, sort, `q` search and
// filters. Only what the schema declares is accepted; anything else is a 400 that names the
// parameter and what is allowed, before any SQL is written.

import type { EntityModel, FieldModel, Locale } from '../../src/shared/entityModel';
import { fieldHiddenFor } from '../../src/shared/fieldAccessRules';
import { FIELD_KINDS } from '../../src/shared/fieldKinds';
import { SEARCH_COLUMN, searchColumnFields } from '../../src/shared/searchColumn';
import { apiError } from '../http/apiError';
import { MAX_PAGE, pagingNumber } from '../http/pagingNumber';
import { parseFilterValue } from './filterValues';

export const MAX_PER_PAGE = 100;
/** The most values one filter takes (`ids=` of a page of references is far fewer). */
const MAX_VALUES = 1000;

export type Condition =
  /** column = value, or column = any(values): one array parameter however many values */
  | { kind: 'equals'; column: string; values: unknown[] }
  /** an integer[] column holding any of the values */
  | { kind: 'contains'; column: string; values: unknown[] }
  | { kind: 'range'; column: string; op: '>=' | '<='; value: unknown };

export interface ListQuery {
  page: number;
  perPage: number;
  sort: string;
  order: 'asc' | 'desc';
  /**
   * The `q` text and the columns it is searched in, also through a reference (`employee_id.name`).
   * `column`: the search column and the fields it holds (src/shared/searchColumn.ts).
   */
  search: { text: string; fields: FieldModel[]; column?: { name: string; fields: string[] }; through?: SearchThrough[] } | null;
  conditions: Condition[];
}

/** A searched field of a referenced record: `column` holds ids of rows of `table` whose `field` is searched. */
export interface SearchThrough {
  column: string;
  table: string;
  field: FieldModel;
}

/** The table and model of an entity by name (the catalog's), for searches through a reference. */
export type TargetOf = (name: string) => { table: string; entity: EntityModel } | undefined;

const SYSTEM_SORTS = ['id', 'created_at', 'updated_at'];
const ID_FIELD: Pick<FieldModel, 'kind'> = { kind: 'integer' };

/** Query values as strings: `a=1&a=2` gives ['1', '2']. */
function valuesOf(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.map(String);
  return raw === undefined ? [] : [String(raw)];
}

function single(raw: unknown): string | undefined {
  const values = valuesOf(raw);
  return values.length ? values[values.length - 1] : undefined;
}

export function sortableFields(entity: EntityModel): string[] {
  // A secret is never sorted by: the order would tell something about it.
  return [...SYSTEM_SORTS, ...entity.fields.filter((f) => FIELD_KINDS[f.kind].sortable && !f.writeOnly).map((f) => f.name)];
}

/** Filter parameter name → the field and how it compares. */
function filterParameters(entity: EntityModel): Map<string, { field: Pick<FieldModel, 'kind' | 'options'>; column: string; op: '=' | '>=' | '<=' }> {
  const params = new Map<string, { field: Pick<FieldModel, 'kind' | 'options'>; column: string; op: '=' | '>=' | '<=' }>();
  params.set('id', { field: ID_FIELD, column: 'id', op: '=' });
  const byName = new Map(entity.fields.map((f) => [f.name, f]));
  const filterFields = new Set([
    ...entity.list.filters,
    ...entity.fields.filter((f) => f.kind === 'reference').map((f) => f.name),
  ]);
  for (const name of filterFields) {
    const field = byName.get(name);
    if (!field || FIELD_KINDS[field.kind].filter === 'none') continue;
    params.set(name, { field, column: name, op: '=' });
    // An ordered value is also filtered from / to, whichever way the app offers it.
    if (FIELD_KINDS[field.kind].order && entity.list.filters.includes(name)) {
      params.set(`${name}_gte`, { field, column: name, op: '>=' });
      params.set(`${name}_lte`, { field, column: name, op: '<=' });
    }
  }
  return params;
}

/**
 * `roles`: the caller's. `q` then searches only the fields they may read (issue 16): a match on a
 * field hidden from them would tell its value. Without roles (the server's own calls), all.
 */
export function parseListQuery(entity: EntityModel, query: Record<string, unknown>, locale: Locale, targetOf?: TargetOf, roles?: readonly string[]): ListQuery {
  const page = pagingNumber(locale, 'page', query.page, 1, MAX_PAGE);
  const perPage = pagingNumber(locale, 'per_page', query.per_page, entity.list.perPage, MAX_PER_PAGE);

  const sortText = single(query.sort);
  const sort = sortText || entity.list.sort.field;
  const sortable = sortableFields(entity);
  if (!sortable.includes(sort)) throw apiError(locale, 400, 'badSort', { field: sort, allowed: sortable.join(', ') });
  const orderText = single(query.order) || (sortText ? 'ASC' : entity.list.sort.order);
  const order = orderText.toUpperCase();
  if (order !== 'ASC' && order !== 'DESC') throw apiError(locale, 400, 'badOrder');

  const q = single(query.q)?.trim() ?? '';
  if (q.includes('\u0000')) throw apiError(locale, 400, 'badFilterValue', { field: 'q' });
  const readable = (field: FieldModel, of: EntityModel) => !roles || !fieldHiddenFor(field, roles, of.access);
  const searchFields = entity.list.search
    .map((name) => entity.fields.find((f) => f.name === name))
    .filter((f): f is FieldModel => f !== undefined && readable(f, entity));
  const through: SearchThrough[] = [];
  for (const path of entity.list.search.filter((name) => name.includes('.'))) {
    const [column, name] = path.split('.');
    const reference = entity.fields.find((f) => f.name === column);
    const target = reference?.to ? targetOf?.(reference.to) : undefined;
    const field = target?.entity.fields.find((f) => f.name === name);
    // The referenced record's field as its own entity's rule has it (a teacher's name is read
    // through the teacher's represent even where the employee id itself is hidden).
    if (target && field && readable(field, target.entity)) through.push({ column, table: target.table, field });
  }
  const held = searchColumnFields(entity);
  // The search column joins its fields' values: with one of them hidden from the caller, each
  // readable field is searched on its own instead.
  const heldReadable = held.every((name) => {
    const field = entity.fields.find((f) => f.name === name);
    return !field || readable(field, entity);
  });
  const column = held.length && heldReadable ? { column: { name: SEARCH_COLUMN, fields: held } } : {};
  const search = q && (searchFields.length || through.length) ? { text: q, fields: searchFields, ...column, ...(through.length ? { through } : {}) } : null;

  const params = filterParameters(entity);
  const conditions: Condition[] = [];
  for (const [name, raw] of Object.entries(query)) {
    if (name === 'page' || name === 'per_page' || name === 'sort' || name === 'order' || name === 'q') continue;
    const texts = valuesOf(raw).filter((t) => t !== '');
    if (name === 'ids') {
      const ids = texts.flatMap((t) => t.split(',')).filter((t) => t !== '');
      if (ids.length === 0) continue;
      if (ids.length > MAX_VALUES) throw apiError(locale, 400, 'badFilterValue', { field: name });
      conditions.push({ kind: 'equals', column: 'id', values: ids.map((t) => checked(locale, name, ID_FIELD, t)) });
      continue;
    }
    const param = params.get(name);
    if (!param) {
      const allowed = ['q', 'ids', ...params.keys()].join(', ');
      throw apiError(locale, 400, 'badFilter', { field: name, allowed });
    }
    if (texts.length === 0) continue; // an emptied filter box: no filter
    const values = texts.flatMap((t) => splitValues(param.field, t));
    if (values.length > MAX_VALUES) throw apiError(locale, 400, 'badFilterValue', { field: name });
    if (param.op !== '=' && values.length > 1) throw apiError(locale, 400, 'badFilterValue', { field: name });
    const parsed = values.map((t) => checked(locale, name, param.field, t));
    if (param.op !== '=') {
      conditions.push({ kind: 'range', column: param.column, op: param.op, value: parsed[parsed.length - 1] });
    } else if (FIELD_KINDS[param.field.kind].filter === 'contains') {
      conditions.push({ kind: 'contains', column: param.column, values: parsed });
    } else {
      conditions.push({ kind: 'equals', column: param.column, values: parsed });
    }
  }
  return { page, perPage, sort, order: order === 'ASC' ? 'asc' : 'desc', search, conditions };
}

/**
 * `status=active,non_active` (the data provider joins a multiple choice with commas) → two
 * values. Free text may itself hold a comma: it is one value, and so is an option that holds one.
 */
function splitValues(field: Pick<FieldModel, 'kind' | 'options'>, text: string): string[] {
  const whole = field.options ? field.options.some((o) => o.value === text) : FIELD_KINDS[field.kind].readAsText;
  if (whole) return [text];
  return text.split(',').filter((t) => t !== '');
}

function checked(locale: Locale, name: string, field: Pick<FieldModel, 'kind' | 'options'>, text: string): unknown {
  const value = text.includes('\u0000') ? null : parseFilterValue(field, text);
  if (value === null) throw apiError(locale, 400, 'badFilterValue', { field: name });
  return value;
}
