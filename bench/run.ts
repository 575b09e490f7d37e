// `npm run bench`: the numbers the issues ask for, measured here, printed against their
// targets. Run after `npm run build` (the npm script does it).
//
//   codegen time      repo schemas, and 100 synthetic entities       target ≤ 3 s for 100
//   list latency      100,000 rows, search + sort + filter, PGlite   target p95 ≤ 20 ms
//                     the same on PostgreSQL (DATABASE_URL)           target p95 ≤ 10 ms
//   app JS            dist/ total; what loads before the first row   target ≤ a bare 3-resource react-admin app,
//                     and no heavier with 100 more entities
//   first row         logged in, navigation start → first row of /class, and the JS heap after GC,
//                     against the bare app served the same way (compressed), alternating, median
//                     target time ≤ 1.0× the bare app's, heap ≤ 1.2×
//   comboard          the board's feed page (5 cards with comment counts and attachments) on 10,000
//                     announcements and 200,000 comments, as the parent and as admin, on PostgreSQL
//                     (own schema at DATABASE_URL) and embedded    target p95 ≤ 20 ms on PostgreSQL;
//                     publishing one announcement to 5,000 accounts target ≤ 300 ms
//                     (needs no build: `npx tsx bench/run.ts comboard`)
//   invoices          generating invoices for 6,000 students with VA numbers in one call, on
//                     PostgreSQL (own schema at DATABASE_URL) and embedded; re-run creates 0
//                                                                  target ≤ 5 s
//                     (needs no build: `npx tsx bench/run.ts invoices`)
//   dashboard         each finance dashboard call (spec 3 §7.1) over 50,000 open invoices and
//                     100,000 payments, for today and a past cut-off, p95 on PostgreSQL; Generate
//                     and Close Payment on batches of 10 payments with a remainder
//                                                                  target p95 ≤ 100 ms
//                     (needs no build: `npx tsx bench/run.ts dashboard`)
//   hr                each HR dashboard call (spec 3 §7.2) and the leave summary over 500
//                     employees and 20,000 leave requests, p95 on PostgreSQL
//                                                                  target p95 ≤ 50 ms
//                     (needs no build: `npx tsx bench/run.ts hr`)
//   bank import       a 10,000-line bank VA file staged and committed, and again (0 payments), over
//                     6,000 students with open invoices; a student's open invoices, p95 over 200 calls;
//                     PostgreSQL and embedded                      target import ≤ 5 s
//                     (needs no build: `npx tsx bench/run.ts bank`)
//   import            a 10,000-row CSV of rooms imported over the API (server/bulk/): dry run, commit,
//                     then the same file again (10,000 unchanged); PostgreSQL and embedded
//                                                                  target dry run ≤ 10 s, commit ≤ 10 s
//                     (needs no build: `npx tsx bench/run.ts import`)
//   first start       `npm start` on a new embedded database (generate beside the database's
//                     creation; the build beside the seed)
//                     until health, the page and the admin login answer, median of 3
//                                                                  target < 30 s
//                     (`npx tsx bench/run.ts start`)
//   reports           AR aging for today and for a day a year back (p95 of 20 calls), and the XLSX
//                     export of 100,000 rows, on PostgreSQL (own schema at DATABASE_URL) over 100,000
//                     invoices (50,000 open) and 100,000 payments   target aging p95 ≤ 1 s, XLSX ≤ 10 s
//                     (needs no build: `npx tsx bench/run.ts reports`)
//   selection         1,000 sign-ups at once for an offering of 30 seats over HTTP on PostgreSQL
//                     (own schema at DATABASE_URL): exactly 30 taken, 970 "full"; each request's
//                     time; then the same from 50 clients at a time    target p95 ≤ 200 ms
//                     and the floor: the same burst to a bare Fastify server answering 409 at once
//                     (needs no build: `npx tsx bench/run.ts selection`)
//   recovery          PostgreSQL at DATABASE_URL unreachable, then back: time until health is 200
//                     (skipped when PostgreSQL cannot be reached; needs no build:
//                     `npx tsx bench/run.ts recovery`)

import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generate } from '../generators/generate';
import { bankBench } from './bankImport';
import { importBench } from './masterDataImport';
import { ACTION_BATCH, DASHBOARD_CUTOFFS, dashboardBench } from './dashboard';
import { hrBench } from './hrDashboard';
import { reportBench } from './financeReports';
import { boardBench } from './comboardLatency';
import { invoiceBench, invoiceBenchLines } from './invoiceGeneration';
import { bareBaseline, buildWithMoreEntities, firstListJs, jsSize, type Size } from './bundle';
import { firstRow, median } from './firstRow';
import { firstStartMs } from './firstStart';
import { listLatency } from './listLatency';
import { recoveryTime } from './recovery';
import { bareSignUpFloor, floorLines, selectionRace, selectionRaceLines } from './selectionRace';
import { writeSyntheticSchemas } from './syntheticSchemas';

