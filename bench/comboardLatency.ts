// The board's bench (issue 11 "Demo data, speed and tests"), on PostgreSQL (an own schema at
// DATABASE_URL, dropped after) and on the embedded database:
//
//   feed page   10,000 announcements, 200,000 comments, attachments on a quarter: a page of 5 cards
//               with comment counts, attachments and comments, GET comboard-parent as the demo parent
//               (who sees about two thirds of them) and GET comboard-admin as admin (all), over
//               HTTP on loopback, one after another, skip 0–45                  target p95 ≤ 20 ms on PostgreSQL
//   publishing  one announcement addressed to a class of 2,500 students, each with a parent
//               account: 5,000 accounts, audience rows and notifications       target ≤ 300 ms
//
// The data is made by insert … select generate_series; every answer is checked for 5 cards.

import { sql } from 'kysely';
import { entities, validators } from '../src/generated/all';
import { buildApp } from '../server/app';
import { publishAnnouncement } from '../server/comboard/publish';
import { buildCatalog } from '../server/crud/catalog';
import type { Db } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { tables } from '../server/generated/tables';
import { DEMO_PASSWORD } from '../server/seed/demoUsers';
import { seedDemoData } from '../server/seed/seedDemoData';
import { openBench } from './benchDatabase';

export interface FeedFigures {
  requests: number;
  p50: number;
  p95: number;
  max: number;
}

export interface BoardBench {
  database: 'PostgreSQL' | 'embedded';
  seedSeconds: number;
  parent: FeedFigures;
  admin: FeedFigures;
  /** Each publication's time, ms. */
  publish: number[];
  notified: number;
}

const ANNOUNCEMENTS = 10_000;
const COMMENTS = 200_000;
const CLASS_STUDENTS = 2_500;
const quiet = { info: () => {}, warn: () => {} };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function figures(samples: number[]): FeedFigures {
  const sorted = [...samples].sort((a, b) => a - b);
  return { requests: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] };
}

/** The board's data, beside the demo data (its logins, Siti and Bima, the parent). */
async function seedBoard(db: Db): Promise<void> {
  // Announcements over three years, a tenth to teachers only, a tenth priority, a few recalled.
  await sql`insert into comboard (title, show_date, is_priority, comboard_category_id, info, is_event, to_parent, to_student, to_teacher,
      add_to_calendar, is_recalled, reason, recall_time, creator, created_by, published_at)
    select 'Pengumuman ' || g, now() - (g || ' hours')::interval * 2.5, g % 10 = 0, 1 + g % 5,
      '<p>Isi pengumuman nomor ' || g || ' untuk orang tua dan siswa.</p><ul><li>Butir satu</li><li>Butir dua</li></ul>', g % 7 = 0,
      g % 10 <> 1, g % 10 <> 1, g % 10 in (1, 2), false, g % 97 = 0, case when g % 97 = 0 then 'Ditarik' end,
      case when g % 97 = 0 then now() end, 'Admin Demo', case when g % 3 = 0 then 'teacher' else 'admin' end, now()
    from generate_series(1, ${ANNOUNCEMENTS}) g`.execute(db);
  // Each one to a unit; Siti's (SMA) on two of three, Bima's (SMP) on the others.
  await sql`insert into comboard_recipient (comboard_id, department_id, created_by)
    select c.id, case when c.id % 3 = 0 then 3 else 4 end, 'admin' from comboard c`.execute(db);
  await sql`insert into comboard_audience (comboard_id, comboard_recipient_id, student_id, created_by)
    select r.comboard_id, r.id, case when r.department_id = 4 then 1 else 2 end, 'system' from comboard_recipient r`.execute(db);
  // 200,000 comments, unevenly: a few announcements draw hundreds, most a handful; a third are replies.
  await sql`insert into comboard_comment (comboard_id, detail_id, head_id, reply, comment, author_kind, author_id, name, created_by)
    select 1 + ((g * 7919) % ${ANNOUNCEMENTS}) * ((g % 4) + 1) % ${ANNOUNCEMENTS}, null, 0, 0, 'Komentar ' || g || ', terima kasih informasinya',
      case when g % 3 = 0 then 'staff' else 'parent' end, 1, 'Rahmat Hidayat', 'parent'
    from generate_series(1, ${COMMENTS}) g`.execute(db);
  await sql`update comboard_comment set head_id = id`.execute(db);
  await sql`update comboard_comment m set detail_id = p.id, head_id = p.id, reply = 1
    from comboard_comment p where p.comboard_id = m.comboard_id and p.id < m.id and m.id % 3 = 0 and p.id = (
      select max(q.id) from comboard_comment q where q.comboard_id = m.comboard_id and q.id < m.id)`.execute(db);
  // Attachments on a quarter: a PDF, and on half of those a picture too.
  await sql`insert into comboard_attachment (comboard_id, title, file_name, file, mime, size, file_version, created_by)
    select c.id, 'Lampiran', 'lampiran-' || c.id || '.pdf', '{"src": "/api/v1/file/bench", "title": "lampiran.pdf"}'::jsonb, 'application/pdf', 20480, 1, 'admin'
    from comboard c where c.id % 4 = 0
    union all
    select c.id, 'Poster', 'poster.png', '{"src": "/api/v1/file/bench", "title": "poster.png"}'::jsonb, 'image/png', 40960, 1, 'admin'
    from comboard c where c.id % 8 = 0`.execute(db);
  // A class of 2,500 students, each with a parent account, for publishing.
  await sql`insert into student (nis, name, department_id, class_id, username, password, is_active)
    select 'B' || g, 'Siswa ' || g, 4, 2, 'siswa.bench.' || g, 'x', true from generate_series(1, ${CLASS_STUDENTS}) g`.execute(db);
  await sql`insert into parent_user (username, name, password, student_ids, is_active)
    select 'wali.bench.' || s.id, 'Wali ' || s.name, 'x', array[s.id], true from student s where s.class_id = 2`.execute(db);
  // What autovacuum does on PostgreSQL soon after a load (index-only scans need the visibility map).
  await sql`vacuum analyze`.execute(db);
}

