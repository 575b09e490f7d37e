// The HR dashboard's figures (spec 3 §2.2, §7.2) against the rows they summarize, on the demo
// school: Budi Santoso (teacher) asks for leave, Neneng Suryani (wakasek) approves first and
// Bambang Wijaya (kepsek) second. Each list is recomputed here from the table rows, by other
// means than the query module (plain rows, filtered in JS).

import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { HR_PATHS } from '../../src/shared/api/hr';
import { HR_DASHBOARD_PATHS, type DashboardLeaveItem, type ExpiredEmployee, type HrLeaveEmployee, type LeaveNotif } from '../../src/shared/api/hrDashboard';
import { allocateLeavePeriods } from '../../server/hr/leaveAllocation';
import { today } from '../../server/hr/leaveLedger';
import { remainingOn } from '../../server/hr/leaveLots';
import { seedDemoHr } from '../../server/seed/seedDemoHr';
import { fileServer } from './harness';

const server = fileServer({ demoData: true });
const api = (path: string) => `/api/v1/${path}`;
const SICK = 2; // Cuti Sakit: 14 days a year, no carry-over

async function get<T>(path: string, as: string): Promise<T> {
  const answer = await server.call('GET', api(path), { as });
  expect(answer.status, answer.text).toBe(200);
  return answer.json.data as T;
}

async function sentRequest(start: string, end: string) {
  const made = await server.call('POST', api(HR_PATHS.leaveRequests), { as: 'teacher', body: { leave_type_id: SICK, start_date: start, end_date: end, description: `Sakit ${start}` } });
  expect(made.status, made.text).toBe(201);
  const send = await server.call('POST', api(`${HR_PATHS.leaveRequest}/${made.json.data.id}/${HR_PATHS.send}`), { as: 'teacher' });
  expect(send.status, send.text).toBe(200);
  return send.json.data as { id: number; transaction_no: string; approvers: Array<{ id: number }> };
}

const decide = async (as: string, approvalId: number, state: 'approved' | 'rejected', reason?: string) => {
  const answer = await server.call('POST', api(HR_PATHS.leaveSendApproval), { as, body: { approval_id: approvalId, state, ...(reason ? { reason } : {}) } });
  expect(answer.status, answer.text).toBe(200);
};

/** The requests whose turn is the user's, from the rows: waiting, their row waiting, every earlier row approved. */
async function turnOf(username: string): Promise<number[]> {
  const db = server.database.db;
  const user = (await sql<{ id: number }>`select id from users where username = ${username}`.execute(db)).rows[0];
  const requests = (await sql<{ id: number; state: string }>`select id, state from leave_request`.execute(db)).rows;
  const rows = (await sql<{ leave_request_id: number; seq: number; user_id: number; state: string }>`select leave_request_id, seq, user_id, state from leave_approval`.execute(db)).rows;
  return requests
    .filter((r) => r.state === 'waiting')
    .filter((r) => {
      const mine = rows.filter((a) => a.leave_request_id === r.id);
      return mine.some((a) => a.user_id === user.id && a.state === 'waiting' && mine.filter((b) => b.seq < a.seq).every((b) => b.state === 'approved'));
    })
    .map((r) => r.id)
    .sort((a, b) => a - b);
}

const ids = (items: DashboardLeaveItem[]) => items.map((i) => i.id).sort((a, b) => a - b);

