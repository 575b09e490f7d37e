// Selection's bench (issue 15): 1,000 students sign up for one offering of 30 seats at the same
// moment, on PostgreSQL (an own schema at DATABASE_URL, dropped after). Every POST rombel-save
// goes over HTTP on loopback, all 1,000 started at once, from a client on a thread of its own
// (bench/selectionLoad.ts: the students' JavaScript does not share the server's event loop); an
// admin chooses on each student's behalf: the same route, locks and checks as a student's own
// call, without 1,000 argon2 logins first. Each request's time is from its own start to its
// answer, so a request that queued behind the others counts its wait. Checked: exactly 30
// answered 200, 970 answered 409 "full", and 30 enrolments stored.   target p95 ≤ 200 ms
// Also printed: how busy the server's event loop was (near 100 %: the time went to the server's
// JavaScript, not to PostgreSQL or its locks).
// The floor: the same 1,000 from the same client to a bare Fastify server whose route answers
// 409 at once (no database, no checks, none of the app's hooks): what this machine's two cores
// take for 1,000 connections opened at once, whatever the server does.
// Then the same from 50 clients at a time (each sends its next sign-up when answered): the time
// one request takes when the server is busy but not handed 1,000 at the same instant.

import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { entities, validators } from '../src/generated/all';
import { buildApp } from '../server/app';
import { buildCatalog } from '../server/crud/catalog';
import { migrate } from '../server/db/migrate';
import { tables } from '../server/generated/tables';
import { DEMO_PASSWORD } from '../server/seed/demoUsers';
import { runSignUps } from './selectionLoad';
import { seedDemoData } from '../server/seed/seedDemoData';
import { benchSchema } from './benchDatabase';

export interface RaceFigures {
  signups: number;
  seats: number;
  accepted: number;
  refused: number;
  stored: number;
  /** Answered 503 (no pool connection within the server's 5 s): told to try again. */
  busy: number;
  p50: number;
  p95: number;
  max: number;
  /** By when the client had written 95 % of its requests (connection made, body sent), ms: the floor of p95 the server cannot go under. */
  sentP95: number;
  /** From the first request's start to the last answer, ms. */
  wall: number;
  /**
   * Share of the wall time the server's event loop spent running JavaScript rather than waiting
   * (the students' client runs on a thread of its own, bench/selectionLoad.ts): near 1 means the
   * time went to the server's CPU, near 0 to waiting on PostgreSQL.
   */
  busyShare: number;
  poolSize: number;
  clients: number | 'all';
}

