// The receivables reports (/aroutstanding, /araging, /ardashboard, /paymentsummaryclass,
// /paymentsummarytype, /arsummary): every figure is an invoice's as it stood at the end of a
// cut-off day, read from the ledger's rows.
//
// An invoice as of a day D (issued on or before D; invoices issued later do not exist yet):
//   paid    = its allocations of payments dated on or before D
//   waived  = its waivers dated on or before D
//   penalty = its penalties dated on or before D
//   closed  = what a merge or a reversal took off, once its date (the merged invoice's date, the
//             reversing date) is on or before D
//   outstanding = value − discount − paid − waived + penalty − closed
// The query reads it backwards from the invoice's figures now (schemas/invoice.yaml holds the same
// identity), adding back what is dated after D: for today that touches next to no rows, and a year
// back the payments since (payment.payment_date is indexed: ../ledgerDdl.ts).
//
// The movements of a period (/arsummary) count an event at the later of its own date and its
// invoice's date, so opening + invoiced + penalties − paid − waived − closed = closing, exactly.

import { sql, type RawBuilder } from 'kysely';
import type { ReportFilters, ReportRow } from '../../../src/shared/api/financeReports';
import type { Db } from '../../db/database';
import { addDays } from '../../../src/shared/schoolCalendar';

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The invoice filters shared by the receivables reports (the invoice `i`, its student `s` and candidate `p`). */
function invoiceWhere(filters: ReportFilters): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (filters.financial_year_id) parts.push(sql`i.financial_year_id = ${filters.financial_year_id}`);
  if (filters.income_type_id) parts.push(sql`i.income_type_id = ${filters.income_type_id}`);
  if (filters.department_id) parts.push(sql`coalesce(s.department_id, p.department_id) = ${filters.department_id}`);
  if (filters.class_id) parts.push(sql`s.class_id = ${filters.class_id}`);
  if (filters.kind === 'student') parts.push(sql`i.student_id is not null`);
  if (filters.kind === 'candidate') parts.push(sql`i.candidate_id is not null`);
  if (filters.q) {
    const like = likeOf(filters.q);
    parts.push(sql`(i.transaction_no ilike ${like} or i.va_no ilike ${like} or s.name ilike ${like} or s.nis ilike ${like} or p.name ilike ${like} or p.registration_no ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * The merged invoices' dates (a merge closes its invoices on the merged invoice's date): a small
 * set, joined by hash. (A correlated subquery here made the planner's cost estimate so high that
 * PostgreSQL JIT-compiled every report, seconds on a busy machine.)
 */
const MERGE_DATES = sql`(select mm.id, mm.invoice_date from invoice mm where mm.source = 'merge')`;

/**
 * How an invoice's paid, waived and penalty amounts as of the cut-off are summed: `after` takes
 * its figures now less what is dated after the cut-off (few rows for a recent day), `before` sums
 * what is dated on or before it (few rows for a day long ago). Both give the same figures.
 */
export type SumDirection = 'after' | 'before';

/** The direction that reads fewer payments (they outnumber waivers and penalties): one index-only count. */
export async function directionFor(db: Db, cutoff: string): Promise<SumDirection> {
  const { rows } = await sql<{ after: number; total: number }>`select count(*) filter (where payment_date > ${cutoff}::date) as after, count(*) as total from payment`.execute(db);
  const counts = rows[0];
  return counts && Number(counts.after) * 2 > Number(counts.total) ? 'before' : 'after';
}

/** Whether the filters look at the invoice's student or candidate (then the query joins them). */
const looksAtParty = (filters: ReportFilters) => Boolean(filters.department_id || filters.class_id || filters.q);

/**
 * The invoices issued by `cutoff` that the filters find, each with its figures as of that day:
 * a subquery with the columns id, student_id, candidate_id, income_type_id, transaction_no,
 * invoice_date, due_date, value, discount, paid, waived, penalty, closed. The party's rows are
 * joined only when a filter needs them: the reports join names after narrowing or grouping.
 */
export function invoicesAsOf(cutoff: string, filters: ReportFilters, direction: SumDirection = 'after'): RawBuilder<unknown> {
  const side = direction === 'after' ? sql`>` : sql`<=`;
  const figure = (now: string, alias: string) =>
    direction === 'after' ? sql`i.${sql.raw(now)} - coalesce(${sql.raw(alias)}.amount, 0)` : sql`coalesce(${sql.raw(alias)}.amount, 0)`;
  const parties = looksAtParty(filters) ? sql`left join student s on s.id = i.student_id left join candidate p on p.id = i.candidate_id` : sql``;
  return sql`(
    select i.id, i.student_id, i.candidate_id, i.income_type_id, i.transaction_no, i.invoice_date, i.due_date, i.value, i.discount,
      ${figure('paid_amount', 'pa')} as paid,
      ${figure('waived_amount', 'w')} as waived,
      ${figure('penalty_amount', 'n')} as penalty,
      case when i.closed_amount > 0
        and coalesce(case i.state when 'reversed' then i.reversing_date when 'merged' then m.invoice_date end, ${cutoff}::date) <= ${cutoff}::date
        then i.closed_amount else 0 end as closed
    from invoice i
    ${parties}
    left join ${MERGE_DATES} m on m.id = i.merged_into_id
    left join (select a.invoice_id, sum(a.amount) as amount from payment_allocation a join payment pm on pm.id = a.payment_id
               where pm.payment_date ${side} ${cutoff}::date group by a.invoice_id) pa on pa.invoice_id = i.id
    left join (select invoice_id, sum(amount) as amount from waiver where waiver_date ${side} ${cutoff}::date group by invoice_id) w on w.invoice_id = i.id
    left join (select invoice_id, sum(amount) as amount from penalty where penalty_date ${side} ${cutoff}::date group by invoice_id) n on n.invoice_id = i.id
    where i.invoice_date <= ${cutoff}::date and ${invoiceWhere(filters)}
  )`;
}

/** The party of a row `f` (student_id, candidate_id), its unit and class: s, p, d, c. */
const PARTY_JOINS = sql`left join student s on s.id = f.student_id left join candidate p on p.id = f.candidate_id
  left join department d on d.id = coalesce(s.department_id, p.department_id) left join class c on c.id = s.class_id`;

/** As invoicesAsOf, with outstanding and billed worked out. */
function figuresAsOf(cutoff: string, filters: ReportFilters, direction: SumDirection): RawBuilder<unknown> {
  return sql`(select f.*, f.value - f.discount - f.paid - f.waived + f.penalty - f.closed as outstanding,
      f.value - f.discount + f.penalty - f.closed as billed
    from ${invoicesAsOf(cutoff, filters, direction)} f)`;
}

async function rows(db: Db, query: RawBuilder<unknown>): Promise<ReportRow[]> {
  const result = await (query as RawBuilder<ReportRow>).execute(db);
  return result.rows;
}

/** /aroutstanding: every invoice that still owed something at the end of the cut-off day. */
export async function outstandingReport(db: Db, filters: ReportFilters): Promise<ReportRow[]> {
  const cutoff = filters.cutoff!;
  return rows(
    db,
    sql`select f.id, coalesce(s.nis, p.registration_no) as party_number, coalesce(s.name, p.name) as party_name, d.name as department_name, c.name as class_name,
        f.transaction_no, it.name as income_type_name, f.invoice_date, f.due_date, greatest(${cutoff}::date - f.due_date, 0) as days_overdue,
        f.value, f.discount, f.penalty, f.paid, f.waived, f.outstanding
      from (select * from ${figuresAsOf(cutoff, filters, await directionFor(db, cutoff))} f where f.outstanding > 0) f
      join income_type it on it.id = f.income_type_id
      ${PARTY_JOINS}`,
  );
}

/** /araging: each party's outstanding at the cut-off, by days past due (current, 1–30, 31–60, 61–90, over 90). */
export async function agingReport(db: Db, filters: ReportFilters): Promise<ReportRow[]> {
  const cutoff = filters.cutoff!;
  return rows(
    db,
    sql`select coalesce(s.nis, p.registration_no) as party_number, coalesce(s.name, p.name) as party_name, d.name as department_name, c.name as class_name, f.*
      from (select f.student_id, f.candidate_id, count(*) as invoices,
          coalesce(sum(f.outstanding) filter (where ${cutoff}::date - f.due_date <= 0), 0) as current,
          coalesce(sum(f.outstanding) filter (where ${cutoff}::date - f.due_date between 1 and 30), 0) as days_1_30,
          coalesce(sum(f.outstanding) filter (where ${cutoff}::date - f.due_date between 31 and 60), 0) as days_31_60,
          coalesce(sum(f.outstanding) filter (where ${cutoff}::date - f.due_date between 61 and 90), 0) as days_61_90,
          coalesce(sum(f.outstanding) filter (where ${cutoff}::date - f.due_date > 90), 0) as over_90,
          sum(f.outstanding) as outstanding
        from ${figuresAsOf(cutoff, filters, await directionFor(db, cutoff))} f
        where f.outstanding > 0
        group by f.student_id, f.candidate_id) f
      ${PARTY_JOINS}`,
  );
}

/** The invoices that carried any money by the cut-off (a reversed one that never did is left out). */
const CARRIED = sql`(f.billed <> 0 or f.paid <> 0 or f.waived <> 0)`;

/** /ardashboard: by the month invoices fall due, what was billed, paid, waived, still owed and overdue at the cut-off. */
export async function receivableMonthsReport(db: Db, filters: ReportFilters): Promise<ReportRow[]> {
  const cutoff = filters.cutoff!;
  return rows(
    db,
    sql`select to_char(f.due_date, 'YYYY-MM') as month, count(*) as invoices,
        sum(f.billed) as billed, sum(f.paid) as paid, sum(f.waived) as waived, sum(f.outstanding) as outstanding,
        coalesce(sum(f.outstanding) filter (where f.due_date < ${cutoff}::date), 0) as overdue
      from ${figuresAsOf(cutoff, filters, await directionFor(db, cutoff))} f
      where ${CARRIED}
      group by 1`,
  );
}

/** /paymentsummaryclass: per class (students), billed, paid, waived and outstanding at the cut-off. */
export async function classSummaryReport(db: Db, filters: ReportFilters): Promise<ReportRow[]> {
  const cutoff = filters.cutoff!;
  return rows(
    db,
    sql`select min(d.name) as department_name, coalesce(min(c.name), '') as class_name, count(distinct f.student_id) as parties,
        sum(f.billed) as billed, sum(f.paid) as paid, sum(f.waived) as waived, sum(f.outstanding) as outstanding
      from ${figuresAsOf(cutoff, { ...filters, kind: 'student' }, await directionFor(db, cutoff))} f
      ${PARTY_JOINS}
      where ${CARRIED}
      group by s.department_id, s.class_id`,
  );
}

/** /paymentsummarytype: per income type, billed, paid, waived and outstanding at the cut-off. */
export async function typeSummaryReport(db: Db, filters: ReportFilters): Promise<ReportRow[]> {
  const cutoff = filters.cutoff!;
  return rows(
    db,
    sql`select min(g.name) as income_group_name, min(it.name) as income_type_name,
        count(distinct coalesce('s' || f.student_id, 'c' || f.candidate_id)) as parties,
        sum(f.billed) as billed, sum(f.paid) as paid, sum(f.waived) as waived, sum(f.outstanding) as outstanding
      from ${figuresAsOf(cutoff, filters, await directionFor(db, cutoff))} f
      join income_type it on it.id = f.income_type_id
      left join income_group g on g.id = it.income_group_id
      where ${CARRIED}
      group by f.income_type_id`,
  );
}

/**
 * /arsummary: per income type, the outstanding at the end of the day before the period, what the
 * period invoiced, fined, collected, waived and closed, and the outstanding at its end.
 */
export async function receivableSummaryReport(db: Db, filters: ReportFilters): Promise<ReportRow[]> {
  const from = filters.date_from!;
  const to = filters.date_to!;
  const balances = (day: string) =>
    directionFor(db, day).then((direction) => rows(db, sql`select f.income_type_id, sum(f.value - f.discount - f.paid - f.waived + f.penalty - f.closed) as amount from ${invoicesAsOf(day, filters, direction)} f group by 1`));
  const inPeriod = (date: RawBuilder<unknown>) => sql`greatest(${date}, f.invoice_date) between ${from}::date and ${to}::date`;
  const [opening, closing, moves] = await Promise.all([
    balances(addDays(from, -1)),
    balances(to),
    rows(
      db,
      sql`select f.income_type_id,
          coalesce(sum(f.value - f.discount) filter (where f.invoice_date between ${from}::date and ${to}::date), 0) as invoiced,
          coalesce(sum((select sum(a.amount) from payment_allocation a join payment pm on pm.id = a.payment_id where a.invoice_id = f.id and ${inPeriod(sql`pm.payment_date`)})), 0) as paid,
          coalesce(sum((select sum(w.amount) from waiver w where w.invoice_id = f.id and ${inPeriod(sql`w.waiver_date`)})), 0) as waived,
          coalesce(sum((select sum(n.amount) from penalty n where n.invoice_id = f.id and ${inPeriod(sql`n.penalty_date`)})), 0) as penalty,
          coalesce(sum(f.closed_amount) filter (where f.closed_amount > 0 and ${inPeriod(sql`f.close_date`)}), 0) as closed
        from (select i.*, case i.state when 'reversed' then i.reversing_date when 'merged' then m.invoice_date end as close_date
              from invoice i left join student s on s.id = i.student_id left join candidate p on p.id = i.candidate_id left join invoice m on m.id = i.merged_into_id
              where i.invoice_date <= ${to}::date and ${invoiceWhere(filters)}) f
        group by 1`,
    ),
    ]);
  const types = await rows(db, sql`select it.id, it.name as income_type_name, g.name as income_group_name from income_type it left join income_group g on g.id = it.income_group_id`);
  const byType = new Map<number, ReportRow>();
  const at = (id: unknown): ReportRow => {
    const key = Number(id);
    let row = byType.get(key);
    if (!row) {
      const type = types.find((t) => Number(t.id) === key);
      row = { income_group_name: type?.income_group_name ?? null, income_type_name: type?.income_type_name ?? null, opening: 0, invoiced: 0, penalty: 0, paid: 0, waived: 0, closed: 0, closing: 0 };
      byType.set(key, row);
    }
    return row;
  };
  for (const row of opening) at(row.income_type_id).opening = Number(row.amount);
  for (const row of closing) at(row.income_type_id).closing = Number(row.amount);
  for (const row of moves) Object.assign(at(row.income_type_id), { invoiced: Number(row.invoiced), penalty: Number(row.penalty), paid: Number(row.paid), waived: Number(row.waived), closed: Number(row.closed) });
  return [...byType.values()].filter((row) => ['opening', 'invoiced', 'penalty', 'paid', 'waived', 'closed', 'closing'].some((key) => row[key] !== 0));
}
