// The Open Payment card's two actions (issue 13; spec 3 §2.1, §5, §7.1, §8): a payment's
// remainder (payment.deposit_amount, what was left after it settled its party's invoices) either
// applied to the party's invoices open now (Generate Payment) or marked handled (Close Payment).
//
// Generate Payment, per selected payment, under its row lock: the party's open invoices (locked
// as a payment locks them) settled in the school's order up to the remainder; each share is a
// payment_allocation dated the day it is applied (allocated_date), the invoice's paid amount
// grows, the payment's remainder shrinks by the same, and one journal moves the money from the
// account the remainder was credited to (the deposit or prepaid income account) to each
// invoice's receivable — all through the write door in the caller's transaction, so the ledger's
// checks (payment = allocations + deposit, journals balance) hold at commit. A payment with
// nothing left, closed, or whose party owes nothing is skipped: a second call changes nothing.
//
// Close Payment: one payment_closure per payment (unique), no money moves; closing again skips.

import { sql } from "kysely";
import type { Db } from "../../db/database";
import { typedDb } from "../../db/typedDb";
import type { Caller, RecordWrites } from "../../records/recordWrites";
import { updateInvoice } from "../ledger/invoiceFigures";
import {
  credit,
  debit,
  writeJournal,
  type JournalLine,
} from "../ledger/journals";
import {
  incomeAccounts,
  invoiceName,
  ledgerSettings,
  lockOpenInvoicesOf,
} from "../ledger/ledgerReads";
import { settleOrder } from "../ledger/paymentOps";

interface LockedPayment {
  id: number;
  version: number;
  student_id: number | null;
  candidate_id: number | null;
  payment_date: string;
  amount: number;
  deposit_amount: number;
  method: string;
  journal_type_id: number | null;
  closed: boolean;
}

async function lockPayments(
  tx: Db,
  ids: readonly number[],
): Promise<LockedPayment[]> {
  const rows = await sql<Record<string, unknown>>`
    select p.id, p.version, p.student_id, p.candidate_id, p.payment_date::text as payment_date, p.amount, p.deposit_amount, p.method, p.journal_type_id,
      exists (select 1 from payment_closure x where x.payment_id = p.id) as closed
    from payment p where p.id = any(${sql.val([...new Set(ids)])}) order by p.id for update of p`.execute(
    tx,
  );
  return rows.rows.map((r) => ({
    id: Number(r.id),
    version: Number(r.version),
    student_id: r.student_id === null ? null : Number(r.student_id),
    candidate_id: r.candidate_id === null ? null : Number(r.candidate_id),
    payment_date: String(r.payment_date),
    amount: Number(r.amount),
    deposit_amount: Number(r.deposit_amount),
    method: String(r.method),
    journal_type_id:
      r.journal_type_id === null ? null : Number(r.journal_type_id),
    closed: Boolean(r.closed),
  }));
}

/**
 * The account the payment's remainder was credited to: the credit line of its own journal that is
 * no income type's receivable (the ledger's pay() writes exactly one such line for a deposit);
 * else the account pay() would choose now.
 */
async function remainderAccount(
  tx: Db,
  paymentId: number,
  incomeTypeId: number,
): Promise<number | null> {
  const found = await sql<{ coa_id: number }>`
    select l.coa_id from journal j join journal_line l on l.journal_id = j.id
    where j.payment_id = ${paymentId} and j.source = 'payment' and l.credit > 0
      and l.coa_id not in (select receivable_account_id from income_type where receivable_account_id is not null)
    order by j.id, l.id limit 1`.execute(tx);
  if (found.rows[0]) return Number(found.rows[0].coa_id);
  const own = (await incomeAccounts(tx, [incomeTypeId])).get(incomeTypeId);
  return (
    own?.deposit ??
    own?.prepaid ??
    (await ledgerSettings(tx)).deposit_account_id
  );
}

export interface RemainderOutcome {
  count: number;
  applied: number;
  skipped: number;
}

