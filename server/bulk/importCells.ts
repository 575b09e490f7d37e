// One cell of an import file → the value a form would send for its field: numbers as written
// in either language (1.250.000, Rp 1.250.000, 1,5), dates as YYYY-MM-DD, DD/MM/YYYY or an
// Excel date, booleans as Ya/Tidak, Yes/No, true/false, 1/0, an option by its value or its
// label in either language, and a reference by its target's represent text or any of its
// unique values (its code). A cell that cannot be read gets a message in the caller's language.

import { sql } from 'kysely';
import type { EntityModel, FieldModel, Locale } from '../../src/shared/entityModel';
import { representRecord, templateNames } from '../../src/shared/entityModel';
import { bulkMessage } from '../../src/shared/bulkMessages';
import type { Catalog } from '../crud/catalog';
import { withReferenceValues } from '../crud/referenceValues';
import type { Db, Row } from '../db/database';
import type { Cell } from './importFile';

export type Converted = { value: unknown } | { error: string };

/** The kinds a file can carry: a file, an image or a password is never imported. */
export function importable(field: FieldModel): boolean {
  return !field.readOnly && !['file', 'image', 'password'].includes(field.kind);
}

/** Text as compared for a match: NFC, trimmed, inner spaces as one, any case. */
export function comparable(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

export const isEmptyCell = (cell: Cell) => cell === null || (typeof cell === 'string' && cell.trim() === '');

/**
 * '1.250.000' → 1250000, '1,5' → 1.5, 'Rp 1.250.000' → 1250000, '1,250,000.50' → 1250000.5.
 * A dot followed by exactly three digits (repeated) is a thousands separator, as Indonesians write.
 */
export function parseNumberText(text: string): number | null {
  let t = text.replace(/^\s*-?\s*rp\.?\s*/i, (m) => (m.includes('-') ? '-' : '')).replace(/[\s\u00A0]/g, '');
  if (t === '') return null;
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(t)) t = t.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) t = t.replace(/,/g, '');
  else if (/^-?\d+,\d+$/.test(t)) t = t.replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
}

const pad = (n: number) => String(n).padStart(2, '0');

function dayOf(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function parseDateText(text: string): string | null {
  const t = text.trim();
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  let [y, m, d] = match ? [match[1], match[2], match[3]] : [];
  if (!match) {
    match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
    if (match) [d, m, y] = [match[1], match[2], match[3]];
  }
  if (!y || !m || !d) return null;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCDate() !== Number(d) || date.getUTCMonth() !== Number(m) - 1) return null;
  return dayOf(date);
}

const TRUE = new Set(['ya', 'yes', 'y', 'true', '1', 'benar', 'aktif', 'active']);
const FALSE = new Set(['tidak', 'no', 'n', 'false', '0', 'salah', 'tidak aktif', 'inactive']);

/** The records of a reference's target, by every text that names one. */
export interface ReferenceIndex {
  byText: Map<string, Set<number>>;
  ids: Set<number>;
}

/** Every record of the target, by its represent text and by each unique field's value (one query; master tables are small). */
export async function referenceIndex(db: Db, catalog: Catalog, target: EntityModel): Promise<ReferenceIndex> {
  const own = templateNames(target.represent).filter((n) => !n.includes('.'));
  const uniques = target.fields.filter((f) => f.unique && (f.kind === 'string' || f.kind === 'integer' || f.kind === 'email')).map((f) => f.name);
  const through = target.fields.filter((f) => f.kind === 'reference' && templateNames(target.represent).some((n) => n.startsWith(`${f.name}.`))).map((f) => f.name);
  const columns = [...new Set(['id', ...own, ...uniques, ...through])].filter((c) => c === 'id' || target.fields.some((f) => f.name === c));
  const rows: Row[] = await db.selectFrom(catalog.tableOf(target)).select(columns.map((c) => sql.ref(c).as(c))).execute();
  const withValues = await withReferenceValues(db, catalog, target, rows);
  const byText = new Map<string, Set<number>>();
  const add = (text: unknown, id: number) => {
    if (text === null || text === undefined || text === '') return;
    const key = comparable(String(text));
    byText.set(key, (byText.get(key) ?? new Set()).add(id));
  };
  for (const row of withValues) {
    const id = Number(row.id);
    add(representRecord(target.represent, row), id);
    for (const name of uniques) add(row[name], id);
  }
  return { byText, ids: new Set(withValues.map((r) => Number(r.id))) };
}

