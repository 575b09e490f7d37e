// Subject and interest selection (issue 15): who may choose, the window and the student's time
// limit, capacity, one seat per student and offering, time clashes, the major's minimums before
// the choice is final, and the race: many sign-ups for few seats at once (on PostgreSQL the
// requests really run side by side; PGlite takes them in turn, with fewer of them).

import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileServer, onPostgres } from './harness';
import { manyStudents, offering, openSubjectWindow } from './selectionFixtures';

// A thousand calls queue for 12 connections at once: on a shared test machine the last of them
// may wait more than the server's 5 s for one (503, "try again"), which is not what is tested.
const server = fileServer({ demoData: true, poolSize: 12, connectionTimeoutMs: 60_000 });
const db = () => server.database.db;

const en = { 'accept-language': 'en' };
const save = (as: string, body: object) => server.call('POST', '/api/v1/rombel-save', { as, body, headers: en });

let physics = 0; // major 1, Monday 07:00-08:30, 2 seats
let chemistry = 0; // major 1, Monday 08:00-09:30: meets at the same time as physics
let biology = 0; // major 1, Wednesday
let maths = 0; // major 1, Thursday
let economics = 0; // major 2 (cross for an IPA student), Tuesday

beforeAll(async () => {
  await openSubjectWindow(server, 1);
  physics = await offering(server, { name: 'Fisika', subject_id: 7, capacity: 2, times: [['monday', '07:00', '08:30']] });
  chemistry = await offering(server, { name: 'Kimia', subject_id: 8, capacity: 30, times: [['monday', '08:00', '09:30']] });
  biology = await offering(server, { name: 'Biologi', subject_id: 8, capacity: 30, times: [['wednesday', '07:00', '08:30']] });
  maths = await offering(server, { name: 'Matematika Peminatan', subject_id: 7, capacity: 30, times: [['thursday', '07:00', '08:30']] });
  economics = await offering(server, { name: 'Ekonomi', subject_id: 9, major_id: 2, capacity: 30, times: [['tuesday', '07:00', '08:30']] });
});

