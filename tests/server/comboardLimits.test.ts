// The board's rules beyond who sees what (issue 11, spec 2 §5–§7): a publisher's category and
// department limits (comboard_user), recipient rows written together, an attachment's image
// and its edit, a comment's edit by its author only, and search ignoring case and accents.
// Runs on PGlite, and on PostgreSQL with npm run test:pg.

import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { fileServer } from './harness';

const server = fileServer({ demoData: true });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function announcement(fields: Record<string, unknown> = {}) {
  return {
    title: 'Rapat orang tua',
    show_date: new Date(Date.now() - 3600_000).toISOString(),
    is_priority: false,
    comboard_category_id: 1,
    info: '<p>Hadir tepat waktu</p>',
    is_event: false,
    to_parent: true,
    to_student: true,
    to_teacher: false,
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

// The demo's comboard users (server/seed/demo/comboard_user.yaml): `teacher` publishes in
// categories 1, 2 and 4 to unit 4 (SMA) only; `adminfinance` in category 3 (Keuangan) to every
// unit; `admin` is the board's administrator. Siti (student 1) is in SMA, class 1 (level X);
// Bima (student 2) in SMP (unit 3); levels 1–3 are SMP's.
describe("a publisher's limits", () => {
  it('posts only in their categories, on create and on edit; admins and unlimited units are not limited', async () => {
    const refused = await server.call('POST', '/api/v1/comboard-header', { as: 'teacher', headers: { 'accept-language': 'en' }, body: announcement({ comboard_category_id: 3 }) });
    expect(refused.status).toBe(422);
    expect(refused.json.messages).toEqual({ comboard_category_id: ['You may post only in your categories'] });
    const id = await create('teacher', { comboard_category_id: 2 });
    const card = (await server.call('GET', `/api/v1/comboard-detail?comboard_id=${id}`, { as: 'teacher' })).json.data;
    const moved = await server.call('PUT', `/api/v1/comboard-header/${id}`, { as: 'teacher', body: announcement({ comboard_category_id: 5, show_date: card.show_date, version: card.version }) });
    expect(moved.status).toBe(422);
    expect(moved.json.messages.comboard_category_id).toEqual(['Anda hanya boleh membuat pengumuman di kategori Anda']);
    expect((await server.call('GET', `/api/v1/comboard-detail?comboard_id=${id}`, { as: 'teacher' })).json.data.comboard_category_id).toBe(2);
    // The finance office posts finance news, not general news.
    expect((await server.call('POST', '/api/v1/comboard-header', { as: 'adminfinance', body: announcement({ comboard_category_id: 3 }) })).status).toBe(200);
    expect((await server.call('POST', '/api/v1/comboard-header', { as: 'adminfinance', body: announcement({ comboard_category_id: 1 }) })).status).toBe(422);
    // The administrator posts anywhere.
    await create('admin', { comboard_category_id: 3 });
  });

  it("addresses only their units' students, classes, levels and units; nothing of a refused request is written", async () => {
    const id = await create('teacher');
    const post = (body: Record<string, unknown>, as = 'teacher') =>
      server.call('POST', '/api/v1/comboard-recipients', { as, headers: { 'accept-language': 'en' }, body: { comboard_id: id, ...body } });
    const outside = await post({ class_id: [1], student_id: [1, 2], level_id: [1], department_id: [3] });
    expect(outside.status).toBe(422);
    expect(outside.json.messages).toEqual({
      student_id: ['You may address only the units you post to'],
      level_id: ['You may address only the units you post to'],
      department_id: ['You may address only the units you post to'],
    });
    const stored = await server.call('GET', `/api/v1/comboard-recipients?comboard_id=${id}`, { as: 'teacher' });
    expect(stored.json.data).toEqual([]);
    const inside = await post({ class_id: [1], student_id: [1], level_id: [4], department_id: [4] });
    expect(inside.status, inside.text).toBe(200);
    expect(inside.json.data.map((r: { info: string }) => r.info)).toEqual(['Unit: SMA Harapan Bangsa', 'Level: X', 'Class: X IPA 1', 'Student: Siti Rahmawati']);
    // Unknown ids are the field's error, whoever asks.
    const unknown = await post({ class_id: [999999] }, 'admin');
    expect(unknown.status).toBe(422);
    expect(unknown.json.messages).toEqual({ class_id: ['Choose records from the list'] });
    // The administrator addresses any unit.
    expect((await post({ department_id: [3] }, 'admin')).status).toBe(200);
  });

  it('writes the rows of one request together and keeps the ones already there', async () => {
    const id = await create('admin');
    const post = (body: Record<string, unknown>) => server.call('POST', '/api/v1/comboard-recipients', { as: 'admin', body: { comboard_id: id, ...body } });
    const first = await post({ class_id: [1, 2, 3], student_id: [1] });
    expect(first.json.data).toHaveLength(4);
    const again = await post({ class_id: [2, 3, 4], student_id: 1 });
    expect(again.status, again.text).toBe(200);
    // Only the new row is answered as added; the table holds each target once.
    expect(again.json.data.map((r: { class_id: number }) => r.class_id)).toEqual([4]);
    const rows = await sql<{ n: number }>`select count(*)::int as n from comboard_recipient where comboard_id = ${id}`.execute(server.database.db);
    expect(rows.rows[0]!.n).toBe(5);
    const audience = await sql<{ student_id: number }>`select distinct student_id from comboard_audience where comboard_id = ${id}`.execute(server.database.db);
    expect(audience.rows.map((r) => r.student_id)).toEqual([1]); // Siti, by class 1 and by name
  });
});

describe('attachments', () => {
  it('image?id= answers the picture as a data URL to whoever sees the announcement, 404 to others', async () => {
    const id = await create('admin');
    await server.call('POST', '/api/v1/comboard-recipients', { as: 'admin', body: { comboard_id: id, student_id: [1] } });
    const file = await server.call('POST', '/api/v1/comboard-attachment', { as: 'admin', body: { comboard_id: id, title: 'Denah', file_name: 'denah.png', file_1: PNG.toString('base64') } });
    expect(file.status, file.text).toBe(200);
    const image = await server.call('GET', `/api/v1/image?id=${file.json.data.id}`, { as: 'parent' });
    expect(image.status).toBe(200);
    expect(image.json).toMatchObject({ success: true, name64: 'denah.png', size64: PNG.length });
    expect(image.json.img).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect((await server.call('GET', `/api/v1/image?id=${file.json.data.id}`, { as: 'finance' })).status).toBe(404);
    expect((await server.call('GET', '/api/v1/image?id=999999', { as: 'parent' })).status).toBe(404);
  });

  it('PUT comboard-attachment/{id} renames it, or replaces its bytes in place; only its manager may', async () => {
    const id = await create('teacher');
    const file = await server.call('POST', '/api/v1/comboard-attachment', { as: 'teacher', body: { comboard_id: id, title: 'Jadwal', file_name: 'jadwal.pdf', file_1: PDF.toString('base64') } });
    const fileId = file.json.data.id as number;
    const renamed = await server.call('PUT', `/api/v1/comboard-attachment/${fileId}`, { as: 'teacher', body: { title: 'Jadwal ujian' } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.data).toMatchObject({ id: fileId, title: 'Jadwal ujian', file_name: 'jadwal.pdf', version: 1, mime: 'application/pdf' });
    const replaced = await server.call('PUT', `/api/v1/comboard-attachment/${fileId}`, { as: 'teacher', body: { file_1: PNG.toString('base64') } });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.json.data).toMatchObject({ id: fileId, title: 'Jadwal ujian', version: 1, mime: 'image/png', size: PNG.length });
    const bytes = await server.call('GET', `/api/v1/download-comboard?id=${fileId}`, { as: 'teacher' });
    expect(bytes.headers['content-type']).toBe('image/png');
    const bad = await server.call('PUT', `/api/v1/comboard-attachment/${fileId}`, { as: 'teacher', body: { file_1: Buffer.from('MZ not a picture').toString('base64') } });
    expect(bad.status).toBe(415);
    // adminfinance does not see the teacher's announcement; the administrator manages it.
    expect((await server.call('PUT', `/api/v1/comboard-attachment/${fileId}`, { as: 'adminfinance', body: { title: 'x' } })).status).toBe(404);
    expect((await server.call('PUT', `/api/v1/comboard-attachment/${fileId}`, { as: 'admin', body: { title: 'Jadwal final' } })).json.data.title).toBe('Jadwal final');
  });
});

describe('comments', () => {
  it("PUT comboard-detail/{id} changes the comment's text for its author only", async () => {
    const id = await create('admin', { to_teacher: true });
    await server.call('POST', '/api/v1/comboard-recipients', { as: 'admin', body: { comboard_id: id, student_id: [1] } });
    const mine = await server.call('POST', '/api/v1/comboard-detail', { as: 'parent', body: { comboard_id: id, comment: 'Siap hadir' } });
    const commentId = mine.json.data.id as number;
    const edited = await server.call('PUT', `/api/v1/comboard-detail/${commentId}`, { as: 'parent', body: { comment: 'Siap hadir, terima kasih', reply: 5, author_id: 99 } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.data).toMatchObject({ id: commentId, comment: 'Siap hadir, terima kasih', reply: 0, author_kind: 'parent', can_delete: true });
    expect(edited.json.data.updated_at).not.toBeNull();
    // Others who see it, even the administrator and the moderator, may not change it.
    for (const who of ['admin', 'student', 'teacher', 'finance']) {
      const answer = await server.call('PUT', `/api/v1/comboard-detail/${commentId}`, { as: who, body: { comment: 'diubah' } });
      expect(answer.status, who).toBe(who === 'finance' ? 404 : 403);
    }
    const empty = await server.call('PUT', `/api/v1/comboard-detail/${commentId}`, { as: 'parent', body: { comment: '' } });
    expect(empty.status).toBe(422);
    const thread = await server.call('GET', `/api/v1/comment-parent?comboard_id=${id}`, { as: 'student' });
    expect(thread.json.data.map((c: { comment: string }) => c.comment)).toEqual(['Siap hadir, terima kasih']);
  });
});

describe('search', () => {
  it('ignores case and accents in the title and the text, both ways', async () => {
    const accented = await create('admin', { title: 'Pentas Seni: Café Ánggrek', info: '<p>Lomba <b>Kréasi</b> kelas</p>' });
    const plain = await create('admin', { title: 'Kunjungan ke Cafe Anggrek', info: '<p>Kreasi siswa</p>' });
    const titles = async (search: string) => {
      const answer = await server.call('GET', `/api/v1/comboard-admin?skip=0&search=${encodeURIComponent(search)}`, { as: 'admin' });
      return answer.json.data.map((c: { id: number }) => c.id).sort();
    };
    const both = [accented, plain].sort();
    expect(await titles('cafe anggrek')).toEqual(both);
    expect(await titles('CAFÉ ÁNGGREK')).toEqual(both);
    // The same letters composed or decomposed (é as one code point or as e + ◌́).
    expect(await titles('Cafe\u0301')).toEqual(both);
    expect(await titles('kréasi')).toEqual(both);
    expect(await titles('cafe melati')).toEqual([]);
  });
});
