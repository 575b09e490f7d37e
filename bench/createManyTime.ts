// How long the write door's createMany takes for a generation run's worth of invoices (issue
// 12: 6,000 in well under 2 s), on the embedded database, or on PostgreSQL when DATABASE_URL is
// set (a schema of its own, dropped afterwards). Prints the wall time of three runs and the
// CPU time this process spent (on a loaded machine the wall time includes waiting for a CPU).
//
//   npx tsx bench/createManyTime.ts [rows]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/createManyTime.ts

import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { entities, validators } from '../src/generated/all';
import { buildCatalog } from '../server/crud/catalog';
import { migrate } from '../server/db/migrate';
import { openEmbedded, openPostgres } from '../server/db/openDatabase';
import { tables } from '../server/generated/tables';
import { recordWrites, type Caller } from '../server/records/recordWrites';
import { seedDemoData } from '../server/seed/seedDemoData';

const rows = Number(process.argv[2] ?? 6000);
const url = process.env.DATABASE_URL;
const schema = `bench_${randomBytes(4).toString('hex')}`;
const quiet = { info: () => {}, warn: () => {} };

async function main(): Promise<void> {
  if (url) {
    const admin = await openPostgres(url, { max: 1 });
    await sql.raw(`create schema ${schema}`).execute(admin.db);
    await admin.close();
  }
  const handle = url ? await openPostgres(url, { searchPath: `${schema},public`, max: 2 }) : await openEmbedded();
  try {
    const catalog = buildCatalog(entities, validators, tables);
    await migrate(handle.db, tables, quiet);
    await handle.db.transaction().execute((tx) => seedDemoData(tx, catalog));
    const door = recordWrites(catalog);
    const caller: Caller = { username: 'bench', roles: ['ROLE_ADMIN_FINANCE'], locale: 'en' };
    const times: number[] = [];
    const cpu: number[] = [];
    for (let run = 0; run < 3; run++) {
      const bodies = Array.from({ length: rows }, (_, i) => ({
        financial_year_id: 2, income_type_id: 1, student_id: 1 + (i % 2), period_no: run * 100_000 + i,
        invoice_date: '2026-11-10', due_date: '2026-11-30', value: 500_000, discount: 0, outstanding: 500_000,
      }));
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const made = await handle.db.transaction().execute((tx) => door.createMany(tx, caller, 'invoice', bodies, { onConflict: 'skip' }));
      times.push(performance.now() - started);
      const used = process.cpuUsage(cpuBefore);
      cpu.push((used.user + used.system) / 1000);
      if (made.rows.length !== rows) throw new Error(`inserted ${made.rows.length} of ${rows}`);
    }
    console.log(`${url ? 'PostgreSQL' : 'PGlite'}: ${rows} invoices through createMany: ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')} (best ${(Math.min(...times) / 1000).toFixed(2)} s); CPU time of this process (the embedded database runs in it) ${cpu.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')}`);
  } finally {
    await handle.close();
    if (url) {
      const admin = await openPostgres(url, { max: 1 });
      await sql.raw(`drop schema ${schema} cascade`).execute(admin.db);
      await admin.close();
    }
  }
}

await main();
