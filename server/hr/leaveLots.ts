// The arithmetic of one employee's leave of one type in one counting period, from its ledger
// rows (schemas/leave_ledger.yaml). Pure, so a test can check it row by row.
//
// Credits are lots: the allocation (usable the whole period), the carry-over and each
// addition (usable until their expires_on). Leave taken uses the lots usable on its first day,
// the soonest to expire first, so a carried-over balance is spent before it lapses and the
// allocation last. What is left of a lot after its expiry lapses. A reversal row corrects the
// lot of its source (an addition changed, a carry-over recomputed).

export interface LedgerEntry {
  kind: 'allocation' | 'carry_over' | 'addition' | 'taken' | 'reversal';
  quantity: number;
  entry_date: string;
  expires_on: string | null;
  /** The source a lot or a reversal belongs to: 'allocation', 'carry', 'addition:<id>'; a taken row's request. */
  source: string;
}

interface Lot {
  source: string;
  left: number;
  expires_on: string | null;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** Sooner expiry first; no expiry last. */
const byExpiry = (a: Lot, b: Lot): number => (a.expires_on ?? '9999-12-31').localeCompare(b.expires_on ?? '9999-12-31');

/** The lots after the leave taken, in the order of the days taken. */
function lotsOf(entries: readonly LedgerEntry[]): Lot[] {
  const lots = new Map<string, Lot>();
  for (const e of entries) {
    if (e.kind === 'taken') continue;
    const lot = lots.get(e.source) ?? { source: e.source, left: 0, expires_on: e.expires_on };
    lot.left = round2(lot.left + e.quantity);
    if (e.kind !== 'reversal') lot.expires_on = e.expires_on;
    lots.set(e.source, lot);
  }
  const ordered = [...lots.values()].sort(byExpiry);
  const taken = entries.filter((e) => e.kind === 'taken').sort((a, b) => a.entry_date.localeCompare(b.entry_date));
  for (const t of taken) {
    let need = -t.quantity;
    for (const lot of ordered) {
      if (need <= 0) break;
      if (lot.left <= 0 || (lot.expires_on !== null && lot.expires_on < t.entry_date)) continue;
      const use = Math.min(lot.left, need);
      lot.left = round2(lot.left - use);
      need = round2(need - use);
    }
    // More taken than there was (an allowance lowered afterwards): the allocation goes below zero.
    if (need > 0) {
      const last = ordered.find((l) => l.source === 'allocation') ?? ordered[ordered.length - 1];
      if (last) last.left = round2(last.left - need);
      else ordered.push({ source: 'allocation', left: -need, expires_on: null });
    }
  }
  return ordered;
}

/** What can still be taken on `day`: the lots usable then. */
export function remainingOn(entries: readonly LedgerEntry[], day: string): number {
  return round2(lotsOf(entries).reduce((sum, lot) => (lot.expires_on === null || lot.expires_on >= day ? sum + lot.left : sum), 0));
}

/** The totals of a period, for the remaining-leave history. */
export function periodTotals(entries: readonly LedgerEntry[]): { credited: number; taken: number } {
  let credited = 0;
  let taken = 0;
  for (const e of entries) {
    if (e.kind === 'taken') taken = round2(taken - e.quantity);
    else credited = round2(credited + e.quantity);
  }
  return { credited, taken };
}
