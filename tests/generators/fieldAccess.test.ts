// Field-level access in the schema format (issue 16): `access: { hidden, readOnly }` on a
// field, in the model, and each mistake at its exact place.

import { describe, expect, it } from 'vitest';
import { formatProblem, loadSchemas } from '../../generators/load';
import { buildingWithFields, schemaDir } from './schemaFixture';

const load = (fieldLines: string, extra = '') => {
  const dir = schemaDir({ 'building.yaml': buildingWithFields(fieldLines) + extra });
  return loadSchemas(dir, dir);
};
const problemsOf = (fieldLines: string, extra = '') => load(fieldLines, extra).problems.map(formatProblem);

describe('field-level access in the schema', () => {
  it('puts the roles in the model', () => {
    const { entities, problems } = load(
      '  note: { type: string, label: { en: Note, id: Catatan }, access: { hidden: [ROLE_TEACHER], readOnly: [ROLE_ADMIN_FINANCE] } }',
      'access: { write: [ROLE_ADMIN, ROLE_ADMIN_FINANCE] }\n',
    );
    expect(problems).toEqual([]);
    expect(entities[0].fields.find((f) => f.name === 'note')!.access).toEqual({ hidden: ['ROLE_TEACHER'], readOnly: ['ROLE_ADMIN_FINANCE'] });
  });

  const cases: Array<[string, { fields: string; extra?: string; want: string[] }]> = [
    ['a role that cannot read the entity', {
      fields: '  note: { type: string, label: { en: N, id: N }, access: { hidden: [ROLE_PARENT] } }',
      want: ['building.yaml:9:69: ROLE_PARENT cannot read building at all (access: list/show): hiding "note" from it changes nothing'],
    }],
    ['a read-only role that cannot write', {
      fields: '  note: { type: string, label: { en: N, id: N }, access: { readOnly: [ROLE_TEACHER] } }',
      want: ['building.yaml:9:71: ROLE_TEACHER cannot write building at all (access: create/edit): making "note" read-only for it changes nothing'],
    }],
    ['hidden and read-only for one role', {
      fields: '  note: { type: string, label: { en: N, id: N }, access: { hidden: [ROLE_ADMIN], readOnly: [ROLE_ADMIN] } }',
      want: ['building.yaml:9:93: ROLE_ADMIN is already hidden from "note", which keeps it from writing the field too'],
    }],
    ['a required field kept from a role that creates', {
      fields: '  note: { type: string, label: { en: N, id: N }, required: true, access: { readOnly: [ROLE_ADMIN] } }',
      want: ['building.yaml:9:87: "note" is required and ROLE_ADMIN may create building records: kept from the field, it could never create one (give the field a default, or take the role out)'],
    }],
    ['a field read-only for everyone', {
      fields: '  note: { type: string, label: { en: N, id: N }, readOnly: true, access: { readOnly: [ROLE_ADMIN] } }',
      want: ['building.yaml:9:66: "note" is read-only for everyone (readOnly: true): a read-only list by role adds nothing'],
    }],
    ['an unknown key', {
      fields: '  note: { type: string, label: { en: N, id: N }, access: { hide: [ROLE_ADMIN] } }',
      want: ['building.yaml:9:60: unknown key "hide" in "fields.note.access"; expected one of: hidden, readOnly'],
    }],
  ];
  it.each(cases)('reports %s at its place', (_, { fields, extra, want }) => {
    const problems = problemsOf(fields, extra);
    expect(problems.map((p) => p.replace(/^.*building\.yaml/, 'building.yaml'))).toEqual(want);
  });

  it('refuses a represent that shows a field hidden from a role', () => {
    const dir = schemaDir({ 'building.yaml': buildingWithFields('').replace('  name: { type: string, label: { en: Name, id: Nama }, required: true }', '  name: { type: string, label: { en: Name, id: Nama }, access: { hidden: [ROLE_TEACHER] } }') });
    expect(loadSchemas(dir, dir).problems.map(formatProblem).map((p) => p.replace(/^.*building\.yaml/, 'building.yaml'))).toEqual([
      expect.stringContaining('represent shows "name", which ROLE_TEACHER would not be sent'),
    ]);
  });
});
