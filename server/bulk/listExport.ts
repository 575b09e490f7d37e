// GET {endpoint}/export?format=csv|xlsx|pdf: every record the list's filters, search and sort
// find (not only the page on screen, and not cut at 1,000), with the columns the list shows
// (`columns=code,name`; the schema's list columns when not given), headed by their labels in
// the caller's language. Cells are typed per field kind: numbers and Rp amounts as numbers,
// dates as dates, booleans as Ya/Tidak or Yes/No, options by their label, references by the
// represent text of the record they name. Rows are read from the database in batches and
// written as they come (XLSX and CSV stream; a PDF is laid out whole and so holds at most
// PDF_MAX_ROWS rows).

import { PassThrough, type Readable } from 'node:stream';
import { sql } from 'kysely';
import type { EntityModel, FieldModel, Locale } from '../../src/shared/entityModel';
import { representRecord, templateNames } from '../../src/shared/entityModel';
import { bulkMessage } from '../../src/shared/bulkMessages';
import type { ExportFormat } from '../../src/shared/api/bulk';
import type { Catalog } from '../crud/catalog';
import { parseListQuery, type ListQuery, type TargetOf } from '../crud/listQuery';
import { conditionSql, searchSql } from '../crud/listRecords';
import { withReferenceValues } from '../crud/referenceValues';
import type { Db, DbExpressions, Row } from '../db/database';
import { anyOf } from '../db/anyOf';
import { ApiError } from '../http/apiError';
import { hiddenFields, refuseHiddenQuery } from '../fieldAccess/fieldAccess';
import { message } from '../../src/shared/messages';
import { dateText, type ExportColumn, type ExportColumnType, type ExportTable, type ExportValue } from '../export/tableExport';
import { SEARCH_COLUMN } from '../../src/shared/searchColumn';

/** Rows per database read. */
const BATCH = 5_000;
/** The most rows a PDF export holds (pdfmake lays the document out in memory). */
export const PDF_EXPORT_MAX_ROWS = 5_000;

const COLUMN_TYPES: Partial<Record<FieldModel['kind'], ExportColumnType>> = { integer: 'integer', number: 'decimal', money: 'money', date: 'date' };

export interface ExportRequest {
  format: ExportFormat;
  fields: FieldModel[];
  query: ListQuery;
}

/**
 * The query string of an export: the list's own parameters plus `format` and `columns`. As the
 * list, for the caller's `roles`: a column, filter or sort on a field hidden from them is refused,
 * and the default columns leave such fields out.
 */
export function parseExportRequest(entity: EntityModel, params: Record<string, unknown>, locale: Locale, targetOf: TargetOf, roles: readonly string[]): ExportRequest {
  const { format, columns, page: _page, per_page: _perPage, ...listParams } = params;
  if (format !== 'csv' && format !== 'xlsx' && format !== 'pdf') throw new ApiError(400, bulkMessage(locale, 'exportFormat'));
  const hidden = new Set(hiddenFields(entity, roles).map((f) => f.name));
  const chosen = typeof columns === 'string' && columns !== '';
  const names = chosen ? columns.split(',') : entity.list.columns.filter((name) => !hidden.has(name));
  const fields = names.map((name) => {
    const field = entity.fields.find((f) => f.name === name);
    if (!field || field.writeOnly || field.kind === 'password') throw new ApiError(400, bulkMessage(locale, 'exportColumns', { column: name }));
    if (hidden.has(name)) throw new ApiError(400, message(locale, 'fieldHiddenForRole', { field: name }));
    return field;
  });
  refuseHiddenQuery(entity, roles, listParams, locale);
  return { format, fields, query: parseListQuery(entity, { ...listParams, page: '1', per_page: '1' }, locale, targetOf, roles) };
}

/** The text of each referenced record, by id, read once per batch for the ids not yet known. */
function referenceTexts(db: Db, catalog: Catalog, field: FieldModel) {
  const target = field.to ? catalog.entityNamed(field.to) : undefined;
  const known = new Map<number, string>();
  return async (rows: readonly Row[]) => {
    if (!target) return known;
    const ids = new Set<number>();
    for (const row of rows) for (const id of [row[field.name]].flat()) if (typeof id === 'number' && !known.has(id)) ids.add(id);
    if (ids.size === 0) return known;
    const own = templateNames(target.represent).filter((n) => !n.includes('.')).map((n) => n.split('.')[0]);
    const through = templateNames(target.represent).filter((n) => n.includes('.')).map((n) => n.split('.')[0]);
    const columns = [...new Set(['id', ...own, ...through])].filter((c) => c === 'id' || target.fields.some((f) => f.name === c));
    const found: Row[] = await db.selectFrom(catalog.tableOf(target)).select(columns.map((c) => sql.ref(c).as(c))).where(anyOf('id', [...ids])).execute();
    for (const row of await withReferenceValues(db, catalog, target, found)) known.set(Number(row.id), representRecord(target.represent, row));
    return known;
  };
}