/** Generate Payment for `ids` on `date` (see the header). */
export async function applyRemainders(
  tx: Db,
  records: RecordWrites,
  caller: Caller,
  ids: readonly number[],
  date: string,
): Promise<RemainderOutcome> {
  const outcome: RemainderOutcome = { count: 0, applied: 0, skipped: 0 };
  const payments = await lockPayments(tx, ids);
  outcome.skipped += new Set(ids).size - payments.length;
  const order = (await ledgerSettings(tx)).payment_order;
  for (const payment of payments) {
    if (payment.closed || payment.deposit_amount <= 0) {
      outcome.skipped += 1;
      continue;
    }
    const kind = payment.student_id !== null ? "student" : "candidate";
    const open = settleOrder(
      await lockOpenInvoicesOf(
        tx,
        kind,
        (payment.student_id ?? payment.candidate_id)!,
      ),
      order,
    );
    let left = payment.deposit_amount;
    const shares: { invoice: (typeof open)[number]; amount: number }[] = [];
    for (const invoice of open) {
      if (left === 0) break;
      const part = Math.min(left, invoice.outstanding);
      if (part > 0) shares.push({ invoice, amount: part });
      left -= part;
    }
    if (!shares.length) {
      outcome.skipped += 1;
      continue;
    }
    const applied = payment.deposit_amount - left;
    const account = await remainderAccount(
      tx,
      payment.id,
      shares[0]!.invoice.income_type_id,
    );
    if (account === null)
      throw new Error(`ledger: no deposit account for payment ${payment.id}`);
    const accounts = await incomeAccounts(
      tx,
      shares.map((s) => s.invoice.income_type_id),
    );
    const lines: JournalLine[] = [debit(account, applied)];
    // The remainder first, so the payment's check (amount = allocations + deposit) holds at commit.
    await records.update(tx, caller, "payment", payment.id, {
      payment_date: payment.payment_date,
      amount: payment.amount,
      deposit_amount: left,
      method: payment.method,
      version: payment.version,
    });
    const existing = await typedDb(tx)
      .selectFrom("payment_allocation")
      .select(["id", "invoice_id", "amount", "version"])
      .where("payment_id", "=", payment.id)
      .execute();
    const mine = new Map(existing.map((a) => [Number(a.invoice_id), a]));
    for (const { invoice, amount } of [...shares].sort(
      (a, b) => a.invoice.id - b.invoice.id,
    )) {
      const before = mine.get(invoice.id);
      if (before) {
        // The same payment settled part of this invoice before (it was reopened since): one row per pair, grown.
        await records.update(
          tx,
          caller,
          "payment_allocation",
          Number(before.id),
          {
            payment_id: payment.id,
            invoice_id: invoice.id,
            amount: Number(before.amount) + amount,
            allocated_date: date,
            version: Number(before.version),
          },
        );
      } else {
        await records.create(tx, caller, "payment_allocation", {
          payment_id: payment.id,
          invoice_id: invoice.id,
          amount,
          allocated_date: date,
        });
      }
      await updateInvoice(tx, records, caller, invoice, {
        paid_amount: invoice.paid_amount + amount,
      });
      const receivable = accounts.get(invoice.income_type_id)?.receivable;
      if (receivable === undefined)
        throw new Error(
          `ledger: income type ${invoice.income_type_id} not found`,
        );
      lines.push(credit(receivable, amount, invoiceName(invoice)));
    }
    await writeJournal(
      tx,
      records,
      caller,
      {
        journal_date: date,
        journal_type_id: payment.journal_type_id,
        source: "payment",
        payment_id: payment.id,
        description: null,
      },
      lines,
    );
    outcome.count += 1;
    outcome.applied += applied;
  }
  return outcome;
}

/** Close Payment for `ids` on `date` (see the header). */
export async function closeRemainders(
  tx: Db,
  records: RecordWrites,
  caller: Caller,
  ids: readonly number[],
  date: string,
): Promise<RemainderOutcome> {
  const payments = await lockPayments(tx, ids);
  const closable = payments.filter((p) => !p.closed && p.deposit_amount > 0);
  const { rows } = await records.createMany(
    tx,
    caller,
    "payment_closure",
    closable.map((p) => ({
      payment_id: p.id,
      closed_date: date,
      remainder: p.deposit_amount,
    })),
    { onConflict: "skip" },
  );
  return {
    count: rows.length,
    applied: 0,
    skipped: new Set(ids).size - rows.length,
  };
}
