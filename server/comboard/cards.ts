// The board's reads (spec 2 §7): the feed's pages of cards with their newest attachments,
// comment counts and comments, one card, a thread, an announcement's files. Every read is
// narrowed by visibleTo (./viewer.ts): what a viewer may not see is not found.

import { sql, type RawBuilder } from 'kysely';
import type { ComboardCard, ComboardComment, ComboardFile, ComboardFilter } from '../../src/shared/api/comboard';
import { COMBOARD_COUNT_AHEAD, COMBOARD_PAGE_SIZE, type AttachmentType } from '../../src/shared/api/comboard';
import type { Db, Row } from '../db/database';
import { manages, visibleTo, type Viewer } from './viewer';

/** The newest comments a page of cards carries per card (the whole thread is comment-parent). */
export const PAGE_COMMENTS_PER_CARD = 50;

const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(value as string).toISOString());
const textOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export function toFile(row: Row): ComboardFile {
  return {
    id: Number(row.id),
    comboard_id: Number(row.comboard_id),
    title: String(row.title),
    file_name: String(row.file_name),
    file: String(row.file_name),
    mime: String(row.mime) as AttachmentType,
    size: Number(row.size),
    version: Number(row.file_version),
    is_latest: row.is_latest === true,
    url: `/api/v1/download-comboard?id=${Number(row.id)}`,
    created_at: new Date(row.created_at as string).toISOString(),
    created_by: String(row.created_by ?? ''),
    updated_at: isoOrNull(row.updated_at),
    updated_by: textOrNull(row.updated_by),
  };
}

/** Attachment columns with is_latest (the newest version of its name). */
const FILE_COLUMNS = sql`f.id, f.comboard_id, f.title, f.file_name, f.mime, f.size, f.file_version, f.created_at, f.created_by,
  f.updated_at, f.updated_by, f.file_version = max(f.file_version) over (partition by f.comboard_id, f.file_name) as is_latest`;

/** Every version of every attachment of these announcements, by name then version. */
export async function filesOf(db: Db, comboardIds: readonly number[]): Promise<ComboardFile[]> {
  if (!comboardIds.length) return [];
  const rows = await sql<Row>`select ${FILE_COLUMNS} from comboard_attachment f where f.comboard_id = any(${[...comboardIds]}::int[])
    order by f.comboard_id, f.file_name, f.file_version`.execute(db);
  return rows.rows.map(toFile);
}

export function toComment(row: Row, viewer: Viewer): ComboardComment {
  const own = row.author_kind === viewer.kind && Number(row.author_id) === viewer.id;
  const detail = row.detail_id === null ? null : Number(row.detail_id);
  return {
    id: Number(row.id),
    comboard_id: Number(row.comboard_id),
    detail_id: detail,
    parent_comment_id: detail,
    head_id: Number(row.head_id),
    reply: Number(row.reply),
    comment: String(row.comment),
    name: String(row.name ?? ''),
    reply_name: textOrNull(row.reply_name),
    author_kind: row.author_kind as ComboardComment['author_kind'],
    created_by: String(row.created_by ?? ''),
    created_at: new Date(row.created_at as string).toISOString(),
    updated_at: isoOrNull(row.updated_at),
    can_delete: own || viewer.canModerate,
  };
}

const COMMENT_COLUMNS = sql`m.id, m.comboard_id, m.detail_id, m.head_id, m.reply, m.comment, m.name, m.author_kind, m.author_id,
  m.created_by, m.created_at, m.updated_at, p.name as reply_name`;

/** Reading order: each thread after its head, each reply after the comment it answers (by the path of ids). */
function readingOrder(rows: Row[]): Row[] {
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const children = new Map<number | null, Row[]>();
  for (const row of rows) {
    const parent = row.detail_id === null || !byId.has(Number(row.detail_id)) ? null : Number(row.detail_id);
    const list = children.get(parent) ?? [];
    list.push(row);
    children.set(parent, list);
  }
  const ordered: Row[] = [];
  const walk = (parent: number | null) => {
    const list = (children.get(parent) ?? []).sort((a, b) => Number(a.id) - Number(b.id));
    for (const row of list) {
      ordered.push(row);
      walk(Number(row.id));
    }
  };
  walk(null);
  return ordered;
}

