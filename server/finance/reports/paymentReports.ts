// The payment reports (/paymentdashboard, /reportcandidatepayment, /paymentreportimport) and the
// ledger's trial balance (/financial-report), read from the ledger's rows: payments and their
// allocations, the bank uploads' lines, the journals' lines.

import { sql, type RawBuilder } from 'kysely';
import type { ReportFilters, ReportRow } from '../../../src/shared/api/financeReports';
import type { Locale } from '../../../src/shared/entityModel';
import type { Db } from '../../db/database';

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

async function rows(db: Db, query: RawBuilder<unknown>): Promise<ReportRow[]> {
  return (await (query as RawBuilder<ReportRow>).execute(db)).rows;
}

const METHODS: Record<Locale, Record<string, string>> = {
  en: { va: 'Virtual account', cash: 'Cash', transfer: 'Bank transfer' },
  id: { va: 'Virtual account', cash: 'Tunai', transfer: 'Transfer bank' },
};

/** The bank line statuses as schemas/bank_upload_line.yaml names them. */
export const IMPORT_STATUS_TEXTS: Record<Locale, Record<string, string>> = {
  en: { matched: 'Matched', partial: 'Partial', mismatch: 'More than owed', unknown_va: 'Unknown VA', duplicate: 'Duplicate', already_uploaded: 'Already uploaded', invalid: 'Invalid' },
  id: { matched: 'Sesuai', partial: 'Sebagian', mismatch: 'Lebih dari tagihan', unknown_va: 'VA tidak dikenal', duplicate: 'Duplikat', already_uploaded: 'Sudah diunggah', invalid: 'Tidak valid' },
};

/** /paymentdashboard: the payments of the period by month, by method, and what went to deposits. */
export function paymentMonthsReport(db: Db, filters: ReportFilters): Promise<ReportRow[]> {
  const parts: RawBuilder<unknown>[] = [sql`pm.payment_date between ${filters.date_from!}::date and ${filters.date_to!}::date`];
  if (filters.method) parts.push(sql`pm.method = ${filters.method}`);
  if (filters.kind === 'student') parts.push(sql`pm.student_id is not null`);
  if (filters.kind === 'candidate') parts.push(sql`pm.candidate_id is not null`);
  if (filters.department_id) parts.push(sql`coalesce(s.department_id, p.department_id) = ${filters.department_id}`);
  return rows(
    db,
    sql`select to_char(pm.payment_date, 'YYYY-MM') as month, count(*) as payments,
        coalesce(sum(pm.amount) filter (where pm.method = 'va'), 0) as va,
        coalesce(sum(pm.amount) filter (where pm.method = 'cash'), 0) as cash,
        coalesce(sum(pm.amount) filter (where pm.method = 'transfer'), 0) as transfer,
        sum(pm.deposit_amount) as deposit, sum(pm.amount) as amount
      from payment pm left join student s on s.id = pm.student_id left join candidate p on p.id = pm.candidate_id
      where ${sql.join(parts, sql` and `)}
      group by 1`,
  );
}

/** /reportcandidatepayment: the candidates' payments of the period, with the invoices and income types each settled. */
export async function candidatePaymentsReport(db: Db, filters: ReportFilters, locale: Locale): Promise<ReportRow[]> {
  const parts: RawBuilder<unknown>[] = [sql`pm.candidate_id is not null`, sql`pm.payment_date between ${filters.date_from!}::date and ${filters.date_to!}::date`];
  if (filters.department_id) parts.push(sql`p.department_id = ${filters.department_id}`);
  if (filters.registration_batch_id) parts.push(sql`p.registration_batch_id = ${filters.registration_batch_id}`);
  if (filters.income_type_id) {
    parts.push(sql`exists (select 1 from payment_allocation a join invoice i on i.id = a.invoice_id where a.payment_id = pm.id and i.income_type_id = ${filters.income_type_id})`);
  }
  if (filters.q) {
    const like = likeOf(filters.q);
    parts.push(sql`(pm.payment_no ilike ${like} or p.name ilike ${like} or p.registration_no ilike ${like})`);
  }
  const found = await rows(
    db,
    sql`select pm.id, pm.payment_date, pm.payment_no, p.registration_no as party_number, p.name as party_name, d.name as department_name,
        b.name as batch_name, pm.method, x.income_types, x.invoices,
        pm.amount - pm.deposit_amount as allocated, pm.deposit_amount as deposit, pm.amount
      from payment pm
      join candidate p on p.id = pm.candidate_id
      left join (select a.payment_id, string_agg(distinct it.name, ', ') as income_types, string_agg(i.transaction_no, ', ' order by i.transaction_no) as invoices
                 from payment_allocation a join invoice i on i.id = a.invoice_id join income_type it on it.id = i.income_type_id
                 where i.candidate_id is not null group by a.payment_id) x on x.payment_id = pm.id
      left join department d on d.id = p.department_id
      left join registration_batch b on b.id = p.registration_batch_id
      where ${sql.join(parts, sql` and `)}`,
  );
  return found.map((row) => ({ ...row, method: METHODS[locale][String(row.method)] ?? row.method }));
}

/** /paymentreportimport: the lines of the bank files uploaded in the period, with what each became. */
export async function importLinesReport(db: Db, filters: ReportFilters, locale: Locale): Promise<ReportRow[]> {
  const parts: RawBuilder<unknown>[] = [sql`(u.created_at at time zone 'UTC')::date between ${filters.date_from!}::date and ${filters.date_to!}::date`];
  if (filters.status) parts.push(sql`l.status = ${filters.status}`);
  if (filters.q) {
    const like = likeOf(filters.q);
    parts.push(sql`(l.va_no ilike ${like} or l.party_name ilike ${like} or u.file_name ilike ${like} or l.reference ilike ${like})`);
  }
  const found = await rows(
    db,
    sql`select l.id, to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD') as uploaded_on, u.file_name, bl.name as layout_name, l.line_no, l.va_no, l.paid_at,
        l.party_name, l.status, pm.payment_no, l.amount, coalesce(pm.amount, 0) as paid_amount
      from bank_upload_line l
      join bank_upload u on u.id = l.bank_upload_id
      left join bank_layout bl on bl.id = u.bank_layout_id
      left join payment pm on pm.id = l.payment_id
      where ${sql.join(parts, sql` and `)}`,
  );
  return found.map((row) => ({ ...row, status: IMPORT_STATUS_TEXTS[locale][String(row.status)] ?? row.status }));
}

/**
 * /financial-report: the trial balance of the period per account: the balance (debit − credit) at
 * the end of the day before it, the period's debits and credits, and the balance at its end.
 * Every journal balances, so the debits equal the credits in the totals.
 */
export function trialBalanceReport(db: Db, filters: ReportFilters): Promise<ReportRow[]> {
  const from = filters.date_from!;
  const to = filters.date_to!;
  return rows(
    db,
    sql`select a.id, cat.name as category_name, a.code as coa_code, a.name as coa_name,
        coalesce(sum(l.debit - l.credit) filter (where j.journal_date < ${from}::date), 0) as opening,
        coalesce(sum(l.debit) filter (where j.journal_date >= ${from}::date), 0) as debit,
        coalesce(sum(l.credit) filter (where j.journal_date >= ${from}::date), 0) as credit,
        sum(l.debit - l.credit) as closing
      from journal_line l
      join journal j on j.id = l.journal_id
      join coa a on a.id = l.coa_id
      left join coa_category cat on cat.id = a.coa_category_id
      where j.journal_date <= ${to}::date
      group by a.id, cat.name, a.code, a.name`,
  );
}
