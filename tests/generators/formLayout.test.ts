// sections: / tabs: of a schema: checked at load with the place of each mistake, built into the model.
import { describe, expect, it } from 'vitest';
import { formatProblem, loadSchemas } from '../../generators/load';
import { buildingWithFields, schemaDir } from './schemaFixture';

const FIELDS = '  code: { type: string, label: { en: Code, id: Kode } }\n  note: { type: text, label: { en: Note, id: Catatan }, hidden: [form] }';
const load = (layout: string) => {
  const dir = schemaDir({ 'building.yaml': buildingWithFields(FIELDS) + layout });
  const { entities, problems } = loadSchemas(dir, dir);
  return { entity: entities[0], problems: problems.map(formatProblem) };
};
const GROUP = (en: string, fields: string) => `  - { label: { en: ${en}, id: ${en} }, fields: [${fields}] }\n`;

describe('form sections and tabs', () => {
  it('builds the groups into the model, sections by default key and tabs by theirs', () => {
    expect(load('sections:\n' + GROUP('Main', 'name') + GROUP('More', 'code')).entity.form).toEqual({
      layout: 'sections',
      groups: [
        { label: { en: 'Main', id: 'Main' }, fields: ['name'] },
        { label: { en: 'More', id: 'More' }, fields: ['code'] },
      ],
    });
    expect(load('tabs:\n' + GROUP('Main', 'name, code')).entity.form?.layout).toBe('tabs');
    expect(load('').entity.form).toBeUndefined();
  });

  const cases: Array<[string, { given: string; want: string[] }]> = [
    ['a field left out', { given: 'sections:\n' + GROUP('Main', 'name'), want: ['building.yaml:12:1: every field of the form is in one of the sections; not placed: code'] }],
    ['an unknown field', { given: 'tabs:\n' + GROUP('Main', 'name, code, floor'), want: ['building.yaml:13:59: tabs[0] names "floor", which is not a declared field'] }],
    ['a field twice', { given: 'sections:\n' + GROUP('Main', 'name, code') + GROUP('More', 'code'), want: ['building.yaml:14:47: "code" is already in sections[0]: a field is in one group'] }],
    ['a field hidden in the form', { given: 'sections:\n' + GROUP('Main', 'name, code, note'), want: ['building.yaml:13:59: "note" is hidden in the form (hidden: [form]): it has no place in a section'] }],
    ['both keys', { given: 'sections:\n' + GROUP('Main', 'name, code') + 'tabs:\n' + GROUP('Main', 'name, code'), want: ['building.yaml:14:1: give sections or tabs, not both'] }],
    ['a group without fields', { given: 'sections:\n  - { label: { en: Main, id: Utama }, fields: [] }\n', want: ['building.yaml:13:47: "sections.0.fields" must NOT have fewer than 1 items'] }],
  ];
  it.each(cases)('refuses %s, saying where', (_, { given, want }) => {
    expect(load(given).problems).toEqual(want);
  });
});
