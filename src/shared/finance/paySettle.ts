// How a payment settles a party's open invoices (issue 12 "Payments"):
// the school's order (oldest due date first, or the income type's priority), or an order a
// person picks; each invoice takes what it still owes until the amount runs out, and what is
// left goes to the deposit. Integers only: whole rupiah. No React, no DOM. The server settles
// for real; this is the preview the payment page draws, and the order it sends.

import type { InvoiceRow, Money, SettleOrder } from '../api/finance';

type Orderable = Pick<InvoiceRow, 'id' | 'due_date' | 'invoice_date' | 'income_type_priority'>;

const byDate = (a: Orderable, b: Orderable) =>
  a.due_date.localeCompare(b.due_date) || a.invoice_date.localeCompare(b.invoice_date) || a.id - b.id;

/** The invoices in the school's settle order: by due date, or by income type priority (lower first) then due date. */
export function schoolOrder<T extends Orderable>(invoices: readonly T[], order: SettleOrder): T[] {
  const sorted = [...invoices];
  if (order === 'priority') {
    const rank = (row: Orderable) => row.income_type_priority ?? Number.MAX_SAFE_INTEGER;
    return sorted.sort((a, b) => rank(a) - rank(b) || byDate(a, b));
  }
  return sorted.sort(byDate);
}

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
