// The announcement board's server (issue 11, spec 2 §5–§7): who sees what, publishing and its
// notifications (once), comments, attachments typed by their bytes, recipients, deletion,
// feed paging and the mobile login. Runs on PGlite, and on PostgreSQL with npm run test:pg.

import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { publishAnnouncement, publishDue } from '../../server/comboard/publish';
import { COMBOARD_COUNT_AHEAD } from '../../src/shared/api/comboard';
import { fileServer, type Answer } from './harness';

const server = fileServer({ demoData: true });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
).toString('base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64');

const past = (hours = 1) => new Date(Date.now() - hours * 3600_000).toISOString();
const future = (hours = 48) => new Date(Date.now() + hours * 3600_000).toISOString();

function announcement(fields: Record<string, unknown> = {}) {
  return {
    title: 'Rapat orang tua',
    show_date: past(),
    is_priority: false,
    comboard_category_id: 1,
    info: '<p>Hadir <b>tepat waktu</b></p>',
    is_event: false,
    to_parent: true,
    to_student: true,
    to_teacher: true,
    add_to_calendar: false,
    is_recalled: false,
    ...fields,
  };
}

async function create(as: string, fields: Record<string, unknown> = {}): Promise<number> {
  const answer = await server.call('POST', '/api/v1/comboard-header', { as, body: announcement(fields) });
  expect(answer.status, answer.text).toBe(200);
  return answer.json.data.id as number;
}

async function address(id: number, targets: Record<string, number[]>, as = 'admin'): Promise<Answer> {
  const answer = await server.call('POST', '/api/v1/comboard-recipients', { as, body: { comboard_id: id, ...targets } });
  expect(answer.status, answer.text).toBe(200);
  return answer;
}

async function notificationsOf(kind: string, username: string, comboardId: number): Promise<number> {
  const table = kind;
  const rows = await sql<{ n: number }>`select count(*)::int as n from app_notification a join ${sql.table(table)} t on t.id = a.recipient_id
    where a.recipient_kind = ${kind} and t.username = ${username} and a.doc_name = 't_comboard_detail' and a.doc_id = ${String(comboardId)}`.execute(server.database.db);
  return rows.rows[0]!.n;
}

const tokens = new Map<string, string>();
/** Bima, the demo's second student, logs in at the student login. */
async function bimaToken(): Promise<string> {
  if (!tokens.has('bima')) {
    const login = await server.app.inject({ method: 'POST', url: '/api/v1/auth/log-student/', payload: { username: 'bima', password: 'demo' } });
    tokens.set('bima', login.json().access_token as string);
  }
  return tokens.get('bima')!;
}

let otherParentToken = '';
async function otherParent(): Promise<string> {
  if (otherParentToken) return otherParentToken;
  const made = await server.call('POST', '/api/v1/parentuser', {
    as: 'admin',
    body: { username: 'wali.bima', name: 'Wali Bima', password: 'rahasia-123', student_ids: [2], is_active: true },
  });
  expect(made.status, made.text).toBe(201);
  const login = await server.app.inject({ method: 'POST', url: '/api/v1/auth/log-parent/', payload: { username: 'wali.bima', password: 'rahasia-123' } });
  otherParentToken = login.json().access_token as string;
  return otherParentToken;
}

