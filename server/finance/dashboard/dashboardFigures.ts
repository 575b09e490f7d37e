// Every figure of the finance dashboard (issue 13; spec 3 §2.1, §3.1, §7.1, §9), in one module,
// over the ledger's tables, for any cut-off date and for students, candidates or both
// (tests/server/financeDashboard.test.ts computes each one again from the rows and compares).
//
// "As of the cut-off" (src/shared/api/financeDashboard.ts): an invoice issued by the cut-off
// owed then its value − discount + penalties dated by then − payments allocated by then (the
// allocation's own date when a remainder was applied later, else its payment's) − waivers dated
// by then − what a merge (the merged invoice's date) or a reversal (its date) closed by then.
// Computed backwards from the invoice's figures now (outstanding + what moved after the
// cut-off), so the work grows with what happened after the cut-off, not with the ledger: today's
// dashboard reads the open invoices and little else (bench/dashboard.ts).

import { sql, type RawBuilder } from "kysely";
import type {
  ArrearsRow,
  ChartSummary,
  Gauge,
  OpenPaymentRow,
  PieSlice,
  ReconciliationCard,
  WaiverOverdueRow,
} from "../../../src/shared/api/financeDashboard";
import { ARREARS_MONTHS } from "../../../src/shared/api/financeDashboard";
import type { PartyKind } from "../../../src/shared/api/finance";
import type { Db } from "../../db/database";

export interface FigureFilter {
  cutoff: string;
  kinds: readonly PartyKind[];
}

const num = (value: unknown): number => Number(value ?? 0);

/** The overdue lists show the parties owing most, this many (the answer's `total` counts them all). */
export const LIST_LIMIT = 100;

/** `i.student_id is not null` / candidate / both / nothing, for the parties counted. */
function partyWhere(
  alias: string,
  kinds: readonly PartyKind[],
): RawBuilder<boolean> {
  const s = kinds.includes("student");
  const c = kinds.includes("candidate");
  if (s && c) return sql<boolean>`true`;
  if (s) return sql<boolean>`${sql.ref(`${alias}.student_id`)} is not null`;
  if (c) return sql<boolean>`${sql.ref(`${alias}.candidate_id`)} is not null`;
  return sql<boolean>`false`;
}

/**
 * The CTE `moves`: one row per thing dated after the cut-off (an allocation, a waiver, a
 * penalty, a closing) on an invoice issued by the cut-off that the filter counts, with the
 * invoice's party, income type, due date and outstanding now, and the amount in its column
 * (paid, waived, penalty, closed). `only` narrows the invoices further (a figure that reads only
 * invoices due before some day says so here, and the rows after the cut-off on the others are
 * never joined). An invoice owed as of the cut-off: outstanding + paid + waived − penalty + closed
 * of its moves.
 */
function movesCte(
  f: FigureFilter,
  only: RawBuilder<boolean> = sql<boolean>`true`,
): RawBuilder<unknown> {
  const c = sql`${f.cutoff}::date`;
  return sql`
    moves as (
      select i.id, i.student_id, i.candidate_id, i.income_type_id, i.due_date, i.outstanding, x.paid, x.waived, x.penalty, x.closed from (
        select a.invoice_id, a.amount as paid, 0 as waived, 0 as penalty, 0 as closed
          from payment_allocation a join payment p on p.id = a.payment_id
          where p.payment_date > ${c} and a.allocated_date is null
        union all
        select a.invoice_id, a.amount, 0, 0, 0 from payment_allocation a where a.allocated_date > ${c}
        union all
        select invoice_id, 0, amount, 0, 0 from waiver where waiver_date > ${c}
        union all
        select invoice_id, 0, 0, amount, 0 from penalty where penalty_date > ${c}
        union all
        select id, 0, 0, 0, closed_amount from invoice where state = 'reversed' and closed_amount > 0 and reversing_date > ${c}
        union all
        select i.id, 0, 0, 0, i.closed_amount from invoice m join invoice i on i.merged_into_id = m.id
          where m.source = 'merge' and m.invoice_date > ${c} and i.state = 'merged' and i.closed_amount > 0
      ) x join invoice i on i.id = x.invoice_id
      where i.invoice_date <= ${c} and ${partyWhere("i", f.kinds)} and ${only}
    )`;
}

