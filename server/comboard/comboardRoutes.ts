// The board's calls (spec 2 §7, contract src/shared/api/comboard.ts), behind the session.
// Identity and roles come from the session (./viewer.ts); what a caller may not see answers
// 404, whatever id they try. Writes go through the write door (app.records) inside one
// transaction each; publishing runs after every save and recipient change (./publish.ts).

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  COMBOARD_PAGE_SIZE,
  type AttachmentListAnswer,
  type AttachmentSaveAnswer,
  type ComboardDetailAnswer,
  type ComboardFilter,
  type ComboardPageAnswer,
  type ComboardPriorityAnswer,
  type ComboardPriorityLinkAnswer,
  type ComboardRoleAnswer,
  type ComboardSaveAnswer,
  type CommentListAnswer,
  type CommentSaveAnswer,
  type FileExistsAnswer,
  type ImageAnswer,
  type RecipientListAnswer,
  type RecipientRow,
  type RecipientSaveAnswer,
  type UploadLimitAnswer,
} from '../../src/shared/api/comboard';
import type { Locale } from '../../src/shared/entityModel';
import { message, type MessageKey } from '../../src/shared/messages';
import { sessionUser } from '../auth/requireSession';
import { parseRecordId } from '../crud/recordId';
import type { Db, Row } from '../db/database';
import { fileIdOf, readStoredFile } from '../files/fileStore';
import { deleteUnusedFiles } from '../files/fileCleanup';
import { uploadName } from '../files/uploadName';
import { ApiError, apiError, invalidInput } from '../http/apiError';
import { requestLocale } from '../http/requestLocale';
import { success } from '../http/success';
import { callerOf } from '../records/routeDoor';
import type { Catalog } from '../crud/catalog';
import { attachmentBodyLimit, attachmentUpload, uploadLimitMb } from './attachmentFile';
import { cardById, cardPage, commentById, feedPosition, filesOf, threadOf, toComment } from './cards';
import { publishAnnouncement } from './publish';
import { viewerOf, type Viewer } from './viewer';

type Query = Record<string, unknown>;

const RECIPIENT_FIELDS = ['department_id', 'level_id', 'class_id', 'student_id'] as const;
type RecipientField = (typeof RECIPIENT_FIELDS)[number];
const RECIPIENT_TABLES: Readonly<Record<RecipientField, string>> = { department_id: 'department', level_id: 'level', class_id: 'class', student_id: 'student' };

const ANNOUNCEMENT_FIELDS = [
  'title', 'show_date', 'is_priority', 'comboard_category_id', 'info', 'is_event', 'datetime_1', 'datetime_2', 'to_parent',
  'to_student', 'to_teacher', 'add_to_calendar', 'is_recalled', 'recall_time', 'reason', 'link_url',
] as const;

const said = (locale: Locale, key: MessageKey, params: Record<string, string | number> = {}) => message(locale, key, params);
const entityName = (locale: Locale, what: 'announcement' | 'comment' | 'attachment' | 'recipient') =>
  ({
    announcement: { en: 'Announcement', id: 'Pengumuman' },
    comment: { en: 'Comment', id: 'Komentar' },
    attachment: { en: 'Attachment', id: 'Lampiran' },
    recipient: { en: 'Recipient', id: 'Penerima' },
  })[what][locale];

const notFound = (locale: Locale, what: Parameters<typeof entityName>[1]) => apiError(locale, 404, 'notFound', { entity: entityName(locale, what) });

/** A positive id from a query or path value; 0 (nothing has it) otherwise. */
function idOf(value: unknown): number {
  return parseRecordId(String(value ?? '')) ?? 0;
}

function objectOf(value: unknown): Query {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Query) : {};
}

/** The feed's filter from the query: unusable values are left out, skip is any non-negative integer. */
function filterOf(query: Query): ComboardFilter {
  const int = (v: unknown) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : undefined);
  const month = int(query.month);
  const year = int(query.year);
  const date = typeof query.date === 'string' && /^\d{4}-\d{1,2}-\d{1,2}$/.test(query.date) ? query.date : undefined;
  return {
    skip: int(query.skip) ?? 0,
    search: typeof query.search === 'string' ? query.search.slice(0, 200) : undefined,
    month: month && month >= 1 && month <= 12 ? month : undefined,
    year: year && year >= 1900 && year <= 9999 ? year : undefined,
    date,
  };
}

