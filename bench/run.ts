// `npm run bench`: the numbers the issues ask for, measured here, printed against their
// targets. Run after `npm run build` (the npm script does it).
//
//   codegen time      repo schemas, and 100 synthetic entities       target ≤ 3 s for 100
//   list latency      100,000 rows, search + sort + filter, PGlite   target p95 ≤ 20 ms
//   app JS            dist/ total; what loads before the first row   target ≤ a bare 3-resource react-admin app,
//                     and no heavier with 100 more entities
//   recovery          PostgreSQL at DATABASE_URL unreachable, then back: time until health is 200
//                     (skipped when PostgreSQL cannot be reached; needs no build:
//                     `npx tsx bench/run.ts recovery`)

import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generate } from '../generators/generate';
import { bareBaseline, buildWithMoreEntities, firstListJs, jsSize, type Size } from './bundle';
import { listLatency } from './listLatency';
import { recoveryTime } from './recovery';
import { writeSyntheticSchemas } from './syntheticSchemas';

const ROOT = resolve(import.meta.dirname, '..');
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');

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
  const only = process.argv[2]; // codegen | list | js | recovery
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

  if (!only || only === 'list') {
    const lat = await listLatency(100_000, 300);
    console.log(`List latency (GET /api/v1/class, ${lat.rows.toLocaleString('en')} rows, q + sort + filter, ${lat.requests} requests over HTTP, PGlite)`);
    console.log(`  p50 ${ms(lat.p50)}   p95 ${ms(lat.p95)}   max ${ms(lat.max)}   target p95 ≤ 20 ms: ${verdict(lat.p95 <= 20)}`);
    const byKind = (lat as { byKind?: Record<string, { p50: number; p95: number }> }).byKind ?? {};
    for (const [kind, k] of Object.entries(byKind)) console.log(`    ${kind.padEnd(28)} p50 ${ms(k.p50)}   p95 ${ms(k.p95)}`);
    console.log(`  (seeding took ${lat.seedSeconds.toFixed(1)} s)\n`);
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