/**
 * The CTEs `moves` (above), `moved` (the same per invoice) and `asof` (each invoice issued by
 * the cut-off that owed something then or moved since, narrowed by `only`: its party, income
 * type, due date and `owed` as of the cut-off).
 */
function asOfCtes(
  f: FigureFilter,
  only: RawBuilder<boolean> = sql<boolean>`true`,
): RawBuilder<unknown> {
  const c = sql`${f.cutoff}::date`;
  return sql`
    ${movesCte(f, only)},
    moved as (
      select id, student_id, candidate_id, income_type_id, due_date, outstanding,
        sum(paid) as paid, sum(waived) as waived, sum(penalty) as penalty, sum(closed) as closed
      from moves group by id, student_id, candidate_id, income_type_id, due_date, outstanding
    ),
    asof as (
      select i.id, i.student_id, i.candidate_id, i.income_type_id, i.due_date,
        i.outstanding + coalesce(m.paid, 0) + coalesce(m.waived, 0) - coalesce(m.penalty, 0) + coalesce(m.closed, 0) as owed
      from invoice i left join moved m on m.id = i.id
      where i.outstanding > 0 and i.invoice_date <= ${c} and ${partyWhere("i", f.kinds)} and ${only}
      union all
      select m.id, m.student_id, m.candidate_id, m.income_type_id, m.due_date,
        m.paid + m.waived - m.penalty + m.closed
      from moved m
      where m.outstanding = 0
    )`;
}

/**
 * The CTE `owed_rows`: what makes up the sums of what was owed as of the cut-off, without working
 * out each invoice's figure: the invoices issued by then that owe now (their outstanding) and
 * every move after the cut-off on one issued by then (paid + waived − penalty + closed). Summed
 * over any set of whole invoices (by income type, by due date) it is the sum of their as-of
 * figures (outstanding is never below 0, so every moved invoice is in `asof`).
 */
function owedRowsCtes(f: FigureFilter): RawBuilder<unknown> {
  const c = sql`${f.cutoff}::date`;
  return sql`
    ${movesCte(f)},
    owed_rows as (
      select i.income_type_id, i.due_date, i.outstanding as owed
      from invoice i where i.outstanding > 0 and i.invoice_date <= ${c} and ${partyWhere("i", f.kinds)}
      union all
      select income_type_id, due_date, paid + waived - penalty + closed from moves
    )`;
}

/** The first day of the cut-off's month. */
export function monthStart(cutoff: string): string {
  return `${cutoff.slice(0, 7)}-01`;
}

export interface ChartAll {
  data: PieSlice[];
  cutoffchart: Gauge;
  douchart: Gauge;
}

/**
 * Outstanding Composition (what each income type was owed as of the cut-off, types owed nothing
 * left out, largest first) and the two collectible rates (Current Month: invoices due from the
 * first of the cut-off's month to the cut-off; Cumulative: due by the cut-off): paid by the cut-off
 * over what they came to by then (value − discount + penalties − waivers − closed, each dated by
 * the cut-off). One statement: the figures share their "as of" tables.
 */
