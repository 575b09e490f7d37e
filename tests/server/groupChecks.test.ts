// Rules that compare a record with the other records of its table, on the demo data:
// composite unique keys (class code per academic year, one leave balance per employee, type
// and year), sums over a group (instrument weights, final score rule weights per unit, level
// and year) and ranges that must not overlap (grading rules per unit, punishments).

import { describe, expect, it } from 'vitest';
import { validators } from '../../src/generated/all';
import { buildCatalog } from '../../server/crud/catalog';
import { writeViolation } from '../../server/crud/constraintViolations';
import { tables } from '../../server/generated/tables';
import { fileServer } from './harness';

const server = fileServer({ demoData: true });

type Language = 'en' | 'id';
const post = (endpoint: string, body: Record<string, unknown>, language: Language = 'en') =>
  server.call('POST', `/api/v1/${endpoint}`, { as: 'admin', body, headers: { 'accept-language': language } });
const put = (endpoint: string, id: number, body: Record<string, unknown>, language: Language = 'en') =>
  server.call('PUT', `/api/v1/${endpoint}/${id}`, { as: 'admin', body, headers: { 'accept-language': language } });
/** Save a stored record with `changes`: the whole record is sent, as the edit form does. */
async function edit(endpoint: string, id: number, changes: Record<string, unknown>, language: Language = 'en') {
  const entity = server.catalog.entities.find((e) => e.endpoint === endpoint)!;
  const record = (await server.call('GET', `/api/v1/${endpoint}/${id}`, { as: 'admin' })).json.data;
  const body = Object.fromEntries(entity.fields.filter((f) => !f.readOnly && record[f.name] != null).map((f) => [f.name, record[f.name]]));
  return put(endpoint, id, { ...body, ...changes, version: record.version }, language);
}

describe('a composite unique key', () => {
  const CLASS = { name: 'X IPA 1 (salinan)', department_id: 4, level_id: 4 };

  it('refuses a class code already used in the same academic year, in both languages', async () => {
    const en = await post('class', { ...CLASS, code: '2526-X-IPA-1', academic_year_id: 2 });
    expect(en.status).toBe(422);
    expect(en.json.messages).toEqual({ code: ['Code is already used for this academic year'] });
    const id = await post('class', { ...CLASS, code: '2526-X-IPA-1', academic_year_id: 2 }, 'id');
    expect(id.json.messages).toEqual({ code: ['Kode sudah dipakai untuk tahun ajaran ini'] });
  });

  it('accepts the same code in another academic year', async () => {
    const answer = await post('class', { ...CLASS, code: '2526-X-IPA-1', academic_year_id: 3 });
    expect(answer.status, answer.text).toBe(201);
  });

  it('on update, refuses another class\'s code of the year and keeps a class\'s own', async () => {
    const taken = await edit('class', 2, { code: '2526-X-IPA-1' });
    expect(taken.status).toBe(422);
    expect(taken.json.messages).toEqual({ code: ['Code is already used for this academic year'] });
    const own = await edit('class', 2, { code: '2526-X-IPA-2', name: 'X IPA 2 (baru)' });
    expect(own.status, own.text).toBe(200);
    // Moving a class into a year where its code is free is fine, into one where it is taken is not.
    const moved = await edit('class', 3, { academic_year_id: 3 });
    expect(moved.status, moved.text).toBe(200);
    const back = await post('class', { ...CLASS, code: '2526-X-IPS-1', academic_year_id: 3 });
    expect(back.json.messages).toEqual({ code: ['Code is already used for this academic year'] });
  });

  it('names the last field of a three-field key (one leave balance per employee, type and year)', async () => {
    const body = { employee_id: 3, leave_type_id: 1, year: 2026, quantity: 10 };
    const en = await post('leave-balance', body);
    expect(en.status).toBe(422);
    expect(en.json.messages).toEqual({ year: ['Year is already used for this employee and leave type'] });
    expect((await post('leave-balance', body, 'id')).json.messages).toEqual({ year: ['Tahun sudah dipakai untuk pegawai dan jenis cuti ini'] });
    expect((await post('leave-balance', { ...body, year: 2027 })).status).toBe(201);
  });

  it('maps the unique index a racing write runs into to the key\'s message', () => {
    const catalog = buildCatalog(server.catalog.entities, validators, tables);
    const classEntity = catalog.entityNamed('class')!;
    const raced = writeViolation({ code: '23505', constraint: 'class_academic_year_id_code_nkey' }, catalog, classEntity, 'id');
    expect(raced?.status).toBe(422);
    expect(raced?.messages).toEqual({ code: ['Kode sudah dipakai untuk tahun ajaran ini'] });
  });
});

