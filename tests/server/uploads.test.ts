// Uploads are typed by their bytes: a file whose content is not what it declares is refused
// with 415 and a message naming the file (in the language of the request), an empty file and
// an SVG too; plain text (CSV, TXT) must be valid UTF-8 without NUL that is not markup; the
// stored name loses path segments, control characters and bidirectional overrides.

import { describe, expect, it } from 'vitest';
import { entities as generatedEntities } from '../../src/generated/all';
import type { EntityModel } from '../../src/shared/entityModel';
import { PNG_DATA_URL } from './fixtures';
import { fileServer } from './harness';

// The vaccination certificate field (PDF, JPEG, PNG), here also taking text and any image,
// so that the rules for those can be seen through the API.
const entities: EntityModel[] = generatedEntities.map((e) =>
  e.name !== 'vaccine'
    ? e
    : { ...e, fields: e.fields.map((f) => (f.name === 'file' ? { ...f, accept: [...(f.accept ?? []), 'text/csv', 'text/plain', 'image/*'] } : f)) },
);
const server = fileServer({ demoData: true, entities });

const dataUrl = (mime: string, content: string | Buffer) =>
  `data:${mime};base64,${(typeof content === 'string' ? Buffer.from(content) : content).toString('base64')}`;
const PNG_BYTES = Buffer.from(PNG_DATA_URL.split(',')[1], 'base64');
const PDF = '%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n';
const HTML = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

let counter = 0;
function uploadVaccineFile(title: string, data: string, language = 'id') {
  counter += 1;
  return server.call('POST', '/api/v1/vaccine', {
    as: 'admin',
    headers: { 'accept-language': language },
    body: { description: `Vaksin ${counter}`, type: 'mr', department_id: 1, start_date: '2026-01-05', end_date: '2026-01-06', file: { title, data } },
  });
}

async function servedBytes(src: string): Promise<{ type: string; bytes: Buffer }> {
  const answer = await server.app.inject({ method: 'GET', url: src });
  return { type: String(answer.headers['content-type']), bytes: answer.rawPayload };
}

describe('an upload whose bytes are not what it declares', () => {
  it('refuses an HTML page declared as image/png with 415 naming the file, in both languages', async () => {
    const id = await uploadVaccineFile('sertifikat.png', dataUrl('image/png', HTML));
    expect(id.status).toBe(415);
    expect(id.json).toMatchObject({ success: false, message: 'Isi berkas "sertifikat.png" bukan image/png' });
    expect(id.json.messages).toEqual({ file: ['Isi berkas "sertifikat.png" bukan image/png'] });
    const en = await uploadVaccineFile('sertifikat.png', dataUrl('image/png', HTML), 'en');
    expect(en.status).toBe(415);
    expect(en.json.message).toBe('The content of the file "sertifikat.png" is not image/png');
  });

  it('refuses a JPEG declared as PNG, and a PNG declared as PDF', async () => {
    const jpeg = await uploadVaccineFile('foto.png', dataUrl('image/png', JPEG));
    expect(jpeg.status).toBe(415);
    expect(jpeg.json.message).toBe('Isi berkas "foto.png" bukan image/png');
    const png = await uploadVaccineFile('surat.pdf', dataUrl('application/pdf', PNG_BYTES));
    expect(png.status).toBe(415);
    expect(png.json.message).toBe('Isi berkas "surat.pdf" bukan application/pdf');
  });

  it('refuses a file of a type the field does not accept, whatever it holds (422 under the field)', async () => {
    const answer = await server.call('PUT', '/api/v1/school-identity', {
      as: 'admin',
      body: {
        version: (await server.call('GET', '/api/v1/school-identity', { as: 'admin' })).json.data.version,
        name: 'SMA Harapan Bangsa',
        address1: 'Jl. Merdeka 1',
        file_name: { title: 'a.gif', data: dataUrl('image/gif', 'GIF89a') },
      },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.messages).toEqual({ file_name: ['Jenis berkas ini tidak diterima di sini'] });
  });

  it('refuses an empty file', async () => {
    const answer = await uploadVaccineFile('kosong.pdf', 'data:application/pdf;base64,');
    expect(answer.status).toBe(415);
    expect(answer.json.message).toBe('Berkas "kosong.pdf" kosong');
    expect((await uploadVaccineFile('kosong.pdf', 'data:application/pdf;base64,', 'en')).json.message).toBe('The file "kosong.pdf" is empty');
  });

  it('refuses an SVG image, even where any image is accepted', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>';
    const answer = await uploadVaccineFile('logo.svg', dataUrl('image/svg+xml', svg));
    expect(answer.status).toBe(415);
    expect(answer.json.message).toBe('Berkas "logo.svg" adalah gambar SVG, yang dapat memuat skrip; unggah sebagai PNG atau JPEG');
    const asText = await uploadVaccineFile('logo.txt', dataUrl('text/plain', svg));
    expect(asText.status).toBe(415);
  });

  it('stores a PDF, a PNG and a JPEG that are what they declare, served with that type', async () => {
    for (const [title, mime, bytes] of [['surat.pdf', 'application/pdf', Buffer.from(PDF)], ['scan.png', 'image/png', PNG_BYTES], ['scan.jpg', 'image/jpeg', JPEG]] as const) {
      const answer = await uploadVaccineFile(title, dataUrl(mime, bytes));
      expect(answer.status, answer.text).toBe(201);
      const served = await servedBytes(answer.json.data.file.src);
      expect(served.type).toBe(mime);
      expect(served.bytes.equals(bytes)).toBe(true);
    }
  });
});

describe('plain text uploads (CSV, TXT), which have no magic numbers', () => {
  it('stores valid UTF-8 text', async () => {
    const csv = 'nis,nama\n1001,Siti Rahmawati\n1002,Bima Saputra — kelas X\n';
    const answer = await uploadVaccineFile('daftar.csv', dataUrl('text/csv', csv));
    expect(answer.status, answer.text).toBe(201);
    expect((await servedBytes(answer.json.data.file.src)).bytes.toString()).toBe(csv);
  });

  it.each([
    ['a NUL character', Buffer.from('nis,nama\n1001,Siti\u0000\n')],
    ['bytes that are not UTF-8', Buffer.from([0x6e, 0x69, 0x73, 0x0a, 0xff, 0xfe, 0x41])],
    ['an HTML page', Buffer.from(`  ${HTML}`)],
  ])('refuses text with %s', async (_what, bytes) => {
    const answer = await uploadVaccineFile('daftar.csv', dataUrl('text/csv', bytes));
    expect(answer.status).toBe(415);
    expect(answer.json.message).toBe('Isi berkas "daftar.csv" bukan text/csv');
  });
});

describe('the stored name of an upload', () => {
  it.each([
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['C:\\Users\\guru\\surat.pdf', 'surat.pdf'],
    ['surat\u0007\u001b\r\nbaru.pdf', 'surat baru.pdf'],
    ['tagihan\u202Efdp.exe', 'tagihanfdp.exe'],
    ['\u2066laporan\u2069.pdf', 'laporan.pdf'],
    [`${'a'.repeat(250)}.pdf`, `${'a'.repeat(196)}.pdf`],
  ])('keeps %j as %j', async (title, stored) => {
    const answer = await uploadVaccineFile(title, dataUrl('application/pdf', PDF));
    expect(answer.status, answer.text).toBe(201);
    expect(answer.json.data.file.title).toBe(stored);
    const file = await server.app.inject({ method: 'GET', url: answer.json.data.file.src });
    expect(String(file.headers['content-disposition'])).toContain(`filename="${stored}"`);
  });
});
