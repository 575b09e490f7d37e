// Reading invoices (/invoicetransaction and the invoice detail, spec 3 §2.7): one query builds the
// rows with their party, unit, class, year and income type, filtered by every InvoiceFilter, paged
// and sorted by an allow-list; the totals come from the same filter. The detail adds the payments,
// waivers, penalties, merged invoices and every journal that touched the invoice.

import { sql, type SelectQueryBuilder } from 'kysely';
import type { InvoiceDetail, InvoiceFilter, InvoiceRow, InvoiceState, JournalRow, PartyKind } from '../../../src/shared/api/finance';
import type { Db, Row } from '../../db/database';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Query = SelectQueryBuilder<any, any, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

const STATES: readonly InvoiceState[] = ['open', 'paid', 'merged', 'reversed'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Sortable columns: the name the list sends → the expression. */
const SORTS: Readonly<Record<string, string>> = {
  id: 'i.id',
  transaction_no: 'i.transaction_no',
  party_number: 'party_number',
  party_name: 'party_name',
  class_name: 'class_name',
  department_name: 'department_name',
  va_no: 'i.va_no',
  financial_year_name: 'financial_year_name',
  income_type_name: 'income_type_name',
  period_no: 'i.period_no',
  installment_no: 'i.installment_no',
  invoice_date: 'i.invoice_date',
  due_date: 'i.due_date',
  value: 'i.value',
  discount: 'i.discount',
  paid_amount: 'i.paid_amount',
  outstanding: 'i.outstanding',
  state: 'i.state',
  is_published: 'i.is_published',
};

/** The filter from a query string: values that are not what the field takes are left out. */
export function invoiceFilterOf(query: Record<string, unknown>): InvoiceFilter {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 200) : undefined);
  const id = (v: unknown) => (typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined);
  const date = (v: unknown) => (typeof v === 'string' && DATE.test(v) ? v : undefined);
  const bool = (v: unknown) => (v === 'true' || v === true ? true : v === 'false' || v === false ? false : undefined);
  const kind = query.kind === 'student' || query.kind === 'candidate' ? (query.kind as PartyKind) : undefined;
  const state = STATES.includes(query.state as InvoiceState) ? (query.state as InvoiceState) : undefined;
  return {
    q: text(query.q),
    financial_year_id: id(query.financial_year_id),
    income_type_id: id(query.income_type_id),
    income_group_id: id(query.income_group_id),
    department_id: id(query.department_id),
    class_id: id(query.class_id),
    kind,
    student_id: id(query.student_id),
    candidate_id: id(query.candidate_id),
    state,
    is_published: bool(query.is_published),
    overdue_on: date(query.overdue_on),
    invoice_date_gte: date(query.invoice_date_gte),
    invoice_date_lte: date(query.invoice_date_lte),
    due_date_gte: date(query.due_date_gte),
    due_date_lte: date(query.due_date_lte),
    va_no: text(query.va_no),
  };
}

function baseQuery(db: Db): Query {
  return db
    .selectFrom('invoice as i')
    .leftJoin('student as s', 's.id', 'i.student_id')
    .leftJoin('candidate as p', 'p.id', 'i.candidate_id')
    .leftJoin('class as c', 'c.id', 's.class_id')
    .leftJoin('department as d', (join) => join.on(sql<boolean>`d.id = coalesce(s.department_id, p.department_id)`))
    .innerJoin('financial_year as fy', 'fy.id', 'i.financial_year_id')
    .innerJoin('income_type as it', 'it.id', 'i.income_type_id');
}

function filtered(query: Query, filter: InvoiceFilter): Query {
  let q = query;
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    q = q.where(sql<boolean>`(i.transaction_no ilike ${like} or i.va_no ilike ${like} or s.name ilike ${like} or s.nis ilike ${like}
      or p.name ilike ${like} or p.registration_no ilike ${like} or it.name ilike ${like})`);
  }
  if (filter.financial_year_id) q = q.where('i.financial_year_id', '=', filter.financial_year_id);
  if (filter.income_type_id) q = q.where('i.income_type_id', '=', filter.income_type_id);
  if (filter.income_group_id) q = q.where('it.income_group_id', '=', filter.income_group_id);
  if (filter.department_id) q = q.where(sql<boolean>`coalesce(s.department_id, p.department_id) = ${filter.department_id}`);
  if (filter.class_id) q = q.where('s.class_id', '=', filter.class_id);
  if (filter.kind === 'student') q = q.where('i.student_id', 'is not', null);
  if (filter.kind === 'candidate') q = q.where('i.candidate_id', 'is not', null);
  if (filter.student_id) q = q.where('i.student_id', '=', filter.student_id);
  if (filter.candidate_id) q = q.where('i.candidate_id', '=', filter.candidate_id);
  if (filter.state) q = q.where('i.state', '=', filter.state);
  if (filter.is_published !== undefined) q = q.where('i.is_published', '=', filter.is_published);
  if (filter.overdue_on) q = q.where('i.outstanding', '>', 0).where('i.due_date', '<', filter.overdue_on);
  if (filter.invoice_date_gte) q = q.where('i.invoice_date', '>=', filter.invoice_date_gte);
  if (filter.invoice_date_lte) q = q.where('i.invoice_date', '<=', filter.invoice_date_lte);
  if (filter.due_date_gte) q = q.where('i.due_date', '>=', filter.due_date_gte);
  if (filter.due_date_lte) q = q.where('i.due_date', '<=', filter.due_date_lte);
  if (filter.va_no) q = q.where('i.va_no', '=', filter.va_no);
  return q;
}

