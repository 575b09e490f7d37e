// Uploading invoices (/uploadincome; issue 12 "Invoices"; STYLE.md: imports stage first, then
// commit, and a re-import adds nothing). A CSV or XLSX file with one invoice a row: party number
// (a student's NIS or a candidate's registration number), income type code, financial year (its
// description), invoice date, due date, value, and optionally discount and remarks. A dry run
// answers each row's fate (ok, exists, error with reasons in the caller's language) and writes
// nothing; the commit writes the ok rows, all in one transaction, through the ledger.

import ExcelJS from 'exceljs';
import type { PartyKind, UploadInvoiceRow, UploadInvoicesAnswer } from '../../../src/shared/api/finance';
import type { Locale } from '../../../src/shared/entityModel';
import type { Db } from '../../db/database';
import { invalidInput } from '../../http/apiError';
import type { Caller } from '../../records/recordWrites';
import { moneyOf, type InvoiceDraft, type Ledger } from '../ledger/ledger';
import { existingKeys, invoiceKey, lockIncomeTypes } from './generateInvoices';
import { checkInvoiceRequest, monthStart, type IncomeTypePlan } from './invoicePlan';
import { invoiceText } from './invoiceTexts';
import { isCalendarDay } from '../../../src/shared/schoolCalendar';

/** The columns, by the header names a file may use (English or Indonesian, any case). */
const COLUMNS = {
  party_number: ['party_number', 'nis', 'registration_no', 'nomor', 'nomor_induk', 'no_pendaftaran', 'number'],
  income_type_code: ['income_type_code', 'income_type', 'kode_jenis_pendapatan', 'jenis_pendapatan'],
  financial_year: ['financial_year', 'tahun_buku'],
  invoice_date: ['invoice_date', 'tanggal_tagihan'],
  due_date: ['due_date', 'jatuh_tempo', 'tanggal_jatuh_tempo'],
  value: ['value', 'nilai'],
  discount: ['discount', 'potongan'],
  remarks: ['remarks', 'keterangan'],
} as const;
type Column = keyof typeof COLUMNS;
const REQUIRED: readonly Column[] = ['party_number', 'income_type_code', 'financial_year', 'invoice_date', 'due_date', 'value'];

/** The header line every sample and template uses. */
export const UPLOAD_HEADER: readonly Column[] = ['party_number', 'income_type_code', 'financial_year', 'invoice_date', 'due_date', 'value', 'discount', 'remarks'];

export type UploadCells = Record<Column, string>;

const normalised = (header: string) => header.trim().toLowerCase().replace(/[\s-]+/g, '_');

/** CSV text → rows of cells (RFC 4180 quotes; comma or semicolon, whichever the header uses). */
export function parseCsv(text: string): string[][] {
  const clean = text.replace(/^\uFEFF/, '');
  const firstLine = clean.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < clean.length; index += 1) {
    const ch = clean[index]!;
    if (quoted) {
      if (ch === '"' && clean[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && clean[index + 1] === '\n') index += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((value) => value.trim() !== ''));
}

const pad = (n: number) => String(n).padStart(2, '0');

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    return '';
  }
  return String(value);
}

/** The first sheet of an XLSX file → rows of cells. */
export async function parseXlsx(bytes: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as ExcelJS.CellValue[];
    rows.push(values.slice(1).map(cellText));
  });
  return rows.filter((cells) => cells.some((value) => value.trim() !== ''));
}

