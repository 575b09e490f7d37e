// The finance dashboard's bench (issue 13 "Speed and tests"), on PostgreSQL (an own schema at
// DATABASE_URL, dropped after), over the demo data plus 25,000 students with 4 SPP invoices each
// (July–October 2025, Rp 500.000) issued by the ledger and 100,000 VA payments through the bank
// import's bulk path (payMany, 4 per student, Rp 250.000 each): half of the invoices stay open
// (~50,000); every 20th student's last payment is Rp 2.000.000, leaving ~1,250 remainders for
// Open Payment; 10,000 penalties and 500 waivers on what is overdue.
//
// Each dashboard call (spec 3 §7.1: chartall, chartsiswa, chartsummary, open-payment,
// accounting-arrears-invoice, accounting-waiver-overdue) over the API, for a cut-off after
// everything ("today") and one in the middle of the payments (2025-08-20), p50 and p95 over 40
// calls each after 5 warm-ups; then the card's actions, generate-payment and close-payment, each
// on 40 batches of 10 payments with a remainder (every 20th student has one, and a November
// invoice for Generate to settle), p50 and p95.                         target p95 ≤ 100 ms
//
// `npx tsx bench/run.ts dashboard` (needs no build). BENCH_DASHBOARD_SCALE (e.g. 0.1) shrinks it.

import { sql } from "kysely";
import { entities, validators } from "../src/generated/all";
import { buildApp } from "../server/app";
import { buildCatalog } from "../server/crud/catalog";
import type { Db } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import { ledgerOf } from "../server/finance/ledger/ledger";
import { payMany, type BankPayment } from "../server/finance/payments/payMany";
import { tables } from "../server/generated/tables";
import {
  recordWrites,
  type RecordWrites,
} from "../server/records/recordWrites";
import { DEMO_PASSWORD } from "../server/seed/demoUsers";
import { seedDemoData } from "../server/seed/seedDemoData";
import { benchSchema } from "./benchDatabase";

const SCALE = Number(process.env.BENCH_DASHBOARD_SCALE) || 1;
const STUDENTS = Math.round(25_000 * SCALE);
const MONTHS = ["2025-07", "2025-08", "2025-09", "2025-10"];
const quiet = { info: () => {}, warn: () => {} };
const finance = {
  username: "adminfinance",
  roles: ["ROLE_ADMIN_FINANCE"],
  locale: "en" as const,
};

export const DASHBOARD_CALLS = [
  "chartall",
  "chartsiswa",
  "chartsummary",
  "open-payment",
  "accounting-arrears-invoice",
  "accounting-waiver-overdue",
] as const;
export const DASHBOARD_CUTOFFS = {
  today: "2025-12-31",
  past: "2025-08-20",
} as const;

/** The card's two actions, each on one page of the card (10 payments selected). */
export const DASHBOARD_ACTIONS = ["generate-payment", "close-payment"] as const;
export const ACTION_BATCH = 10;

export interface DashboardBench {
  seedSeconds: number;
  openInvoices: number;
  payments: number;
  /** Payments with a remainder before the actions ran (Open Payment's total). */
  remainders: number;
  calls: {
    call: string;
    cutoff: keyof typeof DASHBOARD_CUTOFFS;
    p50: number;
    p95: number;
  }[];
  /** Generate Payment and Close Payment, each over `calls` batches of ACTION_BATCH payments. */
  actions: {
    call: (typeof DASHBOARD_ACTIONS)[number];
    batches: number;
    count: number;
    p50: number;
    p95: number;
  }[];
}