function rowColumns(query: Query): Query {
  return query.select([
    'i.id',
    'i.version',
    'i.transaction_no',
    sql<PartyKind>`case when i.student_id is not null then 'student' else 'candidate' end`.as('kind'),
    sql<number>`coalesce(i.student_id, i.candidate_id)`.as('party_id'),
    sql<string>`coalesce(s.nis, p.registration_no)`.as('party_number'),
    sql<string>`coalesce(s.name, p.name)`.as('party_name'),
    'd.name as department_name',
    'c.name as class_name',
    'i.va_no',
    'i.financial_year_id',
    'fy.description as financial_year_name',
    'i.income_type_id',
    'it.name as income_type_name',
    'i.period_no',
    'i.period_start',
    'i.installment_no',
    'i.installment_count',
    'i.invoice_date',
    'i.due_date',
    'i.income_date',
    'i.reversing_date',
    'i.value',
    'i.discount',
    'i.paid_amount',
    'i.waived_amount',
    'i.penalty_amount',
    'i.closed_amount',
    'i.outstanding',
    'i.state',
    'i.is_published',
    'i.merged_into_id',
    'i.remarks',
    sql<boolean>`(i.paid_amount > 0 or i.waived_amount > 0 or i.penalty_amount > 0 or i.closed_amount > 0 or i.merged_into_id is not null
      or i.source = 'merge'
      or exists (select 1 from payment_allocation a where a.invoice_id = i.id)
      or exists (select 1 from waiver w where w.invoice_id = i.id)
      or exists (select 1 from penalty n where n.invoice_id = i.id))`.as('has_derivatives'),
  ]);
}

const MONEY = ['value', 'discount', 'paid_amount', 'waived_amount', 'penalty_amount', 'closed_amount', 'outstanding'] as const;

function toRow(row: Row): InvoiceRow & { income_date: string | null; reversing_date: string | null } {
  const out = { ...row } as Record<string, unknown>;
  for (const field of MONEY) out[field] = Number(row[field] ?? 0);
  out.party_id = Number(row.party_id);
  out.has_derivatives = Boolean(row.has_derivatives);
  out.is_published = Boolean(row.is_published);
  return out as unknown as InvoiceRow & { income_date: string | null; reversing_date: string | null };
}

export interface InvoicePage {
  data: InvoiceRow[];
  total: number;
  totals: { value: number; outstanding: number };
}