describe('a sum over all records (instrument weights, at most 100)', () => {
  it('refuses a weight that takes the total past 100, saying the total and what is left', async () => {
    // The demo weights add up to 100; SKP goes from 50 to 30, leaving 20.
    expect((await edit('instrument', 1, { weight: 30 })).status).toBe(200);
    const body = { code: 'PROYEK', description: 'Proyek sekolah', source: 'review', scoring_method: 'number', weight: 40 };
    const en = await post('instrument', body);
    expect(en.status).toBe(422);
    expect(en.json.messages).toEqual({ weight: ['The weight (%) of all appraisal instruments would add up to 120; at most 100 (20 left)'] });
    const id = await post('instrument', body, 'id');
    expect(id.json.messages).toEqual({ weight: ['Bobot (%) semua instrumen penilaian akan berjumlah 120; paling banyak 100 (sisa 20)'] });
    expect((await post('instrument', { ...body, weight: 20 })).status).toBe(201);
  });

  it('on update, counts the record once: its own stored weight is left out of the others', async () => {
    // Now 30 + 25 + 15 + 5 + 5 + 20 = 100: KOMP from 25 to 24 is fine, to 26 is one too many.
    expect((await edit('instrument', 2, { weight: 24 })).status).toBe(200);
    const over = await edit('instrument', 2, { weight: 26 });
    expect(over.status).toBe(422);
    expect(over.json.messages).toEqual({ weight: ['The weight (%) of all appraisal instruments would add up to 101; at most 100 (25 left)'] });
    // An edit that leaves the weight alone is not refused for the group.
    expect((await edit('instrument', 2, { description: 'Kompetensi guru' })).status).toBe(200);
  });
});

describe('a sum per group (final score rule weights per unit, level and year)', () => {
  const RULE = { department_id: 4, academic_year_id: 2, grading_aspect_id: 3, rounding: 'nearest' };

  it('refuses a weight past 100 in the group with the schema\'s own message', async () => {
    const en = await post('final-score-rule', { ...RULE, weight_percent: 10 });
    expect(en.status).toBe(422);
    expect(en.json.messages).toEqual({ weight_percent: ['The weights of this unit, level and year would add up to 110; at most 100 (0 left)'] });
    const id = await post('final-score-rule', { ...RULE, weight_percent: 10 }, 'id');
    expect(id.json.messages).toEqual({ weight_percent: ['Bobot unit, tingkat, dan tahun ajaran ini akan berjumlah 110; paling banyak 100 (sisa 0)'] });
  });

  it('counts only the group: another year, unit or a level of its own starts from zero', async () => {
    expect((await post('final-score-rule', { ...RULE, academic_year_id: 3, weight_percent: 100 })).status).toBe(201);
    expect((await post('final-score-rule', { ...RULE, department_id: 2, weight_percent: 60 })).status).toBe(201);
    const level = await post('final-score-rule', { ...RULE, level_id: 4, weight_percent: 70 });
    expect(level.status, level.text).toBe(201);
    const more = await post('final-score-rule', { ...RULE, level_id: 4, grading_aspect_id: 4, weight_percent: 31 });
    expect(more.json.messages).toEqual({ weight_percent: ['The weights of this unit, level and year would add up to 101; at most 100 (30 left)'] });
  });

  it('checks the group a record moves into', async () => {
    // Rule 6 (SMP, 2025/2026, 50) moved to the SMA's full year is refused; to a new year it is fine.
    const moved = await edit('final-score-rule', 6, { department_id: 4 });
    expect(moved.json.messages).toEqual({ weight_percent: ['The weights of this unit, level and year would add up to 150; at most 100 (0 left)'] });
    expect((await edit('final-score-rule', 6, { academic_year_id: 1, department_id: 2 })).status).toBe(200);
  });
});

describe('a sum grouped through a reference (assignment type weights per aspect of the type)', () => {
  it('counts the types of the same aspect, and only those', async () => {
    // Knowledge (types 1-4) and skills (types 5-7) each add up to 100 in the SMA for every level and subject.
    const body = { department_id: 4, assignment_type_id: 6, max_score: 100, weight_percent: 10 };
    const en = await post('assignment-type-score', body);
    expect(en.status).toBe(422);
    expect(en.json.messages).toEqual({ weight_percent: ['The weights of this aspect would add up to 110 in this unit, level and subject; at most 100 (0 left)'] });
    expect((await post('assignment-type-score', body, 'id')).json.messages).toEqual({
      weight_percent: ['Bobot aspek ini akan berjumlah 110 pada unit, tingkat, dan mata pelajaran ini; paling banyak 100 (sisa 0)'],
    });
    // Taking 10 from the daily tests (knowledge) leaves room for knowledge, not for skills.
    expect((await edit('assignment-type-score', 1, { weight_percent: 20 })).status).toBe(200);
    expect((await post('assignment-type-score', body)).status).toBe(422);
    expect((await post('assignment-type-score', { ...body, assignment_type_id: 2 })).status).toBe(201);
    expect((await post('assignment-type-score', { ...body, subject_id: 4, weight_percent: 100 })).status).toBe(201);
  });
});

