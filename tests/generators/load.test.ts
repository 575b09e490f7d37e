import { describe, expect, it } from 'vitest';
import { fieldJsonSchema } from '../../generators/fieldKinds';
import { formatProblem, loadSchemas } from '../../generators/load';
import { DEFAULT_MAX_ITEMS } from '../../src/shared/validation';
import { BUILDING, BUILDING_COMMENT, buildingWithFields, ROOM, schemaDir } from './schemaFixture';

function problemsOf(files: Record<string, string>): string[] {
  const dir = schemaDir(files);
  return loadSchemas(dir, dir).problems.map(formatProblem);
}

describe('loading schemas', () => {
  it('builds the model of valid schemas with defaults filled in', () => {
    const dir = schemaDir({ 'building.yaml': BUILDING, 'room.yaml': ROOM });
    const { entities, problems } = loadSchemas(dir, dir);
    expect(problems).toEqual([]);
    const room = entities.find((e) => e.name === 'room')!;
    expect(room.resource).toBe('room');
    expect(room.typeName).toBe('RoomRecord');
    expect(room.access.create).toEqual(['ROLE_ADMIN']);
    expect(room.access.list).toContain('ROLE_TEACHER');
    expect(room.list.sort).toEqual({ field: 'id', order: 'ASC' });
    expect(room.rules[0].message.id).toBe('Data ini tidak dapat diubah');
    expect(room.checks[0].message.en).toBe('End date must not be before start date');
    expect(room.fields.find((f) => f.name === 'capacity')!.in).toEqual({ list: false, form: true, show: true });
  });

  it('puts numbering in the model: the numbered string field and the date field', () => {
    const fields = '  doc_no: { type: string, label: { en: No, id: No }, unique: true }\n  doc_date: { type: date, label: { en: Date, id: Tanggal } }';
    const dir = schemaDir({ 'building.yaml': buildingWithFields(fields) + 'numbering: { field: doc_no, date: doc_date }\n' });
    const { entities, problems } = loadSchemas(dir, dir);
    expect(problems).toEqual([]);
    expect(entities[0].numbering).toEqual({ field: 'doc_no', date: 'doc_date' });
  });

  it('makes a password a secret that no list shows', () => {
    const dir = schemaDir({ 'building.yaml': BUILDING.replace('  name: { type: string', '  pin: { type: password, label: { en: PIN, id: PIN } }\n  name: { type: string').replace('list: { columns: [code, name], search: [code, name] }\n', '') });
    const { entities, problems } = loadSchemas(dir, dir);
    expect(problems).toEqual([]);
    const building = entities[0];
    expect(building.fields.find((f) => f.name === 'pin')).toMatchObject({ kind: 'password', writeOnly: true, in: { list: false } });
    expect(building.list.columns).toEqual(['code', 'name']);
  });

  it('bounds every references list: its maxItems, else the default, in the model and the JSON Schema', () => {
    const lists = '  neighbour_ids: { type: references, to: building, label: { en: N, id: N } }\n  wing_ids: { type: references, to: building, maxItems: 12, label: { en: W, id: W } }\n  name: { type: string';
    const dir = schemaDir({ 'building.yaml': BUILDING.replace('  name: { type: string', lists) });
    const { entities, problems } = loadSchemas(dir, dir);
    expect(problems).toEqual([]);
    const field = (name: string) => entities[0].fields.find((f) => f.name === name)!;
    expect(field('neighbour_ids').maxItems).toBe(DEFAULT_MAX_ITEMS);
    expect(fieldJsonSchema(field('neighbour_ids'))).toMatchObject({ type: ['array', 'null'], maxItems: DEFAULT_MAX_ITEMS });
    expect(fieldJsonSchema(field('wing_ids'))).toMatchObject({ type: ['array', 'null'], maxItems: 12 });
    expect(field('name').maxItems).toBeUndefined();
  });

  // Each kind of mistake, with the exact place and words a developer sees.
  const cases: Array<[string, { given: Record<string, string>; want: string[] }]> = [
    // What the parser could read is checked too: the keys the broken file lacks, the label it misread.
    ['YAML syntax', { given: { 'building.yaml': 'name: building\nlabel: [en\n' }, want: ['building.yaml:1:1: the schema is missing the required key "route"', 'building.yaml:1:1: the schema is missing the required key "endpoint"', 'building.yaml:1:1: the schema is missing the required key "modules"', 'building.yaml:1:1: the schema is missing the required key "represent"', 'building.yaml:1:1: the schema is missing the required key "fields"', 'building.yaml:2:8: "label" must be object', 'building.yaml:3:1: Flow sequence in block collection'] }],
    ['unknown key', { given: { 'building.yaml': BUILDING.replace('represent: name', 'represent: name\ncolour: red') }, want: ['building.yaml:7:1: unknown key "colour" in the schema; expected one of: name, label, labelPlural, screen, route, endpoint, modules, represent, singleton, parent, tree, lookups, deleteMessage, numbering, workflow, access, fields, list, sections, tabs, rules, unique, checks'] }],
    ['missing label language', { given: { 'building.yaml': BUILDING.replace('label: { en: Building, id: Gedung }', 'label: { en: Building }') }, want: ['building.yaml:2:8: "label" is missing the required key "id"'] }],
    ['unknown field type', { given: { 'building.yaml': BUILDING.replace('code: { type: string', 'code: { type: strin') }, want: ['building.yaml:8:17: "fields.code.type" must be one of: string, text, richtext, integer, number, money, boolean, date, datetime, time, email, url, enum, reference, references, file, image, color, password'] }],
    ['name differs from file', { given: { 'building.yaml': BUILDING.replace('name: building', 'name: buildings') }, want: ['building.yaml:1:7: name "buildings" must equal the file name "building"'] }],
    ['bad route', { given: { 'building.yaml': BUILDING.replace('route: /building', 'route: Building') }, want: ['building.yaml:3:8: "route" must be a path like /academicyear (lowercase letters, digits, dashes)'] }],
    ['reference to nothing', { given: { 'room.yaml': ROOM }, want: ['room.yaml:11:39: "building_id" refers to entity "building", which has no schema (known: room)'] }],
    ['list column not declared', { given: { 'building.yaml': BUILDING.replace('columns: [code, name]', 'columns: [code, title]') }, want: ['building.yaml:10:25: list.columns names "title", which is not a declared field'] }],
    ['column chooser field not declared', { given: { 'building.yaml': BUILDING.replace('search: [code, name] }', 'search: [code, name], choosable: [code, title] }') }, want: ['building.yaml:10:72: list.choosable names "title", which is not a declared field'] }],
    ['search on a number', { given: { 'building.yaml': BUILDING.replace('search: [code, name]', 'search: [code, floors]').replace('  name: { type: string', '  floors: { type: integer, label: { en: Floors, id: Lantai } }\n  name: { type: string') }, want: ['building.yaml:11:47: list.search can only use text fields; "floors" is integer'] }],
    ['min on a string', { given: { 'building.yaml': BUILDING.replace('maxLength: 10', 'min: 3') }, want: ['building.yaml:8:86: min/max apply to integer, number and money fields, not string'] }],
    ['enum without options', { given: { 'building.yaml': BUILDING.replace('name: { type: string, label: { en: Name, id: Nama }, required: true }', 'name: { type: enum, label: { en: Name, id: Nama } }') }, want: ['building.yaml:9:3: enum field "name" needs options: [{ value, label: { en, id } }]', 'building.yaml:10:47: list.search can only use text fields; "name" is enum'] }],
    ['rule on a non-boolean', { given: { 'building.yaml': BUILDING + 'rules:\n  - { if: name, deny: [edit] }\n' }, want: ['building.yaml:12:11: rule field "name" must be a boolean, not string'] }],
    ['date check on text', { given: { 'building.yaml': BUILDING + 'checks:\n  - { kind: dateOrder, from: code, to: name }\n' }, want: ['building.yaml:12:30: dateOrder needs date/datetime/time fields; "code" is string', 'building.yaml:12:40: dateOrder needs date/datetime/time fields; "name" is string'] }],
    ['duplicate endpoint', { given: { 'building.yaml': BUILDING, 'room.yaml': ROOM.replace('endpoint: room', 'endpoint: building') }, want: ['room.yaml:4:11: endpoint "building" is already used by building.yaml'] }],
    ['reserved field name', { given: { 'building.yaml': BUILDING.replace('  name: { type: string', '  version: { type: integer, label: { en: V, id: V } }\n  name: { type: string') }, want: ['building.yaml:9:3: field name "version" is reserved (system column or list parameter)'] }],
    ['represent names nothing', { given: { 'building.yaml': BUILDING.replace('represent: name', "represent: '{code} {title}'") }, want: ['building.yaml:6:12: represent names "title", which is not a declared field'] }],
    ['reference cycle', { given: { 'building.yaml': BUILDING.replace('  name: { type: string', '  room_id: { type: reference, to: room, label: { en: R, id: R } }\n  name: { type: string'), 'room.yaml': ROOM }, want: ['building.yaml:9:35: references go round in a circle (building → room → building); tables could not be created in order. Drop one of these references.'] }],
    ['numbering a field that is not declared', { given: { 'building.yaml': BUILDING + 'numbering: { field: doc_no }\n' }, want: ['building.yaml:11:21: numbering.field names "doc_no", which is not a declared field'] }],
    ['numbering a required field, dated by a string', { given: { 'building.yaml': BUILDING + 'numbering: { field: name, date: code }\n' }, want: ['building.yaml:9:56: "name" is numbered when a create leaves it empty (numbering): it cannot be required', 'building.yaml:11:33: numbering.date "code" must be a date field, not string'] }],
    ['numbering a field that is no string, dated by nothing', { given: { 'building.yaml': buildingWithFields('  doc_no: { type: integer, label: { en: No, id: No } }') + 'numbering: { field: doc_no, date: opened_on }\n' }, want: ['building.yaml:11:21: numbering.field "doc_no" must be a string field, not integer', 'building.yaml:11:35: numbering.date names "opened_on", which is not a declared field'] }],
    ['numbering without its field', { given: { 'building.yaml': BUILDING + 'numbering: { date: code }\n' }, want: ['building.yaml:11:12: "numbering" is missing the required key "field"'] }],
    ['tree field not a self reference', { given: { 'building.yaml': BUILDING + 'tree: code\n' }, want: ['building.yaml:11:7: tree field "code" must be a reference to building itself'] }],
    ['parent field not a reference to the parent', { given: { 'building.yaml': BUILDING, 'room.yaml': ROOM.replace("represent: '{code} - {name}'", "represent: '{code} - {name}'\nparent: { entity: building, field: code }") }, want: ['room.yaml:7:36: parent.field "code" must be a reference to building'] }],
    ['singleton with a list', { given: { 'building.yaml': BUILDING.replace('represent: name', 'represent: name\nsingleton: true').replace(', unique: true', '') }, want: ['building.yaml:11:1: a singleton has one record: "list" does not apply'] }],
    ['lookup named like another endpoint', { given: { 'building.yaml': BUILDING, 'room.yaml': ROOM.replace('modules: [BOOKING]', 'modules: [BOOKING]\nlookups: [{ name: building }]') }, want: ['room.yaml:6:19: lookup "building" is the endpoint of building'] }],
    ['write-only number', { given: { 'building.yaml': BUILDING.replace('  name: { type: string', '  pin: { type: integer, writeOnly: true, label: { en: PIN, id: PIN } }\n  name: { type: string') }, want: ['building.yaml:9:25: writeOnly applies to text fields (secrets), not integer'] }],
    ['password as a list column', { given: { 'building.yaml': BUILDING.replace('  name: { type: string', '  pin: { type: password, label: { en: PIN, id: PIN }, minLength: 6 }\n  name: { type: string').replace('columns: [code, name]', 'columns: [code, name, pin]') }, want: ['building.yaml:11:31: "pin" is a secret that is never sent back: it cannot be a list column'] }],
    ['unique password', { given: { 'building.yaml': BUILDING.replace('  name: { type: string', '  pin: { type: password, unique: true, label: { en: PIN, id: PIN } }\n  name: { type: string') }, want: ['building.yaml:9:26: a password field cannot also be read-only or unique'] }],
    ['password in represent', { given: { 'building.yaml': BUILDING.replace('  name: { type: string', '  pin: { type: password, label: { en: PIN, id: PIN }, minLength: 6 }\n  name: { type: string').replace('represent: name', "represent: '{name} {pin}'") }, want: ['building.yaml:6:12: represent names "pin", a secret that is never sent back'] }],
    ['password filter', { given: { 'building.yaml': BUILDING.replace('  name: { type: string', '  pin: { type: password, label: { en: PIN, id: PIN }, minLength: 6 }\n  name: { type: string').replace('search: [code, name]', 'search: [code, name], filters: [pin]') }, want: ['building.yaml:11:64: "pin" (password) cannot be a filter'] }],
    ['maxItems on a reference', { given: { 'building.yaml': BUILDING.replace('  name: { type: string', '  main_id: { type: reference, to: building, maxItems: 3, label: { en: M, id: M } }\n  name: { type: string') }, want: ['building.yaml:9:45: maxItems applies to references fields, not reference'] }],
    ['maxItems past the limit', { given: { 'building.yaml': BUILDING.replace('  name: { type: string', '  wing_ids: { type: references, to: building, maxItems: 20000, label: { en: W, id: W } }\n  name: { type: string') }, want: ['building.yaml:9:57: maxItems is at most 10000 (20000 given)'] }],
    ['maxItems of none', { given: { 'building.yaml': BUILDING.replace('  name: { type: string', '  wing_ids: { type: references, to: building, maxItems: 0, label: { en: W, id: W } }\n  name: { type: string') }, want: ['building.yaml:9:57: "fields.wing_ids.maxItems" must be >= 1'] }],
  ];

  it.each(cases)('reports %s at its place', (_, { given, want }) => {
    const got = problemsOf(given);
    expect(got.length).toBe(want.length);
    want.forEach((w, i) => expect(got[i].startsWith(w) ? w : got[i]).toBe(w));
  });

  // One run, every phase: a syntax error, a format error, an unknown reference and the file's
  // own checks in one file; a second file's checks against the first; nothing repeated.
  it('reports a syntax error, a format error, an unknown reference and a bad column of one file in one run', () => {
    const building = BUILDING.replace('represent: name', 'represent: name\nrepresent: code')
      .replace('required: true }\nlist', 'required: true, colour: red }\n  site_id: { type: reference, to: site, label: { en: Site, id: Lokasi } }\n  wing: { type: strin, label: { en: Wing, id: Sayap } }\nlist')
      .replace('columns: [code, name]', 'columns: [code, name, floor]');
    const got = problemsOf({ 'building.yaml': building, 'room.yaml': ROOM.replace('min: 0', 'min: -1, minLength: 2') });
    expect(got).toEqual([
      'building.yaml:7:1: Map keys must be unique',
      'building.yaml:10:72: unknown key "colour" in "fields.name"; expected one of: type, label, help, required, unique, readOnly, writeOnly, min, max, minLength, maxLength, pattern, patternMessage, default, options, to, maxItems, maxSize, accept, hidden, access, requiredWhen, allowedWhen',
      'building.yaml:11:35: "site_id" refers to entity "site", which has no schema (known: building, room)',
      'building.yaml:12:17: "fields.wing.type" must be one of: string, text, richtext, integer, number, money, boolean, date, datetime, time, email, url, enum, reference, references, file, image, color, password',
      'building.yaml:13:31: list.columns names "floor", which is not a declared field',
      'room.yaml:12:75: minLength/maxLength apply to text fields, not integer',
    ]);
  });

  it('reports every problem of every file at once', () => {
    const got = problemsOf({
      'building.yaml': BUILDING.replace('route: /building', 'route: Building').replace('columns: [code, name]', 'columns: [code]'),
      'room.yaml': ROOM.replace('min: 0', 'min: -1, minLength: 2'),
    });
    expect(got).toEqual([
      'building.yaml:3:8: "route" must be a path like /academicyear (lowercase letters, digits, dashes)',
      'room.yaml:12:75: minLength/maxLength apply to text fields, not integer',
    ]);
  });
});

