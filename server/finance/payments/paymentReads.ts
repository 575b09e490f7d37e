// What the payment pages read (src/shared/api/finance.ts): parties with their VA, outstanding and
// deposit; a party's open invoices; the payments list and a payment's detail (spec 3 §2.6); the
// journals with their lines. Plain SQL over the ledger's tables, one query per list (a page of
// rows, its count and totals), never one query per row.

import { sql, type RawBuilder } from 'kysely';
import type {
  InvoiceRow,
  JournalFilter,
  JournalLineRow,
  JournalRow,
  PartyKind,
  PartyRow,
  PaymentDetail,
  PaymentFilter,
  PaymentMethod,
  PaymentRow,
  SettleOrder,
} from '../../../src/shared/api/finance';
import type { Db, Row } from '../../db/database';
import type { Locale } from '../../../src/shared/entityModel';
import { shownFailure } from '../../accounting/accountingTexts';

const num = (value: unknown): number => Number(value ?? 0);
const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export interface Paging {
  page: number;
  perPage: number;
}

/** The party columns of a row with student_id / candidate_id: number, name, unit, class, VA. */
const PARTY_JOINS = sql`
  left join student s on s.id = x.student_id
  left join candidate c on c.id = x.candidate_id
  left join department d on d.id = coalesce(s.department_id, c.department_id)
  left join class k on k.id = s.class_id`;
const PARTY_COLUMNS = sql`
  case when x.student_id is not null then 'student' else 'candidate' end as kind,
  coalesce(x.student_id, x.candidate_id) as party_id,
  coalesce(s.nis, c.registration_no) as party_number,
  coalesce(s.name, c.name) as party_name,
  d.name as department_name, k.name as class_name`;

