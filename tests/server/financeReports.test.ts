// The receivables and payment reports (server/finance/reports/): each report's rows and totals
// against figures worked out here, independently, from the ledger's own rows (invoices,
// allocations with their payments' dates, waivers, penalties, merges and reversals, journal
// lines), for today and for a past cut-off where a later payment, waiver or merge must not count;
// who may read them; refused filters; the XLSX export read back with exceljs (values and cell
// types) and the PDF export (a PDF holding the school's name).

import { inflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { schoolToday } from '../../src/shared/schoolCalendar';
import { AGING_BUCKETS, type ReportName } from '../../src/shared/api/financeReports';
import { ledgerOf, type Ledger } from '../../server/finance/ledger/ledger';
import { invoicesAsOf } from '../../server/finance/reports/receivableReports';
import type { Db } from '../../server/db/database';
import { pdfTooLargeText } from '../../server/finance/reports/reportRoutes';
import { fileServer } from './harness';
import { draft, finance, newParty, type Party } from './ledgerHelpers';

const server = fileServer({ demoData: true });
const db = (): Db => server.database.db;
const ledger = (): Ledger => ledgerOf(server.app.records);
const inTx = <T>(work: (tx: Db) => Promise<T>): Promise<T> => db().transaction().execute(work);
const today = schoolToday();
const PAST = '2025-11-30';

let alice: Party;
let bima: Party;

async function issue(who: Party, value: number, change: Parameters<typeof draft>[2] = {}): Promise<number> {
  const { ids } = await inTx((tx) => ledger().issueInvoices(tx, finance, [draft(who, value, change)]));
  return ids[0]!;
}

beforeAll(async () => {
  alice = await newParty(db(), server.app.records);
  bima = await newParty(db(), server.app.records);
  // Alice: two invoices, a payment in August, a fine in September, a waiver in October, and a
  // payment in December that a November cut-off must not see.
  const a1 = await issue(alice, 1_000_000, { invoice_date: '2025-08-01', due_date: '2025-08-10' });
  const a2 = await issue(alice, 500_000, { invoice_date: '2025-09-01', due_date: '2025-09-10', discount: 50_000 });
  await issue(alice, 750_000, { invoice_date: '2025-11-01', due_date: '2025-12-10' });
  await inTx((tx) => ledger().pay(tx, finance, { kind: 'candidate', party_id: alice.id, payment_date: '2025-08-15', amount: 400_000, method: 'va', invoice_order: [a1] }));
  await inTx((tx) => ledger().addPenalties(tx, finance, [{ invoice_id: a1, period: '2025-09', penalty_date: '2025-09-15', amount: 20_000 }]));
  await inTx((tx) => ledger().waive(tx, finance, { invoice_id: a2, waiver_date: '2025-10-01', amount: 100_000, reason: 'Beasiswa' }));
  await inTx((tx) => ledger().pay(tx, finance, { kind: 'candidate', party_id: alice.id, payment_date: '2025-12-20', amount: 700_000, method: 'cash', invoice_order: [a1, a2] }));
  // Bima: one invoice reversed in November, two merged in December (after the past cut-off).
  const b1 = await issue(bima, 300_000, { invoice_date: '2025-08-01', due_date: '2025-08-10' });
  await inTx((tx) => ledger().reverseInvoices(tx, finance, { ids: [b1], reversing_date: '2025-11-05' }));
  const b2 = await issue(bima, 200_000, { invoice_date: '2025-09-01', due_date: '2025-09-05', va_no: 'BIMA-VA' });
  const b3 = await issue(bima, 250_000, { invoice_date: '2025-10-01', due_date: '2025-10-05', va_no: 'BIMA-VA' });
  await inTx((tx) => ledger().mergeInvoices(tx, finance, { ids: [b2, b3], invoice_date: '2025-12-02', due_date: '2025-12-31' }));
  await inTx((tx) => ledger().pay(tx, finance, { kind: 'candidate', party_id: bima.id, payment_date: '2026-01-05', amount: 100_000, method: 'transfer' }));
}, 60_000);

// ---------- the independent figures, from the ledger's rows

interface LedgerInvoice {
  id: number;
  party: string;
  invoice_date: string;
  due_date: string;
  income_type_id: number;
  value: number;
  discount: number;
  closed_amount: number;
  close_date: string | null;
  paid: { date: string; amount: number }[];
  waived: { date: string; amount: number }[];
  penalties: { date: string; amount: number }[];
}

async function ledgerInvoices(): Promise<LedgerInvoice[]> {
  const q = async <T,>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;
  const invoices = await q(sql<Record<string, unknown>>`select id, student_id, candidate_id, income_type_id, invoice_date, due_date, value, discount, closed_amount, state, reversing_date, merged_into_id from invoice`);
  const dates = new Map(invoices.map((i) => [Number(i.id), String(i.invoice_date)]));
  const allocations = await q(sql<Record<string, unknown>>`select a.invoice_id, a.amount, p.payment_date from payment_allocation a, payment p where p.id = a.payment_id`);
  const waivers = await q(sql<Record<string, unknown>>`select invoice_id, amount, waiver_date from waiver`);
  const penalties = await q(sql<Record<string, unknown>>`select invoice_id, amount, penalty_date from penalty`);
  const of = (rows: Record<string, unknown>[], id: number, date: string) =>
    rows.filter((r) => Number(r.invoice_id) === id).map((r) => ({ date: String(r[date]), amount: Number(r.amount) }));
  return invoices.map((i) => {
    const id = Number(i.id);
    return {
      id,
      party: i.student_id !== null ? `s${i.student_id}` : `c${i.candidate_id}`,
      invoice_date: String(i.invoice_date),
      due_date: String(i.due_date),
      income_type_id: Number(i.income_type_id),
      value: Number(i.value),
      discount: Number(i.discount),
      closed_amount: Number(i.closed_amount),
      close_date: i.state === 'reversed' ? String(i.reversing_date) : i.state === 'merged' ? (dates.get(Number(i.merged_into_id)) ?? null) : null,
      paid: of(allocations, id, 'payment_date'),
      waived: of(waivers, id, 'waiver_date'),
      penalties: of(penalties, id, 'penalty_date'),
    };
  });
}

const upTo = (events: { date: string; amount: number }[], day: string) => events.filter((e) => e.date <= day).reduce((sum, e) => sum + e.amount, 0);

/** An invoice as it stood at the end of `day` (null: not issued yet). */
function asOf(invoice: LedgerInvoice, day: string) {
  if (invoice.invoice_date > day) return null;
  const paid = upTo(invoice.paid, day);
  const waived = upTo(invoice.waived, day);
  const penalty = upTo(invoice.penalties, day);
  const closed = invoice.close_date !== null && invoice.close_date <= day ? invoice.closed_amount : 0;
  const billed = invoice.value - invoice.discount + penalty - closed;
  return { paid, waived, penalty, closed, billed, outstanding: billed - paid - waived };
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

function bucketOf(daysPastDue: number): string {
  return AGING_BUCKETS.find((b) => (b.from === null || daysPastDue >= b.from) && (b.to === null || daysPastDue <= b.to))!.key;
}

async function report(name: ReportName, query: Record<string, string> = {}, as = 'finance') {
  const params = new URLSearchParams({ per_page: '500', ...query });
  return server.call('GET', `/api/v1/finance/reports/${name}?${params}`, { as });
}

// ---------- the tests

describe.each([
  ['today', today],
  ['a past cut-off', PAST],
])('receivables as of %s', (_label, cutoff) => {
  it('AR outstanding lists every invoice still owing, with the totals of the ledger', async () => {
    const invoices = await ledgerInvoices();
    const expected = invoices.map((i) => asOf(i, cutoff)).filter((f) => f !== null && f.outstanding > 0);
    const answer = await report('aroutstanding', { cutoff });
    expect(answer.status).toBe(200);
    expect(answer.json.filters.cutoff).toBe(cutoff);
    expect(answer.json.total).toBe(expected.length);
    expect(answer.json.totals.outstanding).toBe(expected.reduce((s, f) => s + f!.outstanding, 0));
    expect(answer.json.totals.paid).toBe(expected.reduce((s, f) => s + f!.paid, 0));
    expect(answer.json.totals.penalty).toBe(expected.reduce((s, f) => s + f!.penalty, 0));
  });

  it('AR aging puts each party’s outstanding in its days-past-due bucket', async () => {
    const invoices = await ledgerInvoices();
    const parties = new Map<string, Record<string, number>>();
    for (const invoice of invoices) {
      const figures = asOf(invoice, cutoff);
      if (!figures || figures.outstanding <= 0) continue;
      const row = parties.get(invoice.party) ?? { current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, over_90: 0, outstanding: 0, invoices: 0 };
      row[bucketOf(daysBetween(invoice.due_date, cutoff))]! += figures.outstanding;
      row.outstanding! += figures.outstanding;
      row.invoices! += 1;
      parties.set(invoice.party, row);
    }
    const answer = await report('araging', { cutoff });
    expect(answer.status).toBe(200);
    expect(answer.json.total).toBe(parties.size);
    for (const key of ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'over_90', 'outstanding', 'invoices']) {
      expect(answer.json.totals[key], key).toBe([...parties.values()].reduce((s, r) => s + r[key]!, 0));
    }
    const number = (await sql<{ n: string }>`select registration_no as n from candidate where id = ${alice.id}`.execute(db())).rows[0]!.n;
    const row = answer.json.data.find((r: Record<string, unknown>) => r.party_number === number);
    expect(row).toMatchObject(parties.get(`c${alice.id}`)!);
  });

  it('the AR dashboard, the summaries by class and by type add up to the ledger', async () => {
    const invoices = await ledgerInvoices();
    const carried = invoices.map((i) => asOf(i, cutoff)).filter((f) => f !== null && (f.billed !== 0 || f.paid !== 0 || f.waived !== 0));
    const sum = (key: 'billed' | 'paid' | 'waived' | 'outstanding') => carried.reduce((s, f) => s + f![key], 0);
    for (const name of ['ardashboard', 'paymentsummarytype'] as const) {
      const answer = await report(name, { cutoff });
      expect(answer.status, name).toBe(200);
      expect(answer.json.totals, name).toMatchObject({ billed: sum('billed'), paid: sum('paid'), waived: sum('waived'), outstanding: sum('outstanding') });
    }
    const overdue = invoices.filter((i) => i.due_date < cutoff).map((i) => asOf(i, cutoff)).filter((f) => f !== null).reduce((s, f) => s + f!.outstanding, 0);
    expect((await report('ardashboard', { cutoff })).json.totals.overdue).toBe(overdue);
    const students = invoices.filter((i) => i.party.startsWith('s')).map((i) => asOf(i, cutoff)).filter((f) => f !== null && (f.billed !== 0 || f.paid !== 0 || f.waived !== 0));
    const byClass = await report('paymentsummaryclass', { cutoff });
    expect(byClass.json.totals.outstanding).toBe(students.reduce((s, f) => s + f!.outstanding, 0));
  });
});

describe('a PDF of too many rows', () => {
  it('is refused with the count in words that fit it: one row, more rows; Indonesian the same for every count', () => {
    expect(pdfTooLargeText('en', 1)).toBe('This report has 1 row: a PDF takes at most 3,000. Export it to Excel, or narrow the filters.');
    expect(pdfTooLargeText('en', 3001)).toBe('This report has 3,001 rows: a PDF takes at most 3,000. Export it to Excel, or narrow the filters.');
    expect(pdfTooLargeText('id', 3001)).toBe('Laporan ini berisi 3.001 baris: PDF paling banyak 3.000. Ekspor ke Excel, atau persempit saringan.');
  });
});

describe('a past cut-off', () => {
  it('does not count a payment, a waiver or a merge dated after it', async () => {
    const number = (await sql<{ n: string }>`select registration_no as n from candidate where id = ${alice.id}`.execute(db())).rows[0]!.n;
    const find = async (cutoff: string) => (await report('araging', { cutoff, q: number })).json.data[0];
    // 30 September: 1,000,000 − 400,000 paid + 20,000 fine (51–60 days past due) and 450,000 (20 days).
    expect(await find('2025-09-30')).toMatchObject({ days_31_60: 620_000, days_1_30: 450_000, outstanding: 1_070_000, invoices: 2 });
    // 30 November: the waiver of 1 October counts, the December payment does not; November's invoice is current.
    expect(await find(PAST)).toMatchObject({ over_90: 620_000, days_61_90: 350_000, current: 750_000, outstanding: 1_720_000 });
    // Today the December payment has settled the first two (620,000 + 350,000 of its 700,000 after 620,000).
    const now = await find(today);
    expect(now.outstanding).toBe(1_720_000 - 700_000);
  });

  it('counts merged invoices as they were before the merge, and a reversal from its date', async () => {
    const number = (await sql<{ n: string }>`select registration_no as n from candidate where id = ${bima.id}`.execute(db())).rows[0]!.n;
    const rows = async (cutoff: string) => (await report('aroutstanding', { cutoff, q: number })).json.data as Record<string, unknown>[];
    expect((await rows('2025-10-31')).map((r) => r.outstanding)).toEqual([300_000, 200_000, 250_000]);
    expect((await rows(PAST)).map((r) => r.outstanding)).toEqual([200_000, 250_000]);
    const merged = await rows(today);
    expect(merged.map((r) => r.outstanding)).toEqual([350_000]);
  });
});

describe('both ways of summing as of a day', () => {
  it('give the same figures for every invoice on every day: now less what came after, or what came before', async () => {
    for (const day of ['2025-08-14', '2025-08-15', '2025-09-30', PAST, '2025-12-20', today]) {
      const [after, before] = await Promise.all(
        (['after', 'before'] as const).map(async (direction) =>
          (await sql<Record<string, unknown>>`select f.id, f.paid, f.waived, f.penalty, f.closed from ${invoicesAsOf(day, {}, direction)} f order by f.id`.execute(db())).rows,
        ),
      );
      expect(before, day).toEqual(after);
      expect(after.length, day).toBeGreaterThan(0);
    }
  });
});

describe('the period reports', () => {
  it('AR summary rolls the opening forward to the closing, matching the ledger on both days', async () => {
    const from = '2025-09-01';
    const to = '2025-12-31';
    const answer = await report('arsummary', { date_from: from, date_to: to });
    expect(answer.status).toBe(200);
    for (const row of answer.json.data) {
      expect(row.opening + row.invoiced + row.penalty - row.paid - row.waived - row.closed, String(row.income_type_name)).toBe(row.closing);
    }
    const invoices = await ledgerInvoices();
    const balance = (day: string) => invoices.map((i) => asOf(i, day)).reduce((s, f) => s + (f ? f.outstanding : 0), 0);
    expect(answer.json.totals.opening).toBe(balance('2025-08-31'));
    expect(answer.json.totals.closing).toBe(balance(to));
    expect(answer.json.totals.invoiced).toBe(invoices.filter((i) => i.invoice_date >= from && i.invoice_date <= to).reduce((s, i) => s + i.value - i.discount, 0));
  });

  it('the payment dashboard and the candidate payments hold every payment of the period', async () => {
    const payments = (await sql<{ amount: string; method: string; candidate_id: number | null; deposit_amount: string }>`
      select amount, method, candidate_id, deposit_amount from payment where payment_date between '2025-07-01' and '2026-06-30'`.execute(db())).rows;
    const dashboard = await report('paymentdashboard', { date_from: '2025-07-01', date_to: '2026-06-30' });
    expect(dashboard.json.totals.amount).toBe(payments.reduce((s, p) => s + Number(p.amount), 0));
    expect(dashboard.json.totals.cash).toBe(payments.filter((p) => p.method === 'cash').reduce((s, p) => s + Number(p.amount), 0));
    expect(dashboard.json.totals.payments).toBe(payments.length);
    const candidates = await report('reportcandidatepayment', { date_from: '2025-07-01', date_to: '2026-06-30' });
    const theirs = payments.filter((p) => p.candidate_id !== null);
    expect(candidates.json.total).toBe(theirs.length);
    expect(candidates.json.totals.amount).toBe(theirs.reduce((s, p) => s + Number(p.amount), 0));
    expect(candidates.json.totals.deposit).toBe(theirs.reduce((s, p) => s + Number(p.deposit_amount), 0));
  });

  it('the financial report balances: debits equal credits, as the journal lines say', async () => {
    const lines = (await sql<{ debit: string; credit: string }>`
      select coalesce(sum(l.debit), 0) as debit, coalesce(sum(l.credit), 0) as credit from journal_line l join journal j on j.id = l.journal_id
      where j.journal_date between '2025-09-01' and '2025-12-31'`.execute(db())).rows[0]!;
    const answer = await report('financial-report', { date_from: '2025-09-01', date_to: '2025-12-31' });
    expect(answer.json.totals.debit).toBe(Number(lines.debit));
    expect(answer.json.totals.credit).toBe(Number(lines.credit));
    expect(answer.json.totals.debit).toBe(answer.json.totals.credit);
    expect(answer.json.totals.debit).toBeGreaterThan(0);
  });
});

describe('who may read them, and what they refuse', () => {
  it('answers finance readers; 403 for everyone else, admin included', async () => {
    expect((await report('araging', {}, 'adminfinance')).status).toBe(200);
    for (const who of ['admin', 'teacher']) expect((await report('araging', {}, who)).status, who).toBe(403);
    expect((await server.call('GET', '/api/v1/finance/reports/araging/export?format=xlsx', { as: 'teacher' })).status).toBe(403);
  });

  it('refuses a bad filter under its name, in the caller’s language; an unknown report is 404', async () => {
    const bad = await report('araging', { cutoff: '2025-02-30', kind: 'teacher' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.messages).sort()).toEqual(['cutoff', 'kind']);
    const order = await server.call('GET', '/api/v1/finance/reports/arsummary?date_from=2025-12-01&date_to=2025-11-01', { as: 'finance', headers: { 'accept-language': 'id' } });
    expect(order.status).toBe(422);
    expect(order.json.messages.date_to[0]).toBe('Tanggal akhir tidak boleh sebelum tanggal awal');
    expect((await report('araging', { sort: 'password' })).status).toBe(422);
    expect((await report('nosuch' as ReportName)).status).toBe(404);
  });

  it('pages the rows and keeps the totals of all of them', async () => {
    const all = await report('aroutstanding', { cutoff: today });
    const first = await report('aroutstanding', { cutoff: today, per_page: '1', page: '1' });
    expect(first.json.data).toHaveLength(1);
    expect(first.json.total).toBe(all.json.total);
    expect(first.json.totals).toEqual(all.json.totals);
  });
});

describe('exports', () => {
  it('writes XLSX with numbers as Rupiah, dates as dates, every row and the totals', async () => {
    const screen = await report('aroutstanding', { cutoff: PAST });
    const answer = await server.app.inject({ method: 'GET', url: `/api/v1/finance/reports/aroutstanding/export?format=xlsx&cutoff=${PAST}`, headers: { authorization: `Bearer ${await server.token('finance')}`, 'accept-language': 'en' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toContain('aroutstanding-2025-11-30.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('Yayasan Pendidikan Harapan Bangsa');
    const header = (sheet.getRow(4).values as unknown[]).slice(1);
    expect(header).toContain('Outstanding');
    const col = header.indexOf('Outstanding') + 1;
    const dueCol = header.indexOf('Due date') + 1;
    const dataRows = screen.json.total as number;
    let sum = 0;
    for (let r = 5; r < 5 + dataRows; r++) {
      const cell = sheet.getRow(r).getCell(col);
      expect(typeof cell.value).toBe('number');
      expect(cell.numFmt).toContain('Rp');
      expect(sheet.getRow(r).getCell(dueCol).value).toBeInstanceOf(Date);
      expect(sheet.getRow(r).getCell(dueCol).numFmt).toBe('dd/mm/yyyy');
      sum += cell.value as number;
    }
    expect(sum).toBe(screen.json.totals.outstanding);
    const totals = sheet.getRow(5 + dataRows);
    expect(totals.getCell(1).value).toBe('Total');
    expect(totals.getCell(col).value).toBe(screen.json.totals.outstanding);
    const first = screen.json.data[0];
    expect(sheet.getRow(5).getCell(dueCol).value).toEqual(new Date(`${first.due_date}T00:00:00Z`));
  });

  it('writes a PDF headed by the school’s name, in the caller’s language', async () => {
    const answer = await server.app.inject({ method: 'GET', url: `/api/v1/finance/reports/araging/export?format=pdf&cutoff=${PAST}`, headers: { authorization: `Bearer ${await server.token('finance')}`, 'accept-language': 'id' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/pdf');
    const pdf = answer.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Yayasan Pendidikan Harapan Bangsa');
    expect(text).toContain('Umur piutang');
    expect(text).toContain('30 November 2025');
  });
});

/** The text a PDF shows: its content streams inflated, the strings of their TJ operators (Helvetica's WinAnsi codes). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    try {
      const content = inflateSync(pdf.subarray(start, raw.indexOf('endstream', start))).toString('latin1');
      for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) out.push([...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''));
    } catch {
      // not a content stream
    }
  }
  return out.join('');
}
