// The leave summary's figures (issue 14 /leave-summary; spec 3 §2.9, §3.3): per employee and
// leave type, in the counting periods of one year (2026 for yearly types, 2026-01…2026-12 for
// monthly ones), what was granted (allocations, carry-over, additions, less their reversals),
// what was taken (approved leave) and what is left on the reference day (the year's last day,
// or today in the current year) in the period holding that day, by server/hr/leaveLots.ts's
// arithmetic. One query over the ledger, grouped in memory; tests/server/leaveSummary.test.ts
// checks every figure against the ledger rows.

import { sql } from 'kysely';
import type { LeaveUnit } from '../../../src/shared/api/hr';
import type { LeaveSummaryFilters, LeaveSummaryRow, LeaveSummaryTotals } from '../../../src/shared/api/hrLeaveSummary';
import type { Db } from '../../db/database';
import { typedDb } from '../../db/typedDb';
import { periodOf, type CountingPeriod, type Day } from '../leaveDays';
import { remainingOn, type LedgerEntry } from '../leaveLots';

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** The day `left` is counted on: the year's last day, or `today` when it falls in the year. */
export function referenceDay(year: number, today: Day): Day {
  return today.startsWith(`${year}-`) ? today : (`${year}-12-31` as Day);
}

interface Group {
  row: LeaveSummaryRow;
  counting: CountingPeriod;
  byPeriod: Map<string, LedgerEntry[]>;
}

export async function leaveSummary(db: Db, filters: LeaveSummaryFilters, today: Day): Promise<{ rows: LeaveSummaryRow[]; totals: Record<LeaveUnit, LeaveSummaryTotals>; on: Day }> {
  const on = referenceDay(filters.year, today);
  let query = typedDb(db)
    .selectFrom('leave_ledger as l')
    .innerJoin('employee as e', 'e.id', 'l.employee_id')
    .innerJoin('leave_type as t', 't.id', 'l.leave_type_id')
    .leftJoin('work_unit as w', 'w.id', 'e.work_unit_id')
    .leftJoin('position as p', 'p.id', 'e.position_id')
    .select(['l.employee_id', 'l.leave_type_id', 'l.period', 'l.kind', 'l.quantity', 'l.entry_date', 'l.expires_on', 'l.leave_addition_id', 'l.leave_request_id'])
    .select(['e.name as employee_name', 'e.ein', 'w.name as work_unit', 'p.name as position', 't.name as leave_name', 't.unit', 't.counting_period'])
    .where((eb) => eb.or([eb('l.period', '=', String(filters.year)), eb('l.period', 'like', `${filters.year}-%`)]));
  if (filters.work_unit_id !== undefined) query = query.where('e.work_unit_id', '=', filters.work_unit_id);
  if (filters.leave_type_id !== undefined) query = query.where('l.leave_type_id', '=', filters.leave_type_id);
  if (filters.q) {
    const like = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`(e.name ilike ${like} or e.ein ilike ${like})`);
  }
  const rows = await query.orderBy('l.entry_date').orderBy('l.id').execute();

  const groups = new Map<string, Group>();
  for (const r of rows) {
    const key = `${String(r.employee_id)}:${String(r.leave_type_id)}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        row: {
          employee_id: Number(r.employee_id),
          employee_name: r.employee_name ?? '',
          ein: r.ein ?? '',
          work_unit: r.work_unit ?? '',
          position: r.position ?? '',
          leave_type_id: Number(r.leave_type_id),
          leave_name: r.leave_name ?? '',
          unit: r.unit === 'hour' ? 'hour' : 'day',
          granted: 0,
          taken: 0,
          left: 0,
        },
        counting: (r.counting_period === 'month' ? 'month' : 'year') as CountingPeriod,
        byPeriod: new Map(),
      };
      groups.set(key, group);
    }
    const quantity = Number(r.quantity ?? 0);
    if (r.kind === 'taken') group.row.taken = round2(group.row.taken - quantity);
    else group.row.granted = round2(group.row.granted + quantity);
    const source = r.leave_addition_id !== null ? `addition:${String(r.leave_addition_id)}` : r.kind === 'allocation' ? 'allocation' : r.kind === 'taken' ? `request:${String(r.leave_request_id)}` : 'carry';
    const list = group.byPeriod.get(r.period ?? '') ?? [];
    list.push({ kind: r.kind as LedgerEntry['kind'], quantity, entry_date: r.entry_date ?? '', expires_on: r.expires_on, source });
    group.byPeriod.set(r.period ?? '', list);
  }

  const totals: Record<LeaveUnit, LeaveSummaryTotals> = { day: { granted: 0, taken: 0, left: 0 }, hour: { granted: 0, taken: 0, left: 0 } };
  const result: LeaveSummaryRow[] = [];
  for (const group of groups.values()) {
    group.row.left = remainingOn(group.byPeriod.get(periodOf(on, group.counting)) ?? [], on);
    const sum = totals[group.row.unit];
    sum.granted = round2(sum.granted + group.row.granted);
    sum.taken = round2(sum.taken + group.row.taken);
    sum.left = round2(sum.left + group.row.left);
    result.push(group.row);
  }
  result.sort((a, b) => a.employee_name.localeCompare(b.employee_name) || a.employee_id - b.employee_id || a.leave_name.localeCompare(b.leave_name) || a.leave_type_id - b.leave_type_id);
  return { rows: result, totals, on };
}