async function seed(db: Db, records: RecordWrites): Promise<void> {
  await sql`update setting_general set deposit_account_id = 6`.execute(db);
  await sql`insert into student (nis, name, department_id, class_id, username, password, is_active, created_by)
    select (800000000 + g)::text, 'Siswa Dasbor ' || g, 4, 1 + g % 8, 'siswa.dasbor.' || g, 'x', true, 'bench' from generate_series(1, ${STUDENTS}) g`.execute(
    db,
  );
  await sql`insert into va_student (va_code_id, va_no, student_id, student_number, student_name, department_id, class_id, is_active, created_by)
    select 1, '12345048' || lpad(s.id::text, 8, '0'), s.id, s.nis, s.name, 4, s.class_id, true, 'bench' from student s where s.username like 'siswa.dasbor.%'`.execute(
    db,
  );
  const students = (
    await sql<{
      id: number;
      va_no: string;
    }>`select v.student_id as id, v.va_no from va_student v join student s on s.id = v.student_id where s.username like 'siswa.dasbor.%' order by v.student_id`.execute(
      db,
    )
  ).rows;
  const ledger = ledgerOf(records);
  const chunk = 5_000;
  for (let from = 0; from < students.length; from += chunk) {
    const part = students.slice(from, from + chunk);
    await db.transaction().execute((tx) =>
      ledger.issueInvoices(
        tx,
        finance,
        part.flatMap((s) =>
          MONTHS.map((month, m) => ({
            kind: "student" as const,
            party_id: Number(s.id),
            va_no: s.va_no,
            financial_year_id: 2,
            income_type_id: m % 2 === 0 ? 1 : 2,
            period_no: m + 1,
            period_start: null,
            installment_no: 0,
            installment_count: 1,
            invoice_date: `${month}-01`,
            due_date: `${month}-10`,
            value: 500_000,
            discount: 0,
            source: "generate" as const,
          })),
        ),
      ),
    );
  }
  for (const [m, month] of MONTHS.entries()) {
    for (let from = 0; from < students.length; from += chunk) {
      const part = students.slice(from, from + chunk);
      const lines: BankPayment[] = part.map((s, i) => ({
        kind: "student",
        party_id: Number(s.id),
        payment_date: `${month}-${String(5 + ((from + i) % 20)).padStart(2, "0")}`,
        amount:
          m === MONTHS.length - 1 && (from + i) % 20 === 0
            ? 2_000_000
            : 250_000,
        va_no: s.va_no,
        external_key: `BENCH-DASH-${s.id}-${month}`,
        bank_reference: null,
      }));
      await db
        .transaction()
        .execute((tx) => payMany(tx, records, finance, lines, 4));
    }
  }
  // November's invoice for every 20th student (those whose last payment left a remainder), so
  // Generate Payment has something to apply the remainder to.
  await db.transaction().execute((tx) =>
    ledger.issueInvoices(
      tx,
      finance,
      students
        .filter((_, i) => i % 20 === 0)
        .map((s) => ({
          kind: "student" as const,
          party_id: Number(s.id),
          va_no: s.va_no,
          financial_year_id: 2,
          income_type_id: 1,
          period_no: MONTHS.length + 1,
          period_start: null,
          installment_no: 0,
          installment_count: 1,
          invoice_date: "2025-11-01",
          due_date: "2025-11-10",
          value: 500_000,
          discount: 0,
          source: "generate" as const,
        })),
    ),
  );
  const overdue = (
    await sql<{
      id: number;
    }>`select id from invoice where state = 'open' and outstanding > 0 and due_date < '2025-10-01' order by id limit ${Math.round(10_000 * SCALE)}`.execute(
      db,
    )
  ).rows;
  await db.transaction().execute((tx) =>
    ledger.addPenalties(
      tx,
      finance,
      overdue.map((r) => ({
        invoice_id: Number(r.id),
        period: "2025-10",
        penalty_date: "2025-10-31",
        amount: 25_000,
      })),
    ),
  );
  const waived = overdue.slice(0, Math.round(500 * SCALE));
  await db.transaction().execute(async (tx) => {
    for (const r of waived)
      await ledger.waive(tx, finance, {
        invoice_id: Number(r.id),
        waiver_date: "2025-11-05",
        amount: 100_000,
        reason: "Beasiswa bench",
      });
  });
  // This schema's ledger tables only: a bare `analyze` reads every schema of the database (other
  // benches' too) and outlasted the statement timeout on a busy machine. Vacuumed too, as
  // autovacuum leaves a live database a minute after a bulk load (PostgreSQL 13+ vacuums after
  // inserts): without it no page is marked all-visible, and an index-only scan (the "owing as of
  // the cut-off" read of invoice_owing_date_idx) costs as much as reading the table.
  await sql`vacuum analyze invoice, payment, payment_allocation, waiver, penalty, student, va_student`.execute(db);
}

const percentile = (sorted: number[], p: number) =>
  sorted[
    Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  ]!;

