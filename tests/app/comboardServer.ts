// A stubbed comboard server for the board's component tests: answers the calls of
// src/shared/api/comboard.ts from plain arrays, remembers every call, and lets a test refuse
// one (a 422 with field messages, a 409 file_exists).

import type { ComboardCard, ComboardComment, ComboardFile, RecipientRow } from '../../src/shared/api/comboard';

export interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export function card(id: number, fields: Partial<ComboardCard> = {}): ComboardCard {
  return {
    id,
    title: `Pengumuman ${id}`,
    info: `<p>Isi pengumuman ${id}</p>`,
    show_date: '2026-08-03T01:00:00.000Z',
    comboard_category_id: 1,
    category_name: 'Akademik',
    category_color: '#1565c0',
    is_priority: false,
    is_event: false,
    datetime_1: null,
    datetime_2: null,
    to_parent: true,
    to_student: false,
    to_teacher: false,
    add_to_calendar: false,
    is_recalled: false,
    recall_time: null,
    reason: null,
    link_url: null,
    creator: 'Admin Sekolah',
    created_by: 'admin',
    created_at: '2026-08-01T01:00:00.000Z',
    updated_by: null,
    updated_at: null,
    version: 1,
    file_1: [],
    file_img: [],
    comment_count: 0,
    is_published: true,
    can_manage: true,
    can_comment: true,
    ...fields,
  };
}

export function comment(id: number, comboardId: number, fields: Partial<ComboardComment> = {}): ComboardComment {
  return {
    id,
    comboard_id: comboardId,
    detail_id: null,
    parent_comment_id: null,
    head_id: id,
    reply: 0,
    comment: `Komentar ${id}`,
    name: `Penulis ${id}`,
    reply_name: null,
    author_kind: 'staff',
    created_by: 'guru',
    created_at: '2026-08-03T02:00:00.000Z',
    updated_at: null,
    can_delete: true,
    ...fields,
  };
}

export function attachment(id: number, comboardId: number, fields: Partial<ComboardFile> = {}): ComboardFile {
  return {
    id,
    comboard_id: comboardId,
    title: 'Jadwal',
    file_name: 'jadwal.pdf',
    file: 'jadwal.pdf',
    mime: 'application/pdf',
    size: 2048,
    version: 1,
    is_latest: true,
    url: `download-comboard?id=${id}`,
    created_at: '2026-08-01T01:00:00.000Z',
    created_by: 'admin',
    updated_at: null,
    updated_by: null,
    ...fields,
  };
}

export interface BoardData {
  cards: ComboardCard[];
  comments: ComboardComment[];
  attachments: ComboardFile[];
  recipients: RecipientRow[];
  uploadLimit: number;
  /** A refusal for `METHOD path`: status and body. */
  refuse: Map<string, { status: number; body: unknown }>;
}

export function boardData(fields: Partial<BoardData> = {}): BoardData {
  return { cards: [], comments: [], attachments: [], recipients: [], uploadLimit: 2, refuse: new Map(), ...fields };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch that answers the board's calls from `data`, recording each in `calls`. */
export function boardFetch(data: BoardData, calls: Recorded[]) {
  return async (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const url = new URL(input, 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1\//, '');
    const query = Object.fromEntries(url.searchParams);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, query, body });
    const refusal = data.refuse.get(`${method} ${path}`);
    if (refusal) return json(refusal.body, refusal.status);
    if (path === 'comboard-admin' || path === 'comboard-parent') {
      const skip = Number(query.skip ?? 0);
      const page = data.cards.slice(skip, skip + 5);
      return json({
        success: true,
        data: page,
        dataDetail: data.comments.filter((c) => page.some((p) => p.id === c.comboard_id)),
        checkisi: Math.max(0, data.cards.length - skip - 5),
        page: skip / 5 + 1,
        skip,
        total: data.cards.length,
      });
    }
    if (path === 'comment-parent') return json({ success: true, data: data.comments.filter((c) => c.comboard_id === Number(query.comboard_id)) });
    const oneComment = /^comboard-detail\/(\d+)$/.exec(path);
    if (oneComment && method === 'DELETE') {
      data.comments = data.comments.filter((c) => c.id !== Number(oneComment[1]));
      return json({ success: true, message: 'Komentar dihapus' });
    }
    if (path === 'comboard-detail' && method === 'POST') {
      const input = body as { comboard_id: number; comment: string; detail_id?: number | null };
      const parent = data.comments.find((c) => c.id === input.detail_id);
      const made = comment(900 + data.comments.length, input.comboard_id, {
        comment: input.comment,
        detail_id: parent?.id ?? null,
        reply: parent ? parent.reply + 1 : 0,
        head_id: parent?.head_id ?? 900 + data.comments.length,
        name: 'Saya',
        reply_name: parent?.name ?? null,
      });
      // In reading order: after the parent's last descendant.
      const at = parent ? data.comments.indexOf(parent) + 1 : data.comments.length;
      data.comments.splice(at, 0, made);
      return json({ success: true, message: 'Tersimpan', data: made });
    }
    if (path === 'comboard-detail') return json({ success: true, data: data.cards.find((c) => c.id === Number(query.comboard_id)) });
    if (path === 'comboard-category') return json({ success: true, data: [{ id: 1, name: 'Akademik' }, { id: 2, name: 'Keuangan' }] });
    if (path === 'comboard-header' && method === 'POST') return json({ success: true, message: 'Pengumuman tersimpan', data: card(99) });
    const header = /^comboard-header\/(\d+)$/.exec(path);
    if (header && method === 'DELETE') {
      data.cards = data.cards.filter((c) => c.id !== Number(header[1]));
      return json({ success: true, message: 'Data dihapus' });
    }
    if (header && method === 'PUT') return json({ success: true, message: 'Pengumuman tersimpan', data: card(Number(header[1])) });
    if (path === 'upload-limit') return json({ success: true, data: data.uploadLimit });
    if (path === 'comboard-attachment' && method === 'GET') return json({ success: true, data: data.attachments.filter((a) => a.comboard_id === Number(query.comboard_id)) });
    if ((path === 'comboard-attachment' || path === 'replace-file-comboard') && method === 'POST') return json({ success: true, message: 'Tersimpan', data: attachment(500, 1) });
    if (path === 'download-comboard') return new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), { status: 200 });
    if (path === 'comboard-recipients' && method === 'GET') return json({ success: true, data: data.recipients });
    if (path === 'comboard-recipients' && method === 'POST') return json({ success: true, message: 'Penerima tersimpan', data: [] });
    if (path === 'departmentall') return json({ success: true, data: [{ id: 1, name: 'SD' }, { id: 2, name: 'SMA' }] });
    if (path === 'levelall') {
      const levels: Record<string, Array<{ id: number; name: string }>> = { '1': [{ id: 11, name: 'Kelas 1 SD' }], '2': [{ id: 21, name: 'Kelas 10 SMA' }] };
      return json({ success: true, data: levels[query.department_id ?? ''] ?? [] });
    }
    if (path === 'classall') return json({ success: true, data: query.level_id === '21' ? [{ id: 211, name: 'X IPA 1' }] : [] });
    if (path === 'students') return json({ success: true, data: query.class_id === '211' ? [{ id: 7, name: 'Bima Rahmawan' }] : [], total: 1 });
    return json({ success: false, message: `no stub for ${method} ${path}` }, 404);
  };
}