const ROOT = resolve(import.meta.dirname, '..');
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');

/**
 * This machine's speed at the moment: a fixed JavaScript loop in a Node process of its own, in
 * ms (~1,550 at this machine's fastest, 2,700 when it is shared). Printed with the timings that
 * move with it, so that a change's figures can be told from the machine's.
 */
function speedProbeMs(): number {
  const loop = 'let t = performance.now(), x = 0; for (let i = 0; i < 3e8; i++) x += i; console.log(performance.now() - t)';
  return Number(spawnSync(process.execPath, ['-e', loop], { encoding: 'utf8' }).stdout.trim());
}
const probeLine = (before: number, after: number) => `  (machine speed probe: a fixed loop took ${(before / 1000).toFixed(2)} s before and ${(after / 1000).toFixed(2)} s after; 1.55 s at its fastest)`;

async function codegenMs(dir: string, runs: number): Promise<{ median: number; entities: number }> {
  const times: number[] = [];
  let entities = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const { files, problems } = await generate(dir, ROOT);
    times.push(performance.now() - started);
    if (problems.length) throw new Error(`the schemas in ${dir} have problems`);
    entities = Object.keys(files).filter((p) => p.startsWith('src/generated/entities/')).length;
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], entities };
}

function sizeLine(label: string, s: Size): string {
  return `  ${label.padEnd(34)} ${String(s.files).padStart(3)} files  ${kib(s.raw).padStart(11)} raw  ${kib(s.gzip).padStart(10)} gzip`;
}