// A table behind a bespoke screen (screen: false): loaded like any other, without the keys of a screen.
describe('an entity without a screen', () => {
  it('loads with its access, fields and checks, and no route, endpoint or menu', () => {
    const dir = schemaDir({ 'building.yaml': BUILDING, 'building_comment.yaml': BUILDING_COMMENT });
    const { entities, problems } = loadSchemas(dir, dir);
    expect(problems).toEqual([]);
    const comment = entities.find((e) => e.name === 'building_comment')!;
    expect(comment).toMatchObject({ screen: false, route: '', resource: '', endpoint: '', modules: [], typeName: 'BuildingCommentRecord' });
    expect(comment.access.create).toEqual(['ROLE_ADMIN', 'ROLE_TEACHER']);
    expect(comment.fields.map((f) => f.name)).toEqual(['building_id', 'body', 'rating', 'posted_on', 'is_hidden']);
    expect(entities.find((e) => e.name === 'building')!.screen).toBeUndefined();
  });

  const withComment = (schema: string, building = BUILDING) => problemsOf({ 'building.yaml': building, 'building_comment.yaml': schema });
  const cases: Array<[string, { given: string[]; want: string[] }]> = [
    ['a route', { given: withComment(BUILDING_COMMENT.replace('screen: false\n', 'screen: false\nroute: /building-comment\n')), want: ['building_comment.yaml:4:1: an entity without a screen (screen: false) has no "route": its bespoke module shows it and reaches it through the write door'] }],
    ['menu modules', { given: withComment(BUILDING_COMMENT.replace('represent: body', 'represent: body\nmodules: [BOOKING]')), want: ['building_comment.yaml:5:1: an entity without a screen (screen: false) has no "modules": its bespoke module shows it and reaches it through the write door'] }],
    [
      'an endpoint and a list together',
      {
        given: withComment(BUILDING_COMMENT.replace('screen: false\n', 'screen: false\nendpoint: building-comment\n') + 'list: { columns: [body] }\n'),
        want: [
          'building_comment.yaml:4:1: an entity without a screen (screen: false) has no "endpoint": its bespoke module shows it and reaches it through the write door',
          'building_comment.yaml:13:1: an entity without a screen (screen: false) has no "list": its bespoke module shows it and reaches it through the write door',
        ],
      },
    ],
    ['a screen of its own without a route', { given: withComment(BUILDING_COMMENT.replace('screen: false\n', '')), want: ['building_comment.yaml:1:1: the schema is missing the required key "route"', 'building_comment.yaml:1:1: the schema is missing the required key "endpoint"', 'building_comment.yaml:1:1: the schema is missing the required key "modules"'] }],
    ['screen: true still needs a route', { given: withComment(BUILDING_COMMENT.replace('screen: false', 'screen: true')), want: ['building_comment.yaml:1:1: the schema is missing the required key "route"', 'building_comment.yaml:1:1: the schema is missing the required key "endpoint"', 'building_comment.yaml:1:1: the schema is missing the required key "modules"'] }],
    [
      'a screen referring to it',
      {
        given: problemsOf({
          'building.yaml': BUILDING,
          'building_comment.yaml': BUILDING_COMMENT,
          'room.yaml': ROOM.replace('  capacity:', '  comment_id: { type: reference, to: building_comment, label: { en: Comment, id: Komentar } }\n  capacity:'),
        }),
        want: ['room.yaml:12:38: "comment_id" refers to "building_comment", an entity without a screen (screen: false): only entities without a screen may refer to it'],
      },
    ],
  ];
  it.each(cases)('refuses %s, saying where', (_, { given, want }) => {
    expect(given).toEqual(want);
  });
});
