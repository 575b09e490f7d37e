// Write schema files into a fresh temporary folder for a generator test.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A new folder in the run's temp folder (tests/setup/runTemp.ts removes it with the run's). */
export function schemaDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** A building schema with a required name and the given field lines (YAML, indented two spaces) after it. */
export function buildingWithFields(fieldLines: string): string {
  return `name: building
label: { en: Building, id: Gedung }
route: /building
endpoint: building
modules: [BOOKING]
represent: name
fields:
  name: { type: string, label: { en: Name, id: Nama }, required: true }
${fieldLines}
list: { columns: [name] }
`;
}

/** A small valid pair of schemas: a room that references a building. */
export const BUILDING = `name: building
label: { en: Building, id: Gedung }
route: /building
endpoint: building
modules: [BOOKING]
represent: name
fields:
  code: { type: string, label: { en: Code, id: Kode }, required: true, unique: true, maxLength: 10 }
  name: { type: string, label: { en: Name, id: Nama }, required: true }
list: { columns: [code, name], search: [code, name] }
`;

export const ROOM = `name: room
label: { en: Room, id: Ruangan }
route: /room
endpoint: room
modules: [BOOKING]
represent: '{code} - {name}'
access: { write: [ROLE_ADMIN] }
fields:
  code: { type: string, label: { en: Code, id: Kode }, required: true }
  name: { type: string, label: { en: Name, id: Nama }, required: true }
  building_id: { type: reference, to: building, label: { en: Building, id: Gedung }, required: true }
  capacity: { type: integer, label: { en: Capacity, id: Kuota }, min: 0 }
  kind: { type: enum, label: { en: Kind, id: Jenis }, options: [{ value: class, label: { en: Classroom, id: Ruang kelas } }] }
  opened_on: { type: date, label: { en: Opened, id: Dibuka } }
  closed_on: { type: date, label: { en: Closed, id: Ditutup } }
  is_locked: { type: boolean, label: { en: Locked, id: Dikunci }, default: false }
list: { columns: [code, name, building_id], filters: [building_id, kind], search: [name] }
rules:
  - { if: is_locked, deny: [edit, delete] }
checks:
  - { kind: dateOrder, from: opened_on, to: closed_on }
`;

/**
 * A table behind a bespoke screen (`screen: false`): the comments on a building, which a
 * bespoke page would show and write through the write door. Only a fixture: no real schema
 * needs one yet.
 */
export const BUILDING_COMMENT = `name: building_comment
label: { en: Building comment, id: Komentar gedung }
screen: false
represent: body
access: { read: [ROLE_ADMIN, ROLE_TEACHER], write: [ROLE_ADMIN, ROLE_TEACHER] }
fields:
  building_id: { type: reference, to: building, label: { en: Building, id: Gedung }, required: true }
  body: { type: text, label: { en: Comment, id: Komentar }, required: true, maxLength: 500 }
  rating: { type: integer, label: { en: Rating, id: Nilai }, min: 1, max: 5 }
  posted_on: { type: date, label: { en: Posted on, id: Diposting pada } }
  is_hidden: { type: boolean, label: { en: Hidden, id: Disembunyikan }, default: false }
`;
