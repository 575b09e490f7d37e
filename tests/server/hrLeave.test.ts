// Leave requests through the declared workflow (issue 14), on the demo school: Budi Santoso
// (login teacher, a teacher of the SMA) asks; his vice principal Neneng Suryani (wakasek)
// approves first, the principal Bambang Wijaya (kepsek) second (the structural positions of
// server/seed/demo/hr_position.yaml). What the server refuses, what it counts, and the ledger.

import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { HR_PATHS } from '../../src/shared/api/hr';
import { PERMISSION_PATHS } from '../../src/shared/api/permissions';
import { today } from '../../server/hr/leaveLedger';
import { fileServer, onPostgres } from './harness';

const server = fileServer({ demoData: true, poolSize: 6 });
const api = (path: string) => `/api/v1/${path}`;

const ANNUAL = 1; // Cuti Tahunan: 12 days a year, carried over for 3 months
const PERMISSION = 5; // Izin: 8 hours a month
const STUDY = 7; // Cuti Studi Guru: teachers only

// A request is numbered and the ledger is kept by the day it is made (the server's today, as
// the HR module reads it); the requests themselves are for days of 2026 chosen for their
// weekends and holidays.
const TODAY = today();
const YEAR = Number(TODAY.slice(0, 4));

interface Draft {
  leave_type_id: number;
  start_date: string;
  end_date?: string;
  start_time?: string;
  end_time?: string;
  description?: string;
}

async function draft(body: Draft, as = 'teacher') {
  const answer = await server.call('POST', api(HR_PATHS.leaveRequests), { as, body });
  expect(answer.status, answer.text).toBe(201);
  return answer.json.data as { id: number; version: number; quantity: number; transaction_no: string; state: string };
}

async function sent(body: Draft) {
  const made = await draft(body);
  const answer = await server.call('POST', api(`${HR_PATHS.leaveRequest}/${made.id}/${HR_PATHS.send}`), { as: 'teacher' });
  expect(answer.status, answer.text).toBe(200);
  return answer.json.data as { id: number; approvers: Array<{ id: number; seq: number; user_name: string; position: string; state: string }> };
}

const decide = (as: string, approvalId: number, state: 'approved' | 'rejected', reason?: string) =>
  server.call('POST', api(HR_PATHS.leaveSendApproval), { as, body: { approval_id: approvalId, state, ...(reason === undefined ? {} : { reason }) } });

async function remainingAnnual(as = 'teacher'): Promise<number> {
  const answer = await server.call('GET', api(HR_PATHS.remainingLeave), { as });
  expect(answer.status, answer.text).toBe(200);
  return answer.json.data.list_leave.find((t: { leave_type_id: number }) => t.leave_type_id === ANNUAL).sisa_cuti as number;
}

async function notificationsOf(username: string): Promise<Array<{ doc_name: string; doc_id: string; key: string; params: Record<string, string> }>> {
  const rows = await sql<{ doc_name: string; doc_id: string; key: string; params: Record<string, string> }>`
    select n.doc_name, n.doc_id, n.key, n.params from app_notification n join users u on u.id = n.user_id
    where u.username = ${username} and n.key like 'leave_request_%' order by n.id`.execute(server.database.db);
  return rows.rows;
}

