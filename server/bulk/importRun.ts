// An import: the file's rows matched with the entity's records and written through the write
// door (server/records/recordWrites.ts), so a row is checked exactly as a form's save is
// (validator, references, unique values and keys, rules, hooks). Headers name fields by their
// name or their label in either language. A row matches a stored record by its key: the `id`
// column when the file has one, else the entity's first unique field among the columns, else
// its first composite unique key whose fields are all columns (`unique:` in the schema); a row
// whose key matches nothing is new, one whose values all equal the stored ones is unchanged,
// and any other changes the fields that differ (only those are written).
//
// The dry run and the commit are the same run in one transaction: the dry run always rolls it
// back, the commit rolls it back when any row has an error, so a commit writes every row or
// none. Each row's refusal is kept (savepoints around the writes that may fail) so the report
// names every row's outcome at once. An advisory lock per entity makes two imports of the
// same file at the same moment run one after the other: the second finds the first's records
// and changes nothing.

import { sql } from 'kysely';
import type { EntityModel, FieldModel, Locale } from '../../src/shared/entityModel';
import { bulkMessage } from '../../src/shared/bulkMessages';
import type { ImportOutcome, ImportReport, ImportRowReport } from '../../src/shared/api/bulk';
import { mayDo } from '../auth/access';
import type { Catalog } from '../crud/catalog';
import { normalizedColumn } from '../db/normalizedText';
import type { Db, Row } from '../db/database';
import { ApiError } from '../http/apiError';
import type { Caller, RecordWrites } from '../records/recordWrites';
import { comparable, convertCell, importable, referenceIndex, sameValue, type ReferenceIndex } from './importCells';
import type { Cell, ImportTable } from './importFile';
import { storedBody } from './storedBody';

/** The most rows one file may hold. */
export const MAX_IMPORT_ROWS = 50_000;

class RolledBack extends Error {}

interface PlannedRow {
  report: ImportRowReport;
  body: Record<string, unknown>;
  stored?: Row;
}

/** File header → field (or `id`), by name or label in either language. */
export function mapHeaders(entity: EntityModel, header: readonly string[]): { columns: Array<FieldModel | 'id' | null>; ignored: string[] } {
  const byText = new Map<string, FieldModel | 'id'>([['id', 'id']]);
  for (const field of entity.fields.filter(importable)) {
    for (const text of [field.name, field.label.en, field.label.id]) if (!byText.has(comparable(text))) byText.set(comparable(text), field);
  }
  const taken = new Set<string>();
  const ignored: string[] = [];
  const columns = header.map((text) => {
    const found = byText.get(comparable(text));
    const name = found === 'id' ? 'id' : found?.name;
    if (!found || !name || taken.has(name)) {
      if (text !== '') ignored.push(text);
      return null;
    }
    taken.add(name);
    return found;
  });
  return { columns, ignored };
}

/** The fields a row is matched by (see the file's head); [] when none: every row is new. */
export function importKey(entity: EntityModel, mapped: ReadonlySet<string>): string[] {
  if (mapped.has('id')) return ['id'];
  const single = entity.fields.find((f) => f.unique && mapped.has(f.name) && importable(f));
  if (single) return [single.name];
  const composite = entity.uniqueKeys?.find((k) => k.fields.every((f) => mapped.has(f)));
  return composite ? composite.fields : [];
}

const keyText = (value: unknown) => (value === null || value === undefined ? '' : Array.isArray(value) ? value.join(',') : String(value));

/** The stored records the rows' keys name, by each row's key text. */
async function storedByKey(
  tx: Db,
  catalog: Catalog,
  entity: EntityModel,
  key: string[],
  bodies: Array<Record<string, unknown>>,
): Promise<{ byKey: Map<string, Row>; keyOf: (record: Record<string, unknown>) => string }> {
  const table = catalog.tableOf(entity);
  const fields = key.map((name) => entity.fields.find((f) => f.name === name));
  const rowKey = (record: Record<string, unknown>) =>
    JSON.stringify(key.map((name, i) => (fields[i]?.uniqueText && record[name] != null ? String(record[name]).normalize('NFC').trim().toLowerCase() : keyText(record[name]))));
  const first = key[0];
  const values = [...new Set(bodies.map((b) => b[first]).filter((v) => v !== null && v !== undefined))];
  const found = new Map<string, Row>();
  if (values.length === 0) return { byKey: found, keyOf: rowKey };
  let rows: Row[];
  if (first === 'id') rows = await tx.selectFrom(table).selectAll().where('id', '=', sql<number>`any(${values.map(Number)}::int[])`).execute();
  else if (fields[0]?.uniqueText)
    rows = await tx
      .selectFrom(table)
      .selectAll()
      .where(normalizedColumn(first), '=', sql<string>`any(${values.map((v) => String(v).normalize('NFC').trim().toLowerCase())}::text[])`)
      .execute();
  else rows = await tx.selectFrom(table).selectAll().where(sql.ref(first), '=', sql`any(${values}::${sql.raw(fields[0]?.kind === 'reference' || fields[0]?.kind === 'integer' ? 'int' : 'text')}[])`).execute();
  for (const row of rows) found.set(rowKey(row), row);
  return { byKey: found, keyOf: rowKey };
}

