// Generating invoices (/income; issue 12 "Invoices"; spec 1 §5, spec 3 §5, §8): the parties a
// request narrows to, the ones without a VA number left out and listed, the periods and
// installments planned, and the drafts handed to the ledger, which creates only those that do not
// exist yet (so a re-run, or the same run twice at once, creates each invoice once).

import { sql } from 'kysely';
import type { GenerateInvoicesAnswerData, GenerateInvoicesRequest, PartyKind, PartyWithoutVa } from '../../../src/shared/api/finance';
import type { Locale } from '../../../src/shared/entityModel';
import type { Db } from '../../db/database';
import { ApiError, invalidInput } from '../../http/apiError';
import type { Caller } from '../../records/recordWrites';
import type { InvoiceDraft, Ledger } from '../ledger/ledger';
import { moneyOf } from '../ledger/ledger';
import { addMonths, checkCandidateParts, checkInvoiceRequest, planParts, type FieldMessages, type IncomeTypePlan, type PlannedPart } from './invoicePlan';
import { invoiceText } from './invoiceTexts';
import { isCalendarDay } from '../../../src/shared/schoolCalendar';

export interface IncomeTypeRow extends IncomeTypePlan {
  id: number;
  code: string;
  name: string;
  is_active: boolean;
}

export interface FinancialYearRow {
  id: number;
  department_id: number;
  description: string;
  start_date: string;
  end_date: string;
}

export async function incomeTypeById(db: Db, id: number): Promise<IncomeTypeRow | undefined> {
  const row = await db
    .selectFrom('income_type')
    .select(['id', 'code', 'name', 'is_active', 'is_recurring', 'period', 'interval', 'times', 'is_installment', 'max_installment_tenor'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row as IncomeTypeRow | undefined;
}

export async function financialYearById(db: Db, id: number): Promise<FinancialYearRow | undefined> {
  const row = await db.selectFrom('financial_year').select(['id', 'department_id', 'description', 'start_date', 'end_date']).where('id', '=', id).executeTakeFirst();
  return row as FinancialYearRow | undefined;
}

/** A party found by the narrowing, with its first active VA number (null: none). */
export interface PartyFound {
  id: number;
  number: string;
  name: string;
  class_name: string | null;
  va_no: string | null;
}

export interface PartyNarrowing {
  kind: PartyKind;
  department_id?: number | null;
  level_id?: number | null;
  class_id?: number | null;
  batch_id?: number | null;
  party_ids?: number[];
}

/**
 * The active students (or candidates) a narrowing finds: students by unit, their class's level,
 * class and the class's academic batch; candidates by unit, level and registration batch (they
 * have no class yet). Picked ids narrow further.
 */
export async function partiesOf(db: Db, narrowing: PartyNarrowing): Promise<PartyFound[]> {
  const ids = narrowing.party_ids?.length ? narrowing.party_ids : null;
  if (narrowing.kind === 'student') {
    let query = db
      .selectFrom('student as s')
      .leftJoin('class as c', 'c.id', 's.class_id')
      .select([
        's.id as id',
        's.nis as number',
        's.name as name',
        'c.name as class_name',
        sql<string | null>`(select v.va_no from va_student v where v.student_id = s.id and v.is_active order by v.id limit 1)`.as('va_no'),
      ])
      .where('s.is_active', '=', true);
    if (narrowing.department_id) query = query.where('s.department_id', '=', narrowing.department_id);
    if (narrowing.level_id) query = query.where('c.level_id', '=', narrowing.level_id);
    if (narrowing.class_id) query = query.where('s.class_id', '=', narrowing.class_id);
    if (narrowing.batch_id) query = query.where('c.academic_batch_id', '=', narrowing.batch_id);
    if (ids) query = query.where('s.id', 'in', ids);
    return (await query.orderBy('s.id').execute()) as PartyFound[];
  }
  let query = db
    .selectFrom('candidate as p')
    .select([
      'p.id as id',
      'p.registration_no as number',
      'p.name as name',
      sql<null>`null`.as('class_name'),
      sql<string | null>`(select v.va_no from va_student v where v.candidate_id = p.id and v.is_active order by v.id limit 1)`.as('va_no'),
    ])
    .where('p.is_active', '=', true);
  if (narrowing.department_id) query = query.where('p.department_id', '=', narrowing.department_id);
  if (narrowing.level_id) query = query.where('p.level_id', '=', narrowing.level_id);
  if (narrowing.batch_id) query = query.where('p.registration_batch_id', '=', narrowing.batch_id);
  if (ids) query = query.where('p.id', 'in', ids);
  return (await query.orderBy('p.id').execute()) as PartyFound[];
}

/** `party:period:installment` of the invoices of one income type and year that exist already. */
export async function existingKeys(db: Db, kind: PartyKind, incomeTypeId: number, financialYearId: number): Promise<Set<string>> {
  const column = kind === 'student' ? 'student_id' : 'candidate_id';
  const rows = await db
    .selectFrom('invoice')
    .select([`${column} as party_id`, 'period_no', 'installment_no'])
    .where('income_type_id', '=', incomeTypeId)
    .where('financial_year_id', '=', financialYearId)
    .where(column, 'is not', null)
    .execute();
  return new Set(rows.map((row) => invoiceKey(Number(row.party_id), Number(row.period_no), Number(row.installment_no))));
}

/**
 * Serialises issuing invoices of these income types: the ledger skips drafts that exist when it
 * reads, so two runs at once would both see none and the second would hit the unique keys. The
 * row lock (no key update: invoices' foreign keys still read the row) makes the later run wait
 * for the earlier one's commit and then find its invoices. Ids in order, so two runs never deadlock.
 */
export async function lockIncomeTypes(tx: Db, ids: number[]): Promise<void> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length) await sql`select id from income_type where id in (${sql.join(sorted)}) order by id for no key update`.execute(tx);
}

