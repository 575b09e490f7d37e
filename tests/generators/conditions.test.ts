// The schema format's conditions (requiredWhen, allowedWhen, a check's when), pinned lookups
// (where) and templates through a reference ({building_id.name}): what loads into the model,
// and each mistake at its place.

import { describe, expect, it } from 'vitest';
import { formatProblem, loadSchemas } from '../../generators/load';
import { BUILDING, ROOM, schemaDir } from './schemaFixture';

function problemsOf(files: Record<string, string>): string[] {
  const dir = schemaDir(files);
  return loadSchemas(dir, dir).problems.map(formatProblem);
}

const CAPACITY = '  capacity: { type: integer, label: { en: Capacity, id: Kuota }, min: 0 }';
const KIND = '  kind: { type: enum, label: { en: Kind, id: Jenis }, options: [{ value: class, label: { en: Classroom, id: Ruang kelas } }] }';
/** The room with more keys on one of its field lines (the line's closing brace kept). */
const roomWith = (line: string, keys: string) => ROOM.replace(line, `${line.slice(0, -2)}, ${keys} }`);

describe('conditions, pinned lookups and paths through a reference', () => {
  it('carry into the model', () => {
    const room = ROOM.replace("represent: '{code} - {name}'", "represent: '{code} - {building_id.name}'")
      .replace('modules: [BOOKING]', 'modules: [BOOKING]\nlookups: [{ name: classroom, where: { kind: class }, template: "{name} ({building_id.code})" }]')
      .replace(CAPACITY, `${CAPACITY.slice(0, -2)}, requiredWhen: { field: kind, equals: class }, allowedWhen: { field: kind, in: [class] } }`)
      .replace('to: closed_on }', 'to: closed_on, when: { field: is_locked, equals: false } }')
      .replace('search: [name]', 'search: [name, building_id.code]');
    const dir = schemaDir({ 'building.yaml': BUILDING, 'room.yaml': room });
    const { entities, problems } = loadSchemas(dir, dir);
    expect(problems).toEqual([]);
    const model = entities.find((e) => e.name === 'room')!;
    expect(model.represent).toBe('{code} - {building_id.name}');
    expect(model.list.search).toEqual(['name', 'building_id.code']);
    expect(model.lookups![0]).toMatchObject({ where: { kind: 'class' }, template: '{name} ({building_id.code})' });
    expect(model.checks[0].when).toEqual({ field: 'is_locked', equals: false });
    const capacity = model.fields.find((f) => f.name === 'capacity')!;
    expect(capacity.requiredWhen).toEqual({ field: 'kind', equals: 'class' });
    expect(capacity.allowedWhen).toEqual({ field: 'kind', in: ['class'] });
    expect(capacity.required).toBe(false);
  });

  const cases: Array<[string, { room: string; want: string[] }]> = [
    ['a condition on an undeclared field', { room: roomWith(CAPACITY, 'requiredWhen: { field: size, equals: 1 }'), want: ['room.yaml:12:97: the condition names "size", which is not a declared field'] }],
    ['a condition on the field itself', { room: roomWith(CAPACITY, 'allowedWhen: { field: capacity, equals: 1 }'), want: ['room.yaml:12:96: "capacity" cannot depend on itself'] }],
    ['an enum value that is not an option', { room: roomWith(CAPACITY, 'allowedWhen: { field: kind, equals: hall }'), want: ['room.yaml:12:110: "hall" is not a value of kind (enum): expected one of the options (class)'] }],
    ['text compared with a yes/no field', { room: roomWith(CAPACITY, "requiredWhen: { field: is_locked, equals: 'yes' }"), want: ['room.yaml:12:116: "yes" is not a value of is_locked (boolean): expected true or false'] }],
    ['a condition on a date', { room: roomWith(CAPACITY, "requiredWhen: { field: opened_on, equals: '2025-01-01' }"), want: ['room.yaml:12:97: a condition compares boolean/enum/string/integer fields; "opened_on" is date'] }],
    ['both equals and in', { room: roomWith(CAPACITY, 'requiredWhen: { field: is_locked, equals: true, in: [false] }'), want: ['room.yaml:12:88: a condition needs exactly one of equals: <value> or in: [<values>]'] }],
    ['required when it is never allowed', { room: roomWith(CAPACITY, 'requiredWhen: { field: is_locked, equals: true }, allowedWhen: { field: is_locked, equals: false }'), want: ['room.yaml:12:74: requiredWhen can never hold while allowedWhen does (is_locked cannot be both)'] }],
    ['allowedWhen on a required field', { room: roomWith(CAPACITY, 'required: true, allowedWhen: { field: is_locked, equals: true }'), want: ['room.yaml:12:90: a required field always has a value: use requiredWhen instead of required'] }],
    ['conditions in a circle', { room: roomWith(CAPACITY, 'allowedWhen: { field: kind, equals: class }').replace(KIND, `${KIND.slice(0, -2)}, allowedWhen: { field: capacity, equals: 1 } }`), want: ['room.yaml:12:74: conditions go round in a circle (capacity → kind → capacity)'] }],
    ['a check depending on an undeclared field', { room: ROOM.replace('to: closed_on }', 'to: closed_on, when: { field: locked, equals: true } }'), want: ['room.yaml:21:71: the condition names "locked", which is not a declared field'] }],
    [
      'pinned lookups that cannot hold',
      {
        room: ROOM.replace('modules: [BOOKING]', 'modules: [BOOKING]\nlookups:\n  - { name: classroom, where: { kind: hall } }\n  - { name: lockedroom, where: { is_locked: true }, filters: [is_locked] }\n  - { name: bigroom, where: { size: 3 } }'),
        want: [
          'room.yaml:7:39: "hall" is not a value of kind (enum): expected one of the options (class)',
          'room.yaml:8:34: "is_locked" is pinned: it cannot also be a filter of the lookup',
          'room.yaml:9:31: the lookup pins "size", which is not a declared field',
        ],
      },
    ],
    ['a path through a text field', { room: ROOM.replace("represent: '{code} - {name}'", "represent: '{code} - {name.title}'"), want: ['room.yaml:6:12: "name.title" reads through "name", which is string: only a reference field can be followed'] }],
    ['a path to a field the target lacks', { room: ROOM.replace("represent: '{code} - {name}'", "represent: '{code} - {building_id.title}'"), want: ['room.yaml:6:12: "building_id.title": building has no field "title"'] }],
    ['a path of two steps', { room: ROOM.replace("represent: '{code} - {name}'", "represent: '{building_id.site_id.name}'"), want: ['room.yaml:6:12: "building_id.site_id.name" goes more than one step'] }],
  ];

  it.each(cases)('reports %s at its place', (_, { room, want }) => {
    const got = problemsOf({ 'building.yaml': BUILDING, 'room.yaml': room });
    expect(got.length, got.join('\n')).toBe(want.length);
    want.forEach((w, i) => expect(got[i].startsWith(w) ? w : got[i]).toBe(w));
  });
});