describe('a leave request through its approvers', () => {
  it('counts working days only, numbers the draft, and sends it to the superiors in order', async () => {
    // Mon 14 – Fri 18 December 2026 and Mon 21: six working days over a weekend.
    const made = await draft({ leave_type_id: ANNUAL, start_date: '2026-12-14', end_date: '2026-12-21', description: 'Pulang kampung' });
    expect(made).toMatchObject({ quantity: 6, state: 'draft' });
    expect(made.transaction_no).toMatch(new RegExp(`^CUTI/${TODAY.slice(2, 4)}${TODAY.slice(5, 7)}/\\d{4}$`));
    const send = await server.call('POST', api(`${HR_PATHS.leaveRequest}/${made.id}/${HR_PATHS.send}`), { as: 'teacher' });
    expect(send.status, send.text).toBe(200);
    expect(send.json.state).toBe('waiting');
    expect(send.json.data.approvers.map((a: { seq: number; user_name: string; position: string; state: string }) => [a.seq, a.user_name, a.position, a.state])).toEqual([
      [1, 'Neneng Suryani', 'Wakil Kepala Sekolah', 'waiting'],
      [2, 'Bambang Wijaya', 'Kepala Sekolah', 'waiting'],
    ]);
    // The first approver is told; the second not yet.
    expect((await notificationsOf('wakasek')).filter((n) => n.doc_id === String(made.id))).toEqual([
      { doc_name: 'tr_hr_leave_approval', doc_id: String(made.id), key: 'leave_request_waiting', params: { employee: 'Budi Santoso' } },
    ]);
    expect((await notificationsOf('kepsek')).filter((n) => n.doc_id === String(made.id))).toEqual([]);
    // Sending twice skips a state.
    const again = await server.call('POST', api(`${HR_PATHS.leaveRequest}/${made.id}/${HR_PATHS.send}`), { as: 'teacher' });
    expect(again.status).toBe(409);
  });

  it('refuses the owner, another approver, a skipped turn, a rejection without reason, a second decision', async () => {
    const request = await sent({ leave_type_id: ANNUAL, start_date: '2026-12-28', end_date: '2026-12-29' });
    const [first, second] = request.approvers;
    expect((await decide('teacher', first.id, 'approved')).status).toBe(403);
    expect((await decide('kepsek', first.id, 'approved')).status).toBe(403);
    const skipped = await decide('kepsek', second.id, 'approved');
    expect(skipped.status).toBe(409);
    expect(skipped.json.message).toContain('Neneng Suryani');
    const noReason = await decide('wakasek', first.id, 'rejected', '   ');
    expect(noReason.status).toBe(422);
    expect(noReason.json.messages.reason).toEqual(['Tuliskan alasan penolakan']);
    const approved = await decide('wakasek', first.id, 'approved');
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.state).toBe('waiting');
    expect((await notificationsOf('kepsek')).filter((n) => n.doc_id === String(request.id)).map((n) => n.key)).toEqual(['leave_request_waiting']);
    expect((await decide('wakasek', first.id, 'approved')).status).toBe(409);
    // The employee heard nothing yet: only the final decision reaches them.
    expect((await notificationsOf('teacher')).filter((n) => n.doc_id === String(request.id))).toEqual([]);
    // The approval detail says who may act now (spec 3 §7.2 isApprove).
    const detail = await server.call('GET', api(`${HR_PATHS.leaveApproval}?id=${request.id}`), { as: 'kepsek' });
    expect(detail.json.isApprove).toBe(true);
    expect(detail.json.data.approvers.map((a: { is_approve: boolean }) => a.is_approve)).toEqual([false, true]);
    // Someone who is neither its employee, an approver nor HR does not see it.
    expect((await server.call('GET', api(`${HR_PATHS.leaveApproval}?id=${request.id}`), { as: 'finance' })).status).toBe(403);
  });

  it('rejected by the second approver: the employee hears why and the balance is unchanged', async () => {
    const before = await remainingAnnual();
    const request = await sent({ leave_type_id: ANNUAL, start_date: '2026-12-30', end_date: '2026-12-31' });
    const [first, second] = request.approvers;
    expect((await decide('wakasek', first.id, 'approved')).status).toBe(200);
    const rejected = await decide('kepsek', second.id, 'rejected', 'Akhir semester, guru dibutuhkan');
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.json.state).toBe('rejected');
    expect(rejected.json.data).toMatchObject({ state: 'rejected', comment: 'Akhir semester, guru dibutuhkan' });
    expect(rejected.json.data.approvers.map((a: { state: string; reason: string | null }) => [a.state, a.reason])).toEqual([
      ['approved', null],
      ['rejected', 'Akhir semester, guru dibutuhkan'],
    ]);
    expect((await notificationsOf('teacher')).filter((n) => n.doc_id === String(request.id))).toEqual([
      { doc_name: 'tr_hr_leave_approval', doc_id: String(request.id), key: 'leave_request_rejected', params: { number: expect.any(String), reason: 'Akhir semester, guru dibutuhkan' } },
    ]);
    expect(await remainingAnnual()).toBe(before);
  });

  it('approved by both: the days are taken from the ledger once', async () => {
    const before = await remainingAnnual();
    // Thu 1 – Mon 5 October 2026: three working days.
    const request = await sent({ leave_type_id: ANNUAL, start_date: '2026-10-01', end_date: '2026-10-05' });
    for (const [as, row] of [['wakasek', request.approvers[0]], ['kepsek', request.approvers[1]]] as const) {
      const answer = await decide(as, row.id, 'approved');
      expect(answer.status, answer.text).toBe(200);
    }
    const detail = await server.call('GET', api(`${HR_PATHS.leaveRequest}/${request.id}`), { as: 'teacher' });
    expect(detail.json.data.state).toBe('approved');
    expect(await remainingAnnual()).toBe(before - 3);
    const taken = await sql<{ quantity: number; kind: string }>`select quantity, kind from leave_ledger where leave_request_id = ${request.id}`.execute(server.database.db);
    expect(taken.rows.map((r) => [r.kind, Number(r.quantity)])).toEqual([['taken', -3]]);
    expect((await notificationsOf('teacher')).filter((n) => n.doc_id === String(request.id)).map((n) => n.key)).toEqual(['leave_request_approved']);
  });

  it('allocates each year once and carries last year\'s unused leave over until it expires', async () => {
    const history = await server.call('GET', api(`${HR_PATHS.remainingLeave}?group=all`), { as: 'teacher' });
    expect(history.status, history.text).toBe(200);
    const ledger = await sql<{ period: string; kind: string; quantity: number; expires_on: string | null }>`
      select l.period, l.kind, l.quantity, l.expires_on from leave_ledger l join employee e on e.id = l.employee_id
      where e.name = 'Budi Santoso' and l.leave_type_id = ${ANNUAL} and l.kind <> 'taken' order by l.period, l.id`.execute(server.database.db);
    // 2025 ended unused: its 12 days are carried into 2026 until the end of March (the type's 3
    // months); the years before are made as far back as a carry-over looks (three periods).
    const [y0, y1, y2, y3] = [YEAR - 3, YEAR - 2, YEAR - 1, YEAR].map(String);
    expect(ledger.rows.map((r) => [r.period, r.kind, Number(r.quantity), r.expires_on])).toEqual([
      [y0, 'allocation', 12, null],
      [y1, 'allocation', 12, null],
      [y1, 'carry_over', 12, `${y1}-03-31`],
      [y2, 'allocation', 12, null],
      [y2, 'carry_over', 12, `${y2}-03-31`],
      [y3, 'allocation', 12, null],
      [y3, 'carry_over', 12, `${y3}-03-31`],
    ]);
    expect(history.json.data.list_period.map((p: { period: string }) => p.period)).toEqual([TODAY.slice(0, 7), y3, y2, y1, y0]);
    expect(history.json.data).toMatchObject({ employee_name: 'Budi Santoso', position: 'Guru', work_unit: 'Unit SMA' });
  });

  it('refuses a request beyond the balance, naming what is left', async () => {
    const left = await remainingAnnual();
    // waiting requests count against it: the first test's six days still wait
    const made = await draft({ leave_type_id: ANNUAL, start_date: '2026-11-02', end_date: '2026-11-13' });
    expect(made.quantity).toBe(10);
    const send = await server.call('POST', api(`${HR_PATHS.leaveRequest}/${made.id}/${HR_PATHS.send}`), { as: 'teacher', headers: { 'accept-language': 'en' } });
    expect(send.status).toBe(422);
    const waiting = 6 + 2; // the first test's request and the one left at the second approver
    // One day left reads "1 day", more "days".
    expect(send.json.message).toBe(`Remaining leave of Cuti Tahunan for 2026: ${left - waiting} ${left - waiting === 1 ? 'day' : 'days'} after ${waiting} waiting for approval; this request needs 10`);
    const stored = await server.call('GET', api(`${HR_PATHS.leaveRequest}/${made.id}`), { as: 'teacher' });
    expect(stored.json.data.state).toBe('draft');
  });

  it('counts a Permission in hours between its times, on one day', async () => {
    const made = await draft({ leave_type_id: PERMISSION, start_date: '2026-11-25', end_date: '2026-11-27', start_time: '08:00', end_time: '10:30' });
    expect(made).toMatchObject({ quantity: 2.5 });
    const detail = await server.call('GET', api(`${HR_PATHS.leaveRequest}/${made.id}`), { as: 'teacher' });
    expect(detail.json.data).toMatchObject({ leave_type: 'permission', unit: 'hour', start_date: '2026-11-25', end_date: '2026-11-25', start_time: '08:00', end_time: '10:30' });
    const noTimes = await server.call('POST', api(HR_PATHS.leaveRequests), { as: 'teacher', body: { leave_type_id: PERMISSION, start_date: '2026-11-25' } });
    expect(noTimes.status).toBe(422);
    expect(Object.keys(noTimes.json.messages).sort()).toEqual(['end_time', 'start_time']);
  });

  it('refuses a type for another position, a weekend-only request, and a change to a sent request', async () => {
    const study = await server.call('POST', api(HR_PATHS.leaveRequests), { as: 'wakasek', body: { leave_type_id: STUDY, start_date: '2026-12-01', end_date: '2026-12-01' } });
    expect(study.status).toBe(422);
    expect(study.json.messages.leave_type_id).toBeDefined();
    const weekend = await server.call('POST', api(HR_PATHS.leaveRequests), { as: 'teacher', body: { leave_type_id: ANNUAL, start_date: '2026-12-05', end_date: '2026-12-06' } });
    expect(weekend.status).toBe(422);
    expect(weekend.json.messages.end_date).toBeDefined();
    const request = await sent({ leave_type_id: 2, start_date: '2026-09-01', end_date: '2026-09-01' });
    const change = await server.call('PUT', api(`${HR_PATHS.leaveRequest}/${request.id}`), { as: 'teacher', body: { leave_type_id: 2, start_date: '2026-09-02', version: 1 } });
    expect(change.status).toBe(409);
    const gone = await server.call('DELETE', api(`${HR_PATHS.leaveRequest}/${request.id}`), { as: 'teacher' });
    expect(gone.status).toBe(409);
  });

  it('leaves out the school holidays when counting', async () => {
    // Mon 29 June – Fri 10 July 2026 is the school break; Wed 1 July alone counts nothing.
    const none = await server.call('POST', api(HR_PATHS.leaveRequests), { as: 'teacher', body: { leave_type_id: ANNUAL, start_date: '2026-07-01', end_date: '2026-07-01' } });
    expect(none.status).toBe(422);
    // Mon 10 – Tue 18 August 2026 holds Monday 17 August (Independence Day): six working days.
    expect((await draft({ leave_type_id: ANNUAL, start_date: '2026-08-10', end_date: '2026-08-18' })).quantity).toBe(6);
  });
});

