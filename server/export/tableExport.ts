// A table of rows with typed columns written as a file: XLSX (exceljs) or PDF (pdfmake 0.3 on the
// server). What any report or master-data export hands over is an ExportTable; nothing here
// knows a report. Money is whole rupiah written as a number with a Rupiah format (`Rp 1.250.000`
// in an Indonesian Excel), a date a real date cell, an integer a number, a percent a number with
// two decimals; the totals row sums what the caller summed.
//
// XLSX goes through exceljs's streaming writer, row by row, so 100,000 rows do not sit twice in
// memory; the PDF is laid out by pdfmake in memory, which is why callers keep it to fewer rows.
// The PDF uses the standard Helvetica font (nothing to embed or read from disk); its header is
// the school's name, the title and the filters' line.

import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import pdfMake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';

// decimal: a quantity that may have a fraction (1.5 hours of leave), shown as it is.
export type ExportColumnType = 'text' | 'money' | 'date' | 'integer' | 'percent' | 'decimal';

export interface ExportColumn {
  key: string;
  header: string;
  type: ExportColumnType;
}

export type ExportValue = string | number | null | undefined;

export interface ExportTable {
  /** The organisation on top of the file (the school's name). */
  organisation: string;
  title: string;
  /** One line under the title: what the rows were filtered by. */
  subtitle?: string;
  columns: readonly ExportColumn[];
  /** Read as they are written (an async iterable streams them from the database). */
  rows: Iterable<Record<string, ExportValue>> | AsyncIterable<Record<string, ExportValue>>;
  /** The totals row, by column key (the first column shows `totalsLabel`). */
  totals?: Record<string, ExportValue>;
  totalsLabel?: string;
  /** 'id' or 'en': how the PDF writes amounts and dates. */
  locale: string;
}

/** The Rupiah number format of money cells (Excel shows the locale's grouping: dots in Indonesian). */
export const RUPIAH_FORMAT = '"Rp" #,##0;-"Rp" #,##0';
export const DATE_FORMAT = 'dd/mm/yyyy';
export const PERCENT_FORMAT = '0.00';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' → a Date at midnight UTC (what Excel shows as that day); anything else: null. */
export function dateCell(value: ExportValue): Date | null {
  const match = typeof value === 'string' ? DAY.exec(value) : null;
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
}

function cellValue(type: ExportColumnType, value: ExportValue): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  switch (type) {
    case 'money':
    case 'integer':
    case 'percent':
    case 'decimal':
      return typeof value === 'number' ? value : Number(value);
    case 'date':
      return dateCell(value) ?? String(value);
    default:
      return String(value);
  }
}

const FORMATS: Partial<Record<ExportColumnType, string>> = { money: RUPIAH_FORMAT, date: DATE_FORMAT, percent: PERCENT_FORMAT, integer: '0' };
const WIDTHS: Record<ExportColumnType, number> = { text: 24, money: 18, date: 13, integer: 10, percent: 10, decimal: 10 };

