// Reading a bank's virtual-account payment file (issue 12 "Payments") by its layout
// (schemas/bank_layout.yaml): CSV or XLSX, the columns named by header text or 1-based number,
// the bank's date format and thousands separators. A file that cannot be read at all (not a
// CSV, not an XLSX, a column the layout names is missing) is a BankFileError, which the route
// answers as 422 before anything is written; a line whose amount or date cannot be read is
// kept, with its problem, and staged as invalid.

import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';

export interface Bilingual {
  en: string;
  id: string;
}

export class BankFileError extends Error {
  override name = 'BankFileError';
  constructor(readonly text: Bilingual) {
    super(text.en);
  }
}

export interface BankLayout {
  id: number;
  name: string;
  bank: string;
  file_kind: 'csv' | 'xlsx';
  delimiter: 'comma' | 'semicolon' | 'tab' | 'pipe';
  header_rows: number;
  va_no_column: string;
  amount_column: string;
  paid_at_column: string;
  reference_column: string;
  name_column: string | null;
  date_format: string;
  amount_format: 'plain' | 'dot_thousands' | 'comma_thousands';
}

/** One payment line as read: amount and paid_at are null when unreadable (problem says why). */
export interface BankFileLine {
  /** The line's number in the file (1-based, header lines counted), as a spreadsheet shows it. */
  line: number;
  va_no: string;
  amount: number | null;
  /** 'YYYY-MM-DD HH:mm:ss' or 'YYYY-MM-DD' as the file gives it. */
  paid_at: string | null;
  reference: string | null;
  payer_name: string | null;
  problem: Bilingual | null;
}

type Cell = string | number | Date | null;

const DELIMITERS: Record<BankLayout['delimiter'], string> = { comma: ',', semicolon: ';', tab: '\t', pipe: '|' };

/** Splits CSV text into rows of cells (RFC 4180 quotes: "a,b", "say ""hi"""). */
export function parseCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function csvRows(bytes: Buffer, layout: BankLayout): Cell[][] {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  // A binary file (an XLSX, a PDF, an image) sent as CSV: control characters a text file has not.
  // eslint-disable-next-line no-control-regex
  const binary = (text.match(/[\u0000-\u0008\u000E-\u001F\uFFFD]/g) ?? []).length;
  if (bytes.length === 0 || binary > Math.max(2, text.length / 1000)) {
    throw new BankFileError({
      en: `The file is not a CSV text file; the layout “${layout.name}” expects one`,
      id: `File bukan file teks CSV; format “${layout.name}” mengharapkan CSV`,
    });
  }
  return parseCsv(text, DELIMITERS[layout.delimiter] ?? ',');
}

function cellOf(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string' || value instanceof Date) return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if ('result' in value && value.result !== undefined) return cellOf(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
  }
  return String(value);
}

async function xlsxRows(bytes: Buffer, layout: BankLayout): Promise<Cell[][]> {
  const notXlsx = new BankFileError({
    en: `The file is not an Excel (XLSX) workbook; the layout “${layout.name}” expects one`,
    id: `File bukan buku kerja Excel (XLSX); format “${layout.name}” mengharapkan XLSX`,
  });
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw notXlsx;
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw notXlsx;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw notXlsx;
  const rows: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const values = row.values as ExcelJS.CellValue[];
    rows[rowNumber - 1] = values.slice(1).map(cellOf);
  });
  for (let i = 0; i < rows.length; i++) rows[i] ??= [];
  return rows;
}

const textOf = (cell: Cell | undefined): string => {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  return String(cell).trim();
};

/** The 0-based index of a layout column: a number counts from 1, a text is a header (any case). */
function columnIndex(layout: BankLayout, header: Cell[] | undefined, spec: string, label: Bilingual): number {
  const wanted = spec.trim();
  if (/^\d{1,3}$/.test(wanted) && Number(wanted) >= 1) return Number(wanted) - 1;
  const names = (header ?? []).map((cell) => textOf(cell).toLowerCase());
  const index = names.indexOf(wanted.toLowerCase());
  if (index >= 0) return index;
  const found = (header ?? []).map(textOf).filter(Boolean).join(', ') || '—';
  throw new BankFileError({
    en: `The file has no column “${wanted}” (${label.en}) that the layout “${layout.name}” names; its header line has: ${found}`,
    id: `File tidak memiliki kolom “${wanted}” (${label.id}) yang disebut format “${layout.name}”; baris judulnya berisi: ${found}`,
  });
}

