// What the ledger needs in the database beyond its schemas' tables, made by migrate once the
// tables exist (every start: each statement is idempotent): the checks that keep every
// invoice's figures consistent and every journal balanced, whatever code writes them, and the
// indexes of the ledger's queries.
//
// - invoice: outstanding = value − discount − paid − waived + penalty − closed, and ≥ 0; a party
//   is a student or a candidate, exactly one (payment too).
// - journal_line: debit ≥ 0, credit ≥ 0, exactly one of them > 0.
// - every journal balances (sum of debits = sum of credits) and every payment's amount is its
//   allocations plus its deposit, checked at COMMIT (a deferred constraint trigger, once per
//   transaction, over the journals and payments it queued statement by statement): the lines
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

/** A statement trigger that queues the rows a statement touched for the check at commit (made when missing). */
function queueTrigger(table: string, event: 'insert' | 'update' | 'delete', referencing: string): string {
  const name = `${table}_ledger_queue_${event}`;
  return `do $$ begin
    if not exists (select 1 from pg_trigger where tgname = '${name}' and tgrelid = '${table}'::regclass) then
      create trigger ${name} after ${event} on ${table} ${referencing} for each statement execute function ledger_queue_check();
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

  // The journals and payments a transaction touches are queued, a statement at a time (its
  // transition tables), with one "check at commit" row per transaction; the deferred constraint
  // trigger on that row judges them all in two set queries at COMMIT. (A deferred trigger per
  // journal line, payment and allocation ran a query per row: a 10,000-line bank import fired
  // 40,000 of them.) A rolled-back savepoint takes its queue rows with it; SET CONSTRAINTS ALL
  // IMMEDIATE checks what is queued so far, and later writes queue again.
  // The old per-row triggers go.
  'drop trigger if exists journal_line_balanced on journal_line',
  'drop trigger if exists payment_allocated on payment',
  'drop trigger if exists payment_allocation_allocated on payment_allocation',
  'drop function if exists ledger_journal_balanced()',
  'drop function if exists ledger_payment_allocated()',
  `create table if not exists ledger_check_queue (
    tx bigint not null default txid_current(),
    kind text not null,
    ref_id bigint not null
  )`,
  'create unique index if not exists ledger_check_queue_key on ledger_check_queue (tx, kind, ref_id)',

  `create or replace function ledger_queue_check() returns trigger language plpgsql as $$
  begin
    if tg_op in ('INSERT', 'UPDATE') then
      if tg_table_name = 'journal_line' then
        insert into ledger_check_queue (kind, ref_id) select distinct 'journal', journal_id from ledger_new where journal_id is not null on conflict do nothing;
      elsif tg_table_name = 'payment' then
        insert into ledger_check_queue (kind, ref_id) select distinct 'payment', id from ledger_new on conflict do nothing;
      else
        insert into ledger_check_queue (kind, ref_id) select distinct 'payment', payment_id from ledger_new where payment_id is not null on conflict do nothing;
      end if;
    end if;
    if tg_op in ('DELETE', 'UPDATE') then
      if tg_table_name = 'journal_line' then
        insert into ledger_check_queue (kind, ref_id) select distinct 'journal', journal_id from ledger_old where journal_id is not null on conflict do nothing;
      elsif tg_table_name = 'payment' then
        insert into ledger_check_queue (kind, ref_id) select distinct 'payment', id from ledger_old on conflict do nothing;
      else
        insert into ledger_check_queue (kind, ref_id) select distinct 'payment', payment_id from ledger_old where payment_id is not null on conflict do nothing;
      end if;
    end if;
    insert into ledger_check_queue (kind, ref_id) values ('*', 0) on conflict do nothing;
    return null;
  end $$`,
  ...['journal_line', 'payment', 'payment_allocation'].flatMap((table) => [
    queueTrigger(table, 'insert', 'referencing new table as ledger_new'),
    queueTrigger(table, 'update', 'referencing old table as ledger_old new table as ledger_new'),
    queueTrigger(table, 'delete', 'referencing old table as ledger_old'),
  ]),

  `create or replace function ledger_check_queued() returns trigger language plpgsql as $$
  declare
    bad record;
  begin
    select q.ref_id as id, coalesce(sum(l.debit), 0) - coalesce(sum(l.credit), 0) as difference into bad
      from ledger_check_queue q left join journal_line l on l.journal_id = q.ref_id
      where q.tx = new.tx and q.kind = 'journal'
      group by q.ref_id having coalesce(sum(l.debit), 0) - coalesce(sum(l.credit), 0) <> 0
      order by q.ref_id limit 1;
    if found then
      raise exception 'journal % does not balance: debit - credit = %', bad.id, bad.difference using errcode = 'check_violation', constraint = 'journal_balanced';
    end if;
    select p.id, p.amount - p.deposit_amount - coalesce((select sum(a.amount) from payment_allocation a where a.payment_id = p.id), 0) as difference into bad
      from ledger_check_queue q join payment p on p.id = q.ref_id
      where q.tx = new.tx and q.kind = 'payment'
        and p.amount - p.deposit_amount - coalesce((select sum(a.amount) from payment_allocation a where a.payment_id = p.id), 0) <> 0
      order by p.id limit 1;
    if found then
      raise exception 'payment %: amount - deposit - allocations = %', bad.id, bad.difference using errcode = 'check_violation', constraint = 'payment_allocated';
    end if;
    delete from ledger_check_queue where tx = new.tx;
    return null;
  end $$`,
  `do $$ begin
    if not exists (select 1 from pg_trigger where tgname = 'ledger_check_at_commit' and tgrelid = 'ledger_check_queue'::regclass) then
      create constraint trigger ledger_check_at_commit after insert on ledger_check_queue
        deferrable initially deferred for each row when (new.kind = '*') execute function ledger_check_queued();
    end if;
  end $$`,

  // A party's open invoices (payments, the open-invoice list) and their state filters.
  'create index if not exists invoice_student_state_idx on invoice (student_id, state) where student_id is not null',
  'create index if not exists invoice_candidate_state_idx on invoice (candidate_id, state) where candidate_id is not null',
  // Overdue invoices (penalties, the overdue list, the dashboard).
  'create index if not exists invoice_due_open_idx on invoice (due_date) where outstanding > 0',
  // The finance dashboard (./dashboard/dashboardFigures.ts): what moved after a cut-off date
  // (payments, later allocations, waivers, penalties, reversals), the invoices owing now by
  // their invoice date, and the payments with a remainder (Open Payment).
  // Payment date with the id: what moved after a cut-off joins its allocations from the index
  // alone (55,000 payments after a past cut-off in bench/dashboard.ts). Replaces the plain
  // payment_date_idx of earlier databases (the same number of indexes for the bank import).
  'drop index if exists payment_date_idx',
  'create index if not exists payment_date_cover_idx on payment (payment_date) include (id)',
  'create index if not exists payment_allocation_date_idx on payment_allocation (allocated_date) where allocated_date is not null',
  'create index if not exists waiver_date_idx on waiver (waiver_date)',
  'create index if not exists penalty_date_idx on penalty (penalty_date)',
  "create index if not exists invoice_reversed_idx on invoice (reversing_date) where state = 'reversed'",
  'create index if not exists invoice_owing_date_idx on invoice (invoice_date) include (outstanding, income_type_id, due_date, student_id, candidate_id) where outstanding > 0',
  // Invoices issued by a cut-off with what the figures read of them (the moves after a past
  // cut-off are joined to them from the index alone); replaces the plain invoice_date_idx.
  'drop index if exists invoice_date_idx',
  'create index if not exists invoice_date_cover_idx on invoice (invoice_date) include (id, due_date, income_type_id, outstanding, student_id, candidate_id)',
  'create index if not exists invoice_due_figures_idx on invoice (due_date) include (value, discount, penalty_amount, waived_amount, closed_amount, student_id, candidate_id)',
  'create index if not exists payment_remainder_idx on payment (payment_date desc, id desc) where deposit_amount > 0',
  // The reports as of a past day (server/finance/reports/): what is dated after the cut-off
  // (besides the payment, waiver and penalty dates above).
  'create index if not exists journal_date_idx on journal (journal_date)',
  "create index if not exists invoice_merge_result_idx on invoice (id, invoice_date) where source = 'merge'",
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