/** The XLSX file as a stream (written as the rows are read). */
export function xlsxStream(table: ExportTable): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = table.organisation;
  workbook.title = table.title;
  const sheet = workbook.addWorksheet(table.title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '), { views: [{ state: 'frozen', ySplit: 4 }] });
  sheet.columns = table.columns.map((column) => ({ key: column.key, width: Math.max(WIDTHS[column.type], Math.min(40, column.header.length + 2)), style: FORMATS[column.type] ? { numFmt: FORMATS[column.type] } : {} }));
  const write = async () => {
    sheet.addRow([table.organisation]).font = { bold: true, size: 13 };
    sheet.addRow([table.title]).font = { bold: true, size: 12 };
    sheet.addRow([table.subtitle ?? '']).font = { italic: true, color: { argb: 'FF555555' } };
    const header = sheet.addRow(table.columns.map((column) => column.header));
    header.font = { bold: true };
    header.eachCell((cell) => {
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } };
      cell.border = { bottom: { style: 'thin' } };
    });
    header.commit();
    // One style object per column, shared by all its cells: exceljs keys the styles it has seen by
    // object, so a shared one is looked up once, where each cell's own copy (what a column style
    // gives) is serialised and compared again, cell after cell (most of the time of a large file).
    const shared: Partial<ExcelJS.Style>[] = table.columns.map((column) => (FORMATS[column.type] ? { numFmt: FORMATS[column.type] } : {}));
    let count = 0;
    for await (const row of table.rows) {
      const line = sheet.addRow(table.columns.map((column) => cellValue(column.type, row[column.key])));
      for (let index = 0; index < shared.length; index++) line.getCell(index + 1).style = shared[index]!;
      line.commit();
      count += 1;
      // let the stream drain now and then: 100,000 rows otherwise pile up before the first byte leaves
      if (count % 2000 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    if (table.totals) {
      const totals = sheet.addRow(table.columns.map((column, index) => (index === 0 && table.totals![column.key] === undefined ? (table.totalsLabel ?? 'Total') : cellValue(column.type, table.totals![column.key]))));
      totals.font = { bold: true };
      totals.eachCell((cell) => {
        cell.border = { top: { style: 'thin' } };
      });
      totals.commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** The XLSX file whole. */
export async function xlsxBuffer(table: ExportTable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxStream(table)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// ---------- PDF

const HELVETICA = { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' };
pdfMake.setFonts({ Helvetica: HELVETICA });
// A report reads no image or font from the network or the disk: only PDF's built-in fonts, by name.
const BUILT_IN: ReadonlySet<string> = new Set(Object.values(HELVETICA));
pdfMake.setUrlAccessPolicy(() => false);
pdfMake.setLocalAccessPolicy((path) => BUILT_IN.has(path));

const MONTHS: Record<string, readonly string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  id: ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'],
};

/** 1250000 → 'Rp 1.250.000' (spec 3 §9). */
export function rupiahText(value: number): string {
  const digits = Math.abs(Math.trunc(value)).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${value < 0 ? '-' : ''}Rp ${digits}`;
}

/** '2026-08-03' → '3 Agustus 2026' (id) or '3 August 2026' (en): day, full month name, year (spec 3 §9). */
export function dateText(value: string, locale: string): string {
  const match = DAY.exec(value);
  if (!match) return value;
  return `${Number(match[3])} ${(MONTHS[locale] ?? MONTHS.en!)[Number(match[2]) - 1]} ${match[1]}`;
}

function pdfText(type: ExportColumnType, value: ExportValue, locale: string): string {
  if (value === null || value === undefined || value === '') return '';
  switch (type) {
    case 'money':
      return rupiahText(Number(value));
    case 'date':
      return dateText(String(value), locale);
    case 'percent':
      return `${Number(value).toFixed(2).replace('.', locale === 'id' ? ',' : '.')}%`;
    case 'integer':
    case 'decimal':
      return Number(value).toLocaleString(locale === 'id' ? 'id-ID' : 'en-US', { maximumFractionDigits: 2 });
    default:
      return String(value);
  }
}

const numeric = (type: ExportColumnType) => type === 'money' || type === 'integer' || type === 'percent' || type === 'decimal';

/** The PDF file: the school's name, the title, the filters' line, then the table (its header repeated on every page). */
export async function pdfBuffer(table: ExportTable): Promise<Buffer> {
  const head: TableCell[] = table.columns.map((column) => ({ text: column.header, style: 'head', alignment: numeric(column.type) ? 'right' : 'left' }));
  const body: TableCell[][] = [head];
  for await (const row of table.rows) {
    body.push(table.columns.map((column) => ({ text: pdfText(column.type, row[column.key], table.locale), alignment: numeric(column.type) ? 'right' : 'left' })));
  }
  if (table.totals) {
    body.push(
      table.columns.map((column, index) => ({
        text: index === 0 && table.totals![column.key] === undefined ? (table.totalsLabel ?? 'Total') : pdfText(column.type, table.totals![column.key], table.locale),
        bold: true,
        alignment: numeric(column.type) ? 'right' : 'left',
      })),
    );
  }
  const content: Content[] = [
    { text: table.organisation, style: 'organisation' },
    { text: table.title, style: 'title' },
    ...(table.subtitle ? [{ text: table.subtitle, style: 'subtitle' } as Content] : []),
    {
      table: { headerRows: 1, widths: table.columns.map((column) => (column.type === 'text' ? '*' : 'auto')), body },
      layout: { fillColor: (rowIndex: number) => (rowIndex === 0 ? '#e8eef7' : rowIndex % 2 === 0 ? '#f7f9fc' : null), hLineWidth: () => 0.5, vLineWidth: () => 0, hLineColor: () => '#c8d0dc' },
    },
  ];
  const definition: TDocumentDefinitions = {
    info: { title: `${table.title} — ${table.organisation}`, author: table.organisation, creator: 'Sekolah Admin' },
    pageSize: 'A4',
    pageOrientation: table.columns.length > 6 ? 'landscape' : 'portrait',
    pageMargins: [24, 28, 24, 32],
    defaultStyle: { font: 'Helvetica', fontSize: table.columns.length > 9 ? 6.5 : 8 },
    styles: {
      organisation: { fontSize: 13, bold: true },
      title: { fontSize: 11, bold: true, margin: [0, 2, 0, 0] },
      subtitle: { fontSize: 8, italics: true, color: '#555555', margin: [0, 2, 0, 8] },
      head: { bold: true },
    },
    footer: (page: number, pages: number) => ({ text: `${table.organisation} · ${table.title} · ${page}/${pages}`, fontSize: 7, color: '#777777', margin: [24, 8, 24, 0] }),
    content,
  };
  return pdfMake.createPdf(definition).getBuffer();
}
