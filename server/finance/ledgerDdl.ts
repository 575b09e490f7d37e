// What the ledger needs in the database beyond its schemas' tables, made by migrate once the
// tables exist (every start: each statement is idempotent): the checks that keep every
// invoice's figures consistent and every journal balanced, whatever code writes them, and the
// indexes of the ledger's queries.
//
// - invoice: outstanding = value − discount − paid − waived + penalty − closed, and ≥ 0; a party
//   is a student or a candidate, exactly one (payment too).
// - journal_line: debit ≥ 0, credit ≥ 0, exactly one of them > 0.
// - every journal balances (sum of debits = sum of credits) and every payment's amount is its
//   allocations plus its deposit, checked at COMMIT by deferred constraint triggers: the lines
//   of a journal and the allocations of a payment are written one after another inside a
//   transaction, so only its end can judge them. A transaction that leaves one wrong is refused
//   (SQLSTATE 23514, check_violation) and nothing of it is stored.
// The checks are `(…) is true`, so a NULL figure fails them instead of slipping through.

import { sql } from 'kysely';
import type { Db } from '../db/database';

/** A named check, added when the table does not have it yet (PostgreSQL has no `add constraint if not exists`). */
function check(table: string, name: string, condition: string): string {
  return `do $$ begin
    if not exists (select 1 from pg_constraint where conname = '${name}' and conrelid = '${table}'::regclass) then
      alter table ${table} add constraint ${name} check (${condition});
    end if;
  end $$`;
}

/** A deferred constraint trigger, made when the table does not have it yet (its function is replaced above it on every start). */
function deferredTrigger(table: string, name: string, fn: string): string {
  return `do $$ begin
    if not exists (select 1 from pg_trigger where tgname = '${name}' and tgrelid = '${table}'::regclass) then
      create constraint trigger ${name} after insert or update or delete on ${table}
        deferrable initially deferred for each row execute function ${fn}();
    end if;
  end $$`;
}

export const LEDGER_DDL: readonly string[] = [
  check(
    'invoice',
    'invoice_figures_check',
    '(outstanding = value - discount - paid_amount - waived_amount + penalty_amount - closed_amount and outstanding >= 0) is true',
  ),
  check('invoice', 'invoice_one_party_check', '(student_id is null) <> (candidate_id is null)'),
  check('payment', 'payment_one_party_check', '(student_id is null) <> (candidate_id is null)'),
  check('payment', 'payment_deposit_check', '(deposit_amount >= 0 and deposit_amount <= amount) is true'),
  check('payment_allocation', 'payment_allocation_amount_check', '(amount > 0) is true'),
  check('journal_line', 'journal_line_side_check', '(debit >= 0 and credit >= 0 and (debit > 0) <> (credit > 0)) is true'),

  `create or replace function ledger_journal_balanced() returns trigger language plpgsql as $$
  declare
    journal integer := case when tg_op = 'DELETE' then old.journal_id else new.journal_id end;
    difference numeric;
  begin
    select coalesce(sum(debit), 0) - coalesce(sum(credit), 0) into difference from journal_line where journal_id = journal;
    if difference <> 0 then
      raise exception 'journal % does not balance: debit - credit = %', journal, difference using errcode = 'check_violation', constraint = 'journal_balanced';
    end if;
    if tg_op = 'UPDATE' and old.journal_id <> new.journal_id then
      select coalesce(sum(debit), 0) - coalesce(sum(credit), 0) into difference from journal_line where journal_id = old.journal_id;
      if difference <> 0 then
        raise exception 'journal % does not balance: debit - credit = %', old.journal_id, difference using errcode = 'check_violation', constraint = 'journal_balanced';
      end if;
    end if;
    return null;
  end $$`,
  deferredTrigger('journal_line', 'journal_line_balanced', 'ledger_journal_balanced'),

  `create or replace function ledger_payment_allocated() returns trigger language plpgsql as $$
  declare
    payment_id integer;
    difference numeric;
  begin
    if tg_table_name = 'payment' then
      payment_id := case when tg_op = 'DELETE' then old.id else new.id end;
    else
      payment_id := case when tg_op = 'DELETE' then old.payment_id else new.payment_id end;
    end if;
    select p.amount - p.deposit_amount - coalesce((select sum(a.amount) from payment_allocation a where a.payment_id = p.id), 0)
      into difference from payment p where p.id = payment_id;
    if difference is not null and difference <> 0 then
      raise exception 'payment %: amount - deposit - allocations = %', payment_id, difference using errcode = 'check_violation', constraint = 'payment_allocated';
    end if;
    return null;
  end $$`,
  deferredTrigger('payment', 'payment_allocated', 'ledger_payment_allocated'),
  deferredTrigger('payment_allocation', 'payment_allocation_allocated', 'ledger_payment_allocated'),

  // A party's open invoices (payments, the open-invoice list) and their state filters.
  'create index if not exists invoice_student_state_idx on invoice (student_id, state) where student_id is not null',
  'create index if not exists invoice_candidate_state_idx on invoice (candidate_id, state) where candidate_id is not null',
  // Overdue invoices (penalties, the overdue list, the dashboard).
  'create index if not exists invoice_due_open_idx on invoice (due_date) where outstanding > 0',
  // journal (invoice_id), journal (payment_id), payment_allocation (invoice_id), journal_line (journal_id):
  // the schemas' reference indexes already cover them.
];

/** Runs LEDGER_DDL when the ledger's tables are there (a schema set without them skips it). */
export async function syncLedgerDdl(tx: Db): Promise<boolean> {
  for (const table of ['invoice', 'payment', 'payment_allocation', 'journal', 'journal_line']) {
    const found = await sql<{ name: string | null }>`select to_regclass(${table})::text as name`.execute(tx);
    if (!found.rows[0]?.name) return false;
  }
  for (const ddl of LEDGER_DDL) await sql.raw(ddl).execute(tx);
  return true;
}
