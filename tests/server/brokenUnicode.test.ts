// Broken Unicode in a body is refused with 400 in the caller's language, and nothing is
// stored: bytes that are not UTF-8, and lone surrogate escapes (`\ud800`) in any string or
// key. Decoding or storing them would silently turn them into U+FFFD.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fileServer } from './harness';

const server = fileServer();

const EN = 'The data sent contains broken characters (bytes that are not UTF-8, or half of a character pair); nothing was saved. Type the text again or paste it from another source';
const ID = 'Data yang dikirim berisi karakter rusak (byte yang bukan UTF-8, atau separuh pasangan karakter); tidak ada yang disimpan. Ketik ulang teksnya atau tempel dari sumber lain';

async function post(payload: string | Buffer, language = 'en') {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/building',
    payload,
    headers: { authorization: `Bearer ${await server.token('admin')}`, 'content-type': 'application/json', 'accept-language': language },
  });
  return { status: response.statusCode, json: response.json() };
}

async function buildingsNamed(pattern: string): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from building where code like ${pattern}`.execute(server.database.db);
  return rows.rows.map((r) => r.name);
}

describe('a body with broken Unicode', () => {
  it('is refused when its bytes are not UTF-8, in both languages', async () => {
    // "Gedung " then 0xC3 0x28: a lead byte followed by a byte that cannot continue it.
    const bytes = Buffer.concat([Buffer.from('{"code":"BU-1","name":"Gedung '), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    expect(await post(bytes)).toEqual({ status: 400, json: expect.objectContaining({ success: false, message: EN }) });
    expect((await post(bytes, 'id')).json.message).toBe(ID);
    const stray = Buffer.concat([Buffer.from('{"code":"BU-2","name":"Gedung '), Buffer.from([0xff]), Buffer.from('"}')]);
    expect((await post(stray)).status).toBe(400);
    expect(await buildingsNamed('BU-%')).toEqual([]);
  });

  it('is refused when a string holds a lone surrogate escape, at any depth', async () => {
    expect(await post('{"code":"BU-3","name":"Gedung \\ud800"}')).toEqual({ status: 400, json: expect.objectContaining({ message: EN }) });
    expect((await post('{"code":"BU-4","name":"\\udfff Gedung"}', 'id')).json.message).toBe(ID);
    // Escaped the other way round: a low half before a high half is two lone ones.
    expect((await post('{"code":"BU-5","name":"Gedung \\udc00\\ud800"}')).status).toBe(400);
    expect((await post('{"code":"BU-6","name":"Gedung","address":"Jl. \\ud83c"}')).status).toBe(400);
    expect(await buildingsNamed('BU-%')).toEqual([]);
  });

  it('is refused when a key holds a lone surrogate escape', async () => {
    expect(await post('{"code":"BU-7","name":"Gedung","\\ud800":1}')).toEqual({ status: 400, json: expect.objectContaining({ message: EN }) });
  });

  it('is not what a whole surrogate pair is: an emoji is stored as sent', async () => {
    const answer = await post('{"code":"BU-8","name":"Gedung \\ud83c\\udfeb"}');
    expect(answer.status).toBe(201);
    expect(await buildingsNamed('BU-8')).toEqual(['Gedung 🏫']);
  });
});
