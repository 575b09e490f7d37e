// 100 synthetic entity schemas of realistic size (a dozen fields of every common kind, with
// references to earlier entities), for timing the codegen on a catalogue of that size.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function schema(i: number, module: string): string {
  const name = `entity_${String(i).padStart(3, '0')}`;
  const ref = i > 0 ? `  parent_entity_id: { type: reference, to: entity_${String(i - 1).padStart(3, '0')}, label: { en: Parent, id: Induk } }\n` : '';
  return `name: ${name}
label: { en: Entity ${i}, id: Entitas ${i} }
route: /${name.replace(/_/g, '-')}
endpoint: ${name.replace(/_/g, '-')}
modules: [${module}]
represent: '{code} - {name}'
fields:
  code: { type: string, label: { en: Code, id: Kode }, required: true, unique: true, maxLength: 20, pattern: '^[A-Z0-9-]+$' }
  name: { type: string, label: { en: Name, id: Nama }, required: true, maxLength: 100 }
  description: { type: text, label: { en: Description, id: Deskripsi }, hidden: [list] }
  amount: { type: money, label: { en: Amount, id: Jumlah } }
  quantity: { type: integer, label: { en: Quantity, id: Kuantitas }, min: 0, max: 1000 }
  rate: { type: number, label: { en: Rate, id: Tarif } }
  start_date: { type: date, label: { en: Start date, id: Tanggal mulai } }
  end_date: { type: date, label: { en: End date, id: Tanggal selesai } }
  email: { type: email, label: { en: Email, id: Email } }
  kind: { type: enum, label: { en: Kind, id: Jenis }, options: [{ value: a, label: { en: A, id: A } }, { value: b, label: { en: B, id: B } }] }
  is_active: { type: boolean, label: { en: Active, id: Aktif }, default: true }
${ref}list: { columns: [code, name, amount, kind, is_active], search: [code, name], filters: [kind, is_active, start_date] }
checks:
  - { kind: dateOrder, from: start_date, to: end_date }
`;
}

/** Write `count` schemas into `dir` (a new temporary folder by default), their menu module taken in turn from `modules`. */
export function writeSyntheticSchemas(
  count: number,
  { dir = mkdtempSync(join(tmpdir(), 'bench-schemas-')), modules = ['ACA'] }: { dir?: string; modules?: readonly string[] } = {},
): string {
  for (let i = 0; i < count; i++) writeFileSync(join(dir, `entity_${String(i).padStart(3, '0')}.yaml`), schema(i, modules[i % modules.length]!));
  return dir;
}
