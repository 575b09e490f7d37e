// An invoice's figures move together: every change of paid, waived, penalty or closed amounts
// recomputes the outstanding amount and the state, and goes through the write door with the
// version the ledger read under its row lock. The database holds the same identity as a check
// (../ledgerDdl.ts), so a slip here is refused, not stored.

import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Caller, RecordWrites } from '../../records/recordWrites';
import type { LedgerInvoice } from './ledgerReads';

type Figures = Pick<LedgerInvoice, 'value' | 'discount' | 'paid_amount' | 'waived_amount' | 'penalty_amount' | 'closed_amount'>;

/** outstanding = value − discount − paid − waived + penalty − closed (schemas/invoice.yaml). */
export function outstandingOf(figures: Figures): number {
  return figures.value - figures.discount - figures.paid_amount - figures.waived_amount + figures.penalty_amount - figures.closed_amount;
}

/** The state an open or paid invoice takes from its figures; merged and reversed stay. */
export function stateOf(state: string, outstanding: number): string {
  if (state === 'merged' || state === 'reversed') return state;
  return outstanding === 0 ? 'paid' : 'open';
}

/** The invoice's required fields as they are: the door's update is a whole PUT body. */
export function requiredOf(invoice: LedgerInvoice): Record<string, unknown> {
  const { financial_year_id, income_type_id, period_no, installment_no, installment_count, invoice_date, due_date, value, discount } = invoice;
  const { paid_amount, waived_amount, penalty_amount, closed_amount, outstanding, state, source } = invoice;
  return { financial_year_id, income_type_id, period_no, installment_no, installment_count, invoice_date, due_date, value, discount, paid_amount, waived_amount, penalty_amount, closed_amount, outstanding, state, source };
}

/**
 * Writes `change` (amounts, state, anything else of the invoice) and the recomputed outstanding
 * and state, through the door; the invoice object follows (its new figures and version).
 */
export async function updateInvoice(
  tx: Db,
  records: RecordWrites,
  caller: Caller,
  invoice: LedgerInvoice,
  change: Partial<Omit<LedgerInvoice, 'id' | 'version' | 'outstanding' | 'priority'>>,
): Promise<void> {
  const next = { ...invoice, ...change };
  const outstanding = outstandingOf(next);
  const state = change.state ?? stateOf(invoice.state, outstanding);
  const row = await records.update(tx, caller, 'invoice', invoice.id, { ...requiredOf(next), ...change, outstanding, state, version: invoice.version });
  Object.assign(invoice, change, { outstanding, state, version: Number(row.version) });
}

/**
 * The bulk form of updateInvoice for many invoices at once, in one statement: `column` (paid or
 * penalty amount) grows by each invoice's `delta`, the outstanding amount moves with it
 * (down for a payment, up for a penalty) and the state follows as stateOf() says. The caller
 * holds the invoices' row locks (lockInvoices) and has checked the deltas; the database's checks
 * (../ledgerDdl.ts) hold the figures at commit.
 */
export async function moveInvoiceFigures(
  tx: Db,
  caller: Caller,
  column: 'paid_amount' | 'penalty_amount',
  deltas: ReadonlyMap<number, number>,
): Promise<void> {
  if (!deltas.size) return;
  const ids = [...deltas.keys()];
  const sign = column === 'paid_amount' ? sql`-` : sql`+`;
  await sql`
    update invoice i set ${sql.ref(column)} = i.${sql.ref(column)} + v.delta, outstanding = i.outstanding ${sign} v.delta,
      state = case when i.state in ('open', 'paid') then (case when i.outstanding ${sign} v.delta = 0 then 'paid' else 'open' end) else i.state end,
      version = i.version + 1, updated_by = ${caller.username}, updated_at = now()
    from unnest(${sql.val(ids)}::bigint[], ${sql.val(ids.map((id) => deltas.get(id)!))}::numeric[]) as v(id, delta)
    where i.id = v.id`.execute(tx);
}