export const invoiceKey = (partyId: number, periodNo: number, installmentNo: number) => `${partyId}:${periodNo}:${installmentNo}`;

const positiveId = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

/** The request read and checked: 422 with messages under its fields, 404 for a missing year or income type. */
async function readRequest(db: Db, locale: Locale, body: unknown) {
  const request = (typeof body === 'object' && body !== null ? body : {}) as Partial<GenerateInvoicesRequest>;
  const errors: FieldMessages = {};
  const need = (field: string, ok: boolean, key: Parameters<typeof invoiceText>[1] = 'required') => {
    if (!ok) (errors[field] ??= []).push(invoiceText(locale, key));
  };
  const financialYearId = positiveId(request.financial_year_id);
  const incomeTypeId = positiveId(request.income_type_id);
  need('financial_year_id', financialYearId !== null);
  need('income_type_id', incomeTypeId !== null);
  need('kind', request.kind === 'student' || request.kind === 'candidate');
  need('invoice_date', isCalendarDay(request.invoice_date), request.invoice_date ? 'dateInvalid' : 'required');
  need('due_date', isCalendarDay(request.due_date), request.due_date ? 'dateInvalid' : 'required');
  if (request.income_date !== undefined && request.income_date !== null && request.income_date !== '') need('income_date', isCalendarDay(request.income_date), 'dateInvalid');
  const value = request.value === undefined || request.value === null || request.value === '' ? null : moneyOf(request.value);
  if (request.value === undefined || request.value === null || request.value === '') need('value', false, 'valueRequired');
  else need('value', value !== null, 'moneyInvalid');
  const discount = request.discount === undefined || request.discount === null || request.discount === '' ? 0 : moneyOf(request.discount);
  need('discount', discount !== null, 'moneyInvalid');
  const tenor = request.tenor ?? 1;
  need('tenor', typeof tenor === 'number' && Number.isInteger(tenor) && tenor >= 1, 'tenorInvalid');
  const partyIds = Array.isArray(request.party_ids) ? request.party_ids.filter((id): id is number => positiveId(id) !== null) : [];
  if (Object.keys(errors).length) throw invalidInput(locale, errors);

  const [year, type] = await Promise.all([financialYearById(db, financialYearId!), incomeTypeById(db, incomeTypeId!)]);
  if (!year) throw new ApiError(404, invoiceText(locale, 'notFoundFinancialYear'));
  if (!type) throw new ApiError(404, invoiceText(locale, 'notFoundIncomeType'));
  if (!type.is_active) throw invalidInput(locale, { income_type_id: [invoiceText(locale, 'incomeTypeInactive')] });
  const incomeDate = isCalendarDay(request.income_date) ? request.income_date : null;
  const checked = {
    kind: request.kind as PartyKind,
    invoice_date: request.invoice_date as string,
    due_date: request.due_date as string,
    income_date: incomeDate,
    value: value!,
    discount: discount!,
    tenor: tenor,
  };
  const dateErrors = checkInvoiceRequest(locale, { ...checked, year, type });
  if (Object.keys(dateErrors).length) throw invalidInput(locale, dateErrors);
  const parts = planParts(type, checked);
  if (checked.kind === 'candidate') {
    const outside = checkCandidateParts(locale, year, parts);
    if (Object.keys(outside).length) throw invalidInput(locale, outside);
  }
  return {
    ...checked,
    year,
    type,
    parts,
    narrowing: {
      kind: checked.kind,
      // a financial year belongs to one unit: without a unit picked, its parties are the year's unit's
      department_id: positiveId(request.department_id) ?? year.department_id,
      level_id: positiveId(request.level_id),
      class_id: positiveId(request.class_id),
      batch_id: positiveId(request.batch_id),
      party_ids: partyIds,
    },
    journal_type_id: positiveId(request.journal_type_id),
    remarks: typeof request.remarks === 'string' && request.remarks.trim() ? request.remarks.trim() : null,
    dry_run: request.dry_run !== false,
  };
}