describe('the HR dashboard figures', () => {
  it('the demo school has leave in every state, its approver rows and its ledger', async () => {
    // What the first start adds after the demo records (server/seed/seedFirstStart.ts).
    const started = performance.now();
    const counts = await server.database.db.transaction().execute((tx) => seedDemoHr(tx, server.catalog, server.app.records));
    console.log(`HR demo seed: ${JSON.stringify(counts)} in ${Math.round(performance.now() - started)} ms`);
    const states = (await sql<{ state: string; n: string }>`select state, count(*) as n from leave_request group by state order by state`.execute(server.database.db)).rows;
    expect(states.map((s) => s.state)).toEqual(['approved', 'draft', 'rejected', 'waiting']);
    // Every approved request's days are in the ledger once, per period.
    const missing = await sql`select r.id from leave_request r where r.state = 'approved'
      and coalesce((select -sum(quantity) from leave_ledger l where l.leave_request_id = r.id and l.kind = 'taken'), 0) <> r.quantity`.execute(server.database.db);
    expect(missing.rows).toEqual([]);
    // The vice principal has requests waiting for her; the principal one the vice principal approved.
    expect((await turnOf('wakasek')).length).toBeGreaterThanOrEqual(2);
    expect((await turnOf('kepsek')).length).toBeGreaterThanOrEqual(1);
  });

  it('Need Approve follows the approvers\' turns; Accepted and Rejected are the employee\'s decided requests', async () => {
    const first = await sentRequest('2026-09-14', '2026-09-15');
    const second = await sentRequest('2026-09-21', '2026-09-21');
    const wakasek = await get<LeaveNotif>(HR_DASHBOARD_PATHS.leaveNotif, 'wakasek');
    expect(wakasek.needApprove.count).toBe((await turnOf('wakasek')).length);
    expect(ids(wakasek.needApprove.items)).toEqual(expect.arrayContaining([first.id, second.id]));
    // Not the principal's turn yet.
    expect(ids((await get<LeaveNotif>(HR_DASHBOARD_PATHS.leaveNotif, 'kepsek')).needApprove.items)).not.toContain(first.id);

    await decide('wakasek', first.approvers[0].id, 'approved');
    await decide('wakasek', second.approvers[0].id, 'approved');
    const kepsek = await get<LeaveNotif>(HR_DASHBOARD_PATHS.leaveNotif, 'kepsek');
    expect(kepsek.needApprove.count).toBe((await turnOf('kepsek')).length);
    expect(ids(kepsek.needApprove.items)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(ids((await get<LeaveNotif>(HR_DASHBOARD_PATHS.leaveNotif, 'wakasek')).needApprove.items)).not.toContain(first.id);

    await decide('kepsek', first.approvers[1].id, 'approved');
    await decide('kepsek', second.approvers[1].id, 'rejected', 'Rapat akreditasi hari itu');
    const budi = await get<LeaveNotif>(HR_DASHBOARD_PATHS.leaveNotif, 'teacher');
    const own = (await sql<{ id: number; state: string }>`select id, state from leave_request where employee_id = 3`.execute(server.database.db)).rows;
    expect(budi.accepted.count).toBe(own.filter((r) => r.state === 'approved').length);
    expect(budi.rejected.count).toBe(own.filter((r) => r.state === 'rejected').length);
    expect(budi.accepted.items.map((i) => i.id)).toContain(first.id);
    expect(budi.rejected.items.find((i) => i.id === second.id)).toMatchObject({ state: 'rejected', info: 'Rapat akreditasi hari itu', leave_name: 'Cuti Sakit', quantity: 1 });
    expect(budi.is_all).toBe(false);
    // HR sees everyone's with is_all; others asking for it get their own.
    const all = (await sql<{ state: string }>`select state from leave_request`.execute(server.database.db)).rows;
    const hr = await get<LeaveNotif>(`${HR_DASHBOARD_PATHS.leaveNotif}?is_all=true`, 'admin');
    expect([hr.is_all, hr.accepted.count, hr.rejected.count]).toEqual([true, all.filter((r) => r.state === 'approved').length, all.filter((r) => r.state === 'rejected').length]);
    expect((await get<LeaveNotif>(`${HR_DASHBOARD_PATHS.leaveNotif}?is_all=true`, 'teacher')).is_all).toBe(false);

    // The leave history: every request of the employee, newest first.
    const history = await server.call('GET', api(`${HR_DASHBOARD_PATHS.leaveHistory}?per_page=100`), { as: 'teacher' });
    expect(history.json.total).toBe(own.length);
    expect(history.json.data.find((r: { id: number }) => r.id === second.id)).toMatchObject({ date: '2026-09-21', state: 'rejected', remarks: 'Rapat akreditasi hari itu' });
    expect((await server.call('GET', api(`${HR_DASHBOARD_PATHS.leaveHistory}?employee_id=1`), { as: 'teacher' })).status).toBe(403);
  });

  it('the personal panel: remaining leave from the ledger rows; admins see no EIN, work unit, e-mail or remaining leave', async () => {
    const budi = await get<HrLeaveEmployee>(HR_DASHBOARD_PATHS.leaveEmployee, 'teacher');
    expect(budi.panel).toMatchObject({ name: 'Budi Santoso', position_name: 'Guru', satker_name: 'Unit SMA', year: Number(today().slice(0, 4)) });
    expect(budi.panel.ein).toBeTruthy();
    const ledger = (await sql<{ kind: string; quantity: string; entry_date: string; expires_on: string | null; leave_addition_id: number | null; leave_request_id: number | null }>`
      select kind, quantity, entry_date, expires_on, leave_addition_id, leave_request_id from leave_ledger
      where employee_id = 3 and leave_type_id = ${SICK} and period = ${today().slice(0, 4)} order by entry_date, id`.execute(server.database.db)).rows;
    const sick = budi.panel.list_leave?.find((l) => l.leave_type_id === SICK);
    const expected = remainingOn(
      ledger.map((r) => ({ kind: r.kind as 'taken', quantity: Number(r.quantity), entry_date: r.entry_date, expires_on: r.expires_on, source: r.leave_addition_id ? `addition:${r.leave_addition_id}` : r.kind === 'taken' ? `request:${r.leave_request_id}` : r.kind === 'allocation' ? 'allocation' : 'carry' })),
      today(),
    );
    // 14 days a year, less the two days of September 2026 approved in the first test (in 2026).
    expect(sick?.sisa_cuti).toBe(expected);
    expect(expected).toBe(today().startsWith('2026-') ? 12 : 14);
    // Budi approves nobody's leave: no list of others.
    expect(budi.others).toEqual([]);

    const admin = await get<HrLeaveEmployee>(HR_DASHBOARD_PATHS.leaveEmployee, 'admin');
    expect(admin.panel).toMatchObject({ ein: null, satker_name: null, email: null, list_leave: null });
    const active = (await sql<{ count: string }>`select count(*) as count from employee where status = 'active'`.execute(server.database.db)).rows[0];
    expect(admin.others_total).toBe(Number(active.count));
    expect(admin.others.length).toBe(Math.min(10, Number(active.count)));
    // Each shown employee's figures are the leave module's remaining leave (spec 3 §2.9) of them.
    for (const other of admin.others.slice(0, 3)) {
      const remaining = await get<{ list_leave: Array<{ leave_type_id: number; sisa_cuti: number }> }>(`${HR_PATHS.remainingLeave}?employee_id=${other.employee_id}`, 'admin');
      for (const left of other.list_leave) expect([other.employee_name, left.leave_name, left.sisa_cuti]).toEqual([other.employee_name, left.leave_name, remaining.list_leave.find((t) => t.leave_type_id === left.leave_type_id)?.sisa_cuti]);
    }
  });

  it('reads write nothing: an addition not yet in the ledger counts at once; the allocation job writes it, once', async () => {
    const db = server.database.db;
    const ledgerCount = async () => Number((await sql<{ n: string }>`select count(*) as n from leave_ledger`.execute(db)).rows[0]!.n);
    const sickLeft = async () => {
      const panel = await get<HrLeaveEmployee>(HR_DASHBOARD_PATHS.leaveEmployee, 'teacher');
      const remaining = await get<{ list_leave: Array<{ leave_type_id: number; sisa_cuti: number }> }>(HR_PATHS.remainingLeave, 'teacher');
      const fromPanel = panel.panel.list_leave?.find((l) => l.leave_type_id === SICK)?.sisa_cuti;
      expect(remaining.list_leave.find((t) => t.leave_type_id === SICK)?.sisa_cuti).toBe(fromPanel);
      return fromPanel;
    };
    // Whatever is due today written first (the job at seed and every hour).
    await db.transaction().execute((tx) => allocateLeavePeriods(tx, server.app.records, today()));
    const before = await sickLeft();
    const rows = await ledgerCount();
    const made = await server.call('POST', api('leave-addition'), {
      as: 'admin',
      body: { employee_id: 3, leave_type_id: SICK, year: Number(today().slice(0, 4)), granted_on: today(), quantity: 2, reason: 'Lembur ujian' },
    });
    expect(made.status, made.text).toBe(201);
    // The dashboard and remaining leave show it, and write nothing.
    expect(await sickLeft()).toBe(before! + 2);
    expect(await server.call('GET', api(`${HR_DASHBOARD_PATHS.leaveEmployee}?page=1`), { as: 'admin' }).then((a) => a.status)).toBe(200);
    expect(await ledgerCount()).toBe(rows);
    // The job writes the addition; a second run (or a concurrent one) adds nothing.
    expect(await db.transaction().execute((tx) => allocateLeavePeriods(tx, server.app.records, today()))).toBe(1);
    expect(await db.transaction().execute((tx) => allocateLeavePeriods(tx, server.app.records, today()))).toBe(0);
    expect(await ledgerCount()).toBe(rows + 1);
    expect(await sickLeft()).toBe(before! + 2);
    // Changed to 3: shown at once; the job writes a reversal and the new row (append-only).
    const changed = await server.call('PUT', api(`leave-addition/${made.json.data.id}`), { as: 'admin', body: { employee_id: 3, leave_type_id: SICK, year: Number(today().slice(0, 4)), granted_on: today(), quantity: 3, reason: 'Lembur ujian', version: made.json.data.version } });
    expect(changed.status, changed.text.slice(0, 600)).toBe(200);
    expect(await sickLeft()).toBe(before! + 3);
    expect(await ledgerCount()).toBe(rows + 1);
    expect(await db.transaction().execute((tx) => allocateLeavePeriods(tx, server.app.records, today()))).toBe(2);
    const kinds = (await sql<{ kind: string; quantity: string }>`select kind, quantity from leave_ledger where leave_addition_id = ${made.json.data.id} order by id`.execute(db)).rows;
    expect(kinds.map((k) => [k.kind, Number(k.quantity)])).toEqual([['addition', 2], ['reversal', -2], ['addition', 3]]);
    expect(await sickLeft()).toBe(before! + 3);
  });

  it('expired and expiring contracts and documents, by the thresholds of /setting-expired-employee', async () => {
    const day = today();
    const data = await get<ExpiredEmployee>(HR_DASHBOARD_PATHS.expiredEmployee, 'admin');
    const setting = (await sql<{ c: number; d: number }>`select days_before_contract_end as c, days_before_document_expiry as d from setting_expired_employee`.execute(server.database.db)).rows[0];
    expect([data.days_before_contract_end, data.days_before_document_expiry]).toEqual([setting.c, setting.d]);
    const within = (date: string, days: number) => (Date.parse(date) - Date.parse(day)) / 86_400_000 <= days;
    const employees = (await sql<{ id: number; status: string; contract_end_date: string | null; passport_expiry_date: string | null }>`select id, status, contract_end_date, passport_expiry_date from employee`.execute(server.database.db)).rows.filter((e) => e.status === 'active');
    const contracts = employees.filter((e) => e.contract_end_date);
    expect(data.dataExpired.count).toBe(contracts.filter((e) => String(e.contract_end_date) < day).length);
    expect(data.dataExpiring.count).toBe(contracts.filter((e) => String(e.contract_end_date) >= day && within(String(e.contract_end_date), setting.c)).length);
    const trainings = (await sql<{ employee_id: number; certificate_exp_date: string | null }>`select employee_id, certificate_exp_date from employee_training`.execute(server.database.db)).rows;
    const active = new Set(employees.map((e) => e.id));
    const documents = [...employees.map((e) => e.passport_expiry_date), ...trainings.filter((t) => active.has(t.employee_id)).map((t) => t.certificate_exp_date)].filter((d): d is string => d !== null).map(String);
    expect(data.dataDocExpired.count).toBe(documents.filter((d) => d < day).length);
    expect(data.dataDocExpiring.count).toBe(documents.filter((d) => d >= day && within(d, setting.d)).length);
    // The demo's Japanese teacher: her contract has ended.
    expect(data.dataExpired.items.map((e) => e.employee_name)).toContain('Lina Wijayanti');
    expect(data.dataExpired.items.every((e) => e.days < 0)).toBe(true);
    // Only HR reads them.
    expect((await server.call('GET', api(HR_DASHBOARD_PATHS.expiredEmployee), { as: 'teacher' })).status).toBe(403);
  });
});