describe('a student permission request through the same workflow', () => {
  const LETTER = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64')}`;

  it('a parent asks for their child, the homeroom teacher approves, the parent is told', async () => {
    const made = await server.call('POST', api(PERMISSION_PATHS.permissions), {
      as: 'parent',
      body: { student_id: 1, permission_reason_id: 1, start_date: '2026-11-26', end_date: '2026-11-27', description: 'Demam, istirahat di rumah', file: { data: LETTER, title: 'surat-dokter.pdf' } },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.json.data).toMatchObject({ student_name: 'Siti Rahmawati', state: 'waiting', file: { title: 'surat-dokter.pdf' } });
    expect(made.json.data.permission_no).toMatch(/^IZN\/2026\/11\/\d{5}$/);
    // Class X IPA 1's homeroom teacher is Budi Santoso, the login teacher.
    expect(made.json.data.approvers.map((a: { user_name: string; state: string }) => [a.user_name, a.state])).toEqual([['Teacher Demo', 'waiting']]);
    const row = made.json.data.approvers[0].id as number;
    // Only the approver decides; the parent cannot approve their own request.
    expect((await server.call('POST', api(PERMISSION_PATHS.decide), { as: 'parent', body: { approval_id: row, state: 'approved' } })).status).toBe(403);
    expect((await server.call('POST', api(PERMISSION_PATHS.decide), { as: 'wakasek', body: { approval_id: row, state: 'approved' } })).status).toBe(403);
    const list = await server.call('GET', api(PERMISSION_PATHS.permissions), { as: 'teacher' });
    expect(list.json.data.find((p: { id: number }) => p.id === made.json.data.id)).toMatchObject({ is_approve: true });
    // (the demo notifications already hold one about a permission with this id: only newer ones count)
    const last = await sql<{ id: number }>`select coalesce(max(id), 0) as id from app_notification`.execute(server.database.db);
    const approved = await server.call('POST', api(PERMISSION_PATHS.decide), { as: 'teacher', body: { approval_id: row, state: 'approved' } });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.data.state).toBe('approved');
    const told = await sql<{ doc_name: string; doc_id: string; key: string }>`
      select n.doc_name, n.doc_id, n.key from app_notification n join parent_user p on p.id = n.parent_user_id
      where p.username = 'parent' and n.id > ${last.rows[0].id}`.execute(server.database.db);
    expect(told.rows).toEqual([{ doc_name: 'tr_permission', doc_id: String(made.json.data.id), key: 'permission_approved' }]);
    // Another parent's view: none. The teacher of another class: none.
    expect((await server.call('GET', api(`${PERMISSION_PATHS.permission}/${made.json.data.id}`), { as: 'wakasek' })).status).toBe(404);
  });

  it('refuses a child who is not theirs', async () => {
    const other = await server.call('POST', api(PERMISSION_PATHS.permissions), { as: 'parent', body: { student_id: 999, permission_reason_id: 1, start_date: '2026-11-26', end_date: '2026-11-26', description: 'x' } });
    expect(other.status).toBe(422);
    expect(other.json.messages.student_id).toBeDefined();
  });
});

