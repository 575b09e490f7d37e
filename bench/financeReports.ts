// The receivables reports' bench (issue 13 "Speed"), on PostgreSQL (an own schema at DATABASE_URL,
// dropped after), over the demo data plus 10,000 candidates with ten monthly invoices each
// (100,000 invoices, July 2025 – April 2026) and one payment per invoice (100,000 payments, each
// 0–200 days after its invoice): half of them pay the invoice in full, half in part, so 50,000
// invoices stay open. The rows are written in bulk SQL that satisfies the ledger's checks (every
// invoice's figures, every payment equal to its allocations), not through the ledger: the bench
// measures the reports, not the writes.
//
//   aging today          GET finance/reports/araging, 20 calls        target p95 ≤ 1 s
//   aging a year back    the same with the cut-off a year before today target p95 ≤ 1 s
//   XLSX of 100,000 rows GET finance/reports/reportcandidatepayment/export?format=xlsx over the
//                        whole period (one row per payment)          target ≤ 10 s
//
// `npx tsx bench/run.ts reports` (needs no build).

import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { entities, validators } from '../src/generated/all';
import { buildApp } from '../server/app';
import { buildCatalog } from '../server/crud/catalog';
import type { Db } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { tables } from '../server/generated/tables';
import { DEMO_PASSWORD } from '../server/seed/demoUsers';
import { seedDemoData } from '../server/seed/seedDemoData';
import { benchSchema } from './benchDatabase';

// BENCH_REPORT_SCALE (e.g. 0.1) shrinks the volume for a quick look.
const SCALE = Number(process.env.BENCH_REPORT_SCALE) || 1;
const PARTIES = Math.round(10_000 * SCALE);
const MONTHS = 10;
const quiet = { info: () => {}, warn: () => {} };

export interface ReportBench {
  seedSeconds: number;
  invoices: number;
  open: number;
  payments: number;
  today: { p50: number; p95: number; rows: number };
  yearBack: { p50: number; p95: number; rows: number; cutoff: string };
  xlsx: { ms: number; cpuMs: number; rows: number; bytes: number };
}

export async function seedReportBench(db: Db): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`insert into candidate (registration_no, name, department_id, is_active, created_by)
      select 'BENCH-' || lpad(g::text, 6, '0'), 'Calon Bench ' || g, 4, true, 'bench' from generate_series(1, ${PARTIES}) g`.execute(tx);
    // Ten monthly invoices of Rp 500.000 per candidate; the even periods of every candidate are paid in full, the odd in part.
    await sql`insert into invoice (transaction_no, financial_year_id, income_type_id, candidate_id, va_no, period_no, installment_no, installment_count,
        invoice_date, due_date, value, discount, paid_amount, waived_amount, penalty_amount, closed_amount, outstanding, state, is_published, source, created_by)
      select 'BENCH/' || c.id || '/' || m, 2, 1, c.id, '99' || c.id, m, 0, 1,
        (date '2025-07-01' + ((m - 1) || ' months')::interval)::date, (date '2025-07-10' + ((m - 1) || ' months')::interval)::date,
        500000, 0, case when m % 2 = 0 then 500000 else 200000 end, 0, 0, 0, case when m % 2 = 0 then 0 else 300000 end,
        case when m % 2 = 0 then 'paid' else 'open' end, true, 'generate', 'bench'
      from candidate c cross join generate_series(1, ${MONTHS}) m where c.registration_no like 'BENCH-%'`.execute(tx);
    await sql`insert into payment (payment_no, candidate_id, payment_date, amount, deposit_amount, method, va_no, created_by)
      select 'BENCH-PAY/' || i.id, i.candidate_id, i.invoice_date + (i.id * 7919 % 200)::int, i.paid_amount, 0, 'va', i.va_no, 'bench'
      from invoice i where i.transaction_no like 'BENCH/%'`.execute(tx);
    await sql`insert into payment_allocation (payment_id, invoice_id, amount, created_by)
      select p.id, i.id, p.amount, 'bench' from payment p join invoice i on 'BENCH-PAY/' || i.id = p.payment_no`.execute(tx);
  });
  // This schema's tables only (a bare `analyze` reads every schema of the database).
  await sql`analyze candidate, invoice, payment, payment_allocation`.execute(db);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function reportBench(databaseUrl: string, calls = 20): Promise<ReportBench> {
  const { handle, dispose } = await benchSchema(databaseUrl, 'bench_reports');
  try {
    const seedStart = performance.now();
    await migrate(handle.db, tables, quiet);
    const catalog = buildCatalog(entities, validators, tables);
    await handle.db.transaction().execute((tx) => seedDemoData(tx, catalog));
    await seedReportBench(handle.db);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const counts = (
      await sql<{ invoices: number; open: number; payments: number }>`select (select count(*) from invoice)::int as invoices,
        (select count(*) from invoice where outstanding > 0)::int as open, (select count(*) from payment)::int as payments`.execute(handle.db)
    ).rows[0]!;

    const app = await buildApp({ db: handle.db, entities, validators, tables, publishIntervalMs: 0 });
    await app.ready();
    try {
      const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'finance', password: DEMO_PASSWORD } });
      const headers = { authorization: `Bearer ${login.json().access_token as string}`, 'accept-language': 'id' };
      const timed = async (url: string) => {
        const samples: number[] = [];
        let rows = 0;
        for (let i = 0; i < calls + 2; i++) {
          const started = performance.now();
          const res = await app.inject({ method: 'GET', url, headers });
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
          if (i >= 2) samples.push(performance.now() - started);
          rows = (res.json() as { total: number }).total;
        }
        samples.sort((a, b) => a - b);
        return { p50: percentile(samples, 50), p95: percentile(samples, 95), rows };
      };
      const today = new Date().toISOString().slice(0, 10);
      const back = new Date();
      back.setUTCFullYear(back.getUTCFullYear() - 1);
      const cutoff = back.toISOString().slice(0, 10);
      const agingToday = await timed(`/api/v1/finance/reports/araging?cutoff=${today}`);
      const agingBack = await timed(`/api/v1/finance/reports/araging?cutoff=${cutoff}`);

      // The export's wall time, and this process's CPU time over it (the report's rows, their
      // sort and the XLSX writer: what a loaded machine stretches but does not change).
      const cpu = process.cpuUsage();
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/v1/finance/reports/reportcandidatepayment/export?format=xlsx&date_from=2025-01-01&date_to=${today}`, headers });
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      const cpuMs = (used.user + used.system) / 1000;
      if (res.statusCode !== 200) throw new Error(`export: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const rows = workbook.worksheets[0]!.rowCount - 5; // title, heading, filters, header; totals
      return {
        seedSeconds,
        invoices: counts.invoices,
        open: counts.open,
        payments: counts.payments,
        today: agingToday,
        yearBack: { ...agingBack, cutoff },
        xlsx: { ms, cpuMs, rows, bytes: res.rawPayload.length },
      };
    } finally {
      await app.close();
    }
  } finally {
    // BENCH_REPORTS_KEEP=1 leaves the schema for a look at the plans (its name is printed).
    await dispose('BENCH_REPORTS_KEEP');
  }
}
