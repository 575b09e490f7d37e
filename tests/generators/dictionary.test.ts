// The data dictionary: every entity's fields with their rules in both languages, references
// out and in, and access; the Markdown for developers carries the generated header.
import { describe, expect, it } from 'vitest';
import { dictionaryOf, emitDictionary } from '../../generators/emit/dictionary';
import { HEADER_MARK } from '../../generators/emit/print';
import { loadSchemas } from '../../generators/load';
import { BUILDING, ROOM, schemaDir } from './schemaFixture';

describe('the data dictionary', () => {
  const dir = schemaDir({ 'building.yaml': BUILDING, 'room.yaml': ROOM });
  const { entities, problems } = loadSchemas(dir, dir);

  it('describes fields, rules, references in and out and access, in English and Indonesian', () => {
    expect(problems).toEqual([]);
    const [building, room] = dictionaryOf(entities);
    expect(building.fields[0]).toMatchObject({ name: 'code', kind: 'string', rules: [{ en: 'required', id: 'wajib diisi' }, { en: 'unique', id: 'unik' }, { en: 'at most 10 characters', id: 'paling banyak 10 karakter' }] });
    expect(building.referencedBy).toEqual([{ entity: 'room', field: 'building_id' }]);
    expect(room.fields.find((f) => f.name === 'building_id')).toMatchObject({ to: 'building' });
    expect(room.rules.map((r) => r.id)).toContain('Tanggal selesai tidak boleh sebelum tanggal mulai');
    expect(building.access.create).toEqual(['ROLE_ADMIN']);
  });

  it('writes a module for the app and Markdown for developers', () => {
    const files = emitDictionary(entities);
    expect(files['src/generated/dataDictionary.ts']).toContain('export const DATA_DICTIONARY: DictionaryEntity[] = [');
    const md = files['src/generated/data-dictionary.md'];
    expect(md.slice(0, 200)).toContain(HEADER_MARK);
    expect(md).toContain('## Building / Gedung <a id="building"></a>');
    expect(md).toContain('| `building_id` |');
    expect(md).toContain('**Referenced by / dirujuk oleh:** [room](#room).building_id');
  });
});