export async function dashboardBench(
  databaseUrl: string,
  calls = 40,
): Promise<DashboardBench> {
  const { handle, dispose } = await benchSchema(databaseUrl, "bench_dash");
  try {
    const seedStart = performance.now();
    await migrate(handle.db, tables, quiet);
    const catalog = buildCatalog(entities, validators, tables);
    await handle.db.transaction().execute((tx) => seedDemoData(tx, catalog));
    await seed(handle.db, recordWrites(catalog));
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const counts = await sql<{ open: number; payments: number }>`
      select (select count(*)::int from invoice where outstanding > 0) as open, (select count(*)::int from payment) as payments`.execute(
      handle.db,
    );

    const app = await buildApp({
      db: handle.db,
      entities,
      validators,
      tables,
      publishIntervalMs: 0,
    });
    await app.ready();
    try {
      const login = await app.inject({
        method: "POST",
        url: "/api/v1/auth/login/",
        payload: { username: "adminfinance", password: DEMO_PASSWORD },
      });
      const headers = {
        authorization: `Bearer ${login.json().access_token as string}`,
        "accept-language": "en",
      };
      const results: DashboardBench["calls"] = [];
      for (const [name, cutoff] of Object.entries(DASHBOARD_CUTOFFS) as [
        keyof typeof DASHBOARD_CUTOFFS,
        string,
      ][]) {
        for (const call of DASHBOARD_CALLS) {
          const samples: number[] = [];
          for (let i = 0; i < calls + 5; i++) {
            const started = performance.now();
            const res = await app.inject({
              method: "GET",
              url: `/api/v1/${call}?cutoff=${cutoff}&type=1&typecalon=1`,
              headers,
            });
            if (res.statusCode !== 200)
              throw new Error(
                `${call}: ${res.statusCode} ${res.body.slice(0, 300)}`,
              );
            if (i >= 5) samples.push(performance.now() - started);
          }
          samples.sort((a, b) => a - b);
          results.push({
            call,
            cutoff: name,
            p50: percentile(samples, 50),
            p95: percentile(samples, 95),
          });
        }
      }
      // Generate, then Close, the same payments ten at a time, the oldest remainders first:
      // each batch is new work (a generated remainder is partly applied, then closed).
      const open = await app.inject({
        method: "GET",
        url: `/api/v1/open-payment?cutoff=${DASHBOARD_CUTOFFS.today}&type=1&typecalon=1&per_page=100&page=1`,
        headers,
      });
      const remainders = (open.json() as { total: number }).total;
      const ids = (
        await sql<{
          id: number;
        }>`select id from payment where deposit_amount > 0 and not exists (select 1 from payment_closure x where x.payment_id = payment.id) order by id limit ${(calls + 2) * ACTION_BATCH}`.execute(
          handle.db,
        )
      ).rows.map((r) => Number(r.id));
      const actions: DashboardBench["actions"] = [];
      for (const call of DASHBOARD_ACTIONS) {
        const samples: number[] = [];
        let count = 0;
        for (let i = 0; i < calls + 2; i++) {
          const batch = ids.slice(i * ACTION_BATCH, (i + 1) * ACTION_BATCH);
          if (!batch.length) break;
          const started = performance.now();
          const res = await app.inject({
            method: "POST",
            url: `/api/v1/${call}`,
            headers,
            payload:
              call === "generate-payment"
                ? { list_generate: batch }
                : { list_close: batch },
          });
          const took = performance.now() - started;
          if (res.statusCode !== 200)
            throw new Error(
              `${call}: ${res.statusCode} ${res.body.slice(0, 300)}`,
            );
          if (i >= 2) {
            samples.push(took);
            count += Number(
              (res.json() as { data: { count: number } }).data.count,
            );
          }
        }
        samples.sort((a, b) => a - b);
        actions.push({
          call,
          batches: samples.length,
          count,
          p50: samples.length ? percentile(samples, 50) : NaN,
          p95: samples.length ? percentile(samples, 95) : NaN,
        });
      }
      return {
        seedSeconds,
        openInvoices: counts.rows[0]!.open,
        payments: counts.rows[0]!.payments,
        remainders,
        calls: results,
        actions,
      };
    } finally {
      await app.close();
    }
  } finally {
    // BENCH_DASHBOARD_KEEP=1 leaves the schema for a look at the plans (its name is printed).
    await dispose("BENCH_DASHBOARD_KEEP");
  }
}
