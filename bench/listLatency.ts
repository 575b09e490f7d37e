// List latency: 100,000 classes, then a page of them with a search (q), a sort and a filter,
// over HTTP on loopback, one request after another; on the embedded database (PGlite) or on
// PostgreSQL (`database: 'postgres'`: DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test,
// in a schema of its own, dropped at the end).
//
// Targets (issue 16): p95 ≤ 20 ms embedded, ≤ 10 ms on PostgreSQL. The search terms come in three kinds, reported apart:
// broad ones that match 8–33 % of the rows ("ipa", "xii"), a medium one (~3 %) and narrow
// ones: part of a name, a class code, a full name. Every answer is checked against a plain
// query (same rows, same order; the exact count when the total is not marked estimated).
//
// Wall-clock times on a shared machine include time spent waiting for a CPU; each result
// also carries the run-queue wait of the process during the slowest request (Linux), so an
// outlier can be told apart from slow code.

import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { entities, validators } from '../src/generated/all';
import { buildApp } from '../server/app';
import { buildCatalog } from '../server/crud/catalog';
import { COUNT_CAP, likePattern } from '../server/crud/listRecords';
import type { Db } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { vacuumEmbedded } from '../server/db/embeddedVacuum';
import { tables } from '../server/generated/tables';
import { DEMO_PASSWORD } from '../server/seed/demoUsers';
import { seedDemoData } from '../server/seed/seedDemoData';
import { openBench } from './benchDatabase';

export type TermKind = 'broad' | 'medium' | 'narrow';

export interface Figures {
  requests: number;
  p50: number;
  p95: number;
  max: number;
  /** CPU time of this process (server and client) per request: what a busy machine does not inflate. */
  cpuP50: number;
  cpuP95: number;
}

export type BenchDatabase = 'embedded' | 'postgres';

export interface Latency extends Figures {
  database: BenchDatabase;
  rows: number;
  seedSeconds: number;
  byKind: Record<TermKind, Figures>;
  /** The seven terms of the first version of this bench, for before/after comparisons. */
  firstSeven: Figures;
  slowest: { url: string; ms: number; runQueueMs?: number };
}

export interface LatencyOptions {
  /** Which database (default embedded). */
  database?: BenchDatabase;
  /** SQL run after the seed, before VACUUM and ANALYZE: to try an index shape before the generator makes it. */
  extraSql?: string[];
  /** Called after each measured request (to see which ones are slow). */
  onRequest?: (request: { path: string; kind: TermKind; ms: number; cpuMs: number; total: number; totalEstimated: boolean }) => void;
}

/** Class names as the seed makes them: grade, major and the number. */
function className(g: number): string {
  return `${['X', 'XI', 'XII'][g % 3]} ${['IPA', 'IPS', 'Bahasa', 'Teknik'][Math.floor(g / 3) % 4]} ${g}`;
}

const TERMS: Array<{ q: string; kind: TermKind; firstSeven?: true }> = [
  { q: 'ipa', kind: 'broad', firstSeven: true }, // 25 % of the rows
  { q: 'IPS 12', kind: 'narrow', firstSeven: true },
  { q: 'bahasa', kind: 'broad', firstSeven: true }, // 25 %
  { q: 'teknik 9', kind: 'medium', firstSeven: true }, // 2.8 %
  { q: 'xi ipa', kind: 'broad', firstSeven: true }, // 8 %
  { q: '777', kind: 'narrow', firstSeven: true },
  { q: 'xii', kind: 'broad', firstSeven: true }, // 33 %
  { q: 'B-4242', kind: 'narrow' }, // a class code (and the ten that start with it)
  { q: className(31337).toLowerCase(), kind: 'narrow' }, // a full name, typed in lower case
];
const SORTS = ['name', 'code', 'capacity'];
const WARM_UP = 20;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

interface Sample {
  ms: number;
  cpuMs: number;
}

function figures(samples: Sample[]): Figures {
  const wall = samples.map((s) => s.ms).sort((a, b) => a - b);
  const cpu = samples.map((s) => s.cpuMs).sort((a, b) => a - b);
  return {
    requests: wall.length,
    p50: percentile(wall, 50),
    p95: percentile(wall, 95),
    max: wall[wall.length - 1],
    cpuP50: percentile(cpu, 50),
    cpuP95: percentile(cpu, 95),
  };
}

