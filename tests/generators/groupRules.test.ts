// Composite unique keys and the checks that compare a record with other records
// (sumAtMost, noOverlap): what the model holds, what the tables get, and each mistake at its place.

import { describe, expect, it } from 'vitest';
import { tableDef } from '../../generators/emit/tables';
import { formatProblem, loadSchemas } from '../../generators/load';
import { BUILDING, ROOM, schemaDir } from './schemaFixture';

const RULES = `unique:
  - [building_id, code]
checks:
  - { kind: dateOrder, from: opened_on, to: closed_on }
  - { kind: sumAtMost, field: capacity, max: 500, groupBy: [building_id] }
  - { kind: noOverlap, from: opened_on, to: closed_on, groupBy: [building_id, kind] }
`;
const ROOM_WITH_RULES = ROOM.replace(/checks:\n.*\n$/, RULES);

function problemsOf(room: string): string[] {
  const dir = schemaDir({ 'building.yaml': BUILDING, 'room.yaml': room });
  return loadSchemas(dir, dir).problems.map(formatProblem);
}

describe('rules over other records in the schema format', () => {
  it('builds composite keys and group checks with messages made from the labels', () => {
    const dir = schemaDir({ 'building.yaml': BUILDING, 'room.yaml': ROOM_WITH_RULES });
    const { entities, problems } = loadSchemas(dir, dir);
    expect(problems).toEqual([]);
    const room = entities.find((e) => e.name === 'room')!;
    expect(room.uniqueKeys).toEqual([
      { fields: ['building_id', 'code'], message: { en: 'Code is already used for this building', id: 'Kode sudah dipakai untuk gedung ini' } },
    ]);
    expect(room.checks.map((c) => c.kind)).toEqual(['dateOrder']);
    expect(room.groupChecks).toEqual([
      {
        kind: 'sumAtMost',
        field: 'capacity',
        max: 500,
        groupBy: ['building_id'],
        message: {
          en: 'The capacity of this building would add up to %{total}; at most %{max} (%{left} left)',
          id: 'Kuota untuk gedung ini akan berjumlah %{total}; paling banyak %{max} (sisa %{left})',
        },
      },
      {
        kind: 'noOverlap',
        from: 'opened_on',
        to: 'closed_on',
        groupBy: ['building_id', 'kind'],
        message: { en: 'This range overlaps %{other} (%{from} to %{to})', id: 'Rentang ini bertumpang tindih dengan %{other} (%{from} sampai %{to})' },
      },
    ]);
    // The key's text part (code) is compared as a person reads it; the reference byte for byte.
    expect(tableDef(room).indexes).toContainEqual({ name: 'room_building_id_code_nkey', column: 'building_id', method: 'btree', thenBy: ['code'], unique: true, asText: ['code'] });
    expect(room.fields.find((f) => f.name === 'code')).toHaveProperty('uniqueText', true);
    expect(room.fields.find((f) => f.name === 'building_id')).not.toHaveProperty('uniqueText');
    const building = entities.find((e) => e.name === 'building')!;
    expect(building).not.toHaveProperty('uniqueKeys');
    expect(building).not.toHaveProperty('groupChecks');
  });

  it('names every record of the entity when a sum has no group, and keeps a schema\'s own message', () => {
    const dir = schemaDir({
      'building.yaml': BUILDING,
      'room.yaml': ROOM.replace('label: { en: Room, id: Ruangan }', 'label: { en: Room, id: Ruangan }\nlabelPlural: { en: Rooms, id: Ruangan }').replace(/checks:\n.*\n$/, "checks:\n  - { kind: sumAtMost, field: capacity, max: 900 }\n  - { kind: sumAtMost, field: capacity, max: 50, groupBy: [kind], message: { en: 'Too many: %{total}', id: 'Terlalu banyak: %{total}' } }\n"),
    });
    const room = loadSchemas(dir, dir).entities.find((e) => e.name === 'room')!;
    expect(room.groupChecks?.map((c) => c.message)).toEqual([
      {
        en: 'The capacity of all rooms would add up to %{total}; at most %{max} (%{left} left)',
        id: 'Kuota semua ruangan akan berjumlah %{total}; paling banyak %{max} (sisa %{left})',
      },
      { en: 'Too many: %{total}', id: 'Terlalu banyak: %{total}' },
    ]);
  });

  const rules = (text: string) => ROOM.replace(/checks:\n.*\n$/, text);
  const cases: Array<[string, string, string[]]> = [
    ['a key naming an undeclared field', rules('unique:\n  - [building_id, title]\n'), ['room.yaml:21:19: unique names "title", which is not a declared field']],
    ['a key of one field', rules('unique:\n  - [code]\n'), ['room.yaml:21:5: "unique.0" must NOT have fewer than 2 items']],
    ['a key listed twice', rules('unique:\n  - [building_id, code]\n  - [code, building_id]\n'), ['room.yaml:22:5: the key [code, building_id] is listed twice']],
    [
      'a key with a field unique on its own',
      rules('unique:\n  - [building_id, code]\n').replace('code: { type: string, label: { en: Code, id: Kode }, required: true }', 'code: { type: string, label: { en: Code, id: Kode }, required: true, unique: true }'),
      ['room.yaml:21:19: "code" is unique on its own, so the key [building_id, code] adds nothing; drop the key or the field\'s unique'],
    ],
    ['a sum of a text field', rules('checks:\n  - { kind: sumAtMost, field: name, max: 10 }\n'), ['room.yaml:21:31: sumAtMost needs an integer, number or money field; "name" is string']],
    ['a sum without max', rules('checks:\n  - { kind: sumAtMost, field: capacity }\n'), ['room.yaml:21:5: "checks.0" is missing the required key "max"']],
    ['a sum with a key of another kind', rules('checks:\n  - { kind: sumAtMost, field: capacity, max: 10, from: code }\n'), ['room.yaml:21:50: unknown key "from" in "checks.0"; expected one of: kind, field, max, groupBy, message']],
    ['a group of an undeclared field', rules('checks:\n  - { kind: sumAtMost, field: capacity, max: 10, groupBy: [floor] }\n'), ['room.yaml:21:60: groupBy names "floor", which is not a declared field']],
    ['a sum grouped by itself', rules('checks:\n  - { kind: sumAtMost, field: capacity, max: 10, groupBy: [capacity] }\n'), ['room.yaml:21:31: "capacity" is summed, so it cannot also group the records']],
    ['a range of text', rules('checks:\n  - { kind: noOverlap, from: code, to: name }\n'), ['room.yaml:21:30: noOverlap needs integer, number, money, date, datetime or time fields; "code" is string', 'room.yaml:21:40: noOverlap needs integer, number, money, date, datetime or time fields; "name" is string']],
    ['a range of two kinds', rules('checks:\n  - { kind: noOverlap, from: capacity, to: closed_on }\n'), ['room.yaml:21:44: from and to must be of the same kind; "capacity" is integer, "closed_on" is date']],
    ['a group through a field of no reference', rules('checks:\n  - { kind: sumAtMost, field: capacity, max: 10, groupBy: [code.name] }\n'), ['room.yaml:21:60: "code.name": only one step through a reference field is possible, as in reference_id.field']],
    ['a group through a reference to an undeclared field', rules('checks:\n  - { kind: sumAtMost, field: capacity, max: 10, groupBy: [building_id.floor] }\n'), ['room.yaml:21:60: groupBy names "floor", which is not a field of building']],
    ['a range without to', rules('checks:\n  - { kind: noOverlap, from: opened_on }\n'), ['room.yaml:21:5: "checks.0" is missing the required key "to"']],
  ];

  it.each(cases)('reports %s at its place', (_, room, want) => {
    expect(problemsOf(room)).toEqual(want);
  });

  it('groups through a reference, labelled by the referenced field', () => {
    const dir = schemaDir({ 'building.yaml': BUILDING, 'room.yaml': rules('checks:\n  - { kind: sumAtMost, field: capacity, max: 10, groupBy: [kind, building_id.code] }\n') });
    const { entities, problems } = loadSchemas(dir, dir);
    expect(problems).toEqual([]);
    const room = entities.find((e) => e.name === 'room')!;
    expect(room.groupChecks?.[0]).toMatchObject({
      groupBy: ['kind', 'building_id.code'],
      message: { en: 'The capacity of this kind and code would add up to %{total}; at most %{max} (%{left} left)' },
    });
  });

  it('reports group checks and keys on a singleton', () => {
    const dir = schemaDir({
      'building.yaml': BUILDING.replace('represent: name', 'represent: name\nsingleton: true').replace(', unique: true', '').replace(/list: .*\n/, '') +
        'unique:\n  - [code, name]\nchecks:\n  - { kind: noOverlap, from: code, to: name }\n',
    });
    expect(loadSchemas(dir, dir).problems.map(formatProblem)).toEqual([
      'building.yaml:11:1: a singleton has one record: "unique" does not apply',
      'building.yaml:14:13: a singleton has one record: noOverlap does not apply',
      'building.yaml:14:30: noOverlap needs integer, number, money, date, datetime or time fields; "code" is string',
      'building.yaml:14:40: noOverlap needs integer, number, money, date, datetime or time fields; "name" is string',
    ]);
  });
});
