// Sample bank VA files for the bank import's tests and bench: the demo layouts' shapes (server/
// seed/demo/bank_layout.yaml), BCA's CSV report (a title line, then the header, amounts like
// "1,250,000.00", dates DD/MM/YYYY HH:mm:ss) and Mandiri's XLSX sheet (English headers, VA
// numbers as text, amounts as numbers, dates as Excel dates), plus parties to pay for.

import ExcelJS from 'exceljs';
import type { Db } from '../../server/db/database';
import type { Caller, RecordWrites } from '../../server/records/recordWrites';
import { ledgerOf } from '../../server/finance/ledger/ledger';

export interface SampleLine {
  va: string;
  amount: number;
  /** 'YYYY-MM-DD HH:mm:ss' */
  paidAt: string;
  reference: string;
  name?: string;
  /** Written as is instead of the amount (an unreadable one). */
  rawAmount?: string;
  /** Written as is instead of the date. */
  rawDate?: string;
}

export const BCA_LAYOUT_ID = 1;
export const MANDIRI_LAYOUT_ID = 2;

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const grouped = (n: number, sep: string) => n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, sep);

/** BCA's CSV report: "1,250,000.00" amounts, DD/MM/YYYY HH:mm:ss dates. */
export function bcaCsv(lines: readonly SampleLine[]): Buffer {
  const out = ['Laporan Transaksi Virtual Account BCA,,,,,', 'No.,Tanggal Bayar,No. VA,Nama,Nominal,No. Referensi'];
  lines.forEach((l, i) => {
    const [date = '', time = '00:00:00'] = l.paidAt.split(' ');
    const [y, m, d] = date.split('-');
    const paid = l.rawDate ?? `${d}/${m}/${y} ${time}`;
    const amount = l.rawAmount ?? `${grouped(l.amount, ',')}.00`;
    out.push([String(i + 1), paid, l.va, l.name ?? 'PEMBAYAR', amount, l.reference].map(csvCell).join(','));
  });
  return Buffer.from(`${out.join('\r\n')}\r\n`, 'utf8');
}

/** Mandiri's XLSX sheet: VA as text, amount as a number, date as an Excel date. */
export async function mandiriXlsx(lines: readonly SampleLine[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Transactions');
  sheet.addRow(['No', 'Transaction Date', 'VA Number', 'Customer Name', 'Amount', 'Reference No']);
  lines.forEach((l, i) => {
    const date = l.rawDate ?? new Date(`${l.paidAt.replace(' ', 'T')}Z`);
    sheet.addRow([i + 1, date, l.va, l.name ?? 'PAYER', l.rawAmount ?? l.amount, l.reference]);
  });
  sheet.getColumn(3).numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const admin: Caller = { username: 'admin', roles: ['ROLE_ADMIN', 'ROLE_ADMIN_FINANCE'], locale: 'en' };
let made = 0;

export interface SampleParty {
  kind: 'candidate';
  id: number;
  va: string;
  invoiceIds: number[];
}

/**
 * `count` fresh candidates, each with a VA number (candidate VA code 3) and `invoices` open
 * SPP invoices of `value` (financial year 2), through the door and the ledger, in one transaction.
 */
export async function sampleParties(db: Db, records: RecordWrites, count: number, invoices: number[] = [500_000]): Promise<SampleParty[]> {
  const runId = `${process.pid % 10000}${Date.now() % 100000}`.padStart(9, '0').slice(-9);
  return db.transaction().execute(async (tx) => {
    const parties: SampleParty[] = [];
    for (let i = 0; i < count; i++) {
      made += 1;
      const serial = String(made).padStart(6, '0');
      const candidate = await records.create(tx, admin, 'candidate', { registration_no: `BANK-${runId}-${serial}`, name: `Calon Bank ${serial}`, department_id: 4 });
      const va = `1234590${runId.slice(-3)}${serial}`;
      await records.create(tx, admin, 'va_student', {
        va_code_id: 3,
        va_no: va,
        candidate_id: Number(candidate.id),
        student_number: `BANK-${runId}-${serial}`,
        student_name: `Calon Bank ${serial}`,
        department_id: 4,
      });
      parties.push({ kind: 'candidate', id: Number(candidate.id), va, invoiceIds: [] });
    }
    const ledger = ledgerOf(records);
    const drafts = parties.flatMap((party) =>
      invoices.map((value, n) => ({
        kind: party.kind,
        party_id: party.id,
        va_no: party.va,
        financial_year_id: 2,
        income_type_id: 1,
        period_no: n + 1,
        period_start: null,
        installment_no: 0,
        installment_count: 1,
        invoice_date: `2025-0${7 + Math.min(n, 2)}-01`,
        due_date: `2025-0${7 + Math.min(n, 2)}-10`,
        value,
        discount: 0,
        source: 'generate' as const,
      })),
    );
    await ledger.issueInvoices(tx, admin, drafts);
    const rows = await tx.selectFrom('invoice').select(['id', 'candidate_id']).where('candidate_id', 'in', parties.map((p) => p.id)).orderBy('id').execute();
    for (const row of rows) parties.find((p) => p.id === Number(row.candidate_id))?.invoiceIds.push(Number(row.id));
    return parties;
  });
}
