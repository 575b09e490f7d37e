// The demo board (issue 11 "Demo data", server/seed/seedDemoBoard.ts): a term of announcements the
// demo logins see as the board's rules say, with rich text, recalls, events, real files, threads
// three levels deep and one notification per account; future ones hidden until due; seeding
// again changes nothing. Runs on PGlite, and on PostgreSQL with npm run test:pg.

import { inflateSync } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { publishDue } from '../../server/comboard/publish';
import { loadHooks } from '../../server/records/loadHooks';
import { seedDemoBoard } from '../../server/seed/seedDemoBoard';
import { fileServer, type Answer } from './harness';

const server = fileServer({ demoData: true, demoBoard: true });

interface Card {
  id: number;
  title: string;
  info: string;
  is_recalled: boolean;
  reason: string | null;
  is_priority: boolean;
  is_event: boolean;
  datetime_1: string | null;
  show_date: string;
  comment_count: number;
  is_published: boolean;
  file_1: Array<{ id: number; mime: string; url: string }>;
  file_img: Array<{ id: number; mime: string }>;
}

/** Every card of a feed, paging by skip as the mobile clients do. */
async function wholeFeed(as: string, path = 'comboard-parent'): Promise<Card[]> {
  const cards: Card[] = [];
  for (let skip = 0; ; skip += 5) {
    const page: Answer = await server.call('GET', `/api/v1/${path}?skip=${skip}`, { as });
    expect(page.status).toBe(200);
    if (!page.json.data.length) return cards;
    cards.push(...page.json.data);
  }
}

async function counts() {
  const rows = await sql<{ t: string; n: number }>`select 'comboard' as t, count(*)::int as n from comboard
    union all select 'comment', count(*)::int from comboard_comment union all select 'attachment', count(*)::int from comboard_attachment
    union all select 'recipient', count(*)::int from comboard_recipient union all select 'audience', count(*)::int from comboard_audience
    union all select 'notification', count(*)::int from app_notification`.execute(server.database.db);
  return Object.fromEntries(rows.rows.map((r) => [r.t, r.n]));
}