export async function chartAll(db: Db, f: FigureFilter): Promise<ChartAll> {
  const c = sql`${f.cutoff}::date`;
  const from = monthStart(f.cutoff);
  const cameTo = sql`i.value - i.discount + i.penalty_amount - i.waived_amount - i.closed_amount`;
  const rows = await sql<{
    income_type_id: number | null;
    code: string | null;
    name: string | null;
    total: string | null;
    month_due: string | null;
    all_due: string | null;
    month_owed: string | null;
    all_owed: string | null;
  }>`
    with ${movesCte(f)},
    owed_rows as (
      select i.income_type_id, i.due_date, i.outstanding as owed, 0 as due_moved
      from invoice i where i.outstanding > 0 and i.invoice_date <= ${c} and ${partyWhere("i", f.kinds)}
      union all
      select income_type_id, due_date, paid + waived - penalty + closed, waived + closed - penalty from moves
    ),
    by_type as (
      select income_type_id, sum(owed) as total,
        sum(owed) filter (where due_date >= ${from}::date and due_date <= ${c}) as month_owed,
        sum(owed) filter (where due_date <= ${c}) as all_owed,
        sum(due_moved) filter (where due_date >= ${from}::date and due_date <= ${c}) as month_moved,
        sum(due_moved) filter (where due_date <= ${c}) as all_moved
      from owed_rows group by income_type_id
    ),
    due_now as (
      select sum(${cameTo}) filter (where i.due_date >= ${from}::date) as month, sum(${cameTo}) as total
      from invoice i where i.due_date <= ${c} and ${partyWhere("i", f.kinds)}
    ),
    gauges as (
      select (coalesce(d.month, 0) + coalesce(o.month_moved, 0))::text as month_due, (coalesce(d.total, 0) + coalesce(o.all_moved, 0))::text as all_due,
        coalesce(o.month_owed, 0)::text as month_owed, coalesce(o.all_owed, 0)::text as all_owed
      from due_now d cross join (select sum(month_owed) as month_owed, sum(all_owed) as all_owed, sum(month_moved) as month_moved, sum(all_moved) as all_moved from by_type) o
    ),
    pie as (
      select t.id, t.code, t.name, b.total
      from by_type b join income_type t on t.id = b.income_type_id
      where b.total > 0
    )
    select p.id as income_type_id, p.code, p.name, p.total::text as total, g.*
    from gauges g left join pie p on true
    order by p.total desc nulls last, p.id`.execute(db);
  const first = rows.rows[0];
  const gauge = (
    title: Gauge["title"],
    start: string | null,
    due: number,
    owed: number,
  ): Gauge => {
    const collected = due - owed;
    return {
      title,
      persen: due > 0 ? rateOf(collected, due) : null,
      infohover: { from: start, to: f.cutoff, collected, due },
    };
  };
  return {
    data: rows.rows
      .filter((r) => r.income_type_id !== null)
      .map((r) => ({
        income_type_id: Number(r.income_type_id),
        incometype: String(r.code),
        name: String(r.name),
        total: num(r.total),
      })),
    cutoffchart: gauge(
      "current_month",
      from,
      num(first?.month_due),
      num(first?.month_owed),
    ),
    douchart: gauge(
      "cumulative",
      null,
      num(first?.all_due),
      num(first?.all_owed),
    ),
  };
}

/** collected / due in percent, one decimal, rounded down, exact (BigInt). */
export function rateOf(collected: number, due: number): number {
  const tenths = (BigInt(Math.max(collected, 0)) * 1000n) / BigInt(due);
  return Number(tenths) / 10;
}

/** Payment Reconciliation: the latest committed bank VA files up to the cut-off, what each says arrived and what became payments. */
export async function reconciliation(
  db: Db,
  f: FigureFilter,
  limit = 6,
): Promise<ReconciliationCard[]> {
  const kinds = f.kinds.length ? [...f.kinds] : ["-"];
  const rows = await sql<{
    id: number;
    file_name: string;
    committed_at: string;
    uploadva: string;
    payment: string;
    lines: number;
    payments: number;
  }>`
    select u.id, u.file_name, to_char(u.committed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as committed_at,
      coalesce(sum(l.amount) filter (where l.status in ('matched', 'partial', 'mismatch', 'unknown_va')), 0)::text as uploadva,
      coalesce(sum(p.amount), 0)::text as payment,
      count(l.id) filter (where l.status in ('matched', 'partial', 'mismatch', 'unknown_va'))::int as lines,
      count(p.id)::int as payments
    from bank_upload u
    left join bank_upload_line l on l.bank_upload_id = u.id and (l.kind is null or l.kind = any(${kinds}::text[]))
    left join payment p on p.id = l.payment_id
    where u.state = 'committed' and u.committed_at < ${f.cutoff}::date + 1
    group by u.id, u.file_name, u.committed_at
    order by u.committed_at desc, u.id desc
    limit ${limit}`.execute(db);
  return rows.rows.map((r) => ({
    bank_upload_id: Number(r.id),
    file_name: r.file_name,
    committed_at: r.committed_at,
    uploadva: num(r.uploadva),
    payment: num(r.payment),
    lines: Number(r.lines),
    payments: Number(r.payments),
  }));
}