/** A page of invoices: page from 1, per_page 1…500 (default 25), sort by an allowed column (default newest first). */
export async function invoicePage(db: Db, filter: InvoiceFilter, paging: { page: number; per_page: number; sort?: string; order?: string }): Promise<InvoicePage> {
  const where = filtered(baseQuery(db), filter);
  const sortBy = paging.sort && SORTS[paging.sort] ? SORTS[paging.sort]! : 'i.id';
  const direction = paging.order?.toUpperCase() === 'ASC' ? 'asc' : 'desc';
  const [rows, sums] = await Promise.all([
    rowColumns(where)
      .orderBy(sql.raw(sortBy), direction)
      .orderBy('i.id', direction)
      .limit(paging.per_page)
      .offset((paging.page - 1) * paging.per_page)
      .execute(),
    where
      .select([
        sql<number>`count(*)`.as('total'),
        sql<number>`coalesce(sum(i.value), 0)`.as('value'),
        sql<number>`coalesce(sum(i.outstanding), 0)`.as('outstanding'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const listed = rows.map((row) => {
    const { income_date: _income, reversing_date: _reversing, ...rest } = toRow(row);
    return rest;
  });
  return { data: listed, total: Number(sums.total), totals: { value: Number(sums.value), outstanding: Number(sums.outstanding) } };
}

/** The journals, with their lines, whose ids `ids` gives (oldest first). */
export async function journalsByIds(db: Db, ids: number[]): Promise<JournalRow[]> {
  if (!ids.length) return [];
  const journals = await db
    .selectFrom('journal as j')
    .leftJoin('journal_type as t', 't.id', 'j.journal_type_id')
    .leftJoin('invoice as i', 'i.id', 'j.invoice_id')
    .leftJoin('payment as pm', 'pm.id', 'j.payment_id')
    .leftJoin('journal as r', 'r.id', 'j.reverses_journal_id')
    .select([
      'j.id',
      'j.journal_no',
      'j.journal_date',
      't.name as journal_type_name',
      'j.source',
      'j.description',
      'i.transaction_no as invoice_no',
      'pm.payment_no as payment_no',
      'j.sync_state',
      'j.sync_date',
      'j.created_by as officer',
      'r.journal_no as reverses_journal_no',
    ])
    .where('j.id', 'in', ids)
    .orderBy('j.journal_date')
    .orderBy('j.id')
    .execute();
  const lines = await db
    .selectFrom('journal_line as l')
    .leftJoin('coa as a', 'a.id', 'l.coa_id')
    .select(['l.journal_id', 'a.code as coa_code', 'a.name as coa_name', 'l.debit', 'l.credit', 'l.description'])
    .where('l.journal_id', 'in', ids)
    .orderBy('l.id')
    .execute();
  return journals.map((journal) => {
    const own = lines
      .filter((line) => Number(line.journal_id) === Number(journal.id))
      .map((line) => ({
        coa_code: String(line.coa_code ?? ''),
        coa_name: String(line.coa_name ?? ''),
        debit: Number(line.debit ?? 0),
        credit: Number(line.credit ?? 0),
        description: (line.description as string | null) ?? null,
      }));
    return {
      ...(journal as unknown as Omit<JournalRow, 'lines' | 'debit' | 'credit'>),
      id: Number(journal.id),
      sync_state: (journal.sync_state ?? 'not_sync') as JournalRow['sync_state'],
      debit: own.reduce((sum, line) => sum + line.debit, 0),
      credit: own.reduce((sum, line) => sum + line.credit, 0),
      lines: own,
    };
  });
}

/** One invoice with everything that touched it; undefined when there is none. */
export async function invoiceDetail(db: Db, id: number): Promise<InvoiceDetail | undefined> {
  const found = await rowColumns(baseQuery(db)).where('i.id', '=', id).executeTakeFirst();
  if (!found) return undefined;
  const row = toRow(found);
  const [payments, waivers, penalties, mergedFrom, journalIds] = await Promise.all([
    db
      .selectFrom('payment_allocation as a')
      .innerJoin('payment as pm', 'pm.id', 'a.payment_id')
      .select(['pm.id as payment_id', 'pm.payment_no', 'pm.payment_date', 'a.amount', 'pm.method'])
      .where('a.invoice_id', '=', id)
      .orderBy('pm.payment_date')
      .orderBy('pm.id')
      .execute(),
    db.selectFrom('waiver').select(['id', 'waiver_no', 'waiver_date', 'amount', 'reason']).where('invoice_id', '=', id).orderBy('waiver_date').orderBy('id').execute(),
    db.selectFrom('penalty').select(['id', 'period', 'penalty_date', 'amount']).where('invoice_id', '=', id).orderBy('period').orderBy('id').execute(),
    db.selectFrom('invoice').select(['id', 'transaction_no', 'closed_amount as amount']).where('merged_into_id', '=', id).orderBy('id').execute(),
    db
      .selectFrom('journal as j')
      .select('j.id')
      .where((eb) =>
        eb.or([
          eb('j.invoice_id', '=', id),
          eb('j.waiver_id', 'in', eb.selectFrom('waiver').select('id').where('invoice_id', '=', id)),
          eb('j.penalty_id', 'in', eb.selectFrom('penalty').select('id').where('invoice_id', '=', id)),
          eb('j.payment_id', 'in', eb.selectFrom('payment_allocation').select('payment_id').where('invoice_id', '=', id)),
        ]),
      )
      .execute(),
  ]);
  const money = (value: unknown) => Number(value ?? 0);
  return {
    ...row,
    payments: payments.map((p) => ({ ...(p as InvoiceDetail['payments'][number]), payment_id: Number(p.payment_id), amount: money(p.amount) })),
    waivers: waivers.map((w) => ({ ...(w as InvoiceDetail['waivers'][number]), id: Number(w.id), amount: money(w.amount) })),
    penalties: penalties.map((n) => ({ ...(n as InvoiceDetail['penalties'][number]), id: Number(n.id), amount: money(n.amount) })),
    merged_from: mergedFrom.map((m) => ({ id: Number(m.id), transaction_no: String(m.transaction_no ?? ''), amount: money(m.amount) })),
    journals: await journalsByIds(db, journalIds.map((j) => Number(j.id))),
  };
}
