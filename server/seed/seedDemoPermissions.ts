// The permission demo: two classmates of the demo family's child in X IPA 1 asked for a day
// away, sent and waiting for their homeroom teacher (Budi Santoso, the demo teacher login), and
// one earlier request he approved; so the academic home and the permission approvals
// (/permissions) have something to decide. Dated from the day of seeding. Written through the
// write door in bulk, as the HR demo writes its approver rows.

import { sql } from 'kysely';
import { addDays, schoolToday } from '../../src/shared/schoolCalendar';
import type { Catalog } from '../crud/catalog';
import type { Db } from '../db/database';
import type { Caller, RecordWrites } from '../records/recordWrites';

const CALLER: Caller = { username: 'seed', roles: ['ROLE_ADMIN'], locale: 'id' };
const CLASS_ID = 1;
const at = (date: string, time: string) => `${date}T${time}:00+07:00`;

/** Seeds inside the caller's transaction; answers how many records it wrote (0 when there are requests already). */
export async function seedDemoPermissions(tx: Db, catalog: Catalog, records: RecordWrites, now = new Date()): Promise<number> {
  if (!catalog.entityNamed('permission_request') || !catalog.entityNamed('permission_approval')) return 0;
  const there = await sql<{ n: number }>`select count(*)::int as n from permission_request`.execute(tx);
  if ((there.rows[0]?.n ?? 0) > 0) return 0;
  const approver = (
    await sql<{ user_id: number; employee_id: number }>`
      select u.id as user_id, u.employee_id from class k join users u on u.employee_id = k.homeroom_teacher_1_id
      where k.id = ${CLASS_ID} order by u.id limit 1`.execute(tx)
  ).rows[0];
  const pupils = (
    await sql<{ id: number }>`
      select s.id from student s
      where s.class_id = ${CLASS_ID} and s.is_active and not exists (select 1 from parent_user p where s.id = any(p.student_ids))
      order by s.id limit 3`.execute(tx)
  ).rows.map((r) => Number(r.id));
  if (!approver || pupils.length < 3) return 0;
  const today = schoolToday(now);
  const plans = [
    { student_id: pupils[0], permission_reason_id: 3, start_date: addDays(today, 1), end_date: addDays(today, 2), description: 'Menghadiri pernikahan kakak di Yogyakarta', state: 'waiting', sent: addDays(today, -1) },
    { student_id: pupils[1], permission_reason_id: 1, start_date: today, end_date: today, description: 'Demam sejak semalam, istirahat di rumah', state: 'waiting', sent: today },
    { student_id: pupils[2], permission_reason_id: 3, start_date: addDays(today, -9), end_date: addDays(today, -9), description: 'Mengantar nenek berobat', state: 'approved', sent: addDays(today, -12) },
  ];
  const made = (
    await records.createMany(
      tx,
      CALLER,
      'permission_request',
      plans.map(({ sent, ...plan }) => ({ ...plan, sent_at: at(sent, '06:40'), ...(plan.state === 'approved' ? { decided_at: at(addDays(sent, 1), '10:05') } : {}) })),
    )
  ).rows;
  const approvals = made.map((row, i) => ({
    permission_request_id: Number(row.id),
    seq: 1,
    user_id: Number(approver.user_id),
    employee_id: Number(approver.employee_id),
    state: plans[i].state,
    ...(plans[i].state === 'approved' ? { action_date: at(addDays(plans[i].sent, 1), '10:05') } : {}),
  }));
  await records.createMany(tx, CALLER, 'permission_approval', approvals);
  return made.length + approvals.length;
}