/** The ledger's drafts for the parties with a VA number, every planned part each. */
export function draftsOf(
  request: { kind: PartyKind; year: { id: number }; type: { id: number }; income_date: string | null; journal_type_id: number | null; remarks: string | null },
  parties: PartyFound[],
  parts: PlannedPart[],
  source: InvoiceDraft['source'] = 'generate',
): InvoiceDraft[] {
  return parties.flatMap((party) =>
    parts.map((part) => ({
      kind: request.kind,
      party_id: party.id,
      va_no: party.va_no,
      financial_year_id: request.year.id,
      income_type_id: request.type.id,
      period_no: part.period_no,
      period_start: part.period_start,
      installment_no: part.installment_no,
      installment_count: part.installment_count,
      invoice_date: part.invoice_date,
      due_date: part.due_date,
      income_date: request.income_date ? addMonths(request.income_date, part.shift) : null,
      value: part.value,
      discount: part.discount,
      journal_type_id: request.journal_type_id,
      remarks: request.remarks,
      source,
    })),
  );
}

export interface GenerateOutcome {
  message: string;
  data: GenerateInvoicesAnswerData;
}

/**
 * Plans and (unless a dry run) issues the invoices of a request. `write` runs the ledger inside
 * one transaction; a dry run reads only.
 */
export async function generateInvoices(
  db: Db,
  caller: Caller,
  body: unknown,
  write: (issue: (tx: Db, ledger: Ledger) => Promise<{ created: number; existing: number }>) => Promise<{ created: number; existing: number }>,
): Promise<GenerateOutcome> {
  const locale = caller.locale;
  const request = await readRequest(db, locale, body);
  const parties = await partiesOf(db, request.narrowing);
  const withVa = parties.filter((party) => party.va_no);
  const withoutVa: PartyWithoutVa[] = parties
    .filter((party) => !party.va_no)
    .map((party) => ({ id: party.id, number: party.number, name: party.name, class_name: party.class_name }));
  const drafts = draftsOf(request, withVa, request.parts);
  const periods = request.parts
    .filter((part) => part.installment_no <= 1)
    .map((part) => ({ period_no: part.period_no, period_start: part.period_start, invoice_date: part.invoice_date, due_date: part.due_date }));

  let created = 0;
  let existing = 0;
  let wouldCreate = 0;
  if (request.dry_run) {
    const have = await existingKeys(db, request.kind, request.type.id, request.year.id);
    existing = drafts.filter((draft) => have.has(invoiceKey(draft.party_id, draft.period_no, draft.installment_no))).length;
    wouldCreate = drafts.length - existing;
  } else if (drafts.length) {
    ({ created, existing } = await write(async (tx, ledger) => {
      await lockIncomeTypes(tx, [request.type.id]);
      return ledger.issueInvoices(tx, caller, drafts);
    }));
  }

  const count = request.dry_run ? wouldCreate : created;
  const texts = [count === 0 ? invoiceText(locale, 'noInvoicesGenerated') : invoiceText(locale, request.dry_run ? 'invoicesWouldGenerate' : 'invoicesGenerated', { count })];
  if (parties.length === 0) texts.push(invoiceText(locale, 'noParties'));
  if (withoutVa.length) texts.push(invoiceText(locale, 'withoutVa'));
  return {
    message: texts.join('. '),
    data: { created, would_create: wouldCreate, existing, parties: parties.length, without_va: withoutVa, periods },
  };
}
