// The leave summary (/leave-summary, issue 14) against the leave ledger rows it summarizes, on
// the demo school's year of leave: every row's granted, taken and left, and the totals, are
// recomputed here from plain ledger rows (summed in JS; what is left through the lots'
// arithmetic of server/hr/leaveLots.ts, which tests/server/leaveLots.test.ts checks on its own);
// the filters, the paging, who may read it, and the XLSX read back with exceljs.

import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEAVE_SUMMARY_PATHS, type LeaveSummaryRow } from '../../src/shared/api/hrLeaveSummary';
import { today } from '../../server/hr/leaveLedger';
import { remainingOn, type LedgerEntry } from '../../server/hr/leaveLots';
import { referenceDay } from '../../server/hr/summary/leaveSummary';
import { seedDemoHr } from '../../server/seed/seedDemoHr';
import { fileServer } from './harness';

const server = fileServer({ demoData: true });
// The demo's leave history is of 2026 (server/seed/seedDemoHr.ts); its year is summed as it stands today.
const YEAR = 2026;

interface Raw {
  id: number;
  employee_id: number;
  leave_type_id: number;
  period: string;
  kind: LedgerEntry['kind'];
  quantity: string;
  entry_date: string;
  expires_on: string | null;
  leave_addition_id: number | null;
  leave_request_id: number | null;
  work_unit_id: number | null;
  name: string;
  ein: string;
  counting_period: string;
  unit: string;
}

type Figures = Pick<LeaveSummaryRow, 'employee_id' | 'leave_type_id' | 'granted' | 'taken' | 'left' | 'unit'>;

/** The expected rows from the ledger's rows of the year, filtered by `keep`. */
async function expected(year: number, keep: (r: Raw) => boolean = () => true): Promise<Map<string, Figures>> {
  const raw = (
    await sql<Raw>`select l.id, l.employee_id, l.leave_type_id, l.period, l.kind, l.quantity::text as quantity, l.entry_date::text as entry_date,
      l.expires_on::text as expires_on, l.leave_addition_id, l.leave_request_id, e.work_unit_id, e.name, e.ein, t.counting_period, t.unit
      from leave_ledger l join employee e on e.id = l.employee_id join leave_type t on t.id = l.leave_type_id order by l.entry_date, l.id`.execute(server.database.db)
  ).rows.filter((r) => r.period.slice(0, 4) === String(year) && keep(r));
  const on = referenceDay(year, today());
  const out = new Map<string, Figures>();
  for (const r of raw) {
    const key = `${r.employee_id}:${r.leave_type_id}`;
    const f = out.get(key) ?? { employee_id: r.employee_id, leave_type_id: r.leave_type_id, granted: 0, taken: 0, left: 0, unit: r.unit === 'hour' ? 'hour' : 'day' };
    // amounts in hundredths, added as integers
    if (r.kind === 'taken') f.taken = (Math.round(f.taken * 100) - Math.round(Number(r.quantity) * 100)) / 100;
    else f.granted = (Math.round(f.granted * 100) + Math.round(Number(r.quantity) * 100)) / 100;
    out.set(key, f);
  }
  for (const f of out.values()) {
    const type = raw.find((r) => r.leave_type_id === f.leave_type_id)!;
    const period = type.counting_period === 'month' ? on.slice(0, 7) : on.slice(0, 4);
    const entries = raw
      .filter((r) => r.employee_id === f.employee_id && r.leave_type_id === f.leave_type_id && r.period === period)
      .map((r) => ({
        kind: r.kind,
        quantity: Number(r.quantity),
        entry_date: r.entry_date,
        expires_on: r.expires_on,
        source: r.leave_addition_id !== null ? `addition:${r.leave_addition_id}` : r.kind === 'allocation' ? 'allocation' : r.kind === 'taken' ? `request:${r.leave_request_id}` : 'carry',
      }));
    f.left = remainingOn(entries, on);
  }
  return out;
}

