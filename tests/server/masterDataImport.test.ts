// Import (dry run and commit), export (XLSX read back, CSV, PDF) and bulk edit on the generic
// entity routes (server/bulk/): every row's outcome in the caller's language, one transaction,
// a re-import that changes nothing, references by their name or code, and the roles.

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { bulkMessage } from '../../src/shared/bulkMessages';
import { fileServer } from './harness';

const server = fileServer();

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const importCsv = (endpoint: string, csv: string, dryRun: boolean, as = 'admin', lang = 'en') =>
  server.call('POST', `/api/v1/${endpoint}/import`, { as, headers: { 'accept-language': lang }, body: { filename: 'rows.csv', content: b64(csv), dryRun } });

async function departments(prefix: string) {
  const rows = await server.database.db.selectFrom('department').selectAll().where('code', 'like', `${prefix}%`).orderBy('code').execute();
  return rows.map((r) => ({ code: r.code, name: r.name, sorting_no: r.sorting_no, is_active: r.is_active }));
}

describe('the counts in the import, export and bulk edit messages', () => {
  it('say one row in the singular, more in the plural; Indonesian the same for every count', () => {
    expect([bulkMessage('en', 'importFailed', { count: 1 }), bulkMessage('en', 'importFailed', { count: 2 })]).toEqual([
      'Nothing was imported: 1 row has errors',
      'Nothing was imported: 2 rows have errors',
    ]);
    expect(bulkMessage('en', 'importTooMany', { count: 5001, max: 5000 })).toBe('The file holds 5001 rows; at most 5000 are imported at once');
    expect(bulkMessage('en', 'exportPdfTooMany', { count: 1001, max: 1000 })).toBe('A PDF holds at most 1000 rows and 1001 match; narrow the filter or export XLSX');
    expect(bulkMessage('en', 'bulkEditFailed', { refused: 1, count: 2 })).toBe('Nothing was changed: 1 of 2 records cannot take these values');
    expect([bulkMessage('id', 'importFailed', { count: 1 }), bulkMessage('id', 'importFailed', { count: 2 })]).toEqual([
      'Tidak ada yang diimpor: 1 baris berisi kesalahan',
      'Tidak ada yang diimpor: 2 baris berisi kesalahan',
    ]);
    expect(bulkMessage('id', 'bulkEditFailed', { refused: 1, count: 1 })).toBe('Tidak ada yang diubah: 1 dari 1 data tidak dapat menerima nilai ini');
  });
});