const AMOUNT_PATTERNS: Record<BankLayout['amount_format'], { pattern: RegExp; thousands: string; decimal: string }> = {
  plain: { pattern: /^\d+(\.\d{1,2})?$/, thousands: '', decimal: '.' },
  dot_thousands: { pattern: /^(\d{1,3}(\.\d{3})+|\d+)(,\d{1,2})?$/, thousands: '.', decimal: ',' },
  comma_thousands: { pattern: /^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/, thousands: ',', decimal: '.' },
};

/** Whole rupiah from a cell, or null: digits in the layout's format, cents only as zeros. */
export function amountOf(cell: Cell | undefined, format: BankLayout['amount_format']): number | null {
  if (typeof cell === 'number') return Number.isSafeInteger(cell) && cell > 0 ? cell : null;
  const text = textOf(cell).replace(/^(Rp\.?|IDR)\s*/i, '').replace(/\s/g, '');
  const { pattern, thousands, decimal } = AMOUNT_PATTERNS[format] ?? AMOUNT_PATTERNS.plain;
  if (!pattern.test(text)) return null;
  const [whole = '', cents = ''] = text.split(decimal);
  if (/[1-9]/.test(cents)) return null;
  const digits = thousands ? whole.split(thousands).join('') : whole;
  const value = Number(digits);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function validDate(y: number, m: number, d: number, hh: number, mm: number, ss: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return (
    y >= 1900 && y <= 9999 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && hh < 24 && mm < 60 && ss < 60
  );
}

/** 'YYYY-MM-DD[ HH:mm:ss]' from a cell in the layout's date format (an Excel date as it shows), or null. */
export function paidAtOf(cell: Cell | undefined, format: string): string | null {
  const withTime = /HH/.test(format);
  if (cell instanceof Date) {
    // Excel keeps the wall-clock time; exceljs hands it over as that time in UTC.
    const [y, m, d] = [cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate()];
    const time = `${pad(cell.getUTCHours())}:${pad(cell.getUTCMinutes())}:${pad(cell.getUTCSeconds())}`;
    return `${y}-${pad(m)}-${pad(d)}${withTime ? ` ${time}` : ''}`;
  }
  const text = textOf(cell);
  const tokens: string[] = [];
  const source = format.replace(/YYYY|MM|DD|HH|mm|ss|[.*+?^${}()|[\]\\]/g, (part) => {
    if (/^(YYYY|MM|DD|HH|mm|ss)$/.test(part)) {
      tokens.push(part);
      return part === 'YYYY' ? '(\\d{4})' : '(\\d{1,2})';
    }
    return `\\${part}`;
  });
  const match = new RegExp(`^${source}$`).exec(text);
  if (!match) return null;
  const value = (token: string) => {
    const at = tokens.indexOf(token);
    return at < 0 ? 0 : Number(match[at + 1]);
  };
  const [y, m, d, hh, mm, ss] = [value('YYYY'), value('MM'), value('DD'), value('HH'), value('mm'), value('ss')];
  if (!validDate(y, m, d, hh, mm, ss)) return null;
  return `${y}-${pad(m)}-${pad(d)}${withTime ? ` ${pad(hh)}:${pad(mm)}:${pad(ss)}` : ''}`;
}

function vaOf(cell: Cell | undefined): { va: string; lost: boolean } {
  if (typeof cell === 'number') return { va: cell.toFixed(0), lost: !Number.isSafeInteger(cell) };
  return { va: textOf(cell).replace(/[\s-]/g, ''), lost: false };
}

const COLUMN_LABELS = {
  va_no: { en: 'VA number', id: 'nomor VA' },
  amount: { en: 'amount', id: 'jumlah' },
  paid_at: { en: 'payment date', id: 'tanggal bayar' },
  reference: { en: 'reference', id: 'referensi' },
  name: { en: 'payer name', id: 'nama pembayar' },
} as const;

/** The payment lines of a bank file in the layout; BankFileError when the file cannot be read. */
export async function readBankFile(layout: BankLayout, bytes: Buffer): Promise<BankFileLine[]> {
  const rows = layout.file_kind === 'xlsx' ? await xlsxRows(bytes, layout) : csvRows(bytes, layout);
  const skip = Math.max(0, layout.header_rows);
  const header = skip > 0 ? rows[skip - 1] : undefined;
  const at = {
    va_no: columnIndex(layout, header, layout.va_no_column, COLUMN_LABELS.va_no),
    amount: columnIndex(layout, header, layout.amount_column, COLUMN_LABELS.amount),
    paid_at: columnIndex(layout, header, layout.paid_at_column, COLUMN_LABELS.paid_at),
    reference: columnIndex(layout, header, layout.reference_column, COLUMN_LABELS.reference),
    name: layout.name_column ? columnIndex(layout, header, layout.name_column, COLUMN_LABELS.name) : -1,
  };
  const lines: BankFileLine[] = [];
  for (let index = skip; index < rows.length; index++) {
    const row = rows[index] ?? [];
    if (row.every((cell) => textOf(cell) === '')) continue;
    const { va, lost } = vaOf(row[at.va_no]);
    const amount = amountOf(row[at.amount], layout.amount_format);
    const paidAt = paidAtOf(row[at.paid_at], layout.date_format);
    const reference = textOf(row[at.reference]) || null;
    let problem: Bilingual | null = null;
    const column = (which: 'va_no' | 'amount' | 'paid_at', spec: string) => `${COLUMN_LABELS[which].en} (“${spec}”)`;
    const kolom = (which: 'va_no' | 'amount' | 'paid_at', spec: string) => `${COLUMN_LABELS[which].id} (“${spec}”)`;
    if (!va || !/^\d{4,30}$/.test(va) || lost) {
      problem = lost
        ? { en: `The ${column('va_no', layout.va_no_column)} lost digits as an Excel number; format that column as text`, id: `Kolom ${kolom('va_no', layout.va_no_column)} kehilangan angka sebagai angka Excel; format kolom itu sebagai teks` }
        : { en: `The ${column('va_no', layout.va_no_column)} is not a VA number: “${textOf(row[at.va_no])}”`, id: `Kolom ${kolom('va_no', layout.va_no_column)} bukan nomor VA: “${textOf(row[at.va_no])}”` };
    } else if (amount === null) {
      problem = {
        en: `The ${column('amount', layout.amount_column)} cannot be read as whole rupiah: “${textOf(row[at.amount])}”`,
        id: `Kolom ${kolom('amount', layout.amount_column)} tidak terbaca sebagai rupiah utuh: “${textOf(row[at.amount])}”`,
      };
    } else if (paidAt === null) {
      problem = {
        en: `The ${column('paid_at', layout.paid_at_column)} is not a date in the format ${layout.date_format}: “${textOf(row[at.paid_at])}”`,
        id: `Kolom ${kolom('paid_at', layout.paid_at_column)} bukan tanggal berformat ${layout.date_format}: “${textOf(row[at.paid_at])}”`,
      };
    }
    lines.push({
      line: index + 1,
      va_no: va.slice(0, 100),
      amount,
      paid_at: paidAt,
      reference: reference ? reference.slice(0, 100) : null,
      payer_name: at.name >= 0 ? textOf(row[at.name]).slice(0, 150) || null : null,
      problem,
    });
  }
  return lines;
}

/** sha256 of the line's normalized content: va_no|amount|paid_at|reference. */
export function contentHash(line: Pick<BankFileLine, 'va_no' | 'amount' | 'paid_at' | 'reference'>): string {
  return createHash('sha256').update(`${line.va_no}|${line.amount ?? ''}|${line.paid_at ?? ''}|${line.reference ?? ''}`).digest('hex');
}

/**
 * Each line's key: its content hash and its occurrence among identical lines of the file
 * (#1, #2 …). The same file again, or the same lines in another file, give the same keys.
 */
export function lineKeys(lines: readonly BankFileLine[]): { key: string; occurrence: number }[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const hash = contentHash(line);
    const occurrence = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, occurrence);
    return { key: `${hash}#${occurrence}`, occurrence };
  });
}