describe.skipIf(!onPostgres)('two decisions on one row at the same moment (PostgreSQL)', () => {
  it('one wins, the other gets 409', async () => {
    const request = await sent({ leave_type_id: 2, start_date: '2026-09-08', end_date: '2026-09-08' });
    const row = request.approvers[0];
    await server.token('wakasek');
    const answers = await Promise.all([decide('wakasek', row.id, 'approved'), decide('wakasek', row.id, 'rejected', 'Tidak bisa')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const rows = await sql<{ state: string }>`select state from leave_approval where id = ${row.id}`.execute(server.database.db);
    expect(rows.rows).toHaveLength(1);
    const winner = answers.find((a) => a.status === 200);
    expect(rows.rows[0].state).toBe(winner?.json.data.approvers[0].state);
  });

  it('two approvers acting at once: the notifications and e-mails are exactly those of the state that won', async () => {
    const db = server.database.db;
    await sql`update users set email = username || '@harapanbangsa.sch.id' where username in ('teacher', 'wakasek', 'kepsek')`.execute(db);
    const ids = Object.fromEntries((await sql<{ id: number; username: string }>`select id, username from users where username in ('teacher', 'wakasek', 'kepsek')`.execute(db)).rows.map((u) => [u.username, u.id]));
    await Promise.all(['wakasek', 'kepsek'].map((u) => server.token(u)));
    const outcomes = new Set<string>();
    for (const day of ['2026-09-14', '2026-09-15', '2026-09-16', '2026-09-17', '2026-09-18']) {
      const request = await sent({ leave_type_id: 2, start_date: day, end_date: day });
      const [first, second] = request.approvers;
      // The vice principal approves and rejects her row while the principal approves his, all at once.
      await Promise.all([decide('wakasek', first!.id, 'approved'), decide('wakasek', first!.id, 'rejected', 'Tidak bisa'), decide('kepsek', second!.id, 'approved')]);
      const state = (await sql<{ state: string }>`select state from leave_request where id = ${request.id}`.execute(db)).rows[0]!.state;
      const rows = (await sql<{ seq: number; state: string }>`select seq, state from leave_approval where leave_request_id = ${request.id} order by seq`.execute(db)).rows;
      outcomes.add(`${state}:${rows.map((r) => r.state).join(',')}`);
      // What the winning states call for: the first approver's turn (at send); the second's once the first approved; the owner's final word.
      const expected = [`users:${ids.wakasek}|waiting|1`];
      if (rows[0]!.state === 'approved') expected.push(`users:${ids.kepsek}|waiting|2`);
      if (state === 'approved' || state === 'rejected') expected.push(`users:${ids.teacher}|${state}|final`);
      const notified = (
        await sql<{ user_id: number; key: string }>`select user_id, key from app_notification where doc_name = 'tr_hr_leave_approval' and doc_id = ${String(request.id)} order by id`.execute(db)
      ).rows.map((n) => `users:${n.user_id}|${n.key.replace('leave_request_', '')}`);
      expect(notified).toEqual(expected.map((e) => e.split('|').slice(0, 2).join('|')));
      const mailed = (await sql<{ dedupe_key: string }>`select dedupe_key from mail_outbox where dedupe_key like ${`workflow|leave_request|${request.id}|%`} order by id`.execute(db)).rows.map((m) => {
        const [, , , event, step, recipient] = m.dedupe_key.split('|');
        return `${recipient}|${event}|${step}`;
      });
      expect(mailed).toEqual(expected);
    }
    console.log(`outcomes of the races: ${[...outcomes].join(' ')}`);
  });
});