describe('ranges that must not overlap', () => {
  const RULE = { department_id: 4, grade: 'E', criteria: 'Sangat kurang', is_passing: false };

  it('refuses a grade range that overlaps another of the unit, naming it, in both languages', async () => {
    const en = await post('grading-rule', { ...RULE, min_score: 60, max_score: 75 });
    expect(en.status).toBe(422);
    expect(en.json.messages).toEqual({ max_score: ['This range overlaps D - Perlu bimbingan (0 to 69)'] });
    const id = await post('grading-rule', { ...RULE, min_score: 75, max_score: 75 }, 'id');
    expect(id.json.messages).toEqual({ max_score: ['Rentang ini bertumpang tindih dengan C - Cukup (70 sampai 79)'] });
    // Both ends count: 89 belongs to B.
    const touching = await post('grading-rule', { ...RULE, min_score: 89, max_score: 95 });
    expect(touching.json.messages).toEqual({ max_score: ['This range overlaps B - Baik (80 to 89)'] });
  });

  it('accepts the range in another unit, and a record\'s own range on update', async () => {
    expect((await post('grading-rule', { ...RULE, department_id: 1, min_score: 60, max_score: 75 })).status).toBe(201);
    const narrowed = await edit('grading-rule', 1, { min_score: 91 });
    expect(narrowed.status, narrowed.text).toBe(200);
    const gap = await post('grading-rule', { ...RULE, grade: 'A', criteria: 'Celah', min_score: 90, max_score: 90 });
    expect(gap.status, gap.text).toBe(201);
    const widened = await edit('grading-rule', 2, { max_score: 90 });
    expect(widened.json.messages).toEqual({ max_score: ['This range overlaps A - Celah (90 to 90)'] });
  });

  it('compares every punishment when there is no group', async () => {
    const body = { code: 'CATATAN', name: 'Catatan', summon_parents: false, is_active: true };
    const over = await post('punishment', { ...body, min_points: 10, max_points: 30 });
    expect(over.json.messages).toEqual({ max_points: ['This range overlaps Teguran lisan (1 to 24)'] });
    expect((await post('punishment', { ...body, min_points: 0, max_points: 0 })).status).toBe(201);
  });
});

describe('a timetable without clashes (schedule: a teacher, a class, one lesson at a time)', () => {
  const lesson = { department_id: 4, academic_year_id: 2, semester_id: 3, subject_id: 4, day: 'monday', room_id: null };

  it('refuses the teacher in two classes at once, naming the lesson it clashes with, in both languages', async () => {
    // Demo lesson 1: teacher 2 teaches class 1 on Monday 07:00–08:30.
    const en = await post('schedule', { ...lesson, class_id: 2, teacher_id: 2, start_time: '08:00', end_time: '08:45' });
    expect(en.status).toBe(422);
    expect(en.json.messages.end_time[0]).toMatch(/^The teacher already teaches at this time: .*07:00/);
    const id = await post('schedule', { ...lesson, class_id: 2, teacher_id: 2, start_time: '08:00', end_time: '08:45' }, 'id');
    expect(id.json.messages.end_time[0]).toMatch(/^Guru sudah mengajar pada jam ini/);
  });

  it('refuses a second lesson for the class at the same time, with another teacher', async () => {
    const clash = await post('schedule', { ...lesson, class_id: 1, teacher_id: 3, start_time: '07:30', end_time: '08:00' });
    expect(clash.status).toBe(422);
    expect(clash.json.messages.end_time[0]).toMatch(/^The class already has a lesson at this time/);
  });

  it('accepts lessons that only touch, and the same hour on another day', async () => {
    const touching = await post('schedule', { ...lesson, class_id: 2, teacher_id: 2, start_time: '08:30', end_time: '09:15' });
    expect(touching.status, touching.text).toBe(201);
    const otherDay = await post('schedule', { ...lesson, class_id: 1, teacher_id: 2, day: 'saturday', start_time: '07:00', end_time: '08:30' });
    expect(otherDay.status, otherDay.text).toBe(201);
  });
});
