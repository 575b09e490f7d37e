// The leave summary's figures (issue 14 /leave-summary; spec 3 §2.9, §3.3): per employee and
// leave type, in the counting periods of one year (2026 for yearly types, 2026-01…2026-12 for
// monthly ones), what was granted (allocations, carry-over, additions, less their reversals),
// what was taken (approved leave) and what is left on the reference day (the year's last day,
// or today in the current year) in the period holding that day, by server/hr/leaveLots.ts's
// arithmetic. One grouped query over the ledger (and the rows of lapsed lots' groups);
// tests/server/leaveSummary.test.ts checks every figure against the ledger rows.

import { sql } from 'kysely';
import type { LeaveUnit } from '../../../src/shared/api/hr';
import type { LeaveSummaryFilters, LeaveSummaryRow, LeaveSummaryTotals } from '../../../src/shared/api/hrLeaveSummary';
import type { Db } from '../../db/database';
import { typedDb } from '../../db/typedDb';
import { periodOf, type Day } from '../leaveDays';
import { remainingOn, type LedgerEntry } from '../leaveLots';

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** The day `left` is counted on: the year's last day, or `today` when it falls in the year. */
export function referenceDay(year: number, today: Day): Day {
  return today.startsWith(`${year}-`) ? today : (`${year}-12-31` as Day);
}

const source = (r: { kind: string | null; leave_addition_id: number | null; leave_request_id: number | null }) =>
  r.leave_addition_id !== null ? `addition:${String(r.leave_addition_id)}` : r.kind === 'allocation' ? 'allocation' : r.kind === 'taken' ? `request:${String(r.leave_request_id)}` : 'carry';

/**
 * One row per employee and type, summed by the database: granted and taken over the year, and
 * over the reference day's period the sum of its rows, which is what is left unless a lot of it
 * has lapsed by then (taken leave uses lots, a lot left unused after its expiry is gone). Only
 * those employees' and types' rows are read whole, for the lots' arithmetic (remainingOn).
 */
export async function leaveSummary(db: Db, filters: LeaveSummaryFilters, today: Day): Promise<{ rows: LeaveSummaryRow[]; totals: Record<LeaveUnit, LeaveSummaryTotals>; on: Day }> {
  const on = referenceDay(filters.year, today);
  const year = String(filters.year);
  const month = periodOf(on, 'month');
  let query = typedDb(db)
    .selectFrom('leave_ledger as l')
    .innerJoin('employee as e', 'e.id', 'l.employee_id')
    .innerJoin('leave_type as t', 't.id', 'l.leave_type_id')
    .leftJoin('work_unit as w', 'w.id', 'e.work_unit_id')
    .leftJoin('position as p', 'p.id', 'e.position_id')
    .select(['l.employee_id', 'l.leave_type_id', 'e.name as employee_name', 'e.ein', 'w.name as work_unit', 'p.name as position', 't.name as leave_name', 't.unit', 't.counting_period'])
    .select([
      sql<string>`coalesce(sum(case when l.kind <> 'taken' then l.quantity end), 0)::text`.as('granted'),
      sql<string>`coalesce(-sum(case when l.kind = 'taken' then l.quantity end), 0)::text`.as('taken'),
      sql<string>`coalesce(sum(l.quantity) filter (where l.period = case when t.counting_period = 'month' then ${month} else ${year} end), 0)::text`.as('standing'),
      sql<boolean>`coalesce(bool_or(l.expires_on < ${on}) filter (where l.period = case when t.counting_period = 'month' then ${month} else ${year} end), false)`.as('lapsing'),
    ])
    .where((eb) => eb.or([eb('l.period', '=', year), eb('l.period', 'like', `${year}-%`)]))
    .groupBy(['l.employee_id', 'l.leave_type_id', 'e.name', 'e.ein', 'w.name', 'p.name', 't.name', 't.unit', 't.counting_period']);
  if (filters.work_unit_id !== undefined) query = query.where('e.work_unit_id', '=', filters.work_unit_id);
  if (filters.leave_type_id !== undefined) query = query.where('l.leave_type_id', '=', filters.leave_type_id);
  if (filters.q) {
    const like = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`(e.name ilike ${like} or e.ein ilike ${like})`);
  }
  const groups = await query.execute();

  // The lots' arithmetic where a lot has lapsed: those groups' rows of the reference period.
  const lapsing = groups.filter((g) => g.lapsing);
  const entries = new Map<string, LedgerEntry[]>();
  if (lapsing.length) {
    const rows = await typedDb(db)
      .selectFrom('leave_ledger as l')
      .innerJoin('leave_type as t', 't.id', 'l.leave_type_id')
      .select(['l.employee_id', 'l.leave_type_id', 'l.kind', 'l.quantity', 'l.entry_date', 'l.expires_on', 'l.leave_addition_id', 'l.leave_request_id'])
      .where(sql<boolean>`l.employee_id = any(${[...new Set(lapsing.map((g) => Number(g.employee_id)))]}::int[])`)
      .where(sql<boolean>`l.period = case when t.counting_period = 'month' then ${month} else ${year} end`)
      .orderBy('l.entry_date')
      .orderBy('l.id')
      .execute();
    for (const r of rows) {
      const key = `${String(r.employee_id)}:${String(r.leave_type_id)}`;
      const list = entries.get(key) ?? [];
      list.push({ kind: r.kind as LedgerEntry['kind'], quantity: Number(r.quantity ?? 0), entry_date: r.entry_date ?? '', expires_on: r.expires_on, source: source(r) });
      entries.set(key, list);
    }
  }

  const totals: Record<LeaveUnit, LeaveSummaryTotals> = { day: { granted: 0, taken: 0, lapsed: 0, left: 0 }, hour: { granted: 0, taken: 0, lapsed: 0, left: 0 } };
  const result: LeaveSummaryRow[] = groups.map((g) => {
    const granted = round2(Number(g.granted));
    const taken = round2(Number(g.taken));
    const left = g.lapsing ? remainingOn(entries.get(`${String(g.employee_id)}:${String(g.leave_type_id)}`) ?? [], on) : round2(Number(g.standing));
    const row: LeaveSummaryRow = {
      employee_id: Number(g.employee_id),
      employee_name: g.employee_name ?? '',
      ein: g.ein ?? '',
      work_unit: g.work_unit ?? '',
      position: g.position ?? '',
      leave_type_id: Number(g.leave_type_id),
      leave_name: g.leave_name ?? '',
      unit: g.unit === 'hour' ? 'hour' : 'day',
      granted,
      taken,
      lapsed: Math.max(0, round2(granted - taken - left)),
      left,
    };
    const sum = totals[row.unit];
    sum.granted = round2(sum.granted + row.granted);
    sum.taken = round2(sum.taken + row.taken);
    sum.lapsed = round2(sum.lapsed + row.lapsed);
    sum.left = round2(sum.left + row.left);
    return row;
  });
  result.sort((a, b) => a.employee_name.localeCompare(b.employee_name) || a.employee_id - b.employee_id || a.leave_name.localeCompare(b.leave_name) || a.leave_type_id - b.leave_type_id);
  return { rows: result, totals, on };
}
