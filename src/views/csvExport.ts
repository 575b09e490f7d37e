// CSV export of a list: the columns a person reads on the show page, headed by their
// labels in the UI language; references as their represented text, enums as their labels;
// dates and amounts stay as the API gives them, so that a spreadsheet can compute with them.

import { downloadCSV, type Exporter, type RaRecord } from 'react-admin';
import { type EntityModel, type FieldModel, type Locale } from '../shared/entityModel';
import { targetEntry } from './registryLookup';
import { recordText } from './represent';

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: unknown[][]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
}

type Related = Record<string, Record<string | number, RaRecord>>;

function cellOf(field: FieldModel, record: RaRecord, related: Related, locale: Locale): unknown {
  const value = record[field.name];
  if (value === null || value === undefined) return '';
  switch (field.kind) {
    case 'reference': {
      const target = targetEntry(field.to);
      const other = related[field.name]?.[value as number];
      return target && other ? recordText(target, other) : value;
    }
    case 'references': {
      const target = targetEntry(field.to);
      return (Array.isArray(value) ? value : [])
        .map((id) => {
          const other = related[field.name]?.[id as number];
          return target && other ? recordText(target, other) : id;
        })
        .join('; ');
    }
    case 'enum':
      return field.options?.find((o) => o.value === value)?.label[locale] ?? value;
    case 'file':
    case 'image':
      return (value as { src?: string }).src ?? '';
    default:
      return typeof value === 'object' ? JSON.stringify(value) : value;
  }
}

export function csvExporter(
  entity: EntityModel,
  locale: Locale,
  translate: (key: string, options?: Record<string, unknown>) => string,
): Exporter {
  const fields = entity.fields.filter((f) => f.in.show && !f.writeOnly && f.kind !== 'richtext');
  return async (records, fetchRelatedRecords) => {
    const related: Related = {};
    for (const field of fields) {
      const target = targetEntry(field.to);
      if ((field.kind === 'reference' || field.kind === 'references') && target) {
        related[field.name] = await fetchRelatedRecords(records, field.name, target.resource);
      }
    }
    const header = ['id', ...fields.map((f) => translate(`resources.${entity.resource}.fields.${f.name}`, { _: f.label[locale] }))];
    const rows = records.map((record) => [record.id, ...fields.map((f) => cellOf(f, record, related, locale))]);
    // A byte order mark so that spreadsheet programs read the file as UTF-8.
    downloadCSV(`\uFEFF${toCsv([header, ...rows])}`, entity.resource);
  };
}
