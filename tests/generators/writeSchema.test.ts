// The write body's JSON Schema: which fields a client must send.

import { describe, expect, it } from 'vitest';
import { generate } from '../../generators/generate';
import { buildingWithFields, schemaDir } from './schemaFixture';

const cases: Array<[string, { given: string; want: string[] }]> = [
  ['a required field must be sent', { given: '  floors: { type: integer, label: { en: Floors, id: Lantai }, required: true }', want: ['name', 'floors'] }],
  ['a required field with a default may be left out', { given: '  floors: { type: integer, label: { en: Floors, id: Lantai }, required: true, default: 1 }', want: ['name'] }],
  ['a required yes/no with a default false may be left out', { given: '  is_active: { type: boolean, label: { en: Active, id: Aktif }, required: true, default: false }', want: ['name'] }],
  ['an optional field with a default is optional', { given: '  floors: { type: integer, label: { en: Floors, id: Lantai }, default: 1 }', want: ['name'] }],
];

describe('the required fields of a write body', () => {
  it.each(cases)('%s', async (_, { given, want }) => {
    const dir = schemaDir({ 'building.yaml': buildingWithFields(given) });
    const { files, problems } = await generate(dir, dir);
    expect(problems).toEqual([]);
    expect(JSON.parse(files['src/generated/schemas/building.json']).required).toEqual(want);
  });
});