describe('import', () => {
  const good = 'Kode;Nama;Urutan;Aktif\nIMP-A;Unit Impor A;1;Ya\nIMP-B;Unit Impor B;"1.002";Tidak\n';

  it('dry-runs every row with its outcome and errors by field, in the caller language, writing nothing', async () => {
    const csv = 'Code,Name,Sort order,Active\nIMPX-1,Dry A,1,Yes\nimp x 2,Dry B,two,maybe\nIMPX-3,,3,No\nIMPX-1,Dry D,4,Yes\n';
    const en = await importCsv('department', csv, true);
    expect(en.status).toBe(200);
    const report = en.json.data;
    expect(report).toMatchObject({ dryRun: true, committed: false, key: ['code'], counts: { new: 1, error: 3 } });
    expect(report.columns).toEqual({ Code: 'code', Name: 'name', 'Sort order': 'sorting_no', Active: 'is_active' });
    expect(report.rows.map((r: { line: number; outcome: string }) => [r.line, r.outcome])).toEqual([
      [2, 'new'],
      [3, 'error'],
      [4, 'error'],
      [5, 'error'],
    ]);
    expect(report.rows[1].errors).toEqual({ sorting_no: ['Must be a number'], is_active: ['Use Yes or No'] });
    expect(report.rows[2].errors).toEqual({ name: ['This field is required'] });
    expect(report.rows[3].errors).toEqual({ code: ['The same Code is on row 2 of the file too'] });
    const id = await importCsv('department', csv, true, 'admin', 'id');
    expect(id.json.data.rows[1].errors).toEqual({ sorting_no: ['Harus berupa angka'], is_active: ['Gunakan Ya atau Tidak'] });
    expect(id.json.data.rows[2].errors.name).toEqual(['Kolom ini wajib diisi']);
    expect(await departments('IMPX')).toEqual([]);
  });

  it('commits all rows in one go, and a re-import of the same file changes nothing', async () => {
    const first = await importCsv('department', good, false);
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ committed: true, counts: { new: 2, changed: 0, unchanged: 0, error: 0 } });
    expect(first.json.message).toBe('2 added, 0 changed, 0 unchanged');
    expect(await departments('IMP-')).toEqual([
      { code: 'IMP-A', name: 'Unit Impor A', sorting_no: 1, is_active: true },
      { code: 'IMP-B', name: 'Unit Impor B', sorting_no: 1002, is_active: false },
    ]);
    const again = await importCsv('department', good, false, 'admin', 'id');
    expect(again.json.data.counts).toEqual({ new: 0, changed: 0, unchanged: 2, error: 0 });
    expect(again.json.message).toBe('0 ditambahkan, 0 diubah, 2 tidak berubah');
    const versions = await server.database.db.selectFrom('department').select('version').where('code', 'like', 'IMP-%').execute();
    expect(versions.map((v) => v.version)).toEqual([1, 1]);
  });

  it('changes only the fields that differ, matched by code in any case, and rolls everything back when one row fails', async () => {
    const changed = await importCsv('department', 'code,name,sorting_no\nimp-a,Unit Impor A,7\n', true);
    expect(changed.json.data.rows[0]).toMatchObject({ outcome: 'changed', changes: ['sorting_no'] });
    const failing = await importCsv('department', 'code,name,sorting_no\nIMP-A,Unit Impor A,8\nIMP-C,Unit Impor B,9\n', false);
    expect(failing.status).toBe(422);
    expect(failing.json.message).toBe('Nothing was imported: 1 row has errors');
    expect(failing.json.data.rows[1]).toMatchObject({ outcome: 'error', errors: { name: ['This value is already used by another record'] } });
    expect((await departments('IMP-'))[0].sorting_no).toBe(1);
  });

  it('imports the same file twice at the same moment once: the second finds the first\'s records unchanged', async () => {
    const csv = ['code,name', ...Array.from({ length: 50 }, (_, i) => `TWICE-${i},Dua Kali ${i}`)].join('\n');
    const answers = await Promise.all([importCsv('department', csv, false), importCsv('department', csv, false)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const counts = answers.map((a) => a.json.data.counts).sort((a, b) => a.new - b.new);
    expect(counts).toEqual([
      { new: 0, changed: 0, unchanged: 50, error: 0 },
      { new: 50, changed: 0, unchanged: 0, error: 0 },
    ]);
    expect(await departments('TWICE-')).toHaveLength(50);
  });

  it('takes a reference by its represent text or code, and says which one is missing', async () => {
    const csv = 'Unit,Name,Grade\nUnit Impor A,IMP-L1,1\nIMP-B,IMP-L2,2\nUnit Hilang,IMP-L3,3\n';
    const answer = await importCsv('level', csv, true);
    expect(answer.json.data.rows.map((r: { outcome: string }) => r.outcome)).toEqual(['new', 'new', 'error']);
    expect(answer.json.data.rows[2].errors).toEqual({ department_id: ['No Department named "Unit Hilang"'] });
  });

  it('refuses a file from a role that may only read, and a file with no known column', async () => {
    expect((await importCsv('department', good, true, 'teacher')).status).toBe(403);
    const unknown = await importCsv('department', 'foo,bar\n1,2\n', true);
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toContain('No column of the file matches a field of Department');
  });
});

