// How a payment settles a party's open invoices (issue 12 "Payments"): in the school's order
// (the server lists open invoices in it: oldest due date first, or by income type priority) or
// an order a person picks, each invoice takes what it still owes until the amount runs out,
// and what is left goes to the deposit. Integers only: whole rupiah. No React, no DOM. The
// server settles for real; this is the preview the payment page draws.

import type { InvoiceRow, Money } from '../api/finance';

export interface SettleLine {
  invoice_id: number;
  /** What this payment puts on the invoice. */
  applied: Money;
  /** What the invoice still owes afterwards. */
  remaining: Money;
}

export interface SettlePreview {
  lines: SettleLine[];
  /** What is left after every picked invoice is settled: the party's deposit. */
  deposit: Money;
}

/** Settles `amount` over the invoices in the given order; invoices not given are not touched. */
export function settlePreview(ordered: readonly Pick<InvoiceRow, 'id' | 'outstanding'>[], amount: Money): SettlePreview {
  let left = Math.max(0, Math.trunc(amount));
  const lines = ordered.map((invoice) => {
    const applied = Math.min(left, Math.max(0, invoice.outstanding));
    left -= applied;
    return { invoice_id: invoice.id, applied, remaining: invoice.outstanding - applied };
  });
  return { lines, deposit: left };
}

/** Moves the item at `index` one place up (-1) or down (+1); the same list when it cannot move. */
export function moveItem<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const to = index + step;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}