async function callAs(who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<Answer> {
  if (who === 'otherParent') {
    return server.call(method, url, { body, headers: { authorization: `Bearer ${await otherParent()}` } });
  }
  if (who === 'bima') return server.call(method, url, { body, headers: { authorization: `Bearer ${await bimaToken()}` } });
  return server.call(method, url, { as: who, body });
}

describe('who sees an announcement', () => {
  it('the visibility matrix: announcement, comments, attachments, downloads, with guessed ids', async () => {
    // By the teacher (a publisher), to parents and students, addressed to Siti's class only, not to teachers.
    const id = await create('teacher', { to_teacher: false, title: 'Untuk kelas X IPA 1' });
    await address(id, { class_id: [1] }, 'teacher');
    const file = await server.call('POST', '/api/v1/comboard-attachment', {
      as: 'teacher',
      body: { comboard_id: id, title: 'Denah', file_name: 'denah.png', file_1: PNG },
    });
    expect(file.status, file.text).toBe(200);
    const fileId = file.json.data.id as number;
    const comment = await server.call('POST', '/api/v1/comboard-detail', { as: 'parent', body: { comboard_id: id, comment: 'Siap hadir' } });
    expect(comment.status, comment.text).toBe(200);

    const sees: Record<string, boolean> = {
      admin: true, // ROLE_ADMIN
      teacher: true, // its creator
      adminfinance: false, // other staff, no ROLE_TEACHER, not its creator
      finance: false,
      parent: true, // Siti's parent
      otherParent: false, // Bima's parent only
      student: true, // Siti
      bima: false, // another student
    };
    for (const [who, visible] of Object.entries(sees)) {
      const expected = visible ? 200 : 404;
      expect((await callAs(who, 'GET', `/api/v1/comboard-detail?comboard_id=${id}`)).status, who).toBe(expected);
      expect((await callAs(who, 'GET', `/api/v1/comment-parent?comboard_id=${id}`)).status, who).toBe(expected);
      expect((await callAs(who, 'GET', `/api/v1/comboard-attachment?comboard_id=${id}`)).status, who).toBe(expected);
      const download = await callAs(who, 'GET', `/api/v1/download-comboard?id=${fileId}`);
      expect(download.status, who).toBe(expected);
      if (visible) expect(download.headers['content-type']).toBe('image/png');
      const feed = await callAs(who, 'GET', '/api/v1/comboard-admin?skip=0&user_parent_id=1&roles=ROLE_ADMIN');
      expect(feed.status, who).toBe(200);
      expect(feed.json.data.some((c: { id: number }) => c.id === id), who).toBe(visible);
      // A comment on it is refused the same way.
      const post = await callAs(who, 'POST', '/api/v1/comboard-detail', { comboard_id: id, comment: 'hai' });
      expect(post.status, who).toBe(visible ? 200 : 404);
    }
    // Guessed ids answer as missing ones.
    expect((await callAs('bima', 'GET', '/api/v1/comboard-detail?comboard_id=999999')).status).toBe(404);
    expect((await callAs('bima', 'GET', `/api/v1/download-comboard?id=${fileId + 1000}`)).status).toBe(404);
  });

  it('teachers see what goes to teachers once its show time has come', async () => {
    const id = await create('admin', { to_teacher: true, to_parent: false, to_student: false });
    expect((await server.call('GET', `/api/v1/comboard-detail?comboard_id=${id}`, { as: 'teacher' })).status).toBe(200);
    const later = await create('admin', { to_teacher: true, show_date: future() });
    expect((await server.call('GET', `/api/v1/comboard-detail?comboard_id=${later}`, { as: 'teacher' })).status).toBe(404);
    expect((await server.call('GET', `/api/v1/comboard-detail?comboard_id=${later}`, { as: 'admin' })).json.data.is_published).toBe(false);
  });

  it('only the creator and admins manage; others get 403 on one they see, 404 on one they do not', async () => {
    const id = await create('admin', { to_teacher: true });
    const put = await server.call('PUT', `/api/v1/comboard-header/${id}`, { as: 'teacher', body: announcement({ title: 'Diubah' }) });
    expect(put.status).toBe(403);
    expect((await server.call('DELETE', `/api/v1/comboard-header/${id}`, { as: 'parent' })).status).toBe(404);
    expect((await server.call('POST', '/api/v1/comboard-header', { as: 'finance', body: announcement() })).status).toBe(403);
    expect((await server.call('POST', '/api/v1/comboard-header', { as: 'parent', body: announcement() })).status).toBe(403);
    const role = await server.call('GET', '/api/v1/comboard-role?user_parent_id=1&roles=ROLE_ADMIN', { as: 'finance' });
    expect(role.json.data).toEqual({ is_admin: false, can_post: false, can_moderate: true, comboard_role: 'moderator' });
  });
});

describe('publishing', () => {
  it('a future announcement is hidden and unnotified until due, then notified once however often it runs', async () => {
    const id = await create('admin', { show_date: future(), title: 'Libur semester' });
    await address(id, { student_id: [1], class_id: [1] });
    expect(await notificationsOf('parent_user', 'parent', id)).toBe(0);
    expect((await server.call('GET', `/api/v1/comboard-detail?comboard_id=${id}`, { as: 'parent' })).status).toBe(404);

    await sql`update comboard set show_date = now() - interval '1 minute' where id = ${id}`.execute(server.database.db);
    await Promise.all([publishDue(server.database.db), publishAnnouncement(server.database.db, id), publishAnnouncement(server.database.db, id)]);
    await publishDue(server.database.db);
    // Saving again notifies nobody twice.
    const stored = await server.call('GET', `/api/v1/comboard-detail?comboard_id=${id}`, { as: 'admin' });
    expect((await server.call('PUT', `/api/v1/comboard-header/${id}`, { as: 'admin', body: announcement({ title: 'Libur semester', show_date: stored.json.data.show_date }) })).status).toBe(200);

    expect(await notificationsOf('parent_user', 'parent', id)).toBe(1); // two rows reach Siti: one notification
    expect(await notificationsOf('student', 'student', id)).toBe(1);
    expect(await notificationsOf('users', 'teacher', id)).toBe(1);
    expect(await notificationsOf('users', 'admin', id)).toBe(0); // no ROLE_TEACHER
    expect(await notificationsOf('student', 'bima', id)).toBe(0);
    const bell = await server.call('GET', '/api/v1/notification', { as: 'parent' });
    const mine = bell.json.data.find((n: { doc_id: string }) => n.doc_id === String(id));
    expect(mine).toMatchObject({ doc_name: 't_comboard_detail', key: 'announcement_new', params: { title: 'Libur semester' } });
  });

  it('recipients added after publication are resolved and notified once; a deleted row takes its audience', async () => {
    const id = await create('admin', { to_teacher: false, title: 'Tambahan penerima' });
    await address(id, { class_id: [1] });
    expect(await notificationsOf('student', 'bima', id)).toBe(0);
    const added = await address(id, { department_id: [3] }); // Bima's unit
    expect(await notificationsOf('student', 'bima', id)).toBe(1);
    expect(await notificationsOf('parent_user', 'parent', id)).toBe(1); // already notified for Siti
    await address(id, { department_id: [3], student_id: [2] });
    expect(await notificationsOf('student', 'bima', id)).toBe(1);
    // Remove both of Bima's rows: his feed loses it.
    const rows = await server.call('GET', `/api/v1/comboard-recipients?comboard_id=${id}`, { as: 'admin' });
    expect(rows.json.data.map((r: { info: string }) => r.info)).toEqual(['Kelas: X IPA 1', 'Unit: ' + added.json.data[0].department_name, 'Siswa: Bima Rahmawan']);
    for (const row of rows.json.data.slice(1)) expect((await server.call('DELETE', `/api/v1/comboard-recipients/${row.id}`, { as: 'admin' })).status).toBe(200);
    expect((await callAs('bima', 'GET', `/api/v1/comboard-detail?comboard_id=${id}`)).status).toBe(404);
    expect((await server.call('GET', `/api/v1/comboard-detail?comboard_id=${id}`, { as: 'student' })).status).toBe(200);
  });
});

describe('comments', () => {
  it('depth and head are the server’s; text stays plain; recalled takes none', async () => {
    const id = await create('admin');
    await address(id, { student_id: [1] });
    const top = await server.call('POST', '/api/v1/comboard-detail', { as: 'teacher', body: { comboard_id: id, comment: '<script>x</script> Halo', reply: 7, head_id: 99 } });
    expect(top.json.data).toMatchObject({ reply: 0, detail_id: null, comment: '<script>x</script> Halo', author_kind: 'staff' });
    expect(top.json.data.head_id).toBe(top.json.data.id);
    const one = await server.call('POST', '/api/v1/comboard-detail', { as: 'parent', body: { comboard_id: id, comment: 'Balas', detail_id: top.json.data.id } });
    const two = await server.call('POST', '/api/v1/comboard-detail', { as: 'student', body: { comboard_id: id, comment: 'Balas lagi', detail_id: one.json.data.id } });
    expect(one.json.data).toMatchObject({ reply: 1, head_id: top.json.data.id, reply_name: 'Teacher Demo', author_kind: 'parent' });
    expect(two.json.data).toMatchObject({ reply: 2, head_id: top.json.data.id, author_kind: 'student' });
    const thread = await server.call('GET', `/api/v1/comment-parent?comboard_id=${id}`, { as: 'parent' });
    expect(thread.json.data.map((c: { reply: number }) => c.reply)).toEqual([0, 1, 2]);
    // Deletion: the student cannot delete the parent's comment; the moderator can, with its reply.
    expect((await server.call('DELETE', `/api/v1/comboard-detail/${one.json.data.id}`, { as: 'student' })).status).toBe(403);
    expect((await server.call('POST', `/api/v1/deletecomment?id=${one.json.data.id}`, { as: 'finance' })).status).toBe(404); // finance does not see it
    expect((await server.call('DELETE', `/api/v1/comboard-detail/${one.json.data.id}`, { as: 'parent' })).status).toBe(200);
    expect((await server.call('GET', `/api/v1/comment-parent?comboard_id=${id}`, { as: 'admin' })).json.data).toHaveLength(1);

    const recalled = await server.call('PUT', `/api/v1/comboard-header/${id}`, { as: 'admin', body: announcement({ is_recalled: true }) });
    expect(recalled.status).toBe(422);
    expect(Object.keys(recalled.json.messages).sort()).toEqual(['reason', 'recall_time']);
    const ok = await server.call('PUT', `/api/v1/comboard-header/${id}`, { as: 'admin', body: announcement({ is_recalled: true, recall_time: past(), reason: 'Jadwal berubah' }) });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.data).toMatchObject({ is_recalled: true, reason: 'Jadwal berubah', can_comment: false });
    const refused = await server.call('POST', '/api/v1/comboard-detail', { as: 'parent', body: { comboard_id: id, comment: 'Masih bisa?' } });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('Pengumuman ini sudah ditarik dan tidak menerima komentar baru');
    expect((await server.call('GET', `/api/v1/comboard-detail?comboard_id=${id}`, { as: 'parent' })).json.data.reason).toBe('Jadwal berubah');
  });
});