describe('subject selection', () => {
  it('shows the student their cards grouped by major and group, with times, seats and an open window', async () => {
    const answer = await server.call('GET', '/api/v1/rombel-time', { as: 'student' });
    expect(answer.status).toBe(200);
    const { data, major, group, window, student } = answer.json;
    expect(student).toMatchObject({ id: 1, major_id: 1 });
    expect(major[0]).toMatchObject({ id: 1, own: true });
    const card = data.find((c: { id: number }) => c.id === physics);
    expect(card).toMatchObject({ name: 'Fisika', description: 'Ilmu Pengetahuan Alam', timeList: [{ day: 'monday', time1: '07:00', time2: '08:30' }], already: 0, capacity: 2, persen: 0, chosen: false });
    expect(group).toContainEqual({ major_id: 1, subject_group_id: 3 });
    expect(group).toContainEqual({ major_id: 2, subject_group_id: 3 });
    expect(window).toMatchObject({ open: true, closed_reason: null, timeout: 30, min_major: 3, min_cross: 1 });
    // The countdown: 30 minutes from this first visit.
    const left = Date.parse(window.deadline) - Date.parse(window.now);
    expect(left).toBeGreaterThan(29 * 60_000);
    expect(left).toBeLessThanOrEqual(30 * 60_000);
  });

  it('takes a seat once however often it is clicked, and refuses a time clash', async () => {
    const first = await save('student', { type: 'subject', offering_id: physics, check: true });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ success: true, already: 1, capacity: 2, chosen: [physics] });
    const again = await Promise.all([0, 1].map(() => save('student', { type: 'subject', offering_id: physics, check: true })));
    expect(again.map((a) => a.status)).toEqual([200, 200]);
    const seats = await db().selectFrom('selection_enrolment').select('id').where('selection_offering_id', '=', physics).execute();
    expect(seats).toHaveLength(1);

    const clash = await save('student', { type: 'subject', offering_id: chemistry, check: true });
    expect(clash.status).toBe(409);
    expect(clash.json).toMatchObject({ success: false, reason: 'clash' });
    expect(clash.json.message).toContain('Fisika');
  });

  it('refuses a final choice until the major and cross-major minimums hold, then keeps it', async () => {
    const early = await save('student', { type: 'subject', last_select: true });
    expect(early.status).toBe(422);
    expect(early.json).toMatchObject({ reason: 'minimum' });
    expect(early.json.message).toBe('Choose subjects first: at least 3 of the major (now 1) and at least 1 from other majors (now 0)');
    for (const id of [biology, maths, economics]) expect((await save('student', { type: 'subject', offering_id: id, check: true })).status).toBe(200);
    const final = await save('student', { type: 'subject', last_select: true });
    expect(final.status).toBe(200);
    expect(final.json.finalized_at).toBeTruthy();
    const after = await save('student', { type: 'subject', offering_id: economics, check: false });
    expect(after.status).toBe(403);
    expect(after.json.reason).toBe('final');
    const view = await server.call('GET', '/api/v1/rombel-time', { as: 'student' });
    expect(view.json.window).toMatchObject({ open: false, closed_reason: 'final', chosen_major: 3, chosen_cross: 1 });
  });

  it('lets an admin choose on a student\'s behalf, refuses a full offering, and refuses others', async () => {
    const [a, b] = await manyStudents(db(), 2, 2, 'ADM');
    expect((await save('admin', { type: 'subject', student_id: a, offering_id: physics, check: true })).json.already).toBe(2);
    const full = await save('admin', { type: 'subject', student_id: b, offering_id: physics, check: true });
    expect(full.status).toBe(409);
    expect(full.json).toMatchObject({ reason: 'full', message: 'Fisika is full (2 of 2 seats taken)' });
    const id = await server.call('POST', '/api/v1/rombel-save', { as: 'admin', body: { type: 'subject', student_id: b, offering_id: physics, check: true }, headers: { 'accept-language': 'id' } });
    expect(id.json.message).toBe('Fisika penuh (2 dari 2 kuota terisi)');
    const view = await server.call('GET', `/api/v1/rombel-time?student_id=${b}`, { as: 'admin' });
    expect(view.json.data.find((c: { id: number }) => c.id === physics)).toMatchObject({ already: 2, capacity: 2, persen: 100 });
    expect((await server.call('GET', '/api/v1/rombel-time', { as: 'admin' })).status).toBe(422);
    // Nor may an admin's edit bring the capacity below the seats taken.
    const offeringNow = await server.call('GET', `/api/v1/selection-offering/${physics}`, { as: 'admin' });
    const lower = await server.call('PUT', `/api/v1/selection-offering/${physics}`, {
      as: 'admin',
      headers: en,
      body: { kind: 'subject', academic_year_id: 2, department_id: 4, name: 'Fisika', major_id: 1, subject_id: 7, is_active: true, capacity: 1, version: offeringNow.json.data.version },
    });
    expect(lower.status).toBe(422);
    expect(lower.json.messages.capacity).toEqual(['Seats already taken: 2; the capacity cannot be lower']);
    for (const as of ['teacher', 'parent', 'finance']) {
      expect((await save(as, { type: 'subject', student_id: b, offering_id: biology, check: true })).status).toBe(403);
      expect((await server.call('GET', `/api/v1/rombel-time?student_id=${b}`, { as })).status).toBe(403);
    }
  });

  it('refuses outside the window and after the student\'s time runs out', async () => {
    // Class 3 (X IPS 1): its only window was in July 2025.
    const [ips] = await manyStudents(db(), 1, 3, 'IPS');
    const closed = await save('admin', { type: 'subject', student_id: ips, offering_id: economics, check: true });
    expect(closed.status).toBe(403);
    expect(closed.json.reason).toBe('closed');
    expect(closed.json.message).toContain('closed on');

    const [late] = await manyStudents(db(), 1, 1, 'LATE');
    await sql`insert into selection_sitting (student_id, academic_year_id, kind, started_at) values (${late}, 2, 'subject', now() - interval '31 minutes')`.execute(db());
    const view = await server.call('GET', `/api/v1/rombel-time?student_id=${late}`, { as: 'admin' });
    expect(view.json.window.open).toBe(true); // an admin is not held to the student's time limit
    const ownLogin = await save('admin', { type: 'subject', student_id: late, offering_id: biology, check: true });
    expect(ownLogin.status).toBe(200);
  });

  it('holds a student to their time limit', async () => {
    await sql`update selection_sitting set started_at = now() - interval '31 minutes', finalized_at = null where student_id = 1`.execute(db());
    const answer = await save('student', { type: 'subject', offering_id: economics, check: false });
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject({ reason: 'timeout', message: 'The time to choose has run out' });
  });
});

