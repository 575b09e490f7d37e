// The demo board (issue 11 "Demo data"): the announcements of server/seed/board/announcements.yaml,
// dated relative to the day of seeding (a term behind it, two still to come), written as their
// authors through the write door (validation, sanitized rich text, the creator hook, files typed
// by their bytes), with recipients, attachments and comment threads; then each one whose show
// time has come is published by the board's own code (./../comboard/publish.ts), so its
// audience and its notifications exist once. The two future ones the server's timer publishes
// when their day comes.
//
// Only the timestamps are set afterwards by plain updates: a record written today cannot say it
// was written in August otherwise, and the cards show when an announcement and a comment were made.
//
// A database that already has an announcement is left as it is: seeding twice changes nothing.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { parse } from 'yaml';
import { isPlainObject } from '../../src/shared/validation';
import { findAccount, findAccountForLogin } from '../auth/accountStore';
import type { AppUser, LoginKind } from '../auth/userStore';
import { attachmentUpload } from '../comboard/attachmentFile';
import { publishInside } from '../comboard/publish';
import type { Catalog } from '../crud/catalog';
import type { Db, Row } from '../db/database';
import type { HookRegistry } from '../records/entityHooks';
import { recordWrites, type Caller } from '../records/recordWrites';
import { demoPdf, demoPng } from './demoFiles';

export const DEMO_BOARD_FILE = join(import.meta.dirname, 'board', 'announcements.yaml');

interface DemoComment {
  by: string;
  text: string;
  replies?: DemoComment[];
}

interface DemoAnnouncement {
  by: string;
  day: number;
  hour: number;
  category: string;
  title: string;
  info: string;
  priority?: boolean;
  to: Array<'parent' | 'student' | 'teacher'>;
  recipients: Partial<Record<'department' | 'level' | 'class' | 'student', number[]>>;
  event?: [number, number];
  recalled?: { day: number; reason: string };
  link_url?: string;
  files?: Array<'pdf' | 'png'>;
  comments?: DemoComment[];
}

/** The file's announcements; throws naming the file and the announcement when one is malformed. */
function readBoard(path: string): DemoAnnouncement[] {
  const document: unknown = parse(readFileSync(path, 'utf8'));
  if (!isPlainObject(document) || !Array.isArray(document.announcements)) throw new Error(`${path}: expected "announcements:" with a list`);
  return document.announcements.map((item: unknown, index: number) => {
    const ok = isPlainObject(item) && typeof item.by === 'string' && typeof item.day === 'number' && typeof item.hour === 'number'
      && typeof item.category === 'string' && typeof item.title === 'string' && typeof item.info === 'string' && Array.isArray(item.to)
      && isPlainObject(item.recipients);
    if (!ok) throw new Error(`${path}: announcement ${index + 1} needs by, day, hour, category, title, info, to and recipients`);
    return item as unknown as DemoAnnouncement;
  });
}

/** The day `days` from `now` at `hour` o'clock local time. */
function dayAt(now: Date, days: number, hour: number): Date {
  const at = new Date(now);
  at.setDate(at.getDate() + days);
  at.setHours(hour, 0, 0, 0);
  return at;
}

