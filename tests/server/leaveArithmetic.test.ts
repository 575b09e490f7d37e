// The leave arithmetic (issue 14, "Balances"): working days without weekends and holidays,
// split by counting period; and what is left of a period's lots (allocation, carry-over with
// its expiry, additions) after leave taken, soonest-expiring first.

import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holidaySet, hoursBetween, requestShares, workingDays } from '../../server/hr/leaveDays';
import { today } from '../../server/hr/leaveLedger';
import { periodTotals, remainingOn, type LedgerEntry } from '../../server/hr/leaveLots';

const holidays = holidaySet([
  { start_date: '2026-08-17', end_date: '2026-08-17' },
  { start_date: '2025-12-22', end_date: '2026-01-02' },
]);

describe('working days', () => {
  const cases: Array<[string, { start: string; end: string; want: number }]> = [
    ['a Monday to Friday week', { start: '2026-11-23', end: '2026-11-27', want: 5 }],
    ['a weekend alone', { start: '2026-11-28', end: '2026-11-29', want: 0 }],
    ['Friday to Monday', { start: '2026-11-27', end: '2026-11-30', want: 2 }],
    ['a week holding Independence Day (Monday 17 August)', { start: '2026-08-17', end: '2026-08-21', want: 4 }],
    ['the semester break over new year', { start: '2025-12-19', end: '2026-01-05', want: 2 }],
    ['the end before the start', { start: '2026-11-27', end: '2026-11-23', want: 0 }],
  ];
  it.each(cases)('%s', (_name, { start, end, want }) => {
    expect(workingDays(start, end, holidays)).toHaveLength(want);
  });

  it('splits a request over new year by counting period', () => {
    const shares = requestShares({ start_date: '2026-12-30', end_date: '2027-01-05' }, 'day', 'year', new Set());
    expect(shares).toEqual([
      { period: '2026', quantity: 2, first: '2026-12-30' },
      { period: '2027', quantity: 3, first: '2027-01-01' },
    ]);
    expect(requestShares({ start_date: '2026-11-30', end_date: '2026-12-01' }, 'day', 'month', new Set()).map((s) => s.period)).toEqual(['2026-11', '2026-12']);
  });

  it('counts hours between the times of a Permission, or eight per working day', () => {
    expect(hoursBetween('08:00', '10:30')).toBe(2.5);
    expect(requestShares({ start_date: '2026-11-24', end_date: '2026-11-24', start_time: '13:15', end_time: '15:00' }, 'hour', 'month', new Set())).toEqual([{ period: '2026-11', quantity: 1.75, first: '2026-11-24' }]);
    expect(requestShares({ start_date: '2026-11-24', end_date: '2026-11-25' }, 'hour', 'month', new Set())[0].quantity).toBe(16);
  });
});

const allocation = (quantity: number): LedgerEntry => ({ kind: 'allocation', quantity, entry_date: '2026-01-01', expires_on: null, source: 'allocation' });
const carry = (quantity: number, expires: string): LedgerEntry => ({ kind: 'carry_over', quantity, entry_date: '2026-01-01', expires_on: expires, source: 'carry' });
const taken = (quantity: number, day: string, id = day): LedgerEntry => ({ kind: 'taken', quantity: -quantity, entry_date: day, expires_on: null, source: `request:${id}` });

describe('what is left of a period', () => {
  it('spends the carry-over before it lapses, and what it has left lapses with it', () => {
    const rows = [allocation(12), carry(5, '2026-03-31'), taken(3, '2026-02-10')];
    expect(remainingOn(rows, '2026-03-31')).toBe(14); // 2 carried + 12
    expect(remainingOn(rows, '2026-04-01')).toBe(12); // the 2 carried days lapsed
  });

  it('takes leave after the expiry from the allocation only', () => {
    const rows = [allocation(12), carry(5, '2026-03-31'), taken(4, '2026-05-04')];
    expect(remainingOn(rows, '2026-03-01')).toBe(13); // the May leave is counted already: 5 carried + 8
    expect(remainingOn(rows, '2026-06-01')).toBe(8);
  });

  it('counts an addition until its expiry and a correction of it', () => {
    const addition: LedgerEntry = { kind: 'addition', quantity: 2, entry_date: '2026-06-01', expires_on: '2026-09-30', source: 'addition:7' };
    const corrected: LedgerEntry = { kind: 'reversal', quantity: -1, entry_date: '2026-06-02', expires_on: null, source: 'addition:7' };
    expect(remainingOn([allocation(12), addition], '2026-07-01')).toBe(14);
    expect(remainingOn([allocation(12), addition, corrected], '2026-07-01')).toBe(13);
    expect(remainingOn([allocation(12), addition], '2026-10-01')).toBe(12);
  });

  it('goes below zero on the allocation when more was taken than there was', () => {
    expect(remainingOn([allocation(2), taken(3, '2026-02-02')], '2026-02-03')).toBe(-1);
  });

  it('half days stay exact', () => {
    expect(remainingOn([allocation(12), taken(0.5, '2026-02-02'), taken(0.5, '2026-02-03', 'b'), taken(1.5, '2026-02-04', 'c')], '2026-03-01')).toBe(9.5);
  });

  it('without expiries, what is left is what was credited less what was taken, whatever the order', () => {
    const entry = fc.record({
      kind: fc.constantFrom<LedgerEntry['kind']>('allocation', 'addition', 'taken'),
      quantity: fc.integer({ min: 1, max: 40 }).map((n) => n / 2),
      day: fc.integer({ min: 1, max: 28 }).map((d) => `2026-02-${String(d).padStart(2, '0')}`),
      source: fc.integer({ min: 1, max: 5 }),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 20 }), (list) => {
        const rows: LedgerEntry[] = list.map((e, i) => ({
          kind: e.kind,
          quantity: e.kind === 'taken' ? -e.quantity : e.quantity,
          entry_date: e.day,
          expires_on: null,
          source: e.kind === 'taken' ? `request:${i}` : e.kind === 'allocation' ? 'allocation' : `addition:${e.source}`,
        }));
        const { credited, taken: spent } = periodTotals(rows);
        expect(remainingOn(rows, '2026-02-28')).toBeCloseTo(credited - spent, 9);
        expect(remainingOn([...rows].reverse(), '2026-02-28')).toBe(remainingOn(rows, '2026-02-28'));
      }),
    );
  });
});

describe("the HR module's today", () => {
  afterEach(() => vi.useRealTimers());

  it('is the date in Jakarta, whatever the server’s time zone: a month’s first morning there is that month', () => {
    // 1 December 2026, 03:00 in Jakarta (UTC+7) is still 30 November in UTC.
    vi.useFakeTimers({ now: new Date('2026-11-30T20:00:00Z') });
    expect(today()).toBe('2026-12-01');
    // 23:59 in Jakarta on 30 November.
    vi.setSystemTime(new Date('2026-11-30T16:59:00Z'));
    expect(today()).toBe('2026-11-30');
  });
});