const and = (parts: RawBuilder<unknown>[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

// ---------- parties

/** Parties to pay for: by number, name or VA (q), with VA, outstanding and deposit; at most 50. */
export async function partyList(db: Db, kind: PartyKind, q: string, ids: number[] = []): Promise<PartyRow[]> {
  const table = kind === 'student' ? sql`student` : sql`candidate`;
  const number = kind === 'student' ? sql`p.nis` : sql`p.registration_no`;
  const owner = kind === 'student' ? sql`student_id` : sql`candidate_id`;
  const cls = kind === 'student' ? sql`k.name` : sql`null::text`;
  const classJoin = kind === 'student' ? sql`left join class k on k.id = p.class_id` : sql``;
  const like = `%${q.trim().toLowerCase()}%`;
  const where = ids.length
    ? sql`p.id = any(${sql.val(ids)})`
    : q.trim()
      ? sql`(lower(${number}) like ${like} or lower(p.name) like ${like} or exists (select 1 from va_student v where v.${owner} = p.id and v.va_no like ${like}))`
      : sql`true`;
  const rows = await sql<Row>`
    select p.id, ${number} as number, p.name, d.name as department_name, ${cls} as class_name,
      (select v.va_no from va_student v where v.${owner} = p.id order by v.is_active desc, v.id limit 1) as va_no,
      coalesce((select sum(i.outstanding) from invoice i where i.${owner} = p.id and i.state = 'open'), 0) as outstanding,
      coalesce((select sum(y.deposit_amount) from payment y where y.${owner} = p.id), 0) as deposit
    from ${table} p left join department d on d.id = p.department_id ${classJoin}
    where ${where} order by p.name, p.id limit 50`.execute(db);
  return rows.rows.map((r) => ({
    kind,
    id: num(r.id),
    number: String(r.number ?? ''),
    name: String(r.name ?? ''),
    department_name: text(r.department_name),
    class_name: text(r.class_name),
    va_no: text(r.va_no),
    outstanding: num(r.outstanding),
    deposit: num(r.deposit),
  }));
}

/** The school's settle order (setting_general.payment_order; oldest due date first by default). */
export async function settleOrderOf(db: Db): Promise<SettleOrder> {
  const row: Row | undefined = await db.selectFrom('setting_general').selectAll().orderBy('id').limit(1).executeTakeFirst();
  return row?.payment_order === 'priority' ? 'priority' : 'due_date';
}

// ---------- invoices

const INVOICE_SELECT = sql`
  select x.*, ${PARTY_COLUMNS}, f.description as financial_year_name, t.name as income_type_name, t.priority,
    exists (select 1 from payment_allocation a where a.invoice_id = x.id)
      or exists (select 1 from waiver w where w.invoice_id = x.id)
      or exists (select 1 from penalty n where n.invoice_id = x.id)
      or x.merged_into_id is not null
      or exists (select 1 from invoice m where m.merged_into_id = x.id) as has_derivatives
  from invoice x ${PARTY_JOINS}
  left join financial_year f on f.id = x.financial_year_id
  left join income_type t on t.id = x.income_type_id`;

export function invoiceRowOf(r: Row): InvoiceRow {
  return {
    id: num(r.id),
    version: num(r.version),
    transaction_no: String(r.transaction_no ?? ''),
    kind: r.kind as PartyKind,
    party_id: num(r.party_id),
    party_number: String(r.party_number ?? ''),
    party_name: String(r.party_name ?? ''),
    department_name: text(r.department_name),
    class_name: text(r.class_name),
    va_no: text(r.va_no),
    financial_year_id: num(r.financial_year_id),
    financial_year_name: String(r.financial_year_name ?? ''),
    income_type_id: num(r.income_type_id),
    income_type_name: String(r.income_type_name ?? ''),
    period_no: num(r.period_no),
    period_start: text(r.period_start),
    installment_no: num(r.installment_no),
    installment_count: num(r.installment_count),
    invoice_date: String(r.invoice_date),
    due_date: String(r.due_date),
    value: num(r.value),
    discount: num(r.discount),
    paid_amount: num(r.paid_amount),
    waived_amount: num(r.waived_amount),
    penalty_amount: num(r.penalty_amount),
    closed_amount: num(r.closed_amount),
    outstanding: num(r.outstanding),
    state: r.state as InvoiceRow['state'],
    is_published: r.is_published === true,
    merged_into_id: r.merged_into_id === null || r.merged_into_id === undefined ? null : num(r.merged_into_id),
    remarks: text(r.remarks),
    has_derivatives: r.has_derivatives === true,
  };
}

/** A party's open invoices that still owe, in the school's settle order. */
export async function openInvoicesOf(db: Db, kind: PartyKind, partyId: number, order: SettleOrder): Promise<InvoiceRow[]> {
  const owner = kind === 'student' ? sql`x.student_id` : sql`x.candidate_id`;
  const sort = order === 'priority' ? sql`t.priority, x.due_date, x.id` : sql`x.due_date, x.id`;
  const rows = await sql<Row>`${INVOICE_SELECT} where ${owner} = ${partyId} and x.state = 'open' and x.outstanding > 0 order by ${sort}`.execute(db);
  return rows.rows.map(invoiceRowOf);
}

// ---------- payments

function paymentWhere(filter: PaymentFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (filter.kind === 'student') parts.push(sql`x.student_id is not null`);
  if (filter.kind === 'candidate') parts.push(sql`x.candidate_id is not null`);
  if (filter.method) parts.push(sql`x.method = ${filter.method}`);
  if (filter.payment_date_gte) parts.push(sql`x.payment_date >= ${filter.payment_date_gte}`);
  if (filter.payment_date_lte) parts.push(sql`x.payment_date <= ${filter.payment_date_lte}`);
  if (filter.department_id) parts.push(sql`coalesce(s.department_id, c.department_id) = ${filter.department_id}`);
  if (filter.class_id) parts.push(sql`s.class_id = ${filter.class_id}`);
  if (filter.income_type_id) {
    parts.push(sql`exists (select 1 from payment_allocation a join invoice i on i.id = a.invoice_id where a.payment_id = x.id and i.income_type_id = ${filter.income_type_id})`);
  }
  if (filter.q?.trim()) {
    const like = `%${filter.q.trim().toLowerCase()}%`;
    parts.push(sql`(lower(coalesce(x.payment_no, '')) like ${like} or lower(coalesce(s.nis, c.registration_no, '')) like ${like}
      or lower(coalesce(s.name, c.name, '')) like ${like} or coalesce(x.va_no, '') like ${like} or lower(coalesce(x.bank_reference, '')) like ${like})`);
  }
  return and(parts);
}

const PAYMENT_SELECT = sql`
  select x.*, ${PARTY_COLUMNS}, jt.name as journal_type_name
  from payment x ${PARTY_JOINS} left join journal_type jt on jt.id = x.journal_type_id`;

function paymentRowOf(r: Row): PaymentRow {
  return {
    id: num(r.id),
    payment_no: String(r.payment_no ?? ''),
    kind: r.kind as PartyKind,
    party_id: num(r.party_id),
    party_number: String(r.party_number ?? ''),
    party_name: String(r.party_name ?? ''),
    department_name: text(r.department_name),
    class_name: text(r.class_name),
    va_no: text(r.va_no),
    payment_date: String(r.payment_date),
    amount: num(r.amount),
    deposit_amount: num(r.deposit_amount),
    method: r.method as PaymentMethod,
    journal_type_name: text(r.journal_type_name),
    bank_reference: text(r.bank_reference),
    remarks: text(r.remarks),
  };
}

/** A page of payments, newest first, with the count and the amount's total of all that match. */
export async function paymentList(db: Db, filter: PaymentFilter, paging: Paging): Promise<{ data: PaymentRow[]; total: number; totals: { amount: number } }> {
  const where = paymentWhere(filter);
  const [rows, sums] = await Promise.all([
    sql<Row>`${PAYMENT_SELECT} where ${where} order by x.payment_date desc, x.id desc
      limit ${paging.perPage} offset ${(paging.page - 1) * paging.perPage}`.execute(db),
    sql<Row>`select count(*) as n, coalesce(sum(x.amount), 0) as amount from payment x ${PARTY_JOINS} where ${where}`.execute(db),
  ]);
  // What the page's payments settled still owes now (the list's payment icon, spec 3 §4): one query for the page.
  const ids = rows.rows.map((r) => num(r.id));
  const owing = new Map<number, number>();
  if (ids.length) {
    const left = await sql<Row>`select a.payment_id, sum(i.outstanding) as outstanding from payment_allocation a join invoice i on i.id = a.invoice_id
      where a.payment_id = any(${sql.val(ids)}::bigint[]) group by a.payment_id`.execute(db);
    for (const r of left.rows) owing.set(num(r.payment_id), num(r.outstanding));
  }
  // A payment that settled no invoice (all to the deposit) has nothing outstanding to show: null.
  const data = rows.rows.map((r) => ({ ...paymentRowOf(r), allocated_outstanding: owing.get(num(r.id)) ?? null }));
  return { data, total: num(sums.rows[0]?.n), totals: { amount: num(sums.rows[0]?.amount) } };
}

/** A payment with what it settled (spec 3 §2.6) and its journals; null when there is none. */
export async function paymentDetail(db: Db, id: number): Promise<PaymentDetail | null> {
  const found = await sql<Row>`${PAYMENT_SELECT} where x.id = ${id}`.execute(db);
  const row = found.rows[0];
  if (!row) return null;
  const allocations = await sql<Row>`
    select a.invoice_id, a.amount, i.transaction_no, i.invoice_date, i.due_date, i.value, i.outstanding, t.name as income_type_name
    from payment_allocation a join invoice i on i.id = a.invoice_id left join income_type t on t.id = i.income_type_id
    where a.payment_id = ${id} order by a.id`.execute(db);
  const journals = await journalRows(db, sql`j.payment_id = ${id}`, { page: 1, perPage: 100 });
  return {
    ...paymentRowOf(row),
    allocations: allocations.rows.map((a) => ({
      invoice_id: num(a.invoice_id),
      transaction_no: String(a.transaction_no ?? ''),
      income_type_name: String(a.income_type_name ?? ''),
      invoice_date: String(a.invoice_date),
      due_date: String(a.due_date),
      value: num(a.value),
      amount: num(a.amount),
      outstanding: num(a.outstanding),
    })),
    journals,
  };
}

// ---------- journals

export function journalWhere(filter: JournalFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (filter.source) parts.push(sql`j.source = ${filter.source}`);
  if (filter.sync_state) parts.push(sql`j.sync_state = ${filter.sync_state}`);
  if (filter.journal_type_id) parts.push(sql`j.journal_type_id = ${filter.journal_type_id}`);
  if (filter.journal_date_gte) parts.push(sql`j.journal_date >= ${filter.journal_date_gte}`);
  if (filter.journal_date_lte) parts.push(sql`j.journal_date <= ${filter.journal_date_lte}`);
  if (filter.q?.trim()) {
    const like = `%${filter.q.trim().toLowerCase()}%`;
    parts.push(sql`(lower(coalesce(j.journal_no, '')) like ${like} or lower(coalesce(j.description, '')) like ${like}
      or lower(coalesce(i.transaction_no, '')) like ${like} or lower(coalesce(p.payment_no, '')) like ${like})`);
  }
  return and(parts);
}

const JOURNAL_FROM = sql`
  from journal j
  left join journal_type jt on jt.id = j.journal_type_id
  left join invoice i on i.id = j.invoice_id
  left join payment p on p.id = j.payment_id
  left join journal r on r.id = j.reverses_journal_id`;

/** A page of journals (newest first), each with its lines and totals: two queries. */
export async function journalRows(db: Db, where: RawBuilder<unknown>, paging: Paging, locale: Locale = 'id'): Promise<JournalRow[]> {
  // The sync queue's row (server/accounting/accountingDdl.ts): the last attempt's error and the attempts.
  const heads = await sql<Row>`
    select j.*, jt.name as journal_type_name, i.transaction_no as invoice_no, p.payment_no, r.journal_no as reverses_journal_no,
      s.last_error as sync_error, coalesce(s.attempts, 0) as sync_attempts
    ${JOURNAL_FROM} left join journal_sync s on s.journal_id = j.id where ${where} order by j.journal_date desc, j.id desc
    limit ${paging.perPage} offset ${(paging.page - 1) * paging.perPage}`.execute(db);
  const ids = heads.rows.map((h) => num(h.id));
  const lines = new Map<number, JournalLineRow[]>();
  if (ids.length) {
    const found = await sql<Row>`
      select l.journal_id, l.debit, l.credit, l.description, a.code as coa_code, a.name as coa_name
      from journal_line l left join coa a on a.id = l.coa_id where l.journal_id = any(${sql.val(ids)}) order by l.journal_id, l.id`.execute(db);
    for (const l of found.rows) {
      const list = lines.get(num(l.journal_id)) ?? [];
      list.push({ coa_code: String(l.coa_code ?? ''), coa_name: String(l.coa_name ?? ''), debit: num(l.debit), credit: num(l.credit), description: text(l.description) });
      lines.set(num(l.journal_id), list);
    }
  }
  return heads.rows.map((h) => {
    const own = lines.get(num(h.id)) ?? [];
    return {
      id: num(h.id),
      journal_no: String(h.journal_no ?? ''),
      journal_date: String(h.journal_date),
      journal_type_name: text(h.journal_type_name),
      source: h.source as JournalRow['source'],
      description: text(h.description),
      invoice_no: text(h.invoice_no),
      payment_no: text(h.payment_no),
      sync_state: (h.sync_state as JournalRow['sync_state']) ?? 'not_sync',
      sync_date: h.sync_date instanceof Date ? h.sync_date.toISOString() : text(h.sync_date),
      sync_error: h.sync_state === 'synced' ? null : shownFailure(locale, text(h.sync_error)),
      sync_attempts: num(h.sync_attempts),
      officer: text(h.created_by),
      reverses_journal_no: text(h.reverses_journal_no),
      debit: own.reduce((sum, l) => sum + l.debit, 0),
      credit: own.reduce((sum, l) => sum + l.credit, 0),
      lines: own,
    };
  });
}

export async function journalList(db: Db, filter: JournalFilter, paging: Paging, locale: Locale = 'id'): Promise<{ data: JournalRow[]; total: number }> {
  const where = journalWhere(filter);
  const [data, count] = await Promise.all([journalRows(db, where, paging, locale), sql<Row>`select count(*) as n ${JOURNAL_FROM} where ${where}`.execute(db)]);
  return { data, total: num(count.rows[0]?.n) };
}
