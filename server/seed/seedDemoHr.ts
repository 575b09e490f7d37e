// The HR demo (issue 14 "Demo data"): a year of leave for the SMA's teachers besides Budi
// Santoso (the login teacher, whose leave the workflow tests start from nothing): requests in
// every state (approved, rejected by the principal with a reason, waiting at the vice principal,
// waiting at the principal after the vice principal approved, a draft), their approver rows
// (wakasek first, kepsek second, as the structural positions have it) and the leave ledger:
// the year's allocations and the days approved leave took, under the ledger's own keys
// (server/hr/leaveLedger.ts), so the ledger adds nothing twice later. With the contract that
// has ended and the passport and certificate that run out (server/seed/demo/), the HR
// dashboard (/home-hrd) and the approvals (/hrreqleave) have a school's worth to show.
// Written through the write door in bulk (createMany: numbers reserved once), as an admin.

import type { Catalog } from '../crud/catalog';
import type { Db, Row } from '../db/database';
import { typedDb } from '../db/typedDb';
import { requestShares, round2 } from '../hr/leaveDays';
import { allocateLeavePeriods } from '../hr/leaveAllocation';
import { leaveTypeOf, today } from '../hr/leaveLedger';
import { holidaysBetween } from '../hr/leaveRequests';
import type { Caller, RecordWrites } from '../records/recordWrites';
import { addDays } from '../../src/shared/schoolCalendar';

const SEED_CALLER: Caller = { username: 'seed', roles: ['ROLE_ADMIN'], locale: 'id' };

/** The approvers of an SMA teacher: the vice principal (wakasek), then the principal (kepsek). */
const APPROVERS = [
  { user_id: 6, employee_id: 2, position_id: 3, hr_position_id: 3 },
  { user_id: 7, employee_id: 1, position_id: 2, hr_position_id: 2 },
] as const;

type Outcome = 'approved' | 'rejected' | 'waiting' | 'waiting_second' | 'draft';

/** [employee, leave type, start, end, description, outcome, rejection reason] */
const PLAN: ReadonlyArray<readonly [number, number, string, string, string, Outcome, string?]> = [
  [6, 2, '2026-01-19', '2026-01-20', 'Tifus, istirahat sesuai surat dokter', 'approved'],
  [4, 1, '2026-02-02', '2026-02-04', 'Mengurus akta kelahiran anak di Dukcapil', 'approved'],
  [10, 1, '2026-03-16', '2026-03-18', 'Ibadah umrah bersama orang tua', 'approved'],
  [5, 1, '2026-04-13', '2026-04-17', 'Mudik lebih awal ke Purwokerto', 'rejected', 'Bertepatan dengan ujian sekolah kelas XII'],
  [5, 1, '2026-05-25', '2026-05-27', 'Mudik ke Purwokerto', 'approved'],
  [9, 1, '2026-06-08', '2026-06-12', 'Pulang ke Jepang mengurus visa kerja', 'rejected', 'Kontrak berakhir Juli: selesaikan serah terima kelas dulu'],
  [7, 1, '2026-07-20', '2026-07-24', 'Mengunjungi keluarga di Flores', 'approved'],
  [8, 2, '2026-08-03', '2026-08-05', 'Operasi usus buntu', 'approved'],
  [4, 2, '2026-10-12', '2026-10-13', 'Demam berdarah, rawat jalan', 'approved'],
  [8, 1, '2026-11-30', '2026-12-01', 'Upacara adat keluarga di Bali', 'waiting'],
  [7, 1, '2026-12-14', '2026-12-18', 'Natal bersama keluarga di Flores', 'waiting_second'],
  [6, 1, '2026-12-21', '2026-12-23', 'Liburan keluarga ke Yogyakarta', 'waiting'],
  [10, 1, '2027-01-04', '2027-01-05', 'Acara keluarga', 'draft'],
];

const at = (day: string, time: string) => `${day}T${time}:00.000Z`;