const addError = (report: ImportRowReport, field: string, text: string) => {
  report.errors ??= {};
  (report.errors[field] ??= []).push(text);
  report.outcome = 'error';
};

function refusal(report: ImportRowReport, error: unknown, prefix?: string) {
  if (!(error instanceof ApiError)) throw error;
  const messages = error.messages && Object.keys(error.messages).length ? error.messages : { _row: [error.message] };
  for (const [key, list] of Object.entries(messages)) {
    const field = prefix && key.startsWith(prefix) ? key.slice(prefix.length) : key;
    for (const text of list) addError(report, field, text);
  }
}

async function inSavepoint<T>(tx: Db, work: () => Promise<T>): Promise<T> {
  await sql`savepoint import_row`.execute(tx);
  try {
    const result = await work();
    await sql`release savepoint import_row`.execute(tx);
    return result;
  } catch (error) {
    await sql`rollback to savepoint import_row`.execute(tx);
    throw error;
  }
}

/** Creates the new rows in bulk; rows refused by position are taken out and the rest tried again; a refusal without a position: row by row. */
async function createRows(tx: Db, records: RecordWrites, caller: Caller, entity: EntityModel, rows: PlannedRow[]): Promise<void> {
  let left = rows;
  while (left.length) {
    try {
      await inSavepoint(tx, () => records.createMany(tx, caller, entity.name, left.map((r) => r.body), { returning: 'key' }));
      return;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 422 || !error.messages) throw error;
      const refused = new Set<number>();
      for (const [key, list] of Object.entries(error.messages)) {
        const match = /^(\d+)\.(.+)$/.exec(key);
        if (!match) continue;
        refused.add(Number(match[1]));
        for (const text of list) addError(left[Number(match[1])].report, match[2], text);
      }
      if (refused.size === 0) {
        // A refusal that names no row (a composite unique key the database refused): each row alone.
        for (const row of left) {
          try {
            await inSavepoint(tx, () => records.create(tx, caller, entity.name, row.body));
          } catch (single) {
            refusal(row.report, single);
          }
        }
        return;
      }
      left = left.filter((_, index) => !refused.has(index));
    }
  }
}