/** Time this process has waited for a CPU, in ms (Linux), to tell a busy machine from slow code. */
function runQueueMs(): number | undefined {
  try {
    return Number(readFileSync('/proc/self/schedstat', 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return undefined;
  }
}

const quiet = { info: () => {}, warn: () => {} };

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export async function listLatency(rows = 100_000, requests = 300, options: LatencyOptions = {}): Promise<Latency> {
  const database = options.database ?? 'embedded';
  const { handle, dispose } = await openBench(database === 'embedded' ? 'embedded' : 'PostgreSQL', DATABASE_URL, 'list');
  try {
    const seedStart = performance.now();
    await migrate(handle.db, tables, quiet);
    const catalog = buildCatalog(entities, validators, tables);
    // The demo data holds the demo logins.
    await handle.db.transaction().execute((tx) => seedDemoData(tx, catalog));
    // Realistic names: grade, major and number, spread over the three academic years.
    await sql`
      insert into class (code, name, academic_year_id, department_id, level_id, major_id, capacity, is_active, is_archived, is_sync_google_classroom)
      select 'B-' || g,
             (array['X','XI','XII'])[1 + g % 3] || ' ' || (array['IPA','IPS','Bahasa','Teknik'])[1 + (g / 3) % 4] || ' ' || g,
             1 + g % 3, 4, 4 + g % 3, 1 + g % 3, 20 + g % 16, g % 5 <> 0, false, false
      from generate_series(1, ${rows}) g`.execute(handle.db);
    for (const statement of options.extraSql ?? []) await sql.raw(statement).execute(handle.db);
    // As a running server finds the table: the embedded one vacuums and analyzes as the server
    // does at start (and then every few minutes); on PostgreSQL autovacuum does the same after
    // a bulk insert (this machine's server runs without it, so the bench does it).
    if (database === 'embedded') await vacuumEmbedded(handle.db, { analyze: true });
    else await sql`vacuum analyze class`.execute(handle.db);
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const app = await buildApp({ db: handle.db, entities, validators, tables });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const login = await fetch(`${address}/api/v1/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
      });
      const { access_token: token } = (await login.json()) as { access_token: string };
      const all: Sample[] = [];
      const kinds: Record<TermKind, Sample[]> = { broad: [], medium: [], narrow: [] };
      const firstSeven: Sample[] = [];
      const checked = new Set<string>();
      let slowest: Latency['slowest'] = { url: '', ms: 0 };
      for (let i = 0; i < requests + WARM_UP; i++) {
        // Every combination of term, sort, order and page in turn.
        const n = TERMS.length;
        const term = TERMS[i % n];
        const sort = SORTS[Math.floor(i / n) % SORTS.length];
        const order = Math.floor(i / (n * SORTS.length)) % 2 ? 'DESC' : 'ASC';
        const page = 1 + (Math.floor(i / (n * SORTS.length * 2)) % 4);
        const path = `/api/v1/class?page=${page}&per_page=25&sort=${sort}&order=${order}&q=${encodeURIComponent(term.q)}&is_active=true`;
        const waited = runQueueMs();
        const cpuBefore = process.cpuUsage();
        const started = performance.now();
        const res = await fetch(address + path, { headers: { authorization: `Bearer ${token}` } });
        const body = (await res.json()) as { total?: number; total_estimated?: boolean; data?: Array<{ id: number }> };
        const ms = performance.now() - started;
        const cpu = process.cpuUsage(cpuBefore);
        const sample = { ms, cpuMs: (cpu.user + cpu.system) / 1000 };
        if (!res.ok || typeof body.total !== 'number') throw new Error(`list failed: ${res.status} ${JSON.stringify(body)}`);
        if (i >= WARM_UP) {
          all.push(sample);
          kinds[term.kind].push(sample);
          if (term.firstSeven) firstSeven.push(sample);
          options.onRequest?.({ path, kind: term.kind, ...sample, total: body.total, totalEstimated: body.total_estimated === true });
          if (ms > slowest.ms) {
            const after = runQueueMs();
            slowest = { url: path, ms, runQueueMs: waited === undefined || after === undefined ? undefined : after - waited };
          }
        }
        if (!checked.has(path)) {
          checked.add(path);
          await checkAnswer(handle.db, { q: term.q, sort, order, page }, body);
        }
      }
      return {
        database,
        rows,
        seedSeconds,
        ...figures(all),
        byKind: { broad: figures(kinds.broad), medium: figures(kinds.medium), narrow: figures(kinds.narrow) },
        firstSeven: figures(firstSeven),
        slowest,
      };
    } finally {
      await app.close();
    }
  } finally {
    await dispose();
  }
}

/** The answer against the plainest query there is: same ids in the same order, and the total. */
async function checkAnswer(
  db: Db,
  call: { q: string; sort: string; order: string; page: number },
  body: { total?: number; total_estimated?: boolean; data?: Array<{ id: number }> },
): Promise<void> {
  const pattern = likePattern(call.q);
  const where = sql`is_active = true and (code ilike ${pattern} or name ilike ${pattern})`;
  const direction = sql.raw(call.order === 'DESC' ? 'desc' : 'asc');
  const expected = await sql<{ id: number }>`
    select id from class where ${where}
    order by ${sql.ref(call.sort)} ${direction}, id ${direction}
    limit 25 offset ${(call.page - 1) * 25}`.execute(db);
  const counted = await sql<{ n: number }>`select count(*)::int as n from class where ${where}`.execute(db);
  const exact = counted.rows[0].n;
  const ids = (body.data ?? []).map((r) => r.id);
  const what = `q=${call.q} sort=${call.sort} ${call.order} page ${call.page}`;
  if (JSON.stringify(ids) !== JSON.stringify(expected.rows.map((r) => r.id))) throw new Error(`${what}: wrong rows`);
  if (body.total_estimated) {
    if (exact <= COUNT_CAP || !(body.total! > COUNT_CAP)) throw new Error(`${what}: estimated ${body.total}, but ${exact} match`);
  } else if (body.total !== exact) {
    throw new Error(`${what}: total ${body.total}, but ${exact} match`);
  }
}