describe('the announcement form', () => {
  it('checks spec 2 §5 and cleans the rich text', async () => {
    const bad = await server.call('POST', '/api/v1/comboard-header', {
      as: 'admin',
      headers: { 'accept-language': 'en' },
      body: announcement({ title: '', is_event: true, link_url: 'javascript:alert(1)' }),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.messages).sort()).toEqual(['datetime_1', 'datetime_2', 'link_url', 'title']);
    const order = await server.call('POST', '/api/v1/comboard-header', { as: 'admin', body: announcement({ is_event: true, datetime_1: '2026-12-10', datetime_2: '2026-12-09' }) });
    expect(order.status).toBe(422);
    expect(order.json.messages.datetime_2).toEqual(['Acara tidak boleh selesai sebelum dimulai']);
    const id = await create('admin', { info: '<p onclick="x()">Hai<script>alert(1)</script><img src=x onerror=alert(1)></p>', created_by: 'someone' });
    const card = (await server.call('GET', `/api/v1/comboard-detail?comboard_id=${id}`, { as: 'admin' })).json.data;
    expect(card.info).not.toMatch(/script|onclick|onerror/);
    expect(card).toMatchObject({ created_by: 'admin', creator: 'Admin Demo' });
  });

  it('a card carries its version; sending it back saves, a stale one is refused with 409', async () => {
    const id = await create('admin');
    const card = (await server.call('GET', `/api/v1/comboard-detail?comboard_id=${id}`, { as: 'admin' })).json.data;
    expect(card.version).toBe(1);
    const saved = await server.call('PUT', `/api/v1/comboard-header/${id}`, { as: 'admin', body: announcement({ show_date: card.show_date, version: card.version }) });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.data.version).toBe(2);
    // The feed's card says the same version as the detail.
    const feed = await server.call('GET', '/api/v1/comboard-admin?skip=0', { as: 'admin' });
    expect(feed.json.data.find((c: { id: number }) => c.id === id)?.version).toBe(2);
    // A second tab still holding the version it read first.
    const stale = await server.call('PUT', `/api/v1/comboard-header/${id}`, { as: 'admin', body: announcement({ show_date: card.show_date, title: 'Tab lama', version: card.version }) });
    expect(stale.status).toBe(409);
    expect((await server.call('GET', `/api/v1/comboard-detail?comboard_id=${id}`, { as: 'admin' })).json.data).toMatchObject({ title: 'Rapat orang tua', version: 2 });
  });
});

