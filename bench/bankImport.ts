// The bank VA import's bench (issue 12 "Payments"), on PostgreSQL (an own schema at DATABASE_URL,
// dropped after) and on the embedded database, over the demo data plus 6,000 students, each with
// a VA number and an open SPP invoice issued by the ledger:
//
//   import      a 10,000-line BCA CSV file (every line payable: 6,000 students, 4,000 of them
//               twice): stage, then commit, as the finance administrator over the API
//                                                                    target stage + commit ≤ 5 s
//   re-import   the same file again: staged and committed, 0 payments created
//   open        a student's open invoices with outstanding (GET finance/open-invoices), 200 calls
//                                                                    p95 reported
//
// `npx tsx bench/run.ts bank` (needs no build).

import { sql } from 'kysely';
import { entities, validators } from '../src/generated/all';
import { buildApp } from '../server/app';
import { buildCatalog } from '../server/crud/catalog';
import type { Db } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { ledgerOf } from '../server/finance/ledger/ledger';
import { tables } from '../server/generated/tables';
import { recordWrites } from '../server/records/recordWrites';
import { DEMO_PASSWORD } from '../server/seed/demoUsers';
import { seedDemoData } from '../server/seed/seedDemoData';
import { bcaCsv, type SampleLine } from '../tests/server/bankFiles';
import { openBench } from './benchDatabase';

export interface BankBench {
  database: 'PostgreSQL' | 'embedded';
  seedSeconds: number;
  lines: number;
  stageMs: number;
  commitMs: number;
  created: number;
  reimportMs: number;
  recreated: number;
  openP50: number;
  openP95: number;
}

// BENCH_BANK_SCALE (e.g. 0.1) shrinks the volume for a quick look.
const SCALE = Number(process.env.BENCH_BANK_SCALE) || 1;
const STUDENTS = Math.round(6_000 * SCALE);
const LINES = Math.round(10_000 * SCALE);
const VALUE = 500_000;
const quiet = { info: () => {}, warn: () => {} };
const finance = { username: 'adminfinance', roles: ['ROLE_ADMIN_FINANCE'], locale: 'en' as const };

async function seedStudents(db: Db, records: ReturnType<typeof recordWrites>): Promise<void> {
  await sql`insert into student (nis, name, department_id, class_id, username, password, is_active, created_by)
    select (900000000 + g)::text, 'Siswa Bench ' || g, 4, 1 + g % 8, 'siswa.bank.' || g, 'x', true, 'bench' from generate_series(1, ${STUDENTS}) g`.execute(db);
  await sql`insert into va_student (va_code_id, va_no, student_id, student_number, student_name, department_id, class_id, is_active, created_by)
    select 1, '12345049' || lpad(s.id::text, 8, '0'), s.id, s.nis, s.name, 4, s.class_id, true, 'bench' from student s where s.username like 'siswa.bank.%'`.execute(db);
  const students = await sql<{ id: number; va_no: string }>`select v.student_id as id, v.va_no from va_student v join student s on s.id = v.student_id where s.username like 'siswa.bank.%' order by v.student_id`.execute(db);
  await db.transaction().execute((tx) =>
    ledgerOf(records).issueInvoices(
      tx,
      finance,
      students.rows.map((s) => ({
        kind: 'student' as const,
        party_id: Number(s.id),
        va_no: s.va_no,
        financial_year_id: 2,
        income_type_id: 1,
        period_no: 1,
        period_start: null,
        installment_no: 0,
        installment_count: 1,
        invoice_date: '2025-07-01',
        due_date: '2025-07-10',
        value: VALUE,
        discount: 0,
        source: 'generate' as const,
      })),
    ),
  );
  await sql`analyze`.execute(db);
}

async function fileLines(db: Db): Promise<SampleLine[]> {
  const vas = await sql<{ va_no: string }>`select v.va_no from va_student v join student s on s.id = v.student_id where s.username like 'siswa.bank.%' order by v.id`.execute(db);
  const lines: SampleLine[] = [];
  for (let i = 0; i < LINES; i++) {
    const va = vas.rows[i % vas.rows.length]!.va_no;
    const minute = String(i % 60).padStart(2, '0');
    lines.push({ va, amount: i < vas.rows.length ? 300_000 : 200_000, paidAt: `2025-08-${String(1 + (i % 28)).padStart(2, '0')} 10:${minute}:00`, reference: `BCA${String(i).padStart(8, '0')}` });
  }
  return lines;
}


const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function bankBench(kind: 'PostgreSQL' | 'embedded', databaseUrl: string, calls = 200): Promise<BankBench> {
  const { handle, dispose } = await openBench(kind, databaseUrl, 'bank');
  try {
    const seedStart = performance.now();
    await migrate(handle.db, tables, quiet);
    const catalog = buildCatalog(entities, validators, tables);
    await handle.db.transaction().execute((tx) => seedDemoData(tx, catalog));
    await seedStudents(handle.db, recordWrites(catalog));
    const file = bcaCsv(await fileLines(handle.db)).toString('base64');
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const app = await buildApp({ db: handle.db, entities, validators, tables, publishIntervalMs: 0 });
    await app.ready();
    try {
      const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'adminfinance', password: DEMO_PASSWORD } });
      const headers = { authorization: `Bearer ${login.json().access_token as string}`, 'accept-language': 'en' };
      const post = async (url: string, payload: object) => {
        const res = await app.inject({ method: 'POST', url, headers, payload });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
        return res.json().data as { upload_id: number; payments_created: number; lines: unknown[] };
      };
      const importOnce = async () => {
        const started = performance.now();
        const staged = await post('/api/v1/finance/bank-import/stage', { bank_layout_id: 1, file_name: 'bench.csv', file });
        const stagedAt = performance.now();
        const committed = await post('/api/v1/finance/bank-import/commit', { upload_id: staged.upload_id });
        return { stageMs: stagedAt - started, commitMs: performance.now() - stagedAt, created: committed.payments_created, lines: staged.lines.length };
      };
      const first = await importOnce();
      const again = await importOnce();

      const ids = await sql<{ id: number }>`select id from student where username like 'siswa.bank.%' order by id`.execute(handle.db);
      const samples: number[] = [];
      for (let i = 0; i < calls + 10; i++) {
        const id = ids.rows[(i * 37) % ids.rows.length]!.id;
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url: `/api/v1/finance/open-invoices?kind=student&id=${id}`, headers });
        if (res.statusCode !== 200) throw new Error(`open-invoices: ${res.statusCode} ${res.body.slice(0, 300)}`);
        if (i >= 10) samples.push(performance.now() - started);
      }
      samples.sort((a, b) => a - b);
      return {
        database: kind,
        seedSeconds,
        lines: first.lines,
        stageMs: first.stageMs,
        commitMs: first.commitMs,
        created: first.created,
        reimportMs: again.stageMs + again.commitMs,
        recreated: again.created,
        openP50: percentile(samples, 50),
        openP95: percentile(samples, 95),
      };
    } finally {
      await app.close();
    }
  } finally {
    await dispose();
  }
}