export async function seedDemoHr(tx: Db, _catalog: Catalog, records: RecordWrites): Promise<Record<string, number>> {
  const db = typedDb(tx);
  if (!(await db.selectFrom('employee').select('id').where('id', '=', 10).executeTakeFirst())) return {};
  const years = await db.selectFrom('academic_year').select(['id', 'start_date', 'end_date']).execute();
  const requests: Row[] = [];
  const planned: Array<{ plan: (typeof PLAN)[number]; shares: ReturnType<typeof requestShares> }> = [];
  for (const plan of PLAN) {
    const [employeeId, typeId, start, end, description, outcome, reason] = plan;
    const type = await leaveTypeOf(tx, typeId);
    if (!type) continue;
    const shares = requestShares({ start_date: start, end_date: end }, type.unit, type.counting_period, await holidaysBetween(tx, start, end));
    const quantity = round2(shares.reduce((sum, s) => sum + s.quantity, 0));
    if (quantity <= 0) continue;
    const asked = addDays(start, -(outcome === 'draft' ? 50 : 14));
    const year = years.find((y) => (y.start_date ?? '') <= start && start <= (y.end_date ?? ''));
    const state = outcome === 'waiting_second' ? 'waiting' : outcome;
    requests.push({
      transaction_date: asked,
      employee_id: employeeId,
      leave_type_id: typeId,
      kind: type.type,
      ...(year ? { academic_year_id: year.id } : {}),
      year: Number(start.slice(0, 4)),
      start_date: start,
      end_date: end,
      quantity,
      unit: type.unit,
      description,
      state,
      ...(reason ? { comment: reason } : {}),
      ...(state !== 'draft' ? { sent_at: at(asked, '07:15') } : {}),
      ...(state === 'approved' || state === 'rejected' ? { decided_at: at(addDays(start, -10), '13:40') } : {}),
    });
    planned.push({ plan, shares });
  }
  const made = (await records.createMany(tx, SEED_CALLER, 'leave_request', requests)).rows;
  const approvals: Row[] = [];
  const ledger: Row[] = [];
  const allocated = new Set<string>();
  for (const [i, row] of made.entries()) {
    const { plan, shares } = planned[i];
    const [employeeId, typeId, start, , , outcome, reason] = plan;
    const id = Number(row.id);
    if (outcome !== 'draft') {
      const firstDone = outcome !== 'waiting';
      const secondDone = outcome === 'approved' || outcome === 'rejected';
      approvals.push({ leave_request_id: id, seq: 1, ...APPROVERS[0], state: firstDone ? 'approved' : 'waiting', ...(firstDone ? { action_date: at(addDays(start, -12), '09:05') } : {}) });
      approvals.push({
        leave_request_id: id,
        seq: 2,
        ...APPROVERS[1],
        state: secondDone ? outcome : 'waiting',
        ...(secondDone ? { action_date: at(addDays(start, -10), '13:40') } : {}),
        ...(outcome === 'rejected' && reason ? { reason } : {}),
      });
    }
    for (const share of shares) {
      const key = `alloc:${String(employeeId)}:${String(typeId)}:${share.period}`;
      if (!allocated.has(key)) {
        allocated.add(key);
        const balance = await db.selectFrom('leave_balance').select('quantity').where('employee_id', '=', employeeId).where('leave_type_id', '=', typeId).where('year', '=', Number(share.period)).executeTakeFirst();
        const type = await leaveTypeOf(tx, typeId);
        ledger.push({ key, employee_id: employeeId, leave_type_id: typeId, period: share.period, kind: 'allocation', quantity: balance?.quantity ?? type?.max_qty ?? 0, entry_date: `${share.period}-01-01` });
      }
      if (outcome === 'approved') {
        ledger.push({ key: `taken:${String(id)}:${share.period}`, employee_id: employeeId, leave_type_id: typeId, period: share.period, kind: 'taken', quantity: -share.quantity, entry_date: share.first, leave_request_id: id, remarks: String(row.transaction_no ?? '') });
      }
    }
  }
  await records.createMany(tx, SEED_CALLER, 'leave_approval', approvals);
  await records.createMany(tx, SEED_CALLER, 'leave_ledger', ledger, { onConflict: 'skip' });
  // The current periods of everyone (the allocation job's run at seed): the dashboard's reads write nothing.
  const current = await allocateLeavePeriods(tx, records, today(), SEED_CALLER);
  return { leave_request: made.length, leave_approval: approvals.length, leave_ledger: ledger.length + current };
}