/** A sample upload file (tests, the screen's template): CSV text or XLSX bytes of these rows. */
export async function sampleUploadFile(kind: 'csv' | 'xlsx', rows: Partial<UploadCells>[]): Promise<Buffer> {
  const lines = rows.map((row) => UPLOAD_HEADER.map((column) => row[column] ?? ''));
  if (kind === 'csv') {
    const quote = (value: string) => (/[",;\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
    return Buffer.from([UPLOAD_HEADER, ...lines].map((line) => line.map(quote).join(',')).join('\n') + '\n', 'utf8');
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('invoices');
  sheet.addRow([...UPLOAD_HEADER]);
  for (const line of lines) sheet.addRow(line);
  return Buffer.from(await book.xlsx.writeBuffer());
}

interface PartyMatch {
  kind: PartyKind;
  id: number;
  name: string;
  va_no: string | null;
}
interface TypeMatch extends IncomeTypePlan {
  id: number;
  code: string;
  is_active: boolean;
}
interface YearMatch {
  id: number;
  description: string;
  start_date: string;
  end_date: string;
}

/** The recurring type's period a date falls in, counted from the year's start (1…); 0 for a one-off type. */
function periodOfDate(type: IncomeTypePlan, year: YearMatch, date: string): number {
  if (!type.is_recurring || !type.period) return 0;
  const months = (Number(date.slice(0, 4)) - Number(year.start_date.slice(0, 4))) * 12 + (Number(date.slice(5, 7)) - Number(year.start_date.slice(5, 7)));
  const step = { month: 1, semester: 6, year: 12 }[type.period] * Math.max(1, type.interval ?? 1);
  return Math.max(0, Math.floor(months / step)) + 1;
}

async function lookups(db: Db, rows: UploadCells[]) {
  const numbers = [...new Set(rows.map((row) => row.party_number).filter(Boolean))];
  const codes = [...new Set(rows.map((row) => row.income_type_code).filter(Boolean))];
  const years = [...new Set(rows.map((row) => row.financial_year).filter(Boolean))];
  const va = (column: string, alias: string) =>
    db.selectFrom('va_student as v').select('v.va_no').whereRef(`v.${column}`, '=', `${alias}.id`).where('v.is_active', '=', true).orderBy('v.id').limit(1);
  const [students, candidates, types, fys] = await Promise.all([
    numbers.length ? db.selectFrom('student as s').select(['s.id', 's.nis as number', 's.name', va('student_id', 's').as('va_no')]).where('s.nis', 'in', numbers).execute() : [],
    numbers.length
      ? db.selectFrom('candidate as p').select(['p.id', 'p.registration_no as number', 'p.name', va('candidate_id', 'p').as('va_no')]).where('p.registration_no', 'in', numbers).execute()
      : [],
    codes.length
      ? db.selectFrom('income_type').select(['id', 'code', 'is_active', 'is_recurring', 'period', 'interval', 'times', 'is_installment', 'max_installment_tenor']).where('code', 'in', codes).execute()
      : [],
    years.length ? db.selectFrom('financial_year').select(['id', 'description', 'start_date', 'end_date']).where('description', 'in', years).execute() : [],
  ]);
  const parties = new Map<string, PartyMatch>();
  for (const row of candidates) parties.set(String(row.number), { kind: 'candidate', id: Number(row.id), name: String(row.name), va_no: (row.va_no as string | null) ?? null });
  // a student's NIS wins over a candidate's registration number that happens to be the same
  for (const row of students) parties.set(String(row.number), { kind: 'student', id: Number(row.id), name: String(row.name), va_no: (row.va_no as string | null) ?? null });
  return {
    parties,
    types: new Map(types.map((row) => [String(row.code), row as unknown as TypeMatch])),
    years: new Map(fys.map((row) => [String(row.description), row as unknown as YearMatch])),
  };
}

interface CheckedRow {
  answer: UploadInvoiceRow;
  draft: InvoiceDraft | null;
}

/** Every row's fate; the drafts of the ok rows. Reads only. */
export async function checkUploadRows(db: Db, locale: Locale, rows: UploadCells[]): Promise<CheckedRow[]> {
  const found = await lookups(db, rows);
  const existing = new Map<string, Set<string>>();
  const seen = new Map<string, number>();
  const out: CheckedRow[] = [];
  for (const [index, cells] of rows.entries()) {
    const line = index + 2;
    const errors: string[] = [];
    const party = found.parties.get(cells.party_number);
    const type = found.types.get(cells.income_type_code);
    const year = found.years.get(cells.financial_year);
    if (!cells.party_number) errors.push(`${invoiceText(locale, 'required')}: party_number`);
    else if (!party) errors.push(invoiceText(locale, 'uploadUnknownParty', { number: cells.party_number }));
    else if (!party.va_no) errors.push(invoiceText(locale, 'withoutVa'));
    if (!type) errors.push(invoiceText(locale, 'uploadUnknownIncomeType', { code: cells.income_type_code }));
    else if (!type.is_active) errors.push(invoiceText(locale, 'incomeTypeInactive'));
    if (!year) errors.push(invoiceText(locale, 'uploadUnknownYear', { name: cells.financial_year }));
    const invoiceDate = isCalendarDay(cells.invoice_date) ? cells.invoice_date : null;
    const dueDate = isCalendarDay(cells.due_date) ? cells.due_date : null;
    if (!invoiceDate) errors.push(`${invoiceText(locale, 'dateInvalid')}: invoice_date`);
    if (!dueDate) errors.push(`${invoiceText(locale, 'dateInvalid')}: due_date`);
    const value = cells.value ? moneyOf(cells.value) : null;
    if (!cells.value) errors.push(invoiceText(locale, 'valueRequired'));
    else if (value === null) errors.push(`${invoiceText(locale, 'moneyInvalid')}: value`);
    const discount = cells.discount ? moneyOf(cells.discount) : 0;
    if (discount === null) errors.push(`${invoiceText(locale, 'moneyInvalid')}: discount`);
    if (party && type && year && invoiceDate && dueDate && value !== null && discount !== null) {
      const rules = checkInvoiceRequest(locale, { kind: party.kind, year, type, invoice_date: invoiceDate, due_date: dueDate, value, discount, tenor: 1 });
      errors.push(...Object.values(rules).flat());
    }
    let status: UploadInvoiceRow['status'] = errors.length ? 'error' : 'ok';
    let draft: InvoiceDraft | null = null;
    if (status === 'ok' && party && type && year && invoiceDate && dueDate && value !== null && discount !== null) {
      const periodNo = periodOfDate(type, year, invoiceDate);
      const key = `${party.kind}:${invoiceKey(party.id, periodNo, 0)}:${type.id}:${year.id}`;
      const setKey = `${party.kind}:${type.id}:${year.id}`;
      if (!existing.has(setKey)) existing.set(setKey, await existingKeys(db, party.kind, type.id, year.id));
      const earlier = seen.get(key);
      if (existing.get(setKey)!.has(invoiceKey(party.id, periodNo, 0))) {
        status = 'exists';
        errors.push(invoiceText(locale, 'uploadExists'));
      } else if (earlier !== undefined) {
        status = 'error';
        errors.push(invoiceText(locale, 'uploadDuplicateRow', { line: earlier }));
      } else {
        seen.set(key, line);
        draft = {
          kind: party.kind,
          party_id: party.id,
          va_no: party.va_no,
          financial_year_id: year.id,
          income_type_id: type.id,
          period_no: periodNo,
          period_start: periodNo ? monthStart(invoiceDate) : null,
          installment_no: 0,
          installment_count: 1,
          invoice_date: invoiceDate,
          due_date: dueDate,
          income_date: null,
          value,
          discount,
          remarks: cells.remarks || null,
          source: 'upload',
        };
      }
    }
    out.push({
      draft,
      answer: {
        line,
        status,
        party_number: cells.party_number,
        party_name: party?.name ?? null,
        income_type_code: cells.income_type_code,
        value,
        invoice_date: invoiceDate,
        due_date: dueDate,
        errors,
      },
    });
  }
  return out;
}

/** A file's rows as cells by column, or 422 (unreadable, empty, columns missing). */
export async function readUploadFile(locale: Locale, fileName: string, base64: string): Promise<UploadCells[]> {
  const bytes = Buffer.from(base64.replace(/^data:[^,]*,/, ''), 'base64');
  const isXlsx = /\.xlsx$/i.test(fileName) || bytes.subarray(0, 2).toString('latin1') === 'PK';
  let table: string[][];
  try {
    table = isXlsx ? await parseXlsx(bytes) : parseCsv(bytes.toString('utf8'));
  } catch {
    throw invalidInput(locale, { file: [invoiceText(locale, 'uploadUnreadable')] });
  }
  if (table.length < 2) throw invalidInput(locale, { file: [invoiceText(locale, 'uploadEmpty')] });
  const header = table[0]!.map(normalised);
  const at = {} as Record<Column, number>;
  for (const column of Object.keys(COLUMNS) as Column[]) at[column] = header.findIndex((name) => (COLUMNS[column] as readonly string[]).includes(name));
  const missing = REQUIRED.filter((column) => at[column] < 0);
  if (missing.length) throw invalidInput(locale, { file: [invoiceText(locale, 'uploadMissingColumns', { columns: missing.join(', ') })] });
  return table.slice(1).map((cells) => {
    const row = {} as UploadCells;
    for (const column of Object.keys(COLUMNS) as Column[]) row[column] = at[column] >= 0 ? (cells[at[column]] ?? '').trim() : '';
    return row;
  });
}

type UploadOutcome = Pick<UploadInvoicesAnswer, 'message' | 'data'>;

export async function uploadInvoices(
  db: Db,
  caller: Caller,
  body: Record<string, unknown>,
  write: (issue: (tx: Db, ledger: Ledger) => Promise<{ created: number; existing: number }>) => Promise<{ created: number; existing: number }>,
): Promise<UploadOutcome> {
  const locale = caller.locale;
  const fileName = typeof body.file_name === 'string' ? body.file_name : '';
  if (typeof body.file !== 'string' || !body.file) throw invalidInput(locale, { file: [invoiceText(locale, 'required')] });
  const cells = await readUploadFile(locale, fileName, body.file);
  const dryRun = body.dry_run !== false;
  const checked = await checkUploadRows(db, locale, cells);
  const rows = checked.map((row) => row.answer);
  const count = (status: UploadInvoiceRow['status']) => rows.filter((row) => row.status === status).length;
  const drafts = checked.flatMap((row) => (row.draft ? [row.draft] : []));
  let created = 0;
  if (!dryRun && drafts.length) {
    ({ created } = await write(async (tx, ledger) => {
      await lockIncomeTypes(tx, drafts.map((draft) => draft.income_type_id));
      return ledger.issueInvoices(tx, caller, drafts);
    }));
  }
  const data = { rows, ok: count('ok'), exists: count('exists'), errors: count('error'), created };
  const message = dryRun
    ? invoiceText(locale, 'uploadChecked', { ok: data.ok, exists: data.exists, errors: data.errors })
    : created
      ? invoiceText(locale, 'uploaded', { count: created })
      : invoiceText(locale, 'uploadNothing');
  return { message, data };
}