function cellOf(field: FieldModel, value: unknown, locale: Locale, references: Map<number, string> | undefined): ExportValue {
  if (value === null || value === undefined) return null;
  switch (field.kind) {
    case 'integer':
    case 'number':
    case 'money':
      return Number(value);
    case 'boolean':
      return bulkMessage(locale, value ? 'yes' : 'no');
    case 'enum':
      return field.options?.find((o) => o.value === value)?.label[locale] ?? String(value);
    case 'reference':
      return references?.get(Number(value)) ?? String(value);
    case 'references':
      return (Array.isArray(value) ? value : []).map((id) => references?.get(Number(id)) ?? String(id)).join('; ');
    case 'datetime': {
      // Shown in the school's time (Asia/Jakarta), as a person reads it.
      const date = new Date(String(value));
      if (Number.isNaN(date.getTime())) return String(value);
      return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Jakarta', dateStyle: 'short', timeStyle: 'short' }).format(date);
    }
    case 'file':
    case 'image':
      return (value as { src?: string; title?: string }).title ?? (value as { src?: string }).src ?? '';
    case 'richtext':
      return String(value).replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
    default:
      return String(value);
  }
}

export function exportColumns(fields: readonly FieldModel[], locale: Locale): ExportColumn[] {
  return fields.map((field) => ({ key: field.name, header: field.label[locale], type: COLUMN_TYPES[field.kind] ?? 'text' }));
}

/** Every matching row, in the list's order, as export cells; read BATCH rows at a time. */
export async function* exportRows(db: Db, catalog: Catalog, table: string, request: ExportRequest, locale: Locale): AsyncGenerator<Record<string, ExportValue>> {
  const { query, fields } = request;
  const where = (eb: DbExpressions) => {
    const parts = query.conditions.map((c) => conditionSql(eb, c));
    if (query.search) parts.push(searchSql(eb, query.search));
    return eb.and(parts);
  };
  const lookups = new Map(fields.filter((f) => f.kind === 'reference' || f.kind === 'references').map((f) => [f.name, referenceTexts(db, catalog, f)]));
  const sortKeys = query.sort === 'id' ? ['id'] : [query.sort, 'id'];
  for (let offset = 0; ; offset += BATCH) {
    let select = db.selectFrom(table).where(where).select(['id', ...fields.map((f) => f.name)]);
    for (const key of sortKeys) select = select.orderBy(sql.ref(key), query.order);
    const rows: Row[] = await select.limit(BATCH).offset(offset).execute();
    const texts = new Map<string, Map<number, string>>();
    for (const [name, lookup] of lookups) texts.set(name, await lookup(rows));
    for (const row of rows) {
      delete row[SEARCH_COLUMN];
      yield Object.fromEntries(fields.map((f) => [f.name, cellOf(f, row[f.name], locale, texts.get(f.name))]));
    }
    if (rows.length < BATCH) return;
  }
}

export async function countRows(db: Db, table: string, query: ListQuery): Promise<number> {
  const row = await db
    .selectFrom(table)
    .where((eb) => eb.and([...query.conditions.map((c) => conditionSql(eb, c)), ...(query.search ? [searchSql(eb, query.search)] : [])]))
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

function csvCell(value: ExportValue): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV, streamed: a byte order mark (spreadsheets read UTF-8), the header, then each row; dates stay YYYY-MM-DD and numbers plain, so a spreadsheet computes with them. */
export function csvStream(table: ExportTable): Readable {
  const out = new PassThrough();
  const write = async () => {
    out.write(`\uFEFF${table.columns.map((c) => csvCell(c.header)).join(',')}\r\n`);
    let lines: string[] = [];
    for await (const row of table.rows) {
      lines.push(table.columns.map((c) => csvCell(row[c.key])).join(','));
      if (lines.length === 2000) {
        if (!out.write(`${lines.join('\r\n')}\r\n`)) await new Promise((resolve) => out.once('drain', resolve));
        lines = [];
      }
    }
    if (lines.length) out.write(`${lines.join('\r\n')}\r\n`);
    out.end();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** The filters' line under the title: "Search: xi · Active: Yes" from the request's conditions. */
export function filterLine(entity: EntityModel, query: ListQuery, locale: Locale): string {
  const parts: string[] = [];
  if (query.search) parts.push(`${locale === 'id' ? 'Cari' : 'Search'}: ${query.search.text}`);
  for (const condition of query.conditions) {
    const field = entity.fields.find((f) => f.name === condition.column);
    const label = field?.label[locale] ?? condition.column;
    if (condition.kind === 'range') parts.push(`${label} ${condition.op === '>=' ? '≥' : '≤'} ${field?.kind === 'date' ? dateText(String(condition.value), locale) : String(condition.value)}`);
    else parts.push(`${label}: ${condition.values.map((v) => (field ? cellOf(field, v, locale, undefined) : v)).join(', ')}`);
  }
  return parts.join(' · ');
}