export function registerComboardRoutes(app: FastifyInstance, db: Db, catalog: Catalog): void {
  const limitMb = uploadLimitMb();
  const fileBodyLimit = attachmentBodyLimit(limitMb);
  const viewer = (request: FastifyRequest) => viewerOf(db, sessionUser(request));
  const inTx = <T>(work: (tx: Db) => Promise<T>) => db.transaction().execute(work);

  /** The announcement as the caller sees it, or 404. */
  async function visibleCard(request: FastifyRequest, who: Viewer, id: number) {
    const card = id ? await cardById(db, who, id) : undefined;
    if (!card) throw notFound(requestLocale(request), 'announcement');
    return card;
  }

  /** The announcement the caller manages, or 404 (not seen) / 403 (seen, not theirs). */
  async function managedCard(request: FastifyRequest, who: Viewer, id: number) {
    const card = await visibleCard(request, who, id);
    if (!card.can_manage) throw apiError(requestLocale(request), 403, 'forbidden');
    return card;
  }

  async function page(request: FastifyRequest): Promise<ComboardPageAnswer> {
    const who = await viewer(request);
    const filter = filterOf(objectOf(request.query));
    const skip = filter.skip ?? 0;
    const found = await cardPage(db, who, filter);
    return success({
      data: found.data,
      dataDetail: found.dataDetail,
      checkisi: found.after,
      page: Math.floor(skip / COMBOARD_PAGE_SIZE) + 1,
      skip,
      total: found.total,
    });
  }

  // ---- feeds ----

  app.get('/comboard-admin', page);
  app.get('/comboard-parent', page);

  app.get('/comboard-priority', async (request): Promise<ComboardPriorityAnswer> => {
    const who = await viewer(request);
    const filter = filterOf(objectOf(request.query));
    const found = await cardPage(db, who, filter, { priorityOnly: true, withComments: false });
    return success({ data: found.data, checkisi: found.after, total: found.total });
  });

  app.get('/comboard-priority-link', async (request): Promise<ComboardPriorityLinkAnswer> => {
    const who = await viewer(request);
    const id = idOf(objectOf(request.query).comboard_id);
    const urut = id ? await feedPosition(db, who, id) : undefined;
    if (urut === undefined) throw notFound(requestLocale(request), 'announcement');
    const skip = Math.floor(urut / COMBOARD_PAGE_SIZE) * COMBOARD_PAGE_SIZE;
    const found = await cardPage(db, who, { skip }, { withComments: false });
    return success({ data: found.data, page: skip / COMBOARD_PAGE_SIZE + 1, skip, urut });
  });

  app.get('/comboard-role', async (request): Promise<ComboardRoleAnswer> => {
    const who = await viewer(request);
    return success({ data: { is_admin: who.isAdmin, can_post: who.canPost, can_moderate: who.canModerate, comboard_role: who.comboardRole } });
  });

  // ---- announcements ----

  /** The announcement fields of a body (anything else, such as created_by or user_parent_id, is ignored). */
  function announcementBody(raw: unknown): Query {
    const body = objectOf(raw);
    const fields: Query = {};
    for (const name of ANNOUNCEMENT_FIELDS) if (body[name] !== undefined) fields[name] = body[name];
    return fields;
  }

  /** A publisher limited to some categories posts only in those (422 under the field). */
  function checkCategory(locale: Locale, who: Viewer, fields: Query) {
    if (!who.categoryIds || fields.comboard_category_id === undefined) return;
    if (!who.categoryIds.includes(idOf(fields.comboard_category_id))) {
      throw invalidInput(locale, { comboard_category_id: [said(locale, 'comboardCategoryLimit')] });
    }
  }

  app.post('/comboard-header', async (request): Promise<ComboardSaveAnswer> => {
    const locale = requestLocale(request);
    const who = await viewer(request);
    if (who.kind !== 'staff' || !who.canPost) throw apiError(locale, 403, 'forbidden');
    checkCategory(locale, who, announcementBody(request.body));
    const row = await inTx((tx) => app.records.create(tx, callerOf(request), 'comboard', announcementBody(request.body)));
    await publishAnnouncement(db, Number(row.id));
    return success({ message: said(locale, 'comboardSaved'), data: await visibleCard(request, who, Number(row.id)) });
  });

  app.put('/comboard-header/:id', async (request): Promise<ComboardSaveAnswer> => {
    const locale = requestLocale(request);
    const who = await viewer(request);
    const id = idOf((request.params as Query).id);
    await managedCard(request, who, id);
    const body = objectOf(request.body);
    checkCategory(locale, who, announcementBody(body));
    const stored: Row | undefined = await db.selectFrom('comboard').select('version').where('id', '=', id).executeTakeFirst();
    // The version read, when the client sends it (409 when someone saved in between); older clients send none.
    const version = Number.isInteger(body.version) ? body.version : stored?.version;
    await inTx((tx) => app.records.update(tx, callerOf(request), 'comboard', id, { ...announcementBody(body), version }));
    await publishAnnouncement(db, id);
    return success({ message: said(locale, 'comboardSaved'), data: await visibleCard(request, who, id) });
  });

  app.delete('/comboard-header/:id', async (request) => {
    const locale = requestLocale(request);
    const who = await viewer(request);
    const id = idOf((request.params as Query).id);
    await managedCard(request, who, id);
    await inTx(async (tx) => {
      const files = await sql<{ file: { src?: string } | null }>`select file from comboard_attachment where comboard_id = ${id}`.execute(tx);
      await sql`delete from comboard_notified where comboard_id = ${id}`.execute(tx);
      await sql`delete from comboard_audience where comboard_id = ${id}`.execute(tx);
      await sql`delete from comboard_recipient where comboard_id = ${id}`.execute(tx);
      await sql`delete from comboard_comment where comboard_id = ${id}`.execute(tx);
      await sql`delete from comboard_attachment where comboard_id = ${id}`.execute(tx);
      await app.records.delete(tx, callerOf(request), 'comboard', id);
      const fileIds = files.rows.map((r) => (typeof r.file?.src === 'string' ? fileIdOf(r.file.src) : null)).filter((f): f is string => f !== null);
      await deleteUnusedFiles(tx, catalog, fileIds);
    });
    return success({ message: said(locale, 'comboardDeleted') });
  });

  app.get('/comboard-detail', async (request): Promise<ComboardDetailAnswer> => {
    const who = await viewer(request);
    return success({ data: await visibleCard(request, who, idOf(objectOf(request.query).comboard_id)) });
  });

  // ---- comments ----

  app.get('/comment-parent', async (request): Promise<CommentListAnswer> => {
    const who = await viewer(request);
    const card = await visibleCard(request, who, idOf(objectOf(request.query).comboard_id));
    return success({ data: await threadOf(db, who, card.id) });
  });

  app.post('/comboard-detail', async (request): Promise<CommentSaveAnswer> => {
    const locale = requestLocale(request);
    const who = await viewer(request);
    // v1 sent the comment in the query string; the body wins.
    const body = { ...objectOf(request.query), ...objectOf(request.body) };
    const card = await visibleCard(request, who, idOf(body.comboard_id));
    if (card.is_recalled) throw new ApiError(409, said(locale, 'comboardRecalled'));
    const detailId = body.detail_id === undefined || body.detail_id === null || body.detail_id === '' ? null : idOf(body.detail_id);
    let reply = 0;
    let head: number | null = null;
    if (detailId !== null) {
      const parent = await commentById(db, detailId);
      if (!parent || Number(parent.comboard_id) !== card.id) throw invalidInput(locale, { detail_id: [said(locale, 'comboardReplyElsewhere')] });
      reply = Number(parent.reply) + 1;
      head = Number(parent.head_id);
    }
    const row = await inTx(async (tx) => {
      const created = await app.records.create(tx, callerOf(request), 'comboard_comment', {
        comboard_id: card.id,
        detail_id: detailId,
        reply,
        head_id: head ?? 0,
        comment: typeof body.comment === 'string' ? body.comment : body.comment === undefined ? undefined : String(body.comment),
        author_kind: who.kind,
        author_id: who.id,
        name: who.name.slice(0, 150),
      });
      // A top-level comment heads its own thread.
      if (head === null) await sql`update comboard_comment set head_id = id where id = ${Number(created.id)}`.execute(tx);
      return created;
    });
    const saved = await commentById(db, Number(row.id));
    return success({ message: said(locale, 'comboardCommentSaved'), data: toComment(saved!, who) });
  });

  /** A comment of an announcement the caller sees, or 404. */
  async function visibleComment(request: FastifyRequest, who: Viewer, id: number): Promise<Row> {
    const row = id ? await commentById(db, id) : undefined;
    if (!row || !(await cardById(db, who, Number(row.comboard_id)))) throw notFound(requestLocale(request), 'comment');
    return row;
  }

  const isAuthor = (who: Viewer, row: Row) => row.author_kind === who.kind && Number(row.author_id) === who.id;

  app.put('/comboard-detail/:id', async (request): Promise<CommentSaveAnswer> => {
    const locale = requestLocale(request);
    const who = await viewer(request);
    const row = await visibleComment(request, who, idOf((request.params as Query).id));
    if (!isAuthor(who, row)) throw apiError(locale, 403, 'forbidden');
    const body = objectOf(request.body);
    const stored: Row = await db.selectFrom('comboard_comment').selectAll().where('id', '=', Number(row.id)).executeTakeFirstOrThrow();
    const { id: _id, version, created_at: _c, updated_at: _u, created_by: _cb, updated_by: _ub, ...fields } = stored;
    await inTx((tx) => app.records.update(tx, callerOf(request), 'comboard_comment', Number(row.id), { ...fields, comment: body.comment, version }));
    const saved = await commentById(db, Number(row.id));
    return success({ message: said(locale, 'comboardCommentSaved'), data: toComment(saved!, who) });
  });

  async function deleteComment(request: FastifyRequest, id: number) {
    const locale = requestLocale(request);
    const who = await viewer(request);
    const row = await visibleComment(request, who, id);
    if (!isAuthor(who, row) && !who.canModerate) throw apiError(locale, 403, 'forbidden');
    await inTx(async (tx) => {
      // Its replies go with it (deepest first, so no reply outlives the comment it answers).
      await sql`with recursive below as (select id, 0 as depth from comboard_comment where detail_id = ${id}
          union all select m.id, b.depth + 1 from comboard_comment m join below b on m.detail_id = b.id)
        delete from comboard_comment where id in (select id from below)`.execute(tx);
      await app.records.delete(tx, callerOf(request), 'comboard_comment', id);
    });
    return success({ message: said(locale, 'comboardCommentDeleted') });
  }

  app.delete('/comboard-detail/:id', (request) => deleteComment(request, idOf((request.params as Query).id)));
  app.post('/deletecomment', (request) => deleteComment(request, idOf({ ...objectOf(request.query), ...objectOf(request.body) }.id)));

  // ---- attachments ----

  async function attachmentOf(request: FastifyRequest, who: Viewer, id: number): Promise<Row> {
    const row: Row | undefined = id ? await db.selectFrom('comboard_attachment').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    if (!row || !(await cardById(db, who, Number(row.comboard_id)))) throw notFound(requestLocale(request), 'attachment');
    return row;
  }

  async function fileAnswer(id: number) {
    const files = await filesOf(db, [Number((await db.selectFrom('comboard_attachment').select('comboard_id').where('id', '=', id).executeTakeFirstOrThrow()).comboard_id)]);
    return files.find((f) => f.id === id)!;
  }

  async function newestNamed(comboardId: number, fileName: string) {
    const files = await filesOf(db, [comboardId]);
    return files.filter((f) => f.file_name === fileName && f.is_latest)[0] ?? null;
  }

  /** Adds a version (create) or puts new bytes on the newest version (replace) of `fileName`. */
  async function saveFile(request: FastifyRequest, comboardId: number, fileName: string, title: string, base64: unknown, status: unknown) {
    const locale = requestLocale(request);
    const upload = await attachmentUpload(base64, fileName, 'file_1', locale, limitMb);
    const existing = await newestNamed(comboardId, fileName);
    if (existing && status !== 'create' && status !== 'replace') {
      throw new ApiError(409, said(locale, 'comboardFileExists', { name: fileName }), undefined, { data: { code: 'file_exists', existing } });
    }
    const fields = { title, file_name: fileName, file: upload.value, mime: upload.mime, size: upload.bytes.length };
    const row = await inTx(async (tx) => {
      if (existing && status === 'replace') {
        const stored: Row = await tx.selectFrom('comboard_attachment').select(['file', 'version']).where('id', '=', existing.id).executeTakeFirstOrThrow();
        const updated = await app.records.update(tx, callerOf(request), 'comboard_attachment', existing.id, {
          ...fields,
          comboard_id: comboardId,
          file_version: existing.version,
          version: stored.version,
        });
        const old = (stored.file as { src?: string } | null)?.src;
        const oldId = typeof old === 'string' ? fileIdOf(old) : null;
        if (oldId) await deleteUnusedFiles(tx, catalog, [oldId]);
        return updated;
      }
      return app.records.create(tx, callerOf(request), 'comboard_attachment', { ...fields, comboard_id: comboardId, file_version: existing ? existing.version + 1 : 1 });
    });
    return fileAnswer(Number(row.id));
  }

  app.get('/upload-limit', async (): Promise<UploadLimitAnswer> => success({ data: limitMb }));

  app.get('/comboard-attachment', async (request): Promise<AttachmentListAnswer> => {
    const who = await viewer(request);
    const card = await visibleCard(request, who, idOf(objectOf(request.query).comboard_id));
    return success({ data: await filesOf(db, [card.id]) });
  });

  app.post('/comboard-attachment', { bodyLimit: fileBodyLimit }, async (request): Promise<AttachmentSaveAnswer> => {
    const locale = requestLocale(request);
    const who = await viewer(request);
    const body = objectOf(request.body);
    const card = await managedCard(request, who, idOf(body.comboard_id));
    const fileName = uploadName(String(body.file_name ?? ''));
    const title = typeof body.title === 'string' && body.title.trim() ? body.title : fileName;
    if (!fileName) throw invalidInput(locale, { file_name: [said(locale, 'required')] });
    return success({ message: said(locale, 'comboardFileSaved'), data: await saveFile(request, card.id, fileName, title, body.file_1, body.status) });
  });

  app.post('/replace-file-comboard', { bodyLimit: fileBodyLimit }, async (request): Promise<AttachmentSaveAnswer> => {
    const locale = requestLocale(request);
    const who = await viewer(request);
    const body = objectOf(request.body);
    const row = await attachmentOf(request, who, idOf(body.id_file));
    await managedCard(request, who, Number(row.comboard_id));
    const status = body.status === 'create' || body.status === 'replace' ? body.status : 'replace';
    const title = typeof body.title === 'string' && body.title.trim() ? body.title : String(row.title);
    return success({ message: said(locale, 'comboardFileSaved'), data: await saveFile(request, Number(row.comboard_id), String(row.file_name), title, body.base64, status) });
  });

  app.put('/comboard-attachment/:id', { bodyLimit: fileBodyLimit }, async (request): Promise<AttachmentSaveAnswer> => {
    const locale = requestLocale(request);
    const who = await viewer(request);
    const row = await attachmentOf(request, who, idOf((request.params as Query).id));
    await managedCard(request, who, Number(row.comboard_id));
    const body = objectOf(request.body);
    if (typeof body.file_1 === 'string' && body.file_1 !== '') {
      const title = typeof body.title === 'string' && body.title.trim() ? body.title : String(row.title);
      return success({ message: said(locale, 'comboardFileSaved'), data: await saveFile(request, Number(row.comboard_id), String(row.file_name), title, body.file_1, 'replace') });
    }
    const { id: _id, version, created_at: _c, updated_at: _u, created_by: _cb, updated_by: _ub, ...fields } = row;
    await inTx((tx) => app.records.update(tx, callerOf(request), 'comboard_attachment', Number(row.id), { ...fields, title: body.title, version }));
    return success({ message: said(locale, 'comboardFileSaved'), data: await fileAnswer(Number(row.id)) });
  });

  app.delete('/comboard-attachment/:id', async (request) => {
    const locale = requestLocale(request);
    const who = await viewer(request);
    const row = await attachmentOf(request, who, idOf((request.params as Query).id));
    await managedCard(request, who, Number(row.comboard_id));
    await inTx(async (tx) => {
      await app.records.delete(tx, callerOf(request), 'comboard_attachment', Number(row.id));
      const src = (row.file as { src?: string } | null)?.src;
      const fileId = typeof src === 'string' ? fileIdOf(src) : null;
      if (fileId) await deleteUnusedFiles(tx, catalog, [fileId]);
    });
    return success({ data: Number(row.id), message: said(locale, 'comboardFileDeleted') });
  });

  app.get('/fileExist-comboard', async (request): Promise<FileExistsAnswer> => {
    const who = await viewer(request);
    const query = objectOf(request.query);
    const card = await visibleCard(request, who, idOf(query.comboard_id));
    return success({ data: await newestNamed(card.id, uploadName(String(query.file_name ?? ''))) });
  });

  async function storedBytes(request: FastifyRequest) {
    const who = await viewer(request);
    const row = await attachmentOf(request, who, idOf(objectOf(request.query).id));
    const src = (row.file as { src?: string } | null)?.src;
    const stored = typeof src === 'string' && fileIdOf(src) ? await readStoredFile(db, fileIdOf(src)!) : null;
    if (!stored) throw notFound(requestLocale(request), 'attachment');
    return { row, stored };
  }

  app.get('/download-comboard', async (request, reply) => {
    const { row, stored } = await storedBytes(request);
    const name = String(row.file_name);
    reply.header('content-type', String(row.mime));
    reply.header('content-disposition', `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    reply.header('cache-control', 'private, no-store');
    return reply.send(Buffer.from(stored.bytes));
  });

  app.get('/image', async (request): Promise<ImageAnswer> => {
    const { row, stored } = await storedBytes(request);
    return success({ img: `data:${String(row.mime)};base64,${Buffer.from(stored.bytes).toString('base64')}`, name64: String(row.file_name), size64: Number(row.size) });
  });

  // ---- recipients ----

  async function recipientRows(locale: Locale, comboardId: number, ids?: readonly number[]): Promise<RecipientRow[]> {
    const rows = await sql<Row>`select r.id, r.comboard_id, r.department_id, d.name as department_name, r.level_id, l.name as level_name,
        r.class_id, k.name as class_name, r.student_id, s.name as student_name, r.created_at, r.created_by
      from comboard_recipient r left join department d on d.id = r.department_id left join level l on l.id = r.level_id
      left join class k on k.id = r.class_id left join student s on s.id = r.student_id
      where r.comboard_id = ${comboardId} ${ids ? sql`and r.id = any(${[...ids]}::int[])` : sql``} order by r.id`.execute(db);
    const words = locale === 'en' ? { d: 'Unit', l: 'Level', c: 'Class', s: 'Student' } : { d: 'Unit', l: 'Tingkat', c: 'Kelas', s: 'Siswa' };
    return rows.rows.map((r) => {
      const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
      const info = r.department_id !== null ? `${words.d}: ${text(r.department_name)}` : r.level_id !== null ? `${words.l}: ${text(r.level_name)}`
        : r.class_id !== null ? `${words.c}: ${text(r.class_name)}` : `${words.s}: ${text(r.student_name)}`;
      const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
      return {
        id: Number(r.id), comboard_id: Number(r.comboard_id), info,
        department_id: num(r.department_id), department_name: text(r.department_name),
        level_id: num(r.level_id), level_name: text(r.level_name),
        class_id: num(r.class_id), class_name: text(r.class_name),
        student_id: num(r.student_id), student_name: text(r.student_name),
        created_at: new Date(r.created_at as string).toISOString(), created_by: String(r.created_by ?? ''),
      };
    });
  }

  app.get('/comboard-recipients', async (request): Promise<RecipientListAnswer> => {
    const who = await viewer(request);
    const card = await managedCard(request, who, idOf(objectOf(request.query).comboard_id));
    return success({ data: await recipientRows(requestLocale(request), card.id) });
  });

  /** Which of these ids of a recipient field exist, and which of those lie outside the publisher's departments. */
  async function recipientTargets(field: RecipientField, ids: readonly number[], departments: readonly number[] | null) {
    const table = RECIPIENT_TABLES[field];
    // A level's unit is its own; a class's and a student's are theirs.
    const unit = field === 'department_id' ? sql`t.id` : sql`t.department_id`;
    const rows = await sql<{ id: number; allowed: boolean }>`select t.id, ${departments ? sql`coalesce(${unit} = any(${[...departments]}::int[]), false)` : sql`true`} as allowed
      from ${sql.table(table)} t where t.id = any(${[...ids]}::int[])`.execute(db);
    const found = new Map(rows.rows.map((r) => [Number(r.id), r.allowed === true]));
    return { missing: ids.filter((id) => !found.has(id)), outside: ids.filter((id) => found.get(id) === false) };
  }

  app.post('/comboard-recipients', async (request): Promise<RecipientSaveAnswer> => {
    const locale = requestLocale(request);
    const who = await viewer(request);
    const body = objectOf(request.body);
    const card = await managedCard(request, who, idOf(body.comboard_id));
    const errors: Record<string, string[]> = {};
    const fields: RecipientField[] = [];
    const values: number[] = [];
    for (const field of RECIPIENT_FIELDS) {
      const value = body[field];
      if (value === undefined || value === null) continue;
      const list = Array.isArray(value) ? value : [value];
      if (list.length > 1000 || !list.every((v) => idOf(v) > 0)) {
        errors[field] = [said(locale, 'references')];
        continue;
      }
      const ids = [...new Set(list.map(idOf))];
      if (!ids.length) continue;
      const { missing, outside } = await recipientTargets(field, ids, who.departmentIds);
      if (missing.length) errors[field] = [said(locale, 'references')];
      else if (outside.length) errors[field] = [said(locale, 'comboardDepartmentLimit')];
      for (const id of ids) {
        fields.push(field);
        values.push(id);
      }
    }
    if (Object.keys(errors).length) throw invalidInput(locale, errors);
    // All rows in one statement; one already there (each target is unique per announcement) is kept as it is.
    const added = values.length
      ? await sql<{ id: number }>`insert into comboard_recipient (comboard_id, department_id, level_id, class_id, student_id, created_by)
          select ${card.id}, case when w.f = 'department_id' then w.v end, case when w.f = 'level_id' then w.v end,
            case when w.f = 'class_id' then w.v end, case when w.f = 'student_id' then w.v end, ${who.username}
          from unnest(${fields}::text[], ${values}::int[]) as w(f, v)
          on conflict do nothing
          returning id`.execute(db)
      : { rows: [] };
    await publishAnnouncement(db, card.id);
    return success({ message: said(locale, 'comboardRecipientsSaved'), data: await recipientRows(locale, card.id, added.rows.map((r) => Number(r.id))) });
  });

  app.delete('/comboard-recipients/:id', async (request) => {
    const locale = requestLocale(request);
    const who = await viewer(request);
    const id = idOf((request.params as Query).id);
    const row: Row | undefined = id ? await db.selectFrom('comboard_recipient').select(['id', 'comboard_id']).where('id', '=', id).executeTakeFirst() : undefined;
    if (!row || !(await cardById(db, who, Number(row.comboard_id)))) throw notFound(locale, 'recipient');
    await managedCard(request, who, Number(row.comboard_id));
    await inTx(async (tx) => {
      await sql`delete from comboard_audience where comboard_recipient_id = ${id}`.execute(tx);
      await app.records.delete(tx, callerOf(request), 'comboard_recipient', id);
    });
    return success({ message: said(locale, 'comboardRecipientDeleted') });
  });
}
