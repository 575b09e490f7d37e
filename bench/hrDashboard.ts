// The HR dashboard's bench (issue 14 "Demo data and tests"), on PostgreSQL (an own schema at
// DATABASE_URL, dropped after), over the demo school plus 500 employees in its work units and
// positions and 20,000 leave requests (40 each over 2025-2026: 70 % approved, 10 % rejected,
// 10 % waiting at the vice principal or the principal, 10 % drafts), their approver rows
// (wakasek, then kepsek, as the demo's teachers have them) and the leave ledger (each
// employee's allocation of every leave type per year and the days approved leave took), all
// written in bulk SQL, then the allocation job's run (server/hr/leaveAllocation.ts) as at seed.
// The calls write nothing (reads are pure).
//
// Each HR dashboard call (spec 3 §7.2) over the API, p50 and p95 over 40 calls after 5 warm-ups:
// get-leave-notif as the vice principal (Need Approve by turns) and as HR (is_all), get-leave-history
// of one employee, hrleave-employee as HR (the others' remaining leave, 500+ employees, a page of
// 10), get-list-expired-employee, and the leave summary of the year.      target p95 ≤ 50 ms
//
// `npx tsx bench/run.ts hr` (needs no build). BENCH_HR_KEEP=1 keeps the schema (its name is printed).

import { sql } from 'kysely';
import { entities, validators } from '../src/generated/all';
import { buildApp } from '../server/app';
import { buildCatalog } from '../server/crud/catalog';
import { allocateLeavePeriods } from '../server/hr/leaveAllocation';
import { today } from '../server/hr/leaveLedger';
import type { Db } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { tables } from '../server/generated/tables';
import { recordWrites } from '../server/records/recordWrites';
import { DEMO_PASSWORD } from '../server/seed/demoUsers';
import { seedDemoData } from '../server/seed/seedDemoData';
import { seedDemoHr } from '../server/seed/seedDemoHr';
import { benchSchema } from './benchDatabase';

const EMPLOYEES = 500;
const REQUESTS = 20_000;
const quiet = { info: () => {}, warn: () => {} };

export interface HrBench {
  seedSeconds: number;
  employees: number;
  requests: number;
  ledgerRows: number;
  calls: { call: string; as: string; p50: number; p95: number }[];
}

