// What the leave module needs in the database beyond its schemas' tables, made by migrate once
// the tables exist: the indexes of the HR dashboard's lists (spec 3 §7.2; bench: `npx tsx
// bench/run.ts hr`, 20,000 requests). Need Approve starts from the caller's waiting approver
// rows; Accepted and Rejected, and the leave history, read a request index in the list's order
// and stop at the page.

import { sql } from 'kysely';
import type { Db } from '../db/database';

export const HR_DDL: readonly string[] = [
  `create index if not exists leave_approval_waiting_idx on leave_approval (user_id, leave_request_id) where state = 'waiting'`,
  'create index if not exists leave_request_state_decided_idx on leave_request (state, decided_at desc, id desc)',
  'create index if not exists leave_request_state_sent_idx on leave_request (state, sent_at desc, id desc)',
  'create index if not exists leave_request_employee_state_decided_idx on leave_request (employee_id, state, decided_at desc, id desc)',
  'create index if not exists leave_request_employee_start_idx on leave_request (employee_id, start_date desc, id desc)',
];

/** Runs HR_DDL when the leave tables are there (a schema set without them skips it). */
export async function syncHrDdl(tx: Db): Promise<boolean> {
  const found = await sql<{ request: string | null; approval: string | null }>`select to_regclass('leave_request')::text as request, to_regclass('leave_approval')::text as approval`.execute(tx);
  if (!found.rows[0]?.request || !found.rows[0]?.approval) return false;
  for (const ddl of HR_DDL) await sql.raw(ddl).execute(tx);
  return true;
}