async function feed(address: string, token: string, path: string, requests: number): Promise<FeedFigures> {
  const samples: number[] = [];
  for (let i = 0; i < requests + 20; i++) {
    const started = performance.now();
    const res = await fetch(`${address}/api/v1/${path}?skip=${(i % 10) * 5}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { data?: Array<{ comment_count: number }>; dataDetail?: unknown[] };
    const ms = performance.now() - started;
    if (!res.ok || body.data?.length !== 5) throw new Error(`${path} failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    if (i >= 20) samples.push(ms);
  }
  return figures(samples);
}

async function login(address: string, path: string, username: string): Promise<string> {
  const res = await fetch(`${address}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Publishes `rounds` announcements to the class of 2,500 (5,000 accounts), one after another. */
async function publishing(db: Db, rounds: number): Promise<{ times: number[]; notified: number }> {
  const times: number[] = [];
  let notified = 0;
  for (let round = 0; round < rounds; round++) {
    const made = await sql<{ id: number }>`insert into comboard (title, show_date, is_priority, comboard_category_id, to_parent, to_student, to_teacher,
        is_recalled, creator, created_by) values (${`Rapat kelas ${round}`}, now() - interval '1 minute', false, 1, true, true, false, false, 'Admin Demo', 'admin')
      returning id`.execute(db);
    const id = made.rows[0].id;
    await sql`insert into comboard_recipient (comboard_id, class_id, created_by) values (${id}, 2, 'admin')`.execute(db);
    const started = performance.now();
    const count = await publishAnnouncement(db, id);
    times.push(performance.now() - started);
    if (count !== CLASS_STUDENTS * 2) throw new Error(`publishing notified ${count}, not ${CLASS_STUDENTS * 2}`);
    notified = count;
  }
  return { times, notified };
}


export async function boardBench(kind: 'PostgreSQL' | 'embedded', databaseUrl: string, requests = 200, rounds = 5): Promise<BoardBench> {
  const { handle, dispose } = await openBench(kind, databaseUrl, 'board');
  try {
    const seedStart = performance.now();
    await migrate(handle.db, tables, quiet);
    const catalog = buildCatalog(entities, validators, tables);
    await handle.db.transaction().execute((tx) => seedDemoData(tx, catalog));
    await seedBoard(handle.db);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const app = await buildApp({ db: handle.db, entities, validators, tables, publishIntervalMs: 0 });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const parent = await feed(address, await login(address, '/api/v1/auth/log-parent/', 'parent'), 'comboard-parent', requests);
      const admin = await feed(address, await login(address, '/api/v1/auth/login/', 'admin'), 'comboard-admin', requests);
      const published = await publishing(handle.db, rounds);
      return { database: kind, seedSeconds, parent, admin, publish: published.times, notified: published.notified };
    } finally {
      await app.close();
    }
  } finally {
    await dispose();
  }
}