/** The bulk rows: employees, requests (weekdays, 1-3 days), approver rows, ledger. */
async function seed(db: Db): Promise<void> {
  await sql`insert into employee (ein, name, gender, work_unit_id, position_id, start_working, status, contract_end_date, email)
    select 'BENCH' || lpad(g::text, 6, '0'), 'Pegawai Bangku ' || lpad(g::text, 4, '0'), case when g % 2 = 0 then 'male' else 'female' end,
      (select id from work_unit order by id offset (g % (select count(*) from work_unit)) limit 1),
      (select id from position order by id offset (g % (select count(*) from position)) limit 1),
      date '2015-07-01' + (g % 1000), 'active', case when g % 25 = 0 then date '2026-11-01' + (g % 90) else null end, 'bangku' || g || '@sekolah.sch.id'
    from generate_series(1, ${EMPLOYEES}) g`.execute(db);
  // 40 requests per employee: request n starts on the Monday of week n (over 2025-2026), 1 + n % 3 working days.
  await sql`insert into leave_request (transaction_no, transaction_date, employee_id, leave_type_id, kind, year, start_date, end_date, quantity, unit, description, state, comment, sent_at, decided_at)
    select 'BENCH/' || e.id || '/' || n, d.start - 7, e.id, case when n % 4 = 0 then 2 else 1 end, 'leave', extract(year from d.start)::int,
      d.start, d.start + (n % 3), 1 + n % 3, 'day', 'Cuti bangku ' || n,
      case when n % 10 < 7 then 'approved' when n % 10 = 7 then 'rejected' when n % 10 = 8 then 'waiting' else 'draft' end,
      case when n % 10 = 7 then 'Bertepatan dengan ujian' else null end,
      case when n % 10 <> 9 then (d.start - 6)::timestamp else null end,
      case when n % 10 < 8 then (d.start - 3)::timestamp else null end
    from (select id from employee where ein like 'BENCH%') e
    cross join generate_series(0, ${REQUESTS / EMPLOYEES - 1}) n
    cross join lateral (select (date '2025-01-06' + ((n * 2 + e.id % 2) * 7) + 0) as start) d`.execute(db);
  // Approver rows of every sent request: the vice principal (6) first, the principal (7) second.
  await sql`insert into leave_approval (leave_request_id, seq, user_id, employee_id, position_id, hr_position_id, state, action_date, reason)
    select r.id, a.seq, a.user_id, a.employee_id, a.position_id, a.position_id,
      case when r.state = 'approved' then 'approved'
           when r.state = 'rejected' then case when a.seq = 1 then 'approved' else 'rejected' end
           else case when a.seq = 1 and r.id % 2 = 0 then 'approved' else 'waiting' end end,
      case when r.state in ('approved', 'rejected') or (a.seq = 1 and r.id % 2 = 0) then r.sent_at + interval '1 day' else null end,
      case when r.state = 'rejected' and a.seq = 2 then r.comment else null end
    from leave_request r
    cross join (values (1, 6, 2, 3), (2, 7, 1, 2)) as a(seq, user_id, employee_id, position_id)
    where r.state <> 'draft' and r.transaction_no like 'BENCH/%'`.execute(db);
  // The ledger: each year's allocation of every leave type for everyone (max_qty), and each approved request's days taken.
  await sql`insert into leave_ledger (key, employee_id, leave_type_id, period, kind, quantity, entry_date, expires_on)
    select 'alloc:' || e.id || ':' || t.id || ':' || y, e.id, t.id, y::text, 'allocation', t.max_qty, (y || '-01-01')::date, null
    from (select id from employee where ein like 'BENCH%') e cross join leave_type t cross join (values (2025), (2026)) as p(y)
    where t.counting_period = 'year' and t.max_qty is not null`.execute(db);
  await sql`insert into leave_ledger (key, employee_id, leave_type_id, period, kind, quantity, entry_date, expires_on, leave_request_id)
    select 'taken:' || r.id || ':' || r.year, r.employee_id, r.leave_type_id, r.year::text, 'taken', -r.quantity, r.start_date, null, r.id
    from leave_request r where r.state = 'approved' and r.transaction_no like 'BENCH/%'`.execute(db);
  await sql`analyze`.execute(db);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function hrBench(databaseUrl: string, calls = 40): Promise<HrBench> {
  const { handle, dispose } = await benchSchema(databaseUrl, 'bench_hr');
  try {
    const seedStart = performance.now();
    await migrate(handle.db, tables, quiet);
    const catalog = buildCatalog(entities, validators, tables);
    await handle.db.transaction().execute((tx) => seedDemoData(tx, catalog));
    await handle.db.transaction().execute((tx) => seedDemoHr(tx, catalog, recordWrites(catalog)));
    await seed(handle.db);
    // The allocation job's run at seed (server/hr/leaveAllocation.ts): the current periods' carry-over and the rest.
    await handle.db.transaction().execute((tx) => allocateLeavePeriods(tx, recordWrites(catalog), today()));
    await sql`analyze`.execute(handle.db);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const counts = (
      await sql<{ employees: number; requests: number; ledger: number }>`
      select (select count(*)::int from employee) as employees, (select count(*)::int from leave_request) as requests, (select count(*)::int from leave_ledger) as ledger`.execute(handle.db)
    ).rows[0]!;

    const app = await buildApp({ db: handle.db, entities, validators, tables, publishIntervalMs: 0 });
    await app.ready();
    try {
      const tokens = new Map<string, string>();
      const headersOf = async (username: string) => {
        if (!tokens.has(username)) {
          const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username, password: DEMO_PASSWORD } });
          tokens.set(username, login.json().access_token as string);
        }
        return { authorization: `Bearer ${tokens.get(username)!}`, 'accept-language': 'en' };
      };
      const someone = (await sql<{ id: number }>`select id from employee where ein = 'BENCH000250'`.execute(handle.db)).rows[0]!.id;
      const year = new Date().getFullYear();
      const plan: Array<{ call: string; as: string; url: string }> = [
        { call: 'get-leave-notif', as: 'wakasek', url: 'get-leave-notif' },
        { call: 'get-leave-notif?is_all', as: 'admin', url: 'get-leave-notif?is_all=true' },
        { call: 'get-leave-history', as: 'admin', url: `get-leave-history?employee_id=${someone}&page=2` },
        { call: 'hrleave-employee', as: 'admin', url: 'hrleave-employee?page=3' },
        { call: 'hrleave-employee', as: 'wakasek', url: 'hrleave-employee' },
        { call: 'get-list-expired-employee', as: 'admin', url: 'get-list-expired-employee' },
        { call: 'leave-summary', as: 'admin', url: `leave-summary?year=${year}` },
      ];
      const results: HrBench['calls'] = [];
      for (const step of plan) {
        const headers = await headersOf(step.as);
        const samples: number[] = [];
        for (let i = 0; i < calls + 5; i++) {
          const started = performance.now();
          const res = await app.inject({ method: 'GET', url: `/api/v1/${step.url}`, headers });
          if (res.statusCode !== 200) throw new Error(`${step.url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
          if (i >= 5) samples.push(performance.now() - started);
        }
        samples.sort((a, b) => a - b);
        results.push({ call: step.call, as: step.as, p50: percentile(samples, 50), p95: percentile(samples, 95) });
      }
      return { seedSeconds, employees: counts.employees, requests: counts.requests, ledgerRows: counts.ledger, calls: results };
    } finally {
      await app.close();
    }
  } finally {
    await dispose('BENCH_HR_KEEP');
  }
}
