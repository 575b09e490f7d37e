// Unique text is unique as a person reads it: after Unicode NFC, trimming white space and
// ignoring case. Invisible characters (zero-width space, joiners, BOM…) are refused in it, so
// two records cannot look the same. The database's unique index has the last word.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { writeViolation } from '../../server/crud/constraintViolations';
import { classParents, created } from './fixtures';
import { fileServer } from './harness';

const server = fileServer();

const EN_TAKEN = 'This value is already used by another record';
const ID_TAKEN = 'Nilai ini sudah dipakai oleh data lain';
const EN_INVISIBLE = 'This value contains an invisible character (such as a zero-width space); remove it';
const ID_INVISIBLE = 'Nilai ini berisi karakter tak terlihat (seperti spasi lebar nol); hapus karakter itu';

const post = (endpoint: string, body: unknown, language = 'en') =>
  server.call('POST', `/api/v1/${endpoint}`, { as: 'admin', body, headers: { 'accept-language': language } });

async function namesOfBuildings(): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from building order by id`.execute(server.database.db);
  return rows.rows.map((r) => r.name);
}

describe('a unique name', () => {
  it('refuses, after the first, every spelling a person reads the same, under the field, in both languages', async () => {
    // Composed é (U+00E9) first.
    expect((await post('building', { code: 'QA-1', name: 'G\u00E9dung QA' })).status).toBe(201);
    const sameAsRead = ['g\u00E9dung qa', ' G\u00E9dung QA ', 'Ge\u0301dung QA', '\u00A0G\u00E9dung QA\t', 'G\u00C9DUNG QA'];
    for (const [i, name] of sameAsRead.entries()) {
      const answer = await post('building', { code: `QA-${i + 2}`, name });
      expect(answer.status, JSON.stringify(name)).toBe(422);
      expect(answer.json.messages, JSON.stringify(name)).toEqual({ name: [EN_TAKEN] });
    }
    expect((await post('building', { code: 'QA-8', name: 'g\u00E9dung qa' }, 'id')).json.messages).toEqual({ name: [ID_TAKEN] });
    const zeroWidth = await post('building', { code: 'QA-9', name: 'G\u00E9\u200Bdung QA' });
    expect(zeroWidth.status).toBe(422);
    expect(zeroWidth.json.messages).toEqual({ name: [EN_INVISIBLE] });
    expect(await namesOfBuildings()).toEqual(['G\u00E9dung QA']);
  });

  it('refuses a zero-width or other invisible character in it, in both languages', async () => {
    for (const invisible of ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u200E', '\u202E']) {
      const answer = await post('building', { code: 'ZW-1', name: `Gedung${invisible} Baru` });
      expect(answer.status, JSON.stringify(invisible)).toBe(422);
      expect(answer.json.messages, JSON.stringify(invisible)).toEqual({ name: [EN_INVISIBLE] });
    }
    expect((await post('building', { code: 'ZW-1', name: 'Gedung\u200B Baru' }, 'id')).json.messages).toEqual({ name: [ID_INVISIBLE] });
    expect(await namesOfBuildings()).not.toContain('Gedung\u200B Baru');
  });

  it('accepts an invisible character in text that is not unique', async () => {
    const answer = await post('building', { code: 'ZW-2', name: 'Gedung Emoji', description: 'Tim \u{1F468}\u200D\u{1F469}\u200D\u{1F467}' });
    expect(answer.status).toBe(201);
  });

  it('stores the value as it was typed', async () => {
    const answer = await post('building', { code: 'ST-1', name: ' Gedung Serbaguna ' });
    expect(answer.status).toBe(201);
    expect(answer.json.data.name).toBe(' Gedung Serbaguna ');
  });

  it('refuses an edit to another spelling of a name in use, but not to its own', async () => {
    await created(server, 'building', { code: 'ED-1', name: 'Gedung Edit Satu' });
    const mine = await created(server, 'building', { code: 'ED-2', name: 'Gedung Edit Dua' });
    const put = (name: string) =>
      server.call('PUT', `/api/v1/building/${mine.id}`, { as: 'admin', headers: { 'accept-language': 'en' }, body: { code: 'ED-2', name, version: 1 } });
    const clash = await put('GEDUNG EDIT SATU');
    expect(clash.status).toBe(422);
    expect(clash.json.messages).toEqual({ name: [EN_TAKEN] });
    expect((await put('gedung edit dua')).status).toBe(200);
  });

  it('is unique in the database itself, and a clash the look-up missed gets the same message', async () => {
    await post('building', { code: 'DB-1', name: 'Gedung Basis Data' });
    const raw = sql`insert into building (code, name, floors) values ('DB-2', ' GEDUNG BASIS DATA ', 1)`.execute(server.database.db);
    await expect(raw).rejects.toMatchObject({ code: '23505', constraint: 'building_name_nkey' });
    const building = server.catalog.entityNamed('building')!;
    expect(writeViolation({ code: '23505', constraint: 'building_name_nkey' }, server.catalog, building, 'en')?.messages).toEqual({ name: [EN_TAKEN] });
  });
});

describe('the text part of a composite unique key', () => {
  it('is compared as read by the key\'s index, and a clash gets the key\'s message', async () => {
    const parents = await classParents(server, '61');
    expect((await post('class', { code: 'X-IPA-1', name: 'Kelas X IPA 1', ...parents })).status).toBe(201);
    const raw = sql`insert into class (code, name, academic_year_id, department_id, level_id)
      values (' x-ipa-1 ', 'Kelas lain', ${parents.academic_year_id}, ${parents.department_id}, ${parents.level_id})`.execute(server.database.db);
    await expect(raw).rejects.toMatchObject({ code: '23505', constraint: 'class_academic_year_id_code_nkey' });
    const schoolClass = server.catalog.entityNamed('class')!;
    expect(writeViolation({ code: '23505', constraint: 'class_academic_year_id_code_nkey' }, server.catalog, schoolClass, 'en')?.messages).toEqual({
      code: ['Code is already used for this academic year'],
    });
  });
});
