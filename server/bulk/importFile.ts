// An import file read into a header and rows of cells: CSV (comma or semicolon separated, as
// Excel writes it in English and in Indonesian; UTF-8 with or without a byte order mark) or
// XLSX (the first sheet; the header is the first row whose cells are not all empty, so a file
// exported with the school's name and title on top reads back too).

import ExcelJS from 'exceljs';

export type Cell = string | number | boolean | Date | null;

export interface ImportTable {
  header: string[];
  /** Each row with its line in the file (1-based, the header's line included). */
  rows: Array<{ line: number; cells: Cell[] }>;
}

const XLSX_MAGIC = 'PK';

export function isXlsx(filename: string, bytes: Buffer): boolean {
  return /\.xlsx$/i.test(filename) || bytes.subarray(0, 2).toString('latin1') === XLSX_MAGIC;
}

/** RFC 4180 records: quoted fields may hold the separator, quotes ("") and line breaks. */
export function csvRecords(text: string, separator: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === separator) {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** The separator of the header line: the one of comma, semicolon and tab it holds most of, outside quotes. */
function separatorOf(text: string): string {
  const line = text.split(/\r?\n/, 1)[0].replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((s) => [s, line.split(s).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

const blankRow = (cells: Cell[]) => cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

function tableOf(records: Array<{ line: number; cells: Cell[] }>): ImportTable {
  const start = records.findIndex((r) => !blankRow(r.cells) && r.cells.filter((c) => c !== null && String(c).trim() !== '').length > 1);
  const headerAt = start === -1 ? records.findIndex((r) => !blankRow(r.cells)) : start;
  if (headerAt === -1) return { header: [], rows: [] };
  const header = records[headerAt].cells.map((c) => (c === null ? '' : String(c).trim()));
  const rows = records.slice(headerAt + 1).filter((r) => !blankRow(r.cells));
  return { header, rows };
}

export function readCsv(bytes: Buffer): ImportTable {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const records = csvRecords(text, separatorOf(text));
  // Lines counted as the file has them: a quoted line break inside a field does not count (rare).
  return tableOf(records.map((cells, index) => ({ line: index + 1, cells })));
}

function xlsxCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return xlsxCell((value.result ?? null) as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return null;
  }
  return String(value);
}

export async function readXlsx(bytes: Buffer): Promise<ImportTable> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return { header: [], rows: [] };
  const records: Array<{ line: number; cells: Cell[] }> = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = xlsxCell(cell.value);
    });
    for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = null;
    records.push({ line, cells });
  });
  return tableOf(records);
}

export async function readImportFile(filename: string, bytes: Buffer): Promise<ImportTable> {
  return isXlsx(filename, bytes) ? readXlsx(bytes) : readCsv(bytes);
}