/** The whole thread of one announcement, in reading order. */
export async function threadOf(db: Db, viewer: Viewer, comboardId: number): Promise<ComboardComment[]> {
  const rows = await sql<Row>`select ${COMMENT_COLUMNS} from comboard_comment m left join comboard_comment p on p.id = m.detail_id
    where m.comboard_id = ${comboardId}`.execute(db);
  return readingOrder(rows.rows).map((row) => toComment(row, viewer));
}

/** One comment with its replied author's name. */
export async function commentById(db: Db, id: number): Promise<Row | undefined> {
  const rows = await sql<Row>`select ${COMMENT_COLUMNS} from comboard_comment m left join comboard_comment p on p.id = m.detail_id
    where m.id = ${id}`.execute(db);
  return rows.rows[0];
}

/** The newest PAGE_COMMENTS_PER_CARD comments of each card, each card's in reading order. */
async function pageComments(db: Db, viewer: Viewer, comboardIds: readonly number[]): Promise<ComboardComment[]> {
  if (!comboardIds.length) return [];
  const rows = await sql<Row>`select ${COMMENT_COLUMNS} from unnest(${[...comboardIds]}::int[]) as b(id)
    cross join lateral (select * from comboard_comment x where x.comboard_id = b.id order by x.id desc limit ${PAGE_COMMENTS_PER_CARD}) m
    left join comboard_comment p on p.id = m.detail_id`.execute(db);
  const answer: ComboardComment[] = [];
  for (const id of comboardIds) answer.push(...readingOrder(rows.rows.filter((r) => Number(r.comboard_id) === id)).map((r) => toComment(r, viewer)));
  return answer;
}

const IMAGE = /^image\//;

function toCard(row: Row, files: readonly ComboardFile[], viewer: Viewer): ComboardCard {
  const latest = files.filter((f) => f.comboard_id === Number(row.id) && f.is_latest);
  const recalled = row.is_recalled === true;
  return {
    id: Number(row.id),
    title: String(row.title),
    info: String(row.info ?? ''),
    show_date: new Date(row.show_date as string).toISOString(),
    comboard_category_id: Number(row.comboard_category_id),
    category_name: String(row.category_name ?? ''),
    category_color: textOrNull(row.category_color),
    is_priority: row.is_priority === true,
    is_event: row.is_event === true,
    datetime_1: textOrNull(row.datetime_1),
    datetime_2: textOrNull(row.datetime_2),
    to_parent: row.to_parent === true,
    to_student: row.to_student === true,
    to_teacher: row.to_teacher === true,
    add_to_calendar: row.add_to_calendar === true,
    is_recalled: recalled,
    recall_time: isoOrNull(row.recall_time),
    reason: textOrNull(row.reason),
    link_url: textOrNull(row.link_url),
    creator: String(row.creator ?? ''),
    created_by: String(row.created_by ?? ''),
    created_at: new Date(row.created_at as string).toISOString(),
    updated_by: textOrNull(row.updated_by),
    updated_at: isoOrNull(row.updated_at),
    version: Number(row.version),
    file_1: latest.filter((f) => !IMAGE.test(f.mime)),
    file_img: latest.filter((f) => IMAGE.test(f.mime)),
    comment_count: Number(row.comment_count ?? 0),
    is_published: row.is_published === true,
    can_manage: manages(viewer, row.created_by),
    can_comment: !recalled,
  };
}

const CARD_COLUMNS = sql`c.*, k.name as category_name, k.color as category_color, c.show_date <= now() as is_published,
  (select count(*) from comboard_comment m where m.comboard_id = c.id)::int as comment_count`;

/** The combining marks (accents) that search drops after splitting each letter from its marks (NFD). */
const COMBINING_MARKS = '[\u0300-\u036f]';

/** A text as search compares it: case and accents ignored ('Pengumuman Café' finds 'cafe' and 'CAFÉ'). */
export function searchFolded(text: string): string {
  return text.normalize('NFD').replace(new RegExp(COMBINING_MARKS, 'g'), '').toLowerCase();
}

/**
 * The same folding in SQL: lower, NFD, marks removed. Built-in functions only, so it works alike
 * on PGlite and PostgreSQL without the unaccent extension (which PGlite ships but a managed
 * PostgreSQL may not allow); it folds what Unicode decomposes (é, ñ, ü), not ligatures or ø.
 */
function foldedSql(expression: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`regexp_replace(normalize(lower(${expression}), NFD), ${COMBINING_MARKS}, '', 'g')`;
}