async function main(): Promise<void> {
  const only = process.argv[2]; // codegen | list (list-embedded, list-postgres) | js | firstrow | comboard | invoices | bank | import | start | dashboard | hr | reports | selection | recovery
  console.log('npm run bench\n');

  if (!only || only === 'codegen') {
    const repo = await codegenMs(join(ROOT, 'schemas'), 5);
    const dir = writeSyntheticSchemas(100);
    const synthetic = await codegenMs(dir, 3);
    rmSync(dir, { recursive: true, force: true });
    console.log('Codegen (load + validate + emit, median, in memory)');
    console.log(`  repo schemas (${repo.entities} entities)        ${ms(repo.median)}`);
    console.log(`  100 synthetic entities             ${ms(synthetic.median)}   target ≤ 3000 ms: ${verdict(synthetic.median <= 3000)}\n`);
  }

  if (!only || only === 'list' || only === 'list-embedded' || only === 'list-postgres') {
    // Both databases (issue 16): embedded p95 ≤ 20 ms, PostgreSQL p95 ≤ 10 ms. `list-embedded` or
    // `list-postgres` measures one; PostgreSQL is DATABASE_URL (default the local test database).
    const runs: Array<{ database: 'embedded' | 'postgres'; target: number; name: string }> = [
      { database: 'embedded', target: 20, name: 'PGlite' },
      { database: 'postgres', target: 10, name: 'PostgreSQL' },
    ];
    for (const run of runs) {
      if (only && only !== 'list' && only !== `list-${run.database}`) continue;
      let lat: Awaited<ReturnType<typeof listLatency>>;
      const probeBefore = speedProbeMs();
      try {
        lat = await listLatency(100_000, 300, { database: run.database });
      } catch (error) {
        // No PostgreSQL server here: said, and the other figures still printed.
        if (run.database !== 'postgres') throw error;
        console.log(`List latency on PostgreSQL not measured: ${error instanceof Error ? error.message : String(error)}\n`);
        continue;
      }
      console.log(`List latency (GET /api/v1/class, ${lat.rows.toLocaleString('en')} rows, q + sort + filter, ${lat.requests} requests over HTTP, ${run.name})`);
      console.log(`  p50 ${ms(lat.p50)}   p95 ${ms(lat.p95)}   max ${ms(lat.max)}   target p95 ≤ ${run.target} ms: ${verdict(lat.p95 <= run.target)}`);
      console.log(`  CPU of the process per request: p50 ${ms(lat.cpuP50)}   p95 ${ms(lat.cpuP95)}`);
      for (const [kind, k] of Object.entries(lat.byKind)) console.log(`    ${kind.padEnd(28)} p50 ${ms(k.p50)}   p95 ${ms(k.p95)}`);
      console.log(`  slowest ${ms(lat.slowest.ms)} ${lat.slowest.url}${lat.slowest.runQueueMs === undefined ? '' : ` (waited ${ms(lat.slowest.runQueueMs)} for a CPU)`}`);
      console.log(`  (seeding took ${lat.seedSeconds.toFixed(1)} s)`);
      console.log(`${probeLine(probeBefore, speedProbeMs())}\n`);
    }
  }

  if (!only || only === 'js') {
    const dist = jsSize(join(ROOT, 'dist'));
    const bare = bareBaseline();
    const first = await firstListJs('/class');
    // 100 more entities, a sixth in each menu module (the academic one, where /class is, included).
    const modules = ['ACA', 'FINA', 'HUCAP', 'BOOKING', 'COM', 'COURSE'];
    const copy = buildWithMoreEntities(100, modules);
    let more: Size & { ms: number };
    try {
      more = await firstListJs('/class', copy);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
    console.log('App JavaScript');
    console.log(sizeLine('dist/ in total', dist));
    console.log(sizeLine('before the first list row (/class)', first));
    console.log(sizeLine('  the same with 100 more entities', more));
    console.log(sizeLine('bare 3-resource react-admin app', bare));
    console.log(`  first row after ${first.ms} ms (login included); with 100 more entities ${more.ms} ms`);
    console.log(`  target: first-row JS ≤ bare app (gzip): ${verdict(first.gzip <= bare.gzip)}`);
    const growth = more.gzip - first.gzip;
    console.log(`  100 more entities (${modules.join(', ')} in turn) add ${kib(growth)} gzip to it: the registry chunk of the module on screen holds its ${Math.ceil(100 / modules.length)} new entries\n`);
  }

  if (!only || only === 'firstrow') {
    if (only) bareBaseline(); // the js section builds it otherwise
    // 15 loads of each: with 7, the same tree measured anywhere from 0.90× to 1.19× on one
    // machine in one hour (two cores shared by the browser, the server and the bench).
    const runs = 15;
    const result = await firstRow(runs);
    const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MiB`;
    const appMs = median(result.app.map((r) => r.ms));
    const bareMs = median(result.bare.map((r) => r.ms));
    const appHeap = median(result.app.map((r) => r.heapBytes));
    const bareHeap = median(result.bare.map((r) => r.heapBytes));
    console.log(`First row (headless Chromium, logged in, empty cache, ${runs} loads of each alternating, median)`);
    console.log(`  this app, /class        ${ms(appMs).padStart(10)}   heap after GC ${mib(appHeap)}   (${result.app.map((r) => r.ms.toFixed(0)).join(', ')} ms)`);
    console.log(`  bare react-admin app    ${ms(bareMs).padStart(10)}   heap after GC ${mib(bareHeap)}   (${result.bare.map((r) => r.ms.toFixed(0)).join(', ')} ms)`);
    console.log(`  time ${(appMs / bareMs).toFixed(2)}× the bare app's, target ≤ 1.0×: ${verdict(appMs <= bareMs)}`);
    console.log(`  heap ${(appHeap / bareHeap).toFixed(2)}× the bare app's, target ≤ 1.2×: ${verdict(appHeap <= 1.2 * bareHeap)}`);
    const typical = [...result.app].sort((a, b) => a.ms - b.ms)[Math.floor(runs / 2)];
    console.log('  requests of the median load of this app (start → end, ms from navigation start):');
    for (const r of typical.requests) console.log(`    ${r.start.toFixed(0).padStart(5)} → ${r.end.toFixed(0).padStart(5)}  ${r.path}`);
    console.log(`    ${typical.ms.toFixed(0).padStart(5)}          first row drawn\n`);
  }

  if (!only || only === 'comboard') {
    const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    for (const kind of ['PostgreSQL', 'embedded'] as const) {
      let result;
      try {
        result = await boardBench(kind, databaseUrl);
      } catch (error) {
        if (kind === 'PostgreSQL' && /ECONNREFUSED|ENOTFOUND/.test(String(error))) {
          console.log(`Comboard on PostgreSQL skipped: ${databaseUrl} cannot be reached\n`);
          continue;
        }
        throw error;
      }
      const target = kind === 'PostgreSQL' ? `   target p95 ≤ 20 ms: ${verdict(Math.max(result.parent.p95, result.admin.p95) <= 20)}` : '';
      const publishMedian = median(result.publish);
      console.log(`Comboard on ${kind} (10,000 announcements, 200,000 comments; a page of 5 over HTTP, skip 0–45; seeded in ${result.seedSeconds.toFixed(1)} s)${target}`);
      console.log(`  comboard-parent (the demo parent)  p50 ${ms(result.parent.p50)}   p95 ${ms(result.parent.p95)}   max ${ms(result.parent.max)}`);
      console.log(`  comboard-admin (admin)             p50 ${ms(result.admin.p50)}   p95 ${ms(result.admin.p95)}   max ${ms(result.admin.max)}`);
      console.log(`  publishing to ${result.notified.toLocaleString('en')} accounts        median ${ms(publishMedian)}   (${result.publish.map((t) => t.toFixed(0)).join(', ')} ms)   target ≤ 300 ms: ${verdict(publishMedian <= 300)}\n`);
    }
  }

  if (!only || only === 'selection') {
    const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    try {
      for (const clients of ['all', 50] as const) for (const line of selectionRaceLines(await selectionRace(databaseUrl, clients))) console.log(line);
      for (const line of floorLines(await bareSignUpFloor())) console.log(line);
    } catch (error) {
      if (!/ECONNREFUSED|ENOTFOUND/.test(String(error))) throw error;
      console.log(`Selection on PostgreSQL skipped: ${databaseUrl} cannot be reached\n`);
    }
  }

  if (!only || only === 'invoices') {
    const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    for (const kind of ['PostgreSQL', 'embedded'] as const) {
      try {
        for (const line of invoiceBenchLines(await invoiceBench(kind, databaseUrl))) console.log(line);
      } catch (error) {
        if (kind === 'PostgreSQL' && /ECONNREFUSED|ENOTFOUND/.test(String(error))) {
          console.log(`Invoice generation on PostgreSQL skipped: ${databaseUrl} cannot be reached\n`);
          continue;
        }
        throw error;
      }
    }
  }

  if (!only || only === 'bank') {
    const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    for (const kind of ['PostgreSQL', 'embedded'] as const) {
      let result;
      try {
        result = await bankBench(kind, databaseUrl);
      } catch (error) {
        if (kind === 'PostgreSQL' && /ECONNREFUSED|ENOTFOUND/.test(String(error))) {
          console.log(`Bank import on PostgreSQL skipped: ${databaseUrl} cannot be reached\n`);
          continue;
        }
        throw error;
      }
      const total = result.stageMs + result.commitMs;
      console.log(`Bank VA import on ${kind} (${result.lines.toLocaleString('en')} lines; seeded in ${result.seedSeconds.toFixed(1)} s)   target ≤ 5 s: ${verdict(total <= 5000)}`);
      console.log(`  stage ${ms(result.stageMs)}   commit ${ms(result.commitMs)}   total ${ms(total)}   payments created ${result.created.toLocaleString('en')}`);
      console.log(`  the same file again: ${ms(result.reimportMs)}, payments created ${result.recreated}: ${verdict(result.recreated === 0)}`);
      console.log(`  a student's open invoices     p50 ${ms(result.openP50)}   p95 ${ms(result.openP95)}\n`);
    }
  }

  if (!only || only === 'import') {
    const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    for (const kind of ['PostgreSQL', 'embedded'] as const) {
      let result;
      try {
        result = await importBench(kind, databaseUrl);
      } catch (error) {
        if (kind === 'PostgreSQL' && /ECONNREFUSED|ENOTFOUND/.test(String(error))) {
          console.log(`Import on PostgreSQL skipped: ${databaseUrl} cannot be reached\n`);
          continue;
        }
        throw error;
      }
      console.log(`Import on ${kind} (${result.rows.toLocaleString('en')} rows)   target dry run and commit ≤ 10 s each: ${verdict(result.dryRunMs <= 10_000 && result.commitMs <= 10_000)}`);
      console.log(`  dry run ${ms(result.dryRunMs)}   commit ${ms(result.commitMs)}   records created ${result.created.toLocaleString('en')}`);
      console.log(`  the same file again: ${ms(result.reimportMs)}, ${result.unchanged.toLocaleString('en')} unchanged: ${verdict(result.unchanged === result.rows)}\n`);
    }
  }

  if (!only || only === 'start') {
    const probeBefore = speedProbeMs();
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) runs.push(await firstStartMs(ROOT));
    const sorted = [...runs].sort((a, b) => a - b);
    console.log('First start (npm start on a new embedded database: generate beside the database\'s creation, build beside the seed, until health, the page and the admin login answer)');
    console.log(`  median ${ms(sorted[1]!)}   (${runs.map((r) => (r / 1000).toFixed(1)).join(', ')} s)   target < 30 s: ${verdict(sorted[1]! < 30_000)}`);
    console.log(`${probeLine(probeBefore, speedProbeMs())}\n`);
  }

  if (!only || only === 'dashboard') {
    const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    try {
      const result = await dashboardBench(databaseUrl);
      const worst = Math.max(...result.calls.map((c) => c.p95), ...result.actions.map((a) => (a.batches ? a.p95 : Infinity)));
      console.log(
        `Finance dashboard on PostgreSQL (${result.openInvoices.toLocaleString('en')} open invoices, ${result.payments.toLocaleString('en')} payments, ${result.remainders.toLocaleString('en')} with a remainder; seeded in ${result.seedSeconds.toFixed(1)} s)   target p95 ≤ 100 ms: ${verdict(worst <= 100)}`,
      );
      for (const c of result.calls) console.log(`  ${c.call.padEnd(27)} cut-off ${DASHBOARD_CUTOFFS[c.cutoff]}   p50 ${ms(c.p50)}   p95 ${ms(c.p95)}   ${verdict(c.p95 <= 100)}`);
      for (const a of result.actions)
        console.log(
          a.batches
            ? `  ${a.call.padEnd(27)} ${a.batches} batches of ${ACTION_BATCH} payments (${a.count} done)   p50 ${ms(a.p50)}   p95 ${ms(a.p95)}   ${verdict(a.p95 <= 100)}`
            : `  ${a.call.padEnd(27)} not measured: too few payments with a remainder (a larger BENCH_DASHBOARD_SCALE)`,
        );
      console.log('');
    } catch (error) {
      if (!/ECONNREFUSED|ENOTFOUND/.test(String(error))) throw error;
      console.log(`Finance dashboard skipped: PostgreSQL at ${databaseUrl} cannot be reached\n`);
    }
  }

  if (!only || only === 'hr') {
    const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    try {
      const result = await hrBench(databaseUrl);
      const worst = Math.max(...result.calls.map((c) => c.p95));
      console.log(
        `HR dashboard on PostgreSQL (${result.employees.toLocaleString('en')} employees, ${result.requests.toLocaleString('en')} leave requests, ${result.ledgerRows.toLocaleString('en')} ledger rows; seeded in ${result.seedSeconds.toFixed(1)} s)   target p95 ≤ 50 ms: ${verdict(worst <= 50)}`,
      );
      for (const c of result.calls) console.log(`  ${c.call.padEnd(27)} as ${c.as.padEnd(8)}   p50 ${ms(c.p50)}   p95 ${ms(c.p95)}`);
      console.log('');
    } catch (error) {
      if (!/ECONNREFUSED|ENOTFOUND/.test(String(error))) throw error;
      console.log(`HR dashboard skipped: PostgreSQL at ${databaseUrl} cannot be reached\n`);
    }
  }

  if (!only || only === 'reports') {
    const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    try {
      const r = await reportBench(databaseUrl);
      const n = (x: number) => x.toLocaleString('en');
      console.log(`Receivables reports on PostgreSQL (${n(r.invoices)} invoices, ${n(r.open)} open; ${n(r.payments)} payments; seeded in ${r.seedSeconds.toFixed(1)} s)`);
      console.log(`  AR aging today             p50 ${ms(r.today.p50)}   p95 ${ms(r.today.p95)}   ${n(r.today.rows)} parties   target p95 ≤ 1000 ms: ${verdict(r.today.p95 <= 1000)}`);
      console.log(`  AR aging as of ${r.yearBack.cutoff}  p50 ${ms(r.yearBack.p50)}   p95 ${ms(r.yearBack.p95)}   ${n(r.yearBack.rows)} parties   target p95 ≤ 1000 ms: ${verdict(r.yearBack.p95 <= 1000)}`);
      console.log(`  XLSX export of ${n(r.xlsx.rows)} rows   ${ms(r.xlsx.ms)} (server CPU ${ms(r.xlsx.cpuMs)})   ${(r.xlsx.bytes / 1048576).toFixed(1)} MiB   target ≤ 10000 ms: ${verdict(r.xlsx.ms <= 10000)}\n`);
    } catch (error) {
      if (!/ECONNREFUSED|ENOTFOUND/.test(String(error))) throw error;
      console.log(`Receivables reports on PostgreSQL skipped: ${databaseUrl} cannot be reached\n`);
    }
  }

  if (!only || only === 'recovery') {
    const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    const recovery = await recoveryTime(databaseUrl, 5);
    console.log('Recovery after the database returns (real server on PostgreSQL behind a proxy that is closed, then opened)');
    if (!recovery) console.log(`  skipped: PostgreSQL at ${databaseUrl} cannot be reached\n`);
    else console.log(`  until health is 200: median ${ms(recovery.median)}   max ${ms(recovery.max)}   (${recovery.rounds.map((r) => r.toFixed(0)).join(', ')} ms)\n`);
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