describe('the demo board', () => {
  it("answers the parent's feed with cards, their comments and files, newest first", async () => {
    const page = await server.call('GET', '/api/v1/comboard-parent?skip=0', { as: 'parent' });
    expect(page.json.data).toHaveLength(5);
    expect(page.json.checkisi).toBeGreaterThan(10);
    expect(page.json.dataDetail.length).toBeGreaterThan(0);
    const shown = page.json.data.map((c: Card) => Date.parse(c.show_date));
    expect([...shown].sort((a, b) => b - a)).toEqual(shown);
    for (const comment of page.json.dataDetail) expect(page.json.data.map((c: Card) => c.id)).toContain(comment.comboard_id);
  });

  it('spreads a term of announcements over the categories: rich text, priority, events, recalls, files, comments', async () => {
    const all = await wholeFeed('admin', 'comboard-admin');
    expect(all.length).toBeGreaterThanOrEqual(25);
    const past = all.filter((c) => c.is_published);
    const oldest = Math.min(...past.map((c) => Date.parse(c.show_date)));
    expect(Date.now() - oldest).toBeGreaterThan(75 * 86_400_000);
    expect(Date.now() - oldest).toBeLessThan(100 * 86_400_000);
    expect(all.filter((c) => !c.is_published)).toHaveLength(2);
    const categories = await sql<{ n: number }>`select count(distinct comboard_category_id)::int as n from comboard`.execute(server.database.db);
    expect(categories.rows[0]!.n).toBe(5);
    expect(all.filter((c) => /<(ul|ol)>/.test(c.info)).length).toBeGreaterThan(5);
    expect(all.filter((c) => c.is_priority).length).toBeGreaterThanOrEqual(3);
    expect(all.filter((c) => c.is_event && c.datetime_1).length).toBeGreaterThanOrEqual(5);
    const recalled = all.filter((c) => c.is_recalled);
    expect(recalled.length).toBeGreaterThanOrEqual(2);
    for (const card of recalled) expect(card.reason).toBeTruthy();
    expect(all.filter((c) => c.file_1.length).length).toBeGreaterThanOrEqual(3);
    expect(all.filter((c) => c.file_img.length).length).toBeGreaterThanOrEqual(3);
    expect(all.filter((c) => c.comment_count > 0).length).toBeGreaterThanOrEqual(10);
  });

  it('has threads three levels deep by staff, the parent and the student', async () => {
    const deep = await sql<{ comboard_id: number }>`select comboard_id from comboard_comment where reply = 2 order by comboard_id`.execute(server.database.db);
    expect(deep.rows.length).toBeGreaterThanOrEqual(3);
    const kinds = await sql<{ author_kind: string; created_by: string }>`select distinct author_kind, created_by from comboard_comment order by 1, 2`.execute(server.database.db);
    expect(kinds.rows).toEqual(expect.arrayContaining([
      { author_kind: 'staff', created_by: 'admin' },
      { author_kind: 'staff', created_by: 'teacher' },
      { author_kind: 'parent', created_by: 'parent' },
      { author_kind: 'student', created_by: 'student' },
    ]));
    const thread = await server.call('GET', `/api/v1/comment-parent?comboard_id=${deep.rows[0]!.comboard_id}`, { as: 'admin' });
    const depths = thread.json.data.map((c: { reply: number }) => c.reply);
    expect(depths).toContain(2);
    // Reading order: each reply right after what it answers, one deeper.
    for (let i = 1; i < depths.length; i++) expect(depths[i]).toBeLessThanOrEqual(depths[i - 1] + 1);
  });

  it('addresses Siti and Bima by student, class, level and unit, and teachers: each sees theirs', async () => {
    const kinds = await sql<{ k: string }>`select distinct case when student_id is not null then 's' when class_id is not null then 'c'
      when level_id is not null then 'l' else 'd' end as k from comboard_recipient order by 1`.execute(server.database.db);
    expect(kinds.rows.map((r) => r.k)).toEqual(['c', 'd', 'l', 's']);
    const parent = await wholeFeed('parent');
    const student = await wholeFeed('student', 'comboard-admin');
    const teacher = await wholeFeed('teacher', 'comboard-admin');
    expect(parent.length).toBeGreaterThanOrEqual(15);
    expect(student.length).toBeGreaterThanOrEqual(10);
    expect(teacher.length).toBeGreaterThanOrEqual(10);
    // A teachers-only meeting reaches no family.
    expect(teacher.map((c) => c.title)).toContain('Rapat guru awal bulan');
    expect(parent.map((c) => c.title)).not.toContain('Rapat guru awal bulan');
    // The future ones are nobody's but staff who made them until their day.
    for (const cards of [parent, student, teacher]) expect(cards.every((c) => c.is_published)).toBe(true);
  });

  it('notified each reached account once per published announcement, and nobody of the future ones', async () => {
    const perAnnouncement = await sql<{ n: number }>`select count(*)::int as n from app_notification
      where doc_name = 't_comboard_detail' group by recipient_kind, recipient_id, doc_id having count(*) > 1`.execute(server.database.db);
    expect(perAnnouncement.rows).toEqual([]);
    const parentFeed = await wholeFeed('parent');
    const parentBell = await sql<{ doc_id: string }>`select doc_id from app_notification where recipient_kind = 'parent_user' and recipient_id = 1
      and doc_name = 't_comboard_detail' order by doc_id::int`.execute(server.database.db);
    expect(parentBell.rows.map((r) => Number(r.doc_id))).toEqual(parentFeed.map((c) => c.id).sort((a, b) => a - b));
    const future = await sql<{ n: number }>`select count(*)::int as n from app_notification a join comboard c on c.id = a.doc_id::int
      where a.doc_name = 't_comboard_detail' and c.show_date > now()`.execute(server.database.db);
    expect(future.rows[0]!.n).toBe(0);
    // The timer finds nothing left to do.
    expect(await publishDue(server.database.db)).toBe(0);
  });

  it('attaches real files: a PDF and a PNG that open', async () => {
    const files = await sql<{ id: number; mime: string }>`select distinct on (mime) id, mime from comboard_attachment order by mime, id`.execute(server.database.db);
    expect(files.rows.map((r) => r.mime)).toEqual(['application/pdf', 'image/png']);
    for (const file of files.rows) {
      const download = await server.app.inject({ method: 'GET', url: `/api/v1/download-comboard?id=${file.id}`, headers: { authorization: `Bearer ${await server.token('admin')}` } });
      expect(download.statusCode).toBe(200);
      const bytes = download.rawPayload;
      expect((await fileTypeFromBuffer(bytes))?.mime).toBe(file.mime);
      if (file.mime === 'application/pdf') {
        const text = bytes.toString('latin1');
        // The cross-reference table points at each object.
        const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
        expect(text.slice(xref, xref + 4)).toBe('xref');
        const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
        offsets.forEach((offset, index) => expect(text.slice(offset).startsWith(`${index + 1} 0 obj\n`)).toBe(true));
        expect(text).toContain('/Type /Page ');
      } else {
        const length = bytes.readUInt32BE(33);
        expect(bytes.subarray(37, 41).toString('ascii')).toBe('IDAT');
        expect(inflateSync(bytes.subarray(41, 41 + length)).length).toBe((bytes.readUInt32BE(16) * 3 + 1) * bytes.readUInt32BE(20));
      }
    }
  });

  it('seeding again changes nothing', async () => {
    const before = await counts();
    const written = await server.database.db.transaction().execute(async (tx) => seedDemoBoard(tx, server.catalog, await loadHooks(server.catalog)));
    expect(written).toBe(0);
    expect(await counts()).toEqual(before);
  });
});