const quiet = { info: () => {}, warn: () => {} };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function selectionRace(databaseUrl: string, clients: number | 'all' = 'all', signups = 1000, seats = 30, poolSize = 10): Promise<RaceFigures> {
  const { handle, dispose } = await benchSchema(databaseUrl, 'bench_sel', poolSize);
  try {
    const db = handle.db;
    await migrate(db, tables, quiet);
    const catalog = buildCatalog(entities, validators, tables);
    await db.transaction().execute((tx) => seedDemoData(tx, catalog));
    // The window of X IPA (major 1, level X, the 2025 cohort) open from yesterday for a week.
    await sql`insert into major_date (major_id, department_id, level_id, academic_batch_id, start_date, end_date, timeout)
      values (1, 4, 4, 3, current_date - 1, current_date + 6, 30)`.execute(db);
    const offering = await sql<{ id: number }>`insert into selection_offering (kind, academic_year_id, department_id, name, major_id, subject_id, capacity, is_active)
      values ('subject', 2, 4, 'Informatika', 1, 7, ${seats}, true) returning id`.execute(db);
    const offeringId = offering.rows[0].id;
    await sql`insert into selection_offering_time (selection_offering_id, day, start_time, end_time) values (${offeringId}, 'friday', '13:00', '14:30')`.execute(db);
    const students = await sql<{ id: number }>`insert into student (nis, name, department_id, class_id, username, password, is_active)
      select 'R' || lpad(g::text, 6, '0'), 'Siswa ' || g, 4, 2, 'race.' || g, 'x', true from generate_series(1, ${signups}) g returning id`.execute(db);
    await sql`vacuum analyze`.execute(db);

    const app = await buildApp({ db, entities, validators, tables, publishIntervalMs: 0 });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const login = await fetch(`${address}/api/v1/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
      });
      const token = ((await login.json()) as { access_token: string }).access_token;
      // Warm up the route (compiled validators, pool connections) with one student's look.
      await fetch(`${address}/api/v1/rombel-time?student_id=${students.rows[0].id}`, { headers: { authorization: `Bearer ${token}` } });
      // The server's own event loop: how much of the run it spent running JavaScript.
      const loopBefore = performance.eventLoopUtilization();
      const { results, wall } = await runSignUps({ url: address, token, offeringId, studentIds: students.rows.map((r) => r.id), clients });
      const busyShare = performance.eventLoopUtilization(loopBefore).utilization;
      const accepted = results.filter((r) => r.status === 200).length;
      const refused = results.filter((r) => r.status === 409 && r.reason === 'full').length;
      const busy = results.filter((r) => r.status === 503).length;
      const stored = await sql<{ n: string }>`select count(*) as n from selection_enrolment where selection_offering_id = ${offeringId}`.execute(db);
      const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
      return {
        signups, seats, accepted, refused, busy, stored: Number(stored.rows[0].n), poolSize, clients,
        p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1], wall, busyShare,
        sentP95: percentile(results.map((r) => r.sentMs).sort((a, b) => a - b), 95),
      };
    } finally {
      await app.close();
    }
  } finally {
    await dispose();
  }
}

export interface FloorFigures {
  p50: number;
  p95: number;
  wall: number;
  busyShare: number;
}

/** The same burst against a bare Fastify server that answers "full" at once: the machine's floor. */
export async function bareSignUpFloor(signups = 1000): Promise<FloorFigures> {
  const app = Fastify({ logger: false });
  app.get('/api/v1/health', async () => ({ status: 'ok' }));
  app.post('/api/v1/rombel-save', async (_request, reply) => {
    reply.code(409);
    return { status: 'error', reason: 'full', message: 'Informatika is full (30 seats)' };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const loopBefore = performance.eventLoopUtilization();
    const { results, wall } = await runSignUps({ url: address, token: 'none', offeringId: 1, studentIds: Array.from({ length: signups }, (_, i) => i + 1), clients: 'all' });
    const busyShare = performance.eventLoopUtilization(loopBefore).utilization;
    if (results.some((r) => r.status !== 409)) throw new Error('the bare server answered something else than 409');
    const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), wall, busyShare };
  } finally {
    await app.close();
  }
}

export function floorLines(f: FloorFigures, signups = 1000): string[] {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  return [
    `Selection's floor (the same ${signups.toLocaleString('en')} at once to a bare Fastify server answering 409 at once: no database, no hooks)`,
    `  per request  p50 ${ms(f.p50)}   p95 ${ms(f.p95)}   all done in ${ms(f.wall)}   server busy ${(f.busyShare * 100).toFixed(0)} % of it`,
    '',
  ];
}

export function selectionRaceLines(r: RaceFigures): string[] {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const exact = r.accepted === r.seats && r.refused + r.busy === r.signups - r.seats && r.stored === r.seats;
  return [
    r.clients === 'all'
      ? `Selection on PostgreSQL (${r.signups.toLocaleString('en')} sign-ups all started at once for ${r.seats} seats, over HTTP, pool ${r.poolSize})   target p95 ≤ 200 ms: ${r.p95 <= 200 ? 'met' : 'NOT MET'}`
      : `Selection on PostgreSQL (the same ${r.signups.toLocaleString('en')} sign-ups from ${r.clients} clients at a time, each sending its next when answered)`,
    `  accepted ${r.accepted}, refused "full" ${r.refused}, busy (503, try again) ${r.busy}, stored ${r.stored}: ${exact ? 'never over-filled' : 'WRONG'}`,
    `  per request  p50 ${ms(r.p50)}   p95 ${ms(r.p95)}   max ${ms(r.max)}   all done in ${ms(r.wall)}   server busy ${(r.busyShare * 100).toFixed(0)} % of it`,
    `  the client had written 95 % of its requests by ${ms(r.sentP95)} (its own connections and sends, on the same two cores)`,
    '',
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  for (const clients of ['all', 50] as const) for (const line of selectionRaceLines(await selectionRace(url, clients))) console.log(line);
  for (const line of floorLines(await bareSignUpFloor())) console.log(line);
}