/** The ledger's dates (the picker's range) and the totals owed and overdue as of the cut-off. */
export async function summary(db: Db, f: FigureFilter): Promise<ChartSummary> {
  const dates = await sql<{
    min_date: string | null;
    max_invoice: string | null;
    max_payment: string | null;
  }>`
    select (select min(invoice_date)::text from invoice i where ${partyWhere("i", f.kinds)}) as min_date,
      (select max(invoice_date)::text from invoice i where ${partyWhere("i", f.kinds)}) as max_invoice,
      (select max(payment_date)::text from payment i where ${partyWhere("i", f.kinds)}) as max_payment`.execute(
    db,
  );
  const totals = await sql<{
    outstanding: string | null;
    overdue: string | null;
  }>`
    with ${owedRowsCtes(f)}
    select sum(owed)::text as outstanding, sum(owed) filter (where due_date < ${f.cutoff}::date)::text as overdue from owed_rows`.execute(
    db,
  );
  const d = dates.rows[0];
  const maxDate =
    [d?.max_invoice, d?.max_payment]
      .filter((x): x is string => Boolean(x))
      .sort()
      .at(-1) ?? null;
  return {
    min_date: d?.min_date ?? null,
    max_date: maxDate,
    cutoff: f.cutoff,
    outstanding: num(totals.rows[0]?.outstanding),
    overdue: num(totals.rows[0]?.overdue),
  };
}

interface PartyRow {
  kind: PartyKind;
  party_id: number;
  name: string;
  number: string;
  class_name: string | null;
  is_active: boolean;
}

/** Joins a party's name, number, class (a candidate's: its level) and state to `alias` (kind, party_id). */
function partyJoins(alias: string): RawBuilder<unknown> {
  const kind = sql.ref(`${alias}.kind`);
  const id = sql.ref(`${alias}.party_id`);
  return sql`left join student s on ${kind} = 'student' and s.id = ${id} left join class c on c.id = s.class_id
    left join candidate k on ${kind} = 'candidate' and k.id = ${id} left join level l on l.id = k.level_id`;
}
const partyColumns = sql`coalesce(s.name, k.name) as name, coalesce(s.nis, k.registration_no) as number, coalesce(c.name, l.name) as class_name,
  coalesce(s.is_active, k.is_active, true) as is_active`;

const partyKey = sql`case when a.student_id is not null then 'student' else 'candidate' end`;
const partyId = sql`coalesce(a.student_id, a.candidate_id)`;

/** Inv Overdue > 3 months: parties owing, as of the cut-off, on invoices due more than 3 months before it; most owed first. */
export async function arrears(
  db: Db,
  f: FigureFilter,
  limit = LIST_LIMIT,
): Promise<{ data: ArrearsRow[]; total: number }> {
  const rows = await sql<
    PartyRow & {
      total: string;
      count: number;
      min_age: number;
      max_age: number;
      parties: number;
    }
  >`
    with ${asOfCtes(f, sql<boolean>`i.due_date < ${f.cutoff}::date - ${sql.raw(`interval '${ARREARS_MONTHS} months'`)}`)},
    late as (
      select ${partyKey} as kind, ${partyId} as party_id, sum(a.owed) as total, count(*)::int as count,
        min(${f.cutoff}::date - a.due_date)::int as min_age, max(${f.cutoff}::date - a.due_date)::int as max_age
      from asof a
      where a.owed > 0 and a.due_date < ${f.cutoff}::date - ${sql.raw(`interval '${ARREARS_MONTHS} months'`)}
      group by 1, 2
    )
    , first as (select late.*, count(*) over ()::int as parties from late order by late.total desc, late.kind, late.party_id limit ${limit})
    select first.kind, first.party_id, ${partyColumns}, first.total::text as total, first.count, first.min_age, first.max_age, first.parties
    from first ${partyJoins("first")}
    order by first.total desc, 3, first.party_id`.execute(db);
  const data = rows.rows.map((r) => ({
    kind: r.kind,
    idsiswa: Number(r.party_id),
    student_name: r.name,
    student_number: r.number,
    class_name: r.class_name,
    total: num(r.total),
    count: Number(r.count),
    min_age: Number(r.min_age),
    max_age: Number(r.max_age),
    is_active: Boolean(r.is_active),
  }));
  return { data, total: rows.rows[0]?.parties ?? 0 };
}

/**
 * Waiver Overdue: parties given a waiver (dated by the cut-off) on an invoice that still owed, as
 * of the cut-off, past its due date; per income type the count, what they owed and what was waived.
 */