function referenceId(text: string, index: ReferenceIndex, target: EntityModel, locale: Locale): Converted {
  const found = index.byText.get(comparable(text));
  if (!found || found.size === 0) return { error: bulkMessage(locale, 'importNotFound', { entity: target.label[locale], text: text.trim() }) };
  if (found.size > 1) return { error: bulkMessage(locale, 'importAmbiguous', { entity: target.label[locale], text: text.trim() }) };
  return { value: [...found][0] };
}

/** The value of one cell for its field; empty cells are null. */
export function convertCell(field: FieldModel, cell: Cell, locale: Locale, references: Map<string, { index: ReferenceIndex; target: EntityModel }>): Converted {
  if (isEmptyCell(cell)) return { value: null };
  const text = cell instanceof Date ? dayOf(cell) : String(cell).trim();
  switch (field.kind) {
    case 'integer':
    case 'money':
    case 'number': {
      const n = typeof cell === 'number' ? cell : parseNumberText(text);
      if (n === null || !Number.isFinite(n)) return { error: bulkMessage(locale, 'importNumber') };
      if (field.kind !== 'number' && !Number.isInteger(n)) return { error: bulkMessage(locale, 'importInteger') };
      return { value: n };
    }
    case 'boolean': {
      if (typeof cell === 'boolean') return { value: cell };
      const t = comparable(text);
      if (TRUE.has(t)) return { value: true };
      if (FALSE.has(t)) return { value: false };
      return { error: bulkMessage(locale, 'importBoolean') };
    }
    case 'date': {
      const day = cell instanceof Date ? dayOf(cell) : parseDateText(text);
      return day ? { value: day } : { error: bulkMessage(locale, 'importDate') };
    }
    case 'datetime': {
      if (cell instanceof Date) return { value: cell.toISOString() };
      const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})?$/.exec(text);
      const date = match ? new Date(`${match[1]}T${pad(Number(match[2]))}:${match[3]}:${match[4] ?? '00'}${match[5] ?? '+07:00'}`) : null;
      return date && !Number.isNaN(date.getTime()) ? { value: date.toISOString() } : { error: bulkMessage(locale, 'importDatetime') };
    }
    case 'time': {
      if (cell instanceof Date) return { value: `${pad(cell.getUTCHours())}:${pad(cell.getUTCMinutes())}` };
      const match = /^(\d{1,2})[:.](\d{2})(?::(\d{2}))?$/.exec(text);
      if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return { error: bulkMessage(locale, 'importTime') };
      return { value: `${pad(Number(match[1]))}:${match[2]}${match[3] && match[3] !== '00' ? `:${match[3]}` : ''}` };
    }
    case 'enum': {
      const t = comparable(text);
      const option = field.options?.find((o) => comparable(o.value) === t || comparable(o.label.en) === t || comparable(o.label.id) === t);
      return option ? { value: option.value } : { error: bulkMessage(locale, 'importEnum', { options: (field.options ?? []).map((o) => o.label[locale]).join(', ') }) };
    }
    case 'reference': {
      const ref = references.get(field.name);
      return ref ? referenceId(text, ref.index, ref.target, locale) : { value: null };
    }
    case 'references': {
      const ref = references.get(field.name);
      if (!ref) return { value: null };
      const ids: number[] = [];
      for (const part of text.split(/[;\n]/).map((p) => p.trim()).filter((p) => p !== '')) {
        const one = referenceId(part, ref.index, ref.target, locale);
        if ('error' in one) return one;
        ids.push(one.value as number);
      }
      return { value: ids };
    }
    default:
      return { value: typeof cell === 'number' ? String(cell) : text };
  }
}

/** Whether a converted value is what the record stores (a number as stored text, arrays in any order…). */
export function sameValue(field: FieldModel, given: unknown, stored: unknown): boolean {
  const blank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
  if (blank(given) || blank(stored)) return blank(given) && blank(stored);
  switch (field.kind) {
    case 'integer':
    case 'money':
    case 'number':
      return Number(given) === Number(stored);
    case 'references':
      return JSON.stringify([...(given as number[])].sort()) === JSON.stringify([...(stored as number[])].map(Number).sort());
    case 'datetime':
      return new Date(String(given)).getTime() === new Date(String(stored)).getTime();
    case 'boolean':
      return Boolean(given) === Boolean(stored);
    default:
      // A unique text matches as a person reads it (as its unique index compares it).
      return field.uniqueText ? comparable(String(given)) === comparable(String(stored)) : String(given) === String(stored);
  }
}
