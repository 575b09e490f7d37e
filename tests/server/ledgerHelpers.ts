// What the ledger's tests share: a finance caller, drafts on the demo data (students 1 and 2,
// financial year 2 SMA 2025/2026, income types 1 SPP … 4 uniforms), the ApiError a refused call
// threw, and the figures a test checks after each step.

import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../server/db/database';
import { ApiError } from '../../server/http/apiError';
import type { Caller, RecordWrites } from '../../server/records/recordWrites';
import type { InvoiceDraft } from '../../server/finance/ledger/ledger';

export const finance: Caller = { username: 'adminfinance', roles: ['ROLE_ADMIN_FINANCE'], locale: 'en' };
export const financeId: Caller = { ...finance, locale: 'id' };

const admin: Caller = { username: 'admin', roles: ['ROLE_ADMIN'], locale: 'en' };
let period = 0;
let candidates = 0;

export interface Party {
  kind: 'student' | 'candidate';
  id: number;
}

/** A fresh candidate to bill, so a test's invoices are its own. */
export async function newParty(db: Db, records: RecordWrites): Promise<Party> {
  candidates += 1;
  const row = await db.transaction().execute((tx) =>
    records.create(tx, admin, 'candidate', { registration_no: `LEDGER-${process.pid}-${candidates}`, name: `Calon ${candidates}`, department_id: 4 }),
  );
  return { kind: 'candidate', id: Number(row.id) };
}

/** A draft for `party`, a fresh period each time unless given; VA number per party. */
export function draft(party: Party, value: number, change: Partial<InvoiceDraft> = {}): InvoiceDraft {
  period += 1;
  return {
    kind: party.kind,
    party_id: party.id,
    va_no: `88${party.kind === 'student' ? 1 : 2}${party.id}`,
    financial_year_id: 2,
    income_type_id: 1,
    period_no: period,
    period_start: null,
    installment_no: 0,
    installment_count: 1,
    invoice_date: '2025-08-01',
    due_date: '2025-08-10',
    value,
    discount: 0,
    source: 'generate',
    ...change,
  };
}

/** The ApiError the call was refused with (fails when it was not refused). */
export async function refusal(call: () => Promise<unknown>): Promise<ApiError> {
  const error = await call().then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

/** The error a call was refused with, whatever it is (database errors included). */
export async function failure(call: () => Promise<unknown>): Promise<Error & { code?: string }> {
  const error = await call().then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) throw new Error('expected the call to fail');
  return error;
}

export interface InvoiceFigures {
  id: number;
  value: number;
  discount: number;
  paid_amount: number;
  waived_amount: number;
  penalty_amount: number;
  closed_amount: number;
  outstanding: number;
  state: string;
}

export async function invoiceRow(db: Db, id: number): Promise<InvoiceFigures> {
  const row = await db.selectFrom('invoice').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return {
    id,
    value: Number(row.value),
    discount: Number(row.discount),
    paid_amount: Number(row.paid_amount),
    waived_amount: Number(row.waived_amount),
    penalty_amount: Number(row.penalty_amount),
    closed_amount: Number(row.closed_amount),
    outstanding: Number(row.outstanding),
    state: String(row.state),
  };
}

/** Every journal's debits equal its credits, and each line is a debit or a credit, never both. */
export async function expectJournalsBalance(db: Db): Promise<void> {
  const unbalanced = await sql<{ id: number }>`
    select j.id from journal j left join journal_line l on l.journal_id = j.id
    group by j.id having coalesce(sum(l.debit), 0) <> coalesce(sum(l.credit), 0) or count(l.id) = 0`.execute(db);
  expect(unbalanced.rows).toEqual([]);
  const bad = await sql<{ id: number }>`select id from journal_line where debit < 0 or credit < 0 or (debit > 0) = (credit > 0)`.execute(db);
  expect(bad.rows).toEqual([]);
}

/**
 * Per party: the receivable the journals hold (debits − credits on the income types' receivable
 * accounts, of journals tied to the party's invoices and payments) equals the sum of the
 * outstanding amounts of the party's invoices.
 */
export async function receivableByParty(db: Db): Promise<{ party: string; receivable: number; outstanding: number }[]> {
  const result = await sql<{ party: string; receivable: string; outstanding: string }>`
    with receivable_accounts as (select distinct receivable_account_id as coa_id from income_type),
    party_journal as (
      select j.id, coalesce('s' || i.student_id, 'c' || i.candidate_id) as party from journal j join invoice i on i.id = j.invoice_id where j.payment_id is null
      union all
      select j.id, coalesce('s' || p.student_id, 'c' || p.candidate_id) from journal j join payment p on p.id = j.payment_id
    ),
    receivable as (
      select pj.party, sum(l.debit - l.credit) as amount
      from party_journal pj join journal_line l on l.journal_id = pj.id
      where l.coa_id in (select coa_id from receivable_accounts) group by pj.party
    ),
    owed as (select coalesce('s' || student_id, 'c' || candidate_id) as party, sum(outstanding) as amount from invoice group by 1)
    select coalesce(o.party, r.party) as party, coalesce(r.amount, 0) as receivable, coalesce(o.amount, 0) as outstanding
    from owed o full join receivable r on r.party = o.party order by 1`.execute(db);
  return result.rows.map((row) => ({ party: row.party, receivable: Number(row.receivable), outstanding: Number(row.outstanding) }));
}