export async function waiverOverdue(
  db: Db,
  f: FigureFilter,
  limit = LIST_LIMIT,
): Promise<{ data: WaiverOverdueRow[]; total: number }> {
  const rows = await sql<
    PartyRow & {
      income_type: string;
      count: number;
      outstanding: string;
      waived: string;
      max_age: number;
    }
  >`
    with ${asOfCtes(f, sql<boolean>`i.due_date < ${f.cutoff}::date and i.id in (select invoice_id from waiver where waiver_date <= ${f.cutoff}::date)`)},
    waived as (select invoice_id, sum(amount) as amount from waiver where waiver_date <= ${f.cutoff}::date group by invoice_id),
    groups as (
      select ${partyKey} as kind, ${partyId} as party_id, t.name as income_type, count(*)::int as count,
        sum(a.owed) as outstanding, sum(w.amount) as waived, max(${f.cutoff}::date - a.due_date)::int as max_age
      from asof a join waived w on w.invoice_id = a.id join income_type t on t.id = a.income_type_id
      where a.owed > 0 and a.due_date < ${f.cutoff}::date
      group by 1, 2, t.name
    )
    select g.kind, g.party_id, ${partyColumns}, g.income_type, g.count,
      g.outstanding::text as outstanding, g.waived::text as waived, g.max_age
    from groups g ${partyJoins("g")}
    order by 3, g.party_id, g.kind, g.income_type`.execute(db);
  const byParty = new Map<string, WaiverOverdueRow>();
  for (const r of rows.rows) {
    const key = `${r.kind}:${r.party_id}`;
    let row = byParty.get(key);
    if (!row) {
      row = {
        kind: r.kind,
        party_id: Number(r.party_id),
        name: r.name,
        students_id_number: r.number,
        class_name: r.class_name,
        max_age: 0,
        detailsGroup: [],
        total: 0,
      };
      byParty.set(key, row);
    }
    const outstanding = num(r.outstanding);
    row.detailsGroup.push({
      income_type: r.income_type,
      count: Number(r.count),
      outstanding,
      waived: num(r.waived),
    });
    row.total += outstanding;
    row.max_age = Math.max(row.max_age, Number(r.max_age));
  }
  const all = [...byParty.values()].sort(
    (a, b) =>
      b.total - a.total ||
      a.name.localeCompare(b.name) ||
      a.party_id - b.party_id,
  );
  return { data: all.slice(0, limit), total: all.length };
}

/** Open Payment: payments made by the cut-off with a remainder not applied and not closed, newest first. */
export async function openPayments(
  db: Db,
  f: FigureFilter,
  page: number,
  perPage: number,
): Promise<{ data: OpenPaymentRow[]; total: number }> {
  const where = sql`p.deposit_amount > 0 and p.payment_date <= ${f.cutoff}::date and ${partyWhere("p", f.kinds)}
    and not exists (select 1 from payment_closure x where x.payment_id = p.id)`;
  const count = await sql<{
    n: number;
  }>`select count(*)::int as n from payment p where ${where}`.execute(db);
  const rows = await sql<
    PartyRow & {
      payment_id: number;
      payment_no: string;
      payment_date: string;
      remainder: string;
    }
  >`
    with page as (
      select p.id, p.student_id, p.candidate_id, p.payment_no, p.payment_date, p.deposit_amount from payment p
      where ${where} order by p.payment_date desc, p.id desc limit ${perPage} offset ${(page - 1) * perPage}
    )
    select a.id as payment_id, ${partyKey} as kind, ${partyId} as party_id, coalesce(s.name, k.name) as name,
      coalesce(c.name, l.name) as class_name, a.payment_no, a.payment_date::text as payment_date, a.deposit_amount::text as remainder
    from page a left join student s on s.id = a.student_id left join class c on c.id = s.class_id
      left join candidate k on k.id = a.candidate_id left join level l on l.id = k.level_id
    order by a.payment_date desc, a.id desc`.execute(db);
  return {
    total: count.rows[0]?.n ?? 0,
    data: rows.rows.map((r) => ({
      payment_id: Number(r.payment_id),
      kind: r.kind,
      party_id: Number(r.party_id),
      name: r.name,
      class: r.class_name,
      payment_no: r.payment_no,
      payment_date: r.payment_date,
      payment_reminder: num(r.remainder),
    })),
  };
}