async function summary(query: string, as = 'admin') {
  const answer = await server.call('GET', `/api/v1/${LEAVE_SUMMARY_PATHS.summary}?${query}`, { as });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as { data: LeaveSummaryRow[]; total: number; totals: Record<'day' | 'hour', { granted: number; taken: number; lapsed: number; left: number }>; on: string };
}

const figuresOf = (rows: LeaveSummaryRow[]) => new Map(rows.map((r) => [`${r.employee_id}:${r.leave_type_id}`, { employee_id: r.employee_id, leave_type_id: r.leave_type_id, granted: r.granted, taken: r.taken, left: r.left, unit: r.unit }]));

describe('the leave summary', () => {
  beforeAll(async () => {
    await server.database.db.transaction().execute((tx) => seedDemoHr(tx, server.catalog, server.app.records));
  });

  it('shows every employee and type of the year with what the ledger rows add up to, and their totals', async () => {
    const want = await expected(YEAR);
    expect(want.size).toBeGreaterThan(5);
    expect([...want.values()].some((f) => f.taken > 0)).toBe(true);
    const got = await summary(`year=${YEAR}&per_page=500`);
    expect(got.total).toBe(want.size);
    expect(figuresOf(got.data)).toEqual(want);
    const sum = (unit: 'day' | 'hour', key: 'granted' | 'taken' | 'left') => [...want.values()].filter((f) => f.unit === unit).reduce((s, f) => s + Math.round(f[key] * 100), 0) / 100;
    expect(got.totals.day).toMatchObject({ granted: sum('day', 'granted'), taken: sum('day', 'taken'), left: sum('day', 'left') });
    // What lapsed closes each row's sum, and the totals' (granted − taken − lapsed = left).
    for (const r of got.data) expect([r.ein, r.leave_name, Math.round((r.granted - r.taken - r.lapsed) * 100) / 100]).toEqual([r.ein, r.leave_name, r.left]);
    expect(got.totals.day.lapsed).toBe(got.data.filter((r) => r.unit === 'day').reduce((s, r) => s + Math.round(r.lapsed * 100), 0) / 100);
    expect(got.on).toBe(referenceDay(YEAR, today()));
    // Sorted by employee name, and the pages cut the same list.
    const names = got.data.map((r) => r.employee_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const second = await summary(`year=${YEAR}&per_page=5&page=2`);
    expect(second.data.map((r) => `${r.employee_id}:${r.leave_type_id}`)).toEqual(got.data.slice(5, 10).map((r) => `${r.employee_id}:${r.leave_type_id}`));
    expect(second.total).toBe(want.size);
    // A year with no leave has no rows.
    expect((await summary('year=2001')).total).toBe(0);
  });

  it('counts a lot that lapsed unused as gone from what is left (a past year, before the periods the carry-over looks back at: left on its last day)', async () => {
    // 2020 for the first demo employee: 12 days allotted, 5 added until the end of March, 2 taken in
    // February from the addition (it expires first); its other 3 lapse: 12 left, not 15.
    const employee = (await sql<{ id: number }>`select id from employee order by id limit 1`.execute(server.database.db)).rows[0]!.id;
    await sql`insert into leave_ledger (key, employee_id, leave_type_id, period, kind, quantity, entry_date, expires_on, leave_addition_id, leave_request_id) values
      ('test:alloc', ${employee}, 1, '2020', 'allocation', 12, '2020-01-01', null, null, null),
      ('test:carry', ${employee}, 1, '2020', 'carry_over', 5, '2020-01-01', '2020-03-31', null, null),
      ('test:taken', ${employee}, 1, '2020', 'taken', -2, '2020-02-05', null, null, null)`.execute(server.database.db);
    const got = await summary('year=2020');
    expect(figuresOf(got.data)).toEqual(await expected(2020));
    expect(got.data.map((r) => [r.granted, r.taken, r.lapsed, r.left])).toEqual([[17, 2, 3, 12]]);
    expect(got.on).toBe('2020-12-31');
  });

  it('filters by work unit, leave type and employee name or EIN', async () => {
    const all = await summary(`year=${YEAR}&per_page=500`);
    const sample = all.data[0]!;
    const unit = (await sql<{ work_unit_id: number }>`select work_unit_id from employee where id = ${sample.employee_id}`.execute(server.database.db)).rows[0]!.work_unit_id;
    expect(figuresOf((await summary(`year=${YEAR}&per_page=500&work_unit_id=${unit}`)).data)).toEqual(await expected(YEAR, (r) => r.work_unit_id === unit));
    expect(figuresOf((await summary(`year=${YEAR}&per_page=500&leave_type_id=${sample.leave_type_id}`)).data)).toEqual(await expected(YEAR, (r) => r.leave_type_id === sample.leave_type_id));
    const word = sample.employee_name.split(' ')[0]!.toLowerCase();
    expect(figuresOf((await summary(`year=${YEAR}&per_page=500&q=${encodeURIComponent(word.toUpperCase())}`)).data)).toEqual(await expected(YEAR, (r) => r.name.toLowerCase().includes(word) || r.ein.toLowerCase().includes(word)));
    expect(figuresOf((await summary(`year=${YEAR}&per_page=500&q=${encodeURIComponent(sample.ein)}`)).data)).toEqual(await expected(YEAR, (r) => r.ein.includes(sample.ein) || r.name.includes(sample.ein)));
  });

  it('is for HR only, and refuses a year or an id that is not one', async () => {
    for (const as of ['teacher', 'wakasek', 'finance']) {
      expect((await server.call('GET', `/api/v1/${LEAVE_SUMMARY_PATHS.summary}`, { as })).status).toBe(403);
      expect((await server.call('GET', `/api/v1/${LEAVE_SUMMARY_PATHS.export}`, { as })).status).toBe(403);
    }
    const bad = await server.call('GET', `/api/v1/${LEAVE_SUMMARY_PATHS.summary}?year=20x6`, { as: 'admin' });
    expect(bad.status).toBe(422);
    expect(bad.json.messages.year).toHaveLength(1);
    expect((await server.call('GET', `/api/v1/${LEAVE_SUMMARY_PATHS.summary}?work_unit_id=abc`, { as: 'admin' })).status).toBe(422);
  });

  it('exports every row as XLSX with number cells and the days\' totals', async () => {
    const got = await summary(`year=${YEAR}&per_page=500`);
    const answer = await server.app.inject({ method: 'GET', url: `/api/v1/${LEAVE_SUMMARY_PATHS.export}?year=${YEAR}`, headers: { authorization: `Bearer ${await server.token('admin')}`, 'accept-language': 'id' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toContain(`leave-summary-${YEAR}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A2').value).toBe(`Ringkasan cuti ${YEAR}`);
    expect((sheet.getRow(4).values as unknown[]).slice(1)).toEqual(['Pegawai', 'NIP', 'Unit kerja', 'Jabatan', 'Jenis cuti', 'Satuan', 'Jatah', 'Diambil', 'Hangus', 'Sisa']);
    // header rows, the rows, the totals row
    expect(sheet.actualRowCount).toBe(4 + got.total + 1);
    for (const [index, row] of got.data.entries()) {
      const line = sheet.getRow(5 + index);
      expect(line.getCell(1).value).toBe(row.employee_name);
      expect(line.getCell(5).value).toBe(row.leave_name);
      expect([7, 8, 9, 10].map((n) => line.getCell(n).value)).toEqual([row.granted, row.taken, row.lapsed, row.left]);
    }
    const totals = sheet.getRow(5 + got.total);
    expect(totals.getCell(1).value).toBe('Total (hari)');
    expect([7, 8, 9, 10].map((n) => totals.getCell(n).value)).toEqual([got.totals.day.granted, got.totals.day.taken, got.totals.day.lapsed, got.totals.day.left]);
  });
});