export async function runImport(
  db: Db,
  catalog: Catalog,
  records: RecordWrites,
  caller: Caller,
  entity: EntityModel,
  file: ImportTable,
  dryRun: boolean,
): Promise<ImportReport> {
  const locale: Locale = caller.locale;
  if (file.rows.length === 0) throw new ApiError(400, bulkMessage(locale, 'importEmpty'));
  if (file.rows.length > MAX_IMPORT_ROWS) throw new ApiError(400, bulkMessage(locale, 'importTooMany', { count: file.rows.length, max: MAX_IMPORT_ROWS }));
  const { columns, ignored } = mapHeaders(entity, file.header);
  const mapped = columns.filter((c): c is FieldModel | 'id' => c !== null);
  if (!mapped.some((c) => c !== 'id')) throw new ApiError(400, bulkMessage(locale, 'importNoColumns', { entity: entity.label[locale] }));
  const key = importKey(entity, new Set(mapped.map((c) => (c === 'id' ? 'id' : c.name))));
  const columnNames: Record<string, string> = {};
  columns.forEach((c, i) => {
    if (c) columnNames[file.header[i]] = c === 'id' ? 'id' : c.name;
  });

  const report: ImportReport = { dryRun, committed: false, columns: columnNames, ignored, key, counts: { new: 0, changed: 0, unchanged: 0, error: 0 }, rows: [] };
  try {
    await db.transaction().execute(async (tx) => {
      // One import of an entity at a time (a second import of the same file finds the first's records).
      await sql`select pg_advisory_xact_lock(hashtext(${`import:${entity.name}`}))`.execute(tx);
      const references = new Map<string, { index: ReferenceIndex; target: EntityModel }>();
      for (const column of mapped) {
        if (column === 'id' || (column.kind !== 'reference' && column.kind !== 'references') || !column.to) continue;
        const target = catalog.entityNamed(column.to);
        if (target) references.set(column.name, { index: await referenceIndex(tx, catalog, target), target });
      }

      // Every row read into a body; cells that cannot be read are errors under their field.
      const planned: PlannedRow[] = file.rows.map(({ line, cells }) => {
        const row: PlannedRow = { report: { line, outcome: 'new', key: '' }, body: {} };
        columns.forEach((column, i) => {
          if (!column) return;
          const cell: Cell = cells[i] ?? null;
          if (column === 'id') {
            const id = typeof cell === 'number' ? cell : cell === null || String(cell).trim() === '' ? null : Number(String(cell).trim());
            if (id !== null && !(Number.isInteger(id) && id > 0)) addError(row.report, 'id', bulkMessage(locale, 'importInteger'));
            else row.body.id = id;
            return;
          }
          const converted = convertCell(column, cell, locale, references);
          if ('error' in converted) addError(row.report, column.name, converted.error);
          else row.body[column.name] = converted.value;
        });
        row.report.key = key.map((name) => (cells[columns.findIndex((c) => (c === 'id' ? 'id' : c?.name) === name)] ?? '').toString().trim()).join(' / ');
        return row;
      });

      // Matching: the stored records by key, and a key given twice in the file.
      const keyed = key.length ? planned.filter((r) => r.report.outcome !== 'error' && key.every((k) => r.body[k] !== null && r.body[k] !== undefined)) : [];
      const stored = key.length ? await storedByKey(tx, catalog, entity, key, keyed.map((r) => r.body)) : null;
      const firstLine = new Map<string, number>();
      const keyLabel = key.map((k) => (k === 'id' ? 'id' : (entity.fields.find((f) => f.name === k)?.label[locale] ?? k))).join(' + ');
      for (const row of keyed) {
        const text = stored!.keyOf(row.body);
        const earlier = firstLine.get(text);
        if (earlier !== undefined) addError(row.report, key[key.length - 1], bulkMessage(locale, 'importRepeated', { key: keyLabel, row: earlier }));
        else firstLine.set(text, row.report.line);
        row.stored = stored!.byKey.get(text);
        if (!row.stored && key[0] === 'id') addError(row.report, 'id', bulkMessage(locale, 'importNotFound', { entity: entity.label[locale], text: String(row.body.id) }));
      }

      const creates: PlannedRow[] = [];
      const updates: PlannedRow[] = [];
      for (const row of planned) {
        const { id: _id, ...fields } = row.body;
        if (row.report.outcome === 'error') continue;
        if (row.stored) {
          const changed = Object.entries(fields).filter(([name, value]) => !sameValue(entity.fields.find((f) => f.name === name)!, value, row.stored![name]));
          if (changed.length === 0) {
            row.report.outcome = 'unchanged';
            continue;
          }
          row.report.outcome = 'changed';
          row.report.changes = changed.map(([name]) => name);
          row.body = storedBody(entity, row.stored, Object.fromEntries(changed));
          updates.push(row);
        } else {
          // A new record: empty cells are left out, so the schema's defaults apply.
          row.body = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));
          creates.push(row);
        }
      }

      const mayCreate = mayDo(caller.roles, entity, 'create');
      const mayEdit = mayDo(caller.roles, entity, 'edit');
      for (const row of updates) {
        if (!mayEdit) {
          addError(row.report, '_row', bulkMessage(locale, 'importForbiddenChange', { entity: entity.label[locale] }));
          continue;
        }
        try {
          await inSavepoint(tx, () => records.update(tx, caller, entity.name, Number(row.stored!.id), row.body));
        } catch (error) {
          refusal(row.report, error);
        }
      }
      if (!mayCreate) for (const row of creates) addError(row.report, '_row', bulkMessage(locale, 'importForbiddenNew', { entity: entity.label[locale] }));
      else if (creates.length) await createRows(tx, records, caller, entity, creates);

      report.rows = planned.map((r) => r.report);
      for (const row of report.rows) report.counts[row.outcome as ImportOutcome] += 1;
      if (dryRun || report.counts.error > 0) throw new RolledBack();
      report.committed = true;
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  return report;
}
