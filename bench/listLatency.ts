// List latency on the embedded database: 100,000 classes, then a page of them with a
// search (q), a sort and a filter, over HTTP on loopback, one request after another.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { entities, validators } from '../src/generated/all';
import { buildApp } from '../server/app';
import { buildCatalog } from '../server/crud/catalog';
import { migrate } from '../server/db/migrate';
import { openEmbedded } from '../server/db/openDatabase';
import { tables } from '../server/generated/tables';
import { DEMO_PASSWORD, seedDemoUsers } from '../server/seed/demoUsers';
import { seedDemoData } from '../server/seed/seedDemoData';

export interface Latency {
  rows: number;
  requests: number;
  p50: number;
  p95: number;
  max: number;
  seedSeconds: number;
}

const quiet = { info: () => {}, warn: () => {} };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function listLatency(rows = 100_000, requests = 300): Promise<Latency> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-db-'));
  const handle = await openEmbedded(dir);
  try {
    const seedStart = performance.now();
    await migrate(handle.db, tables, quiet);
    const catalog = buildCatalog(entities, validators, tables);
    await handle.db.transaction().execute(async (tx) => {
      await seedDemoUsers(tx);
      await seedDemoData(tx, catalog);
    });
    // Realistic names: grade, major and number, spread over the three academic years.
    await sql`
      insert into class (code, name, academic_year_id, department_id, level_id, major_id, capacity, is_active, is_archived, is_sync_google_classroom)
      select 'B-' || g,
             (array['X','XI','XII'])[1 + g % 3] || ' ' || (array['IPA','IPS','Bahasa','Teknik'])[1 + (g / 3) % 4] || ' ' || g,
             1 + g % 3, 4, 4 + g % 3, 1 + g % 3, 20 + g % 16, g % 5 <> 0, false, false
      from generate_series(1, ${rows}) g`.execute(handle.db);
    await sql`analyze class`.execute(handle.db);
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
      const terms = ['ipa', 'IPS 12', 'bahasa', 'teknik 9', 'xi ipa', '777', 'xii'];
      const sorts = ['name', 'code', 'capacity'];
      const times: number[] = [];
      for (let i = 0; i < requests + 20; i++) {
        const url =
          `${address}/api/v1/class?page=${1 + (i % 4)}&per_page=25&sort=${sorts[i % sorts.length]}` +
          `&order=${i % 2 ? 'DESC' : 'ASC'}&q=${encodeURIComponent(terms[i % terms.length])}&is_active=true`;
        const started = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        const body = (await res.json()) as { total?: number };
        const ms = performance.now() - started;
        if (!res.ok || typeof body.total !== 'number') throw new Error(`list failed: ${res.status} ${JSON.stringify(body)}`);
        if (i >= 20) times.push(ms); // the first requests warm up the JIT and the caches
      }
      times.sort((a, b) => a - b);
      return { rows, requests, p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1], seedSeconds };
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
