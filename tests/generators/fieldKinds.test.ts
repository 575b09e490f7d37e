// The one table of field kinds (src/shared/fieldKinds.ts) and what the generator derives from it.
import { describe, expect, it } from 'vitest';
import { KIND_SCHEMAS } from '../../generators/fieldKinds';
import { loadSchemas } from '../../generators/load';
import metaSchema from '../../generators/schema-format.json' with { type: 'json' };
import { FIELD_KINDS, KINDS } from '../../src/shared/fieldKinds';
import { schemaDir } from './schemaFixture';

describe('the table of field kinds', () => {
  it('has an entry for every kind the meta-schema lets a schema write, and no other', () => {
    const written = metaSchema.definitions.field.properties.type.enum;
    expect([...KINDS].sort()).toEqual([...written].sort());
    expect(Object.keys(KIND_SCHEMAS).sort()).toEqual([...written].sort());
  });

  it.each(KINDS)('%s: its facts agree with each other', (kind) => {
    const facts = FIELD_KINDS[kind];
    // A range filter needs ordered values; a contains filter an array column.
    if (facts.filter === 'range') expect(facts.order).toBeDefined();
    expect(facts.filter === 'contains').toBe(facts.column.endsWith('[]'));
    // What a list filters by equality it can also sort by (the filter's index serves the sort).
    if (facts.filter === 'equals' || facts.filter === 'range') expect(facts.sortable).toBe(true);
    // `q` searches text as it is stored.
    if (facts.searchable) expect(facts.column).toBe('text');
    if (facts.readAsText) expect(facts.json).toBe('string');
  });
});

describe('the default sort of a list', () => {
  const schema = (represent: string) => `name: note
label: { en: Note, id: Catatan }
route: /note
endpoint: note
modules: [ACA]
represent: ${represent}
fields:
  code: { type: string, label: { en: Code, id: Kode } }
  remarks: { type: text, label: { en: Remarks, id: Keterangan } }
`;

  it.each([
    ['a sortable represented field', 'code', 'code'],
    // The server refuses to sort by long text, so the list's own sort must not be one.
    ['a represented long text', 'remarks', 'id'],
  ])('is by %s', (_, represent, want) => {
    const dir = schemaDir({ 'note.yaml': schema(represent) });
    const { entities, problems } = loadSchemas(dir, dir);
    expect(problems).toEqual([]);
    expect(entities[0].list.sort.field).toBe(want);
  });
});
