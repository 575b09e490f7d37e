// The import's bench (issue 16, "Master data at full power"), on PostgreSQL (an own schema at
// DATABASE_URL, dropped after) and on the embedded database, over the demo data: a CSV file of
// 10,000 rooms (code, name, building by its name, room type by its Indonesian label, floor,
// capacity, bookable as Ya/Tidak) imported over the API as the admin:
//
//   dry run     every row checked and written inside a transaction that is rolled back
//                                                                    target ≤ 10 s
//   commit      the same file written in one transaction             target ≤ 10 s
//   re-import   the same file's dry run again: 10,000 unchanged, nothing to write
//
// `npx tsx bench/run.ts import` (needs no build).

import { entities, validators } from '../src/generated/all';
import type { ImportReport } from '../src/shared/api/bulk';
import { buildApp } from '../server/app';
import { buildCatalog } from '../server/crud/catalog';
import { migrate } from '../server/db/migrate';
import { tables } from '../server/generated/tables';
import { DEMO_PASSWORD } from '../server/seed/demoUsers';
import { seedDemoData } from '../server/seed/seedDemoData';
import { openBench } from './benchDatabase';

export interface ImportBench {
  database: 'PostgreSQL' | 'embedded';
  rows: number;
  dryRunMs: number;
  commitMs: number;
  created: number;
  reimportMs: number;
  unchanged: number;
}

// BENCH_IMPORT_ROWS (e.g. 1000) shrinks the volume for a quick look.
const ROWS = Number(process.env.BENCH_IMPORT_ROWS) || 10_000;
const quiet = { info: () => {}, warn: () => {} };


/** The rooms' CSV: semicolons and Indonesian headers, as Excel writes it in Indonesia. */
export function roomsCsv(buildings: readonly string[], rows: number): string {
  const lines = ['Kode;Nama;Gedung;Jenis ruangan;Lantai;Kuota;Dapat dipesan'];
  for (let i = 0; i < rows; i++) lines.push(`BENCH-${String(i).padStart(5, '0')};Ruang Bench ${i};${buildings[i % buildings.length]};Ruang kelas;${1 + (i % 4)};${20 + (i % 20)};${i % 2 ? 'Ya' : 'Tidak'}`);
  return lines.join('\r\n');
}

export async function importBench(kind: 'PostgreSQL' | 'embedded', databaseUrl: string): Promise<ImportBench> {
  const { handle, dispose } = await openBench(kind, databaseUrl, 'import');
  try {
    await migrate(handle.db, tables, quiet);
    const catalog = buildCatalog(entities, validators, tables);
    await handle.db.transaction().execute((tx) => seedDemoData(tx, catalog));
    const buildings = (await handle.db.selectFrom('building').select('name').execute()).map((b) => String(b.name));
    const content = Buffer.from(roomsCsv(buildings, ROWS), 'utf8').toString('base64');
    const app = await buildApp({ db: handle.db, entities, validators, tables, publishIntervalMs: 0 });
    await app.ready();
    try {
      const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'admin', password: DEMO_PASSWORD } });
      const headers = { authorization: `Bearer ${login.json().access_token as string}`, 'accept-language': 'en' };
      const run = async (dryRun: boolean) => {
        const started = performance.now();
        const res = await app.inject({ method: 'POST', url: '/api/v1/room/import', headers, payload: { filename: 'rooms.csv', content, dryRun } });
        if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 500)}`);
        const report = res.json().data as ImportReport;
        if (report.counts.error) throw new Error(`import: ${report.counts.error} rows refused, first ${JSON.stringify(report.rows.find((r) => r.errors))}`);
        return { ms: performance.now() - started, report };
      };
      const dry = await run(true);
      const commit = await run(false);
      const again = await run(true);
      return {
        database: kind,
        rows: ROWS,
        dryRunMs: dry.ms,
        commitMs: commit.ms,
        created: commit.report.counts.new,
        reimportMs: again.ms,
        unchanged: again.report.counts.unchanged,
      };
    } finally {
      await app.close();
    }
  } finally {
    await dispose();
  }
}
