// Planning invoices before the ledger writes them (issue 12 "Invoices"; spec 3 §5): the periods of
// a recurring income type, the installments of a split invoice, and the dates' checks against the
// financial year. Pure: no database, no clock; the generation and the upload turn the answers into
// ledger drafts (../ledger/ledger.ts InvoiceDraft).

import type { PartyKind } from '../../../src/shared/api/finance';
import { invoiceText, type InvoiceTextKey } from './invoiceTexts';
import type { Locale } from '../../../src/shared/entityModel';

/** What planning needs of an income type (schemas/income_type.yaml). */
export interface IncomeTypePlan {
  is_recurring: boolean;
  period: 'month' | 'semester' | 'year' | null;
  interval: number | null;
  times: number | null;
  is_installment: boolean;
  max_installment_tenor: number | null;
}

export interface FinancialYearDates {
  start_date: string;
  end_date: string;
}

/** One period's dates: period_no 0 for a one-off income type, 1…times for a recurring one. */
export interface PlannedPeriod {
  period_no: number;
  /** Months from the given dates to this period's (0 for the first); an income date moves as far. */
  shift: number;
  period_start: string;
  invoice_date: string;
  due_date: string;
}

/** One installment of one period: installment_no 0 when not split. */
export interface PlannedPart {
  period_no: number;
  shift: number;
  period_start: string;
  installment_no: number;
  installment_count: number;
  invoice_date: string;
  due_date: string;
  value: number;
  discount: number;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `date` moved by `months` calendar months, the day clamped to the month's end (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const match = DATE.exec(date);
  if (!match) throw new Error(`not a date: ${date}`);
  const total = Number(match[1]) * 12 + (Number(match[2]) - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const day = Math.min(Number(match[3]), daysInMonth(year, month));
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The first day of the date's month. */
export function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

const MONTHS_PER: Readonly<Record<'month' | 'semester' | 'year', number>> = { month: 1, semester: 6, year: 12 };

/**
 * The periods to invoice: a one-off income type has one (period_no 0, the given dates); a
 * recurring one has `times` periods, period p's dates the given ones moved by interval × (p − 1)
 * periods (period 1 on the given dates), its start the first day of its invoice date's month.
 */
export function periodsOf(type: IncomeTypePlan, invoiceDate: string, dueDate: string): PlannedPeriod[] {
  if (!type.is_recurring || !type.period) {
    return [{ period_no: 0, shift: 0, period_start: monthStart(invoiceDate), invoice_date: invoiceDate, due_date: dueDate }];
  }
  const step = MONTHS_PER[type.period] * Math.max(1, type.interval ?? 1);
  const times = Math.max(1, type.times ?? 1);
  return Array.from({ length: times }, (_, index) => {
    const invoice = addMonths(invoiceDate, step * index);
    return { period_no: index + 1, shift: step * index, period_start: monthStart(invoice), invoice_date: invoice, due_date: addMonths(dueDate, step * index) };
  });
}

/**
 * Splits a whole into `tenor` whole-rupiah parts: each the floor of the share, the remainder on
 * the last, so the parts add up to the whole exactly.
 */
export function splitEvenly(whole: number, tenor: number): number[] {
  const share = Math.floor(whole / tenor);
  return Array.from({ length: tenor }, (_, index) => (index === tenor - 1 ? whole - share * (tenor - 1) : share));
}

/**
 * The installments of one invoice: value and discount split over the tenor (the remainder on the
 * last), no part's discount above its value (an excess on the last part moves to earlier ones, so
 * the sums stay exact), due dates a month apart. Tenor 1: the invoice whole, installment_no 0.
 */
export function installmentsOf(period: PlannedPeriod, value: number, discount: number, tenor: number): PlannedPart[] {
  if (tenor <= 1) {
    return [{ ...period, installment_no: 0, installment_count: 1, value, discount }];
  }
  const values = splitEvenly(value, tenor);
  const discounts = splitEvenly(discount, tenor);
  let excess = discounts[tenor - 1]! - values[tenor - 1]!;
  if (excess > 0) {
    discounts[tenor - 1] = values[tenor - 1]!;
    for (let index = 0; index < tenor - 1 && excess > 0; index += 1) {
      const room = values[index]! - discounts[index]!;
      const moved = Math.min(room, excess);
      discounts[index] = discounts[index]! + moved;
      excess -= moved;
    }
  }
  return values.map((part, index) => ({
    ...period,
    installment_no: index + 1,
    installment_count: tenor,
    due_date: addMonths(period.due_date, index),
    value: part,
    discount: discounts[index]!,
  }));
}

/** Every installment of every period. */
export function planParts(type: IncomeTypePlan, request: { invoice_date: string; due_date: string; value: number; discount: number; tenor: number }): PlannedPart[] {
  return periodsOf(type, request.invoice_date, request.due_date).flatMap((period) => installmentsOf(period, request.value, request.discount, request.tenor));
}

export type FieldMessages = Record<string, string[]>;

function add(errors: FieldMessages, field: string, text: string): void {
  const list = (errors[field] ??= []);
  if (!list.includes(text)) list.push(text);
}

/**
 * The dates' and amounts' rules of spec 3 §5 for a request to invoice (generation and upload
 * alike), as messages under the fields in the caller's language; empty when all hold.
 */
export function checkInvoiceRequest(
  locale: Locale,
  input: {
    kind: PartyKind;
    year: FinancialYearDates;
    type: IncomeTypePlan;
    invoice_date: string;
    due_date: string;
    income_date?: string | null;
    value: number;
    discount: number;
    tenor: number;
  },
): FieldMessages {
  const errors: FieldMessages = {};
  const say = (field: string, key: InvoiceTextKey, params: Record<string, string | number> = {}) => add(errors, field, invoiceText(locale, key, params));
  const { year } = input;
  if (input.invoice_date < year.start_date) say('invoice_date', 'invoiceBeforeYear');
  if (input.invoice_date > year.end_date) say('invoice_date', 'invoiceAfterYear');
  if (input.due_date < input.invoice_date) say('due_date', 'dueBeforeInvoice');
  if (input.income_date && input.income_date < input.invoice_date) say('income_date', 'incomeBeforeInvoice');
  if (input.kind === 'candidate' && (input.due_date < year.start_date || input.due_date > year.end_date)) say('due_date', 'candidateOutsideYear');
  if (input.discount > input.value) say('discount', 'discountAboveValue');
  if (input.tenor < 1 || !Number.isInteger(input.tenor)) say('tenor', 'tenorInvalid');
  else if (input.tenor > 1) {
    const max = input.type.max_installment_tenor ?? 1;
    if (!input.type.is_installment) say('tenor', 'tenorNotAllowed');
    else if (input.tenor > max) say('tenor', 'tenorTooLong', { max, count: max }); // "1 installment", "6 installments"
  }
  if (input.tenor >= 1 && input.value > 0 && input.value < input.tenor && Number.isInteger(input.tenor)) say('value', 'valueBelowTenor');
  return errors;
}

/** The candidates' rule of spec 3 §5 over every planned part: all dates within the financial year. */
export function checkCandidateParts(locale: Locale, year: FinancialYearDates, parts: PlannedPart[]): FieldMessages {
  const outside = parts.some((part) => [part.invoice_date, part.due_date].some((date) => date < year.start_date || date > year.end_date));
  return outside ? { due_date: [invoiceText(locale, 'candidateOutsideYear')] } : {};
}
