// Invoice generation's bench (issue 12 "Invoices"): 6,000 students of one unit, each with a VA
// number, invoiced for one income type in one call (POST finance/invoices/generate as the demo
// finance user, over HTTP on loopback), on PostgreSQL (an own schema at DATABASE_URL, dropped
// after) and on the embedded database:
//
//   dry run     plans and counts, writes nothing
//   generate    6,000 invoices, each numbered and journalled                target ≤ 5 s
//   re-run      the same call again: creates 0
//
// The students and VA rows are made by insert … select generate_series.

import { sql } from 'kysely';
import { entities, validators } from '../src/generated/all';
import { buildApp } from '../server/app';
import { buildCatalog } from '../server/crud/catalog';
import type { Db } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { tables } from '../server/generated/tables';
import { DEMO_PASSWORD } from '../server/seed/demoUsers';
import { seedDemoData } from '../server/seed/seedDemoData';
import { openBench } from './benchDatabase';

export interface InvoiceBench {
  database: 'PostgreSQL' | 'embedded';
  students: number;
  seedSeconds: number;
  dryRun: { ms: number; wouldCreate: number };
  generate: { ms: number; created: number };
  rerun: { ms: number; created: number; existing: number };
  invoices: number;
}

const quiet = { info: () => {}, warn: () => {} };
/** Demo ids (server/seed/demo/): SMA, its book 2025/2026, the entrance fee (one-off), the SMA classes 1–9, VA code 1. */
const SMA = 4;
const YEAR = 2;
const ENTRANCE_FEE = 2;
const VA_CODE = 1;

async function seedStudents(db: Db, count: number): Promise<void> {
  await sql`insert into student (nis, name, department_id, class_id, is_active, created_by)
    select '8' || lpad(g::text, 7, '0'), 'Siswa Bench ' || g, ${SMA}, 1 + g % 9, true, 'bench' from generate_series(1, ${count}) g`.execute(db);
  await sql`insert into va_student (va_code_id, va_no, student_id, student_number, student_name, department_id, class_id, is_active, created_by)
    select ${VA_CODE}, '1234504' || lpad(s.nis, 9, '0'), s.id, s.nis, s.name, s.department_id, s.class_id, true, 'bench'
    from student s where s.created_by = 'bench'`.execute(db);
}


export async function invoiceBench(kind: 'PostgreSQL' | 'embedded', databaseUrl: string, students = 6_000): Promise<InvoiceBench> {
  const { handle, dispose } = await openBench(kind, databaseUrl, 'inv');
  try {
    const seedStart = performance.now();
    await migrate(handle.db, tables, quiet);
    const catalog = buildCatalog(entities, validators, tables);
    await handle.db.transaction().execute((tx) => seedDemoData(tx, catalog));
    await seedStudents(handle.db, students);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const app = await buildApp({ db: handle.db, entities, validators, tables });
    await app.ready();
    try {
      const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'finance', password: DEMO_PASSWORD } });
      const token = login.json().access_token as string;
      const call = async (dryRun: boolean) => {
        const started = performance.now();
        const answer = await app.inject({
          method: 'POST',
          url: '/api/v1/finance/invoices/generate',
          headers: { authorization: `Bearer ${token}` },
          payload: { financial_year_id: YEAR, income_type_id: ENTRANCE_FEE, kind: 'student', invoice_date: '2025-07-01', due_date: '2025-07-31', value: 5_000_000, dry_run: dryRun },
        });
        const ms = performance.now() - started;
        if (answer.statusCode !== 200) throw new Error(`generate answered ${answer.statusCode}: ${answer.body.slice(0, 500)}`);
        return { ms, data: answer.json().data as { created: number; would_create: number; existing: number } };
      };
      const dry = await call(true);
      const first = await call(false);
      const again = await call(false);
      const counted = await sql<{ n: number }>`select count(*)::int as n from invoice`.execute(handle.db);
      return {
        database: kind,
        students,
        seedSeconds,
        dryRun: { ms: dry.ms, wouldCreate: dry.data.would_create },
        generate: { ms: first.ms, created: first.data.created },
        rerun: { ms: again.ms, created: again.data.created, existing: again.data.existing },
        invoices: counted.rows[0]!.n,
      };
    } finally {
      await app.close();
    }
  } finally {
    await dispose();
  }
}

/** The bench's table, as `npm run bench` prints it. */
export function invoiceBenchLines(result: InvoiceBench): string[] {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const met = result.generate.ms <= 5000 && result.rerun.created === 0 && result.invoices === result.generate.created;
  return [
    `Invoice generation on ${result.database} (${result.students.toLocaleString('en')} students with VA, one income type; seeded in ${result.seedSeconds.toFixed(1)} s)`,
    `  dry run      ${seconds(result.dryRun.ms).padStart(9)}   would create ${result.dryRun.wouldCreate.toLocaleString('en')}`,
    `  generate     ${seconds(result.generate.ms).padStart(9)}   created ${result.generate.created.toLocaleString('en')}   target ≤ 5 s: ${result.generate.ms <= 5000 ? 'met' : 'NOT MET'}`,
    `  re-run       ${seconds(result.rerun.ms).padStart(9)}   created ${result.rerun.created}, existing ${result.rerun.existing.toLocaleString('en')}   ${result.rerun.created === 0 ? 'creates nothing: met' : 'NOT MET'}`,
    `  invoices in the database: ${result.invoices.toLocaleString('en')}${met ? '' : '   (a target is not met)'}`,
    '',
  ];
}