/** The filter's conditions (spec 2 §3 "Filter and paging"). */
function filterWhere(filter: ComboardFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  const words = filter.search ? searchFolded(filter.search.trim()) : '';
  if (words) {
    const like = `%${words.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    parts.push(sql`(${foldedSql(sql`c.title`)} like ${like} or ${foldedSql(sql`coalesce(c.info, '')`)} like ${like})`);
  }
  if (filter.month) parts.push(sql`extract(month from c.show_date) = ${filter.month}`);
  if (filter.year) parts.push(sql`extract(year from c.show_date) = ${filter.year}`);
  if (filter.date) {
    parts.push(sql`(c.show_date::date = ${filter.date}::date or (c.is_event and ${filter.date}::date between c.datetime_1 and c.datetime_2))`);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

export interface CardPage {
  data: ComboardCard[];
  dataDetail: ComboardComment[];
  /** How many cards come after this page, counted up to COMBOARD_COUNT_AHEAD. */
  after: number;
  /** skip + this page + after: exact when after < COMBOARD_COUNT_AHEAD, otherwise a lower bound. */
  total: number;
}

/** One page of the feed as the viewer may see it, newest show date first. */
export async function cardPage(
  db: Db,
  viewer: Viewer,
  filter: ComboardFilter,
  options: { priorityOnly?: boolean; withComments?: boolean } = {},
): Promise<CardPage> {
  const priority = options.priorityOnly ? sql`c.is_priority` : sql`true`;
  const where = sql`${visibleTo(viewer)} and ${filterWhere(filter)} and ${priority}`;
  const skip = filter.skip ?? 0;
  // The page's ids and at most COMBOARD_COUNT_AHEAD after them, in the feed's order: a walk of the
  // feed index that stops there, not an exact count of everything the viewer sees (on 10,000
  // announcements that count was most of a parent's page: 70 ms of 77 on the embedded database).
  const ids = await sql<{ id: number }>`select c.id from comboard c where ${where}
    order by c.show_date desc, c.id desc limit ${COMBOARD_PAGE_SIZE + COMBOARD_COUNT_AHEAD} offset ${skip}`.execute(db);
  const pageIds = ids.rows.slice(0, COMBOARD_PAGE_SIZE).map((r) => Number(r.id));
  const after = ids.rows.length - pageIds.length;
  const rows = pageIds.length
    ? await sql<Row>`select ${CARD_COLUMNS} from comboard c join comboard_category k on k.id = c.comboard_category_id
        where c.id = any(${pageIds}::int[]) order by c.show_date desc, c.id desc`.execute(db)
    : { rows: [] as Row[] };
  const files = await filesOf(db, pageIds);
  // Past the end the walk found nothing to count from: count then (a rare request).
  const total = ids.rows.length || !skip ? skip + ids.rows.length
    : ((await sql<{ total: number }>`select count(*)::int as total from comboard c where ${where}`.execute(db)).rows[0]?.total ?? 0);
  return {
    data: rows.rows.map((row) => toCard(row, files, viewer)),
    dataDetail: options.withComments === false ? [] : await pageComments(db, viewer, pageIds),
    after,
    total,
  };
}

/** The announcement as the viewer may see it; undefined when it does not exist for them. */
export async function cardById(db: Db, viewer: Viewer, id: number): Promise<ComboardCard | undefined> {
  const rows = await sql<Row>`select ${CARD_COLUMNS} from comboard c join comboard_category k on k.id = c.comboard_category_id
    where c.id = ${id} and ${visibleTo(viewer)}`.execute(db);
  const row = rows.rows[0];
  if (!row) return undefined;
  return toCard(row, await filesOf(db, [id]), viewer);
}

/** The 0-based position of an announcement in the viewer's whole feed; undefined when they do not see it. */
export async function feedPosition(db: Db, viewer: Viewer, id: number): Promise<number | undefined> {
  // The visible cards ahead of it in the feed's order: a range of the feed index as long as the
  // position, not a numbering of everything the viewer sees.
  const rows = await sql<{ urut: number }>`select (select count(*) from comboard c where ${visibleTo(viewer)}
      and (c.show_date, c.id) > (t.show_date, t.id))::int as urut
    from comboard t where t.id = ${id} and exists (select 1 from comboard c where c.id = t.id and ${visibleTo(viewer)})`.execute(db);
  return rows.rows[0]?.urut;
}
