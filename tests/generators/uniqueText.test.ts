// Unique text in the model and the tables: compared as a person reads it through an index on
// its normalized value (nkey) instead of a plain unique constraint; other unique kinds keep
// the constraint.

import { describe, expect, it } from 'vitest';
import { tableDef } from '../../generators/emit/tables';
import { loadSchemas } from '../../generators/load';
import { buildingWithFields, schemaDir } from './schemaFixture';

function building(field: string): string {
  return buildingWithFields(`  value: ${field}`);
}

const LABEL = 'label: { en: Value, id: Nilai }';
const cases: Array<[string, { given: string; want: { uniqueText: boolean; constraint: boolean; index?: object } }]> = [
  ['a unique string', { given: `{ type: string, ${LABEL}, unique: true }`, want: { uniqueText: true, constraint: false, index: { name: 'building_value_nkey', column: 'value', method: 'btree', unique: true, asText: ['value'] } } }],
  ['a unique email', { given: `{ type: email, ${LABEL}, unique: true }`, want: { uniqueText: true, constraint: false, index: { name: 'building_value_nkey', column: 'value', method: 'btree', unique: true, asText: ['value'] } } }],
  ['a unique integer', { given: `{ type: integer, ${LABEL}, unique: true }`, want: { uniqueText: false, constraint: true } }],
  ['a string that is not unique', { given: `{ type: string, ${LABEL} }`, want: { uniqueText: false, constraint: false } }],
];

describe('unique text', () => {
  it.each(cases)('%s', (_, { given, want }) => {
    const dir = schemaDir({ 'building.yaml': building(given) });
    const { entities, problems } = loadSchemas(dir, dir);
    expect(problems).toEqual([]);
    const entity = entities[0];
    expect(entity.fields.find((f) => f.name === 'value')?.uniqueText === true).toBe(want.uniqueText);
    const table = tableDef(entity);
    expect(table.columns.find((c) => c.name === 'value')?.unique).toBe(want.constraint);
    const unique = table.indexes.filter((i) => i.unique);
    expect(unique).toEqual(want.index ? [want.index] : []);
  });
});