describe('attachments', () => {
  it('types by bytes, the size limit, file_exists, create a version, replace', async () => {
    const id = await create('admin');
    const post = (body: Record<string, unknown>) => server.call('POST', '/api/v1/comboard-attachment', { as: 'admin', body: { comboard_id: id, title: 'T', ...body } });
    const exe = await post({ file_name: 'tugas.pdf', file_1: Buffer.from('MZ\x90\x00\x03 not a pdf').toString('base64') });
    expect(exe.status).toBe(415);
    expect(exe.json.message).toBe('Berkas tugas.pdf bukan jenis yang valid. Jenis yang didukung: PDF, Excel, CSV, Word, PowerPoint, dan gambar.');
    const csv = await post({ file_name: 'nilai.csv', file_1: Buffer.from('nama,nilai\nSiti,90\n').toString('base64') });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.json.data.mime).toBe('text/csv');
    expect((await post({ file_name: 'nilai.txt', file_1: Buffer.from('nama,nilai\n').toString('base64') })).status).toBe(415);
    const limit = (await server.call('GET', '/api/v1/upload-limit', { as: 'parent' })).json.data as number;
    const big = await post({ file_name: 'besar.pdf', file_1: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(limit * 1024 * 1024)]).toString('base64') });
    expect(big.status).toBe(413);
    expect(big.json.message).toBe(`Berkas terlalu besar ( Maks ${limit} MB)`);

    const first = await post({ file_name: 'jadwal.pdf', file_1: `data:application/pdf;base64,${PDF}` });
    expect(first.json.data).toMatchObject({ version: 1, is_latest: true, mime: 'application/pdf' });
    const taken = await post({ file_name: 'jadwal.pdf', file_1: PDF });
    expect(taken.status).toBe(409);
    expect(taken.json.data).toMatchObject({ code: 'file_exists', existing: { id: first.json.data.id } });
    const second = await post({ file_name: 'jadwal.pdf', file_1: PDF, status: 'create' });
    expect(second.json.data).toMatchObject({ version: 2, is_latest: true });
    const list = await server.call('GET', `/api/v1/comboard-attachment?comboard_id=${id}`, { as: 'admin' });
    expect(list.json.data.filter((f: { file_name: string }) => f.file_name === 'jadwal.pdf').map((f: { version: number; is_latest: boolean }) => [f.version, f.is_latest])).toEqual([[1, false], [2, true]]);
    expect((await server.call('GET', `/api/v1/download-comboard?id=${first.json.data.id}`, { as: 'admin' })).status).toBe(200);

    const before = await sql<{ n: number }>`select count(*)::int as n from app_file`.execute(server.database.db);
    const replaced = await server.call('POST', '/api/v1/replace-file-comboard', { as: 'admin', body: { id_file: second.json.data.id, status: 'replace', name: 'jadwal.pdf', base64: PNG } });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.json.data).toMatchObject({ id: second.json.data.id, version: 2, mime: 'image/png' });
    const after = await sql<{ n: number }>`select count(*)::int as n from app_file`.execute(server.database.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n); // the old bytes are gone, the new ones stored
    const card = (await server.call('GET', `/api/v1/comboard-detail?comboard_id=${id}`, { as: 'admin' })).json.data;
    expect(card.file_img.map((f: { file_name: string }) => f.file_name)).toEqual(['jadwal.pdf']);
    expect(card.file_1.map((f: { file_name: string }) => f.file_name)).toEqual(['nilai.csv']);
  });

  it('deleting an announcement deletes its comments, attachments and their files, recipients and audience', async () => {
    const id = await create('admin');
    await address(id, { class_id: [1] });
    await server.call('POST', '/api/v1/comboard-detail', { as: 'parent', body: { comboard_id: id, comment: 'Ok' } });
    await server.call('POST', '/api/v1/comboard-attachment', { as: 'admin', body: { comboard_id: id, title: 'x', file_name: 'x.pdf', file_1: PDF } });
    const files = await sql<{ n: number }>`select count(*)::int as n from app_file`.execute(server.database.db);
    expect((await server.call('DELETE', `/api/v1/comboard-header/${id}`, { as: 'admin' })).status).toBe(200);
    for (const table of ['comboard_comment', 'comboard_attachment', 'comboard_recipient', 'comboard_audience', 'comboard_notified']) {
      const left = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where comboard_id = ${id}`.execute(server.database.db);
      expect(left.rows[0]!.n, table).toBe(0);
    }
    const filesAfter = await sql<{ n: number }>`select count(*)::int as n from app_file`.execute(server.database.db);
    expect(filesAfter.rows[0]!.n).toBe(files.rows[0]!.n - 1);
  });
});

describe('feeds', () => {
  it('pages by 5 with checkisi, filters by search, and answers students and parents on comboard-admin', async () => {
    for (let i = 0; i < 7; i++) {
      const id = await create('admin', { title: `Paging ${i}`, show_date: past(100 + i), is_priority: i < 2 });
      await address(id, { student_id: [1] });
    }
    const first = await server.call('GET', '/api/v1/comboard-admin?skip=0&search=paging', { as: 'student' });
    expect(first.json).toMatchObject({ success: true, checkisi: 2, page: 1, skip: 0, total: 7 });
    expect(first.json.data.map((c: { title: string }) => c.title)).toEqual(['Paging 0', 'Paging 1', 'Paging 2', 'Paging 3', 'Paging 4']);
    const odd = await server.call('GET', '/api/v1/comboard-parent?skip=3&search=PAGING', { as: 'parent' });
    expect(odd.json).toMatchObject({ checkisi: 0, skip: 3 });
    expect(odd.json.data).toHaveLength(4);
    const end = await server.call('GET', '/api/v1/comboard-admin?skip=10&search=paging', { as: 'parent' });
    expect(end.json.data).toEqual([]);
    const priority = await server.call('GET', '/api/v1/comboard-priority?search=paging', { as: 'parent' });
    expect(priority.json.data.map((c: { title: string }) => c.title)).toEqual(['Paging 0', 'Paging 1']);
    const link = await server.call('GET', `/api/v1/comboard-priority-link?comboard_id=${first.json.data[4].id}`, { as: 'parent' });
    expect(link.json.data.map((c: { id: number }) => c.id)).toContain(first.json.data[4].id);
    expect(link.json.skip % 5).toBe(0);
  });

  it('counts at most COMBOARD_COUNT_AHEAD cards past a page: checkisi 100 means 100 or more, total is exact near the end', async () => {
    // 120 published announcements to parents of the demo's first student, made in SQL (120 saves would be slow).
    const made = await sql<{ id: number }>`insert into comboard (title, show_date, is_priority, comboard_category_id, to_parent, to_student, to_teacher,
        is_recalled, creator, created_by, published_at)
      select 'Banyak ' || g, now() - interval '2000 hours' - (g || ' hours')::interval, false, 1, true, true, false, false, 'Admin Demo', 'admin', now()
      from generate_series(1, 120) g returning id`.execute(server.database.db);
    const ids = made.rows.map((r) => r.id);
    await sql`insert into comboard_recipient (comboard_id, student_id, created_by) select id, 1, 'admin' from unnest(${ids}::int[]) as b(id)`.execute(server.database.db);
    await sql`insert into comboard_audience (comboard_id, comboard_recipient_id, student_id, created_by)
      select r.comboard_id, r.id, 1, 'system' from comboard_recipient r where r.comboard_id = any(${ids}::int[])`.execute(server.database.db);
    expect(COMBOARD_COUNT_AHEAD).toBe(100);
    const first = await server.call('GET', '/api/v1/comboard-parent?skip=0&search=banyak', { as: 'parent' });
    expect(first.json).toMatchObject({ success: true, checkisi: 100, total: 105 });
    expect(first.json.data.map((c: { title: string }) => c.title)).toEqual(['Banyak 1', 'Banyak 2', 'Banyak 3', 'Banyak 4', 'Banyak 5']);
    const near = await server.call('GET', '/api/v1/comboard-parent?skip=100&search=banyak', { as: 'parent' });
    expect(near.json).toMatchObject({ checkisi: 15, total: 120 });
    expect(near.json.data[0].title).toBe('Banyak 101');
    const past = await server.call('GET', '/api/v1/comboard-parent?skip=200&search=banyak', { as: 'parent' });
    expect(past.json).toMatchObject({ data: [], checkisi: 0, total: 120 });
    const student = await server.call('GET', '/api/v1/comboard-parent?skip=115&search=banyak', { as: 'student' });
    expect(student.json).toMatchObject({ checkisi: 0, total: 120 });
    expect(student.json.data).toHaveLength(5);
    // The priority link finds the page holding a card deep in the feed, at its position in it.
    const deep = near.json.data[3] as { id: number; title: string };
    const link = await server.call('GET', `/api/v1/comboard-priority-link?comboard_id=${deep.id}`, { as: 'parent' });
    expect(link.status, link.text).toBe(200);
    expect(link.json.skip).toBe(Math.floor(link.json.urut / 5) * 5);
    expect(link.json.data[link.json.urut - link.json.skip]).toMatchObject({ id: deep.id, title: 'Banyak 104' });
    const whole = await server.call('GET', `/api/v1/comboard-parent?skip=${link.json.skip}`, { as: 'parent' });
    expect(whole.json.data.map((c: { id: number }) => c.id)).toEqual(link.json.data.map((c: { id: number }) => c.id));
    await sql`update comboard set to_parent = false where id = ${deep.id}`.execute(server.database.db);
    expect((await server.call('GET', `/api/v1/comboard-priority-link?comboard_id=${deep.id}`, { as: 'parent' })).status).toBe(404);
  });
});

describe('the mobile login', () => {
  it('auth/login/ with loginto logs each kind in and answers status true and access_token', async () => {
    for (const [loginto, username] of [['Internal', 'teacher'], ['Student', 'student'], ['Parent', 'parent']]) {
      const answer = await server.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username, password: 'demo', loginto } });
      expect(answer.statusCode, loginto).toBe(200);
      expect(answer.json()).toMatchObject({ success: true, status: true, user: { username } });
      const feed = await server.app.inject({ method: 'GET', url: '/api/v1/comboard-admin?skip=0', headers: { authorization: `Bearer ${answer.json().access_token}` } });
      expect(feed.statusCode).toBe(200);
    }
    const wrong = await server.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'parent', password: 'nope', loginto: 'Parent' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().status).toBe(false);
    const me = await server.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'parent', password: 'demo', loginto: 'Internal' } });
    expect(me.statusCode).toBe(401);
  });
});