describe('export', () => {
  it('writes the filtered, sorted rows as typed XLSX cells, and reads back as an unchanged import', async () => {
    const answer = await server.app.inject({
      method: 'GET',
      url: '/api/v1/department/export?format=xlsx&q=IMP-&sort=code&order=DESC&columns=code,name,sorting_no,is_active',
      headers: { authorization: `Bearer ${await server.token('admin')}`, 'accept-language': 'id' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(2).getCell(1).value).toBe('Unit');
    expect(sheet.getRow(3).getCell(1).value).toBe('Cari: IMP-');
    expect(sheet.getRow(4).values).toEqual([undefined, 'Kode', 'Nama', 'Urutan', 'Aktif']);
    expect(sheet.getRow(5).values).toEqual([undefined, 'IMP-B', 'Unit Impor B', 1002, 'Tidak']);
    expect(sheet.getRow(6).values).toEqual([undefined, 'IMP-A', 'Unit Impor A', 1, 'Ya']);
    expect(typeof sheet.getRow(5).getCell(3).value).toBe('number');
    const back = await server.call('POST', '/api/v1/department/import', { as: 'admin', body: { filename: 'unit.xlsx', content: answer.rawPayload.toString('base64'), dryRun: true } });
    expect(back.json.data.counts).toEqual({ new: 0, changed: 0, unchanged: 2, error: 0 });
  });

  it('is not cut at 1,000 rows, and writes CSV and PDF', async () => {
    const csv = ['code,name', ...Array.from({ length: 1200 }, (_, i) => `MANY-${i},Banyak ${i}`)].join('\n');
    expect((await importCsv('department', csv, false)).json.data.counts.new).toBe(1200);
    const token = await server.token('admin');
    const exported = await server.app.inject({ method: 'GET', url: '/api/v1/department/export?format=csv&q=MANY-&columns=code', headers: { authorization: `Bearer ${token}` } });
    expect(exported.body.trim().split('\r\n')).toHaveLength(1201);
    const pdf = await server.app.inject({ method: 'GET', url: '/api/v1/department/export?format=pdf&q=IMP-', headers: { authorization: `Bearer ${token}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('bulk edit', () => {
  it('sets the fields on every chosen record, or on none when one refuses', async () => {
    const rows = await server.database.db.selectFrom('department').select(['id', 'code']).where('code', 'like', 'IMP-%').orderBy('code').execute();
    const ids = rows.map((r) => r.id as number);
    const done = await server.call('PATCH', '/api/v1/department', { as: 'admin', headers: { 'accept-language': 'en' }, body: { ids, data: { sorting_no: 42, is_active: true } } });
    expect([done.json.message, done.json.messages]).toEqual(['2 Departments changed', undefined]);
    expect(done.json.message).toBe('2 Departments changed');
    expect((await departments('IMP-')).map((d) => [d.sorting_no, d.is_active])).toEqual([
      [42, true],
      [42, true],
    ]);
    const refused = await server.call('PATCH', '/api/v1/department', { as: 'admin', headers: { 'accept-language': 'en' }, body: { ids: [...ids, 999999], data: { sorting_no: -1 } } });
    expect(refused.status).toBe(422);
    expect(refused.json.messages[`${ids[0]}.sorting_no`]).toEqual(['Must be at least 0']);
    expect(refused.json.messages['999999._row']).toEqual(['Department not found']);
    expect(refused.json.message).toBe('Nothing was changed: 3 of 3 records cannot take these values');
    // One record: "record", not "records"; Indonesian the same for every count.
    const one = await server.call('PATCH', '/api/v1/department', { as: 'admin', headers: { 'accept-language': 'en' }, body: { ids: [999999], data: { sorting_no: 1 } } });
    expect([one.status, one.json.message]).toEqual([422, 'Nothing was changed: 1 of 1 record cannot take these values']);
    const oneId = await server.call('PATCH', '/api/v1/department', { as: 'admin', body: { ids: [ids[0], 999999], data: { sorting_no: 1 } } });
    expect(oneId.json.message).toBe('Tidak ada yang diubah: 1 dari 2 data tidak dapat menerima nilai ini');
    expect((await departments('IMP-')).map((d) => d.sorting_no)).toEqual([42, 42]);
    const unique = await server.call('PATCH', '/api/v1/department', { as: 'admin', body: { ids, data: { code: 'X' } } });
    expect(unique.status).toBe(422);
    expect((await server.call('PATCH', '/api/v1/department', { as: 'teacher', body: { ids, data: { sorting_no: 1 } } })).status).toBe(403);
  });
});