const isoDate = (at: Date) => `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

interface Author {
  user: AppUser;
  caller: Caller;
  kind: 'staff' | 'parent' | 'student';
}

/**
 * Seeds the demo board inside the caller's transaction. Answers how many announcements it wrote: 0 when the database has any already.
 */
export async function seedDemoBoard(tx: Db, catalog: Catalog, hooks: HookRegistry, now = new Date(), path = DEMO_BOARD_FILE): Promise<number> {
  if (!catalog.entityNamed('comboard')) return 0;
  const there = await sql<{ n: number }>`select count(*)::int as n from comboard`.execute(tx);
  if ((there.rows[0]?.n ?? 0) > 0) return 0;
  const board = readBoard(path);
  const door = recordWrites(catalog, hooks);

  const authors = new Map<string, Author>();
  async function author(login: string, where: string): Promise<Author> {
    const known = authors.get(login);
    if (known) return known;
    const kind: LoginKind = login === 'parent' ? 'parent' : login === 'student' ? 'student' : 'staff';
    const found = await findAccountForLogin(tx, kind, login);
    const user = found ? await findAccount(tx, kind, found.id) : null;
    if (!user) throw new Error(`${where}: there is no demo login ${login}`);
    const made: Author = { user, caller: { username: user.username, roles: user.roles, locale: 'id' }, kind: kind === 'staff' ? 'staff' : kind };
    authors.set(login, made);
    return made;
  }

  const categories = new Map(
    (await tx.selectFrom('comboard_category').select(['id', 'code', 'color']).execute()).map((r: Row) => [String(r.code), { id: Number(r.id), color: String(r.color ?? '#1976D2') }]),
  );

  for (const [index, item] of board.entries()) {
    const where = `${path}: announcement ${index + 1} (${item.title})`;
    const by = await author(item.by, where);
    const category = categories.get(item.category);
    if (!category) throw new Error(`${where}: there is no comboard category ${item.category}`);
    const showAt = dayAt(now, item.day, item.hour);
    const card = await door.create(tx, by.caller, 'comboard', {
      title: item.title,
      show_date: showAt.toISOString(),
      is_priority: item.priority === true,
      comboard_category_id: category.id,
      info: item.info.trim(),
      is_event: item.event !== undefined,
      datetime_1: item.event ? isoDate(dayAt(now, item.event[0], 0)) : null,
      datetime_2: item.event ? isoDate(dayAt(now, item.event[1], 0)) : null,
      to_parent: item.to.includes('parent'),
      to_student: item.to.includes('student'),
      to_teacher: item.to.includes('teacher'),
      add_to_calendar: item.event !== undefined,
      is_recalled: item.recalled !== undefined,
      recall_time: item.recalled ? dayAt(now, item.recalled.day, 10).toISOString() : null,
      reason: item.recalled?.reason ?? null,
      link_url: item.link_url ?? null,
    });
    const id = Number(card.id);
    await sql`update comboard set created_at = ${showAt.toISOString()} where id = ${id}`.execute(tx);

    for (const [target, ids] of Object.entries(item.recipients)) {
      for (const value of ids ?? []) await door.create(tx, by.caller, 'comboard_recipient', { comboard_id: id, [`${target}_id`]: value });
    }

    for (const kind of item.files ?? []) {
      const name = kind === 'pdf' ? `${item.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.pdf` : 'poster.png';
      const bytes = kind === 'pdf' ? demoPdf(item.title) : demoPng(category.color);
      const upload = await attachmentUpload(bytes.toString('base64'), name, 'file_1', 'id', 50);
      await door.create(tx, by.caller, 'comboard_attachment', {
        comboard_id: id,
        title: kind === 'pdf' ? `Lampiran: ${item.title}` : 'Poster',
        file_name: name,
        file: upload.value,
        mime: upload.mime,
        size: upload.bytes.length,
        file_version: 1,
      });
    }

    // Each comment an hour or more after the one it answers, as its author, depth and thread as the board's comment call sets them.
    let minutes = 60;
    const addThread = async (comments: readonly DemoComment[], parent: { id: number; reply: number; head: number } | null) => {
      for (const comment of comments) {
        const writer = await author(comment.by, where);
        const row = await door.create(tx, writer.caller, 'comboard_comment', {
          comboard_id: id,
          detail_id: parent?.id ?? null,
          reply: parent ? parent.reply + 1 : 0,
          head_id: parent?.head ?? 0,
          comment: comment.text,
          author_kind: writer.kind,
          author_id: writer.user.id,
          name: writer.user.name.slice(0, 150),
        });
        const commentId = Number(row.id);
        const head = parent?.head ?? commentId;
        minutes += 47;
        await sql`update comboard_comment set head_id = ${head}, created_at = ${new Date(showAt.getTime() + minutes * 60_000).toISOString()}
          where id = ${commentId}`.execute(tx);
        await addThread(comment.replies ?? [], { id: commentId, reply: parent ? parent.reply + 1 : 0, head });
      }
    };
    await addThread(item.comments ?? [], null);

    await publishInside(tx, id);
  }
  return board.length;
}