describe('interest selection', () => {
  it('groups extracurriculars by unit, keeps the window of the settings and the most a student may take', async () => {
    const start = new Date(Date.now() - 3600_000).toISOString();
    const end = new Date(Date.now() + 86_400_000).toISOString();
    const settings = await server.call('GET', '/api/v1/setting-extracurricular', { as: 'admin' });
    const put = await server.call('PUT', '/api/v1/setting-extracurricular', {
      as: 'admin',
      body: { version: settings.json.data.version, allow_change: true, allow_over_capacity: false, selection_start: start, selection_end: end, min_choices: 1, max_choices: 1, time_limit_minutes: 15 },
    });
    expect(put.status).toBe(200);
    const basket = await offering(server, { name: 'Bola Basket', kind: 'extracurricular', extracurricular_id: 1, capacity: 30, times: [['tuesday', '15:15', '17:00']] });
    const futsal = await offering(server, { name: 'Futsal', kind: 'extracurricular', extracurricular_id: 2, capacity: 25, times: [['wednesday', '15:15', '17:00']] });
    const view = await server.call('GET', '/api/v1/ext-time', { as: 'student' });
    expect(view.status).toBe(200);
    expect(view.json.department).toEqual([{ id: 4, department_name: expect.any(String) }]);
    expect(view.json.data.map((c: { name: string }) => c.name)).toEqual(['Bola Basket', 'Futsal']);
    expect(view.json.window).toMatchObject({ open: true, timeout: 15, max_choices: 1 });
    expect((await save('student', { type: 'extracurricular', offering_id: basket, check: true })).status).toBe(200);
    const second = await save('student', { type: 'extracurricular', offering_id: futsal, check: true });
    expect(second.status).toBe(422);
    expect(second.json.reason).toBe('maximum');
    expect((await save('student', { type: 'extracurricular', offering_id: basket, check: false })).json.chosen).toEqual([]);
    expect((await save('student', { type: 'extracurricular', offering_id: futsal, check: true })).json.chosen).toEqual([futsal]);
  });
});

describe('many sign-ups for few seats at once', () => {
  it('does not let a save that fails keep the others from the seats it did not take', async () => {
    // Two seats, four students at once; the first already holds an offering at the same time,
    // so their save fails (a clash, not "full"), and two of the other three get the seats.
    const lab = await offering(server, { name: 'Robotika', subject_id: 7, capacity: 2, times: [['saturday', '09:00', '10:30']] });
    const club = await offering(server, { name: 'Astronomi', subject_id: 8, capacity: 30, times: [['saturday', '10:00', '11:00']] });
    const [busy, ...others] = await manyStudents(db(), 4, 2, 'TURN');
    expect((await save('admin', { type: 'subject', student_id: busy, offering_id: club, check: true })).status).toBe(200);
    const answers = await Promise.all([busy, ...others].map((id) => save('admin', { type: 'subject', student_id: id, offering_id: lab, check: true })));
    expect(answers[0].status).toBe(409);
    expect(answers[0].json.reason).toBe('clash');
    expect(answers.slice(1).map((a) => a.status).sort()).toEqual([200, 200, 409]);
    expect(answers.slice(1).find((a) => a.status === 409)?.json.reason).toBe('full');
  });

  const count = onPostgres ? 1000 : 80;

  it(`${count} sign-ups for 30 seats: exactly 30 enrolments, the rest clearly refused`, async () => {
    const seats = await offering(server, { name: 'Informatika', subject_id: 7, capacity: 30, times: [['friday', '13:00', '14:30']] });
    const students = await manyStudents(db(), count, 2, 'RACE');
    await server.token('admin');
    const answers = await Promise.all(students.map((id) => save('admin', { type: 'subject', student_id: id, offering_id: seats, check: true })));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 409).map((a) => a.text)).toEqual([]);
    expect(ok).toHaveLength(30);
    expect(refused).toHaveLength(count - 30);
    expect(refused.every((a) => a.json.reason === 'full' && a.json.message === 'Informatika is full (30 of 30 seats taken)')).toBe(true);
    const rows = await sql<{ n: string }>`select count(*) as n from selection_enrolment where selection_offering_id = ${seats}`.execute(db());
    expect(Number(rows.rows[0].n)).toBe(30);
  }, 120_000);
});
