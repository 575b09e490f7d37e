// Create, read, update and delete through /api/v1 on real entities, with their system
// columns, references, files and the refusals a user meets (stale version, record rules,
// records still in use).

import { describe, expect, it } from 'vitest';
import { academicYear, classParents, created, PNG_DATA_URL, schoolClass } from './fixtures';
import { fileServer } from './harness';

const server = fileServer();

describe('a record round trip', () => {
  it('creates, shows, updates and deletes an academic year', async () => {
    const create = await server.call('POST', '/api/v1/academic-year', {
      as: 'admin',
      body: { name: '2040/2041', start_date: '2040-07-16', end_date: '2041-06-28', description: 'Uji' },
    });
    expect(create.status).toBe(201);
    expect(create.json).toMatchObject({ success: true, message: 'Tahun ajaran berhasil dibuat' });
    const record = create.json.data;
    expect(record).toMatchObject({
      name: '2040/2041',
      start_date: '2040-07-16',
      end_date: '2041-06-28',
      description: 'Uji',
      is_active: false, // the schema's default
      version: 1,
      created_by: 'admin',
      updated_by: null,
      updated_at: null,
    });
    expect(record.id).toBeTypeOf('number');
    expect(new Date(record.created_at).toISOString()).toBe(record.created_at);

    const show = await server.call('GET', `/api/v1/academic-year/${record.id}`, { as: 'teacher' });
    expect(show.status).toBe(200);
    expect(show.json).toEqual({ success: true, data: record });

    const update = await server.call('PUT', `/api/v1/academic-year/${record.id}`, {
      as: 'admin',
      headers: { 'accept-language': 'en' },
      body: { name: '2040/2041', start_date: '2040-07-16', end_date: '2041-06-30', version: 1 },
    });
    expect(update.status).toBe(200);
    expect(update.json.message).toBe('Academic year updated');
    expect(update.json.data).toMatchObject({ end_date: '2041-06-30', version: 2, updated_by: 'admin', description: 'Uji' });
    expect(update.json.data.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const remove = await server.call('DELETE', `/api/v1/academic-year/${record.id}`, { as: 'admin' });
    expect(remove.status).toBe(200);
    expect(remove.json).toMatchObject({ success: true, message: 'Tahun ajaran berhasil dihapus', data: { id: record.id, version: 2 } });

    const gone = await server.call('GET', `/api/v1/academic-year/${record.id}`, { as: 'admin' });
    expect(gone.status).toBe(404);
    expect(gone.json).toMatchObject({ success: false, message: 'Tahun ajaran tidak ditemukan' });
    expect(gone.json.request_id).toBeTruthy();
  });

  it('creates a class that references its academic year, department and level', async () => {
    const parents = await classParents(server, '41');
    const record = await schoolClass(server, parents, 'X-RT-1', { capacity: 32 });
    expect(record).toMatchObject({ ...parents, code: 'X-RT-1', capacity: 32, is_active: true, is_sync_google_classroom: false });
  });

  it('answers 404 for ids that cannot exist', async () => {
    for (const id of ['0', 'abc', '99999999999', '-1']) {
      const answer = await server.call('GET', `/api/v1/class/${id}`, { as: 'admin' });
      expect(answer.status, id).toBe(404);
    }
    const put = await server.call('PUT', '/api/v1/department/424242', { as: 'admin', body: { code: 'X', name: 'X', version: 1 } });
    expect(put.status).toBe(404);
    const del = await server.call('DELETE', '/api/v1/department/424242', { as: 'admin' });
    expect(del.status).toBe(404);
  });
});

describe('optimistic locking', () => {
  it('refuses a save based on a stale version with 409 and keeps the newer data', async () => {
    const department = await created(server, 'department', { code: 'VER-1', name: 'Versi' });
    const first = await server.call('PUT', `/api/v1/department/${department.id}`, {
      as: 'admin',
      body: { code: 'VER-1', name: 'Versi baru', version: 1 },
    });
    expect(first.status).toBe(200);
    const stale = await server.call('PUT', `/api/v1/department/${department.id}`, {
      as: 'admin',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      body: { code: 'VER-1', name: 'Versi lama', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toMatch(/^Someone else changed this record/);
    const now = await server.call('GET', `/api/v1/department/${department.id}`, { as: 'admin' });
    expect(now.json.data).toMatchObject({ name: 'Versi baru', version: 2 });
  });

  it('needs the version as a whole number', async () => {
    const department = await created(server, 'department', { code: 'VER-2', name: 'Versi' });
    for (const version of [undefined, '1', 1.5, null]) {
      const answer = await server.call('PUT', `/api/v1/department/${department.id}`, {
        as: 'admin',
        body: { code: 'VER-2', name: 'Versi', version },
      });
      expect(answer.status, String(version)).toBe(422);
      expect(answer.json.messages.version).toEqual(['Versi data tidak ada; muat ulang data lalu coba lagi']);
    }
  });
});

describe('record rules', () => {
  it('refuses to edit or delete a class synced with Google Classroom', async () => {
    const parents = await classParents(server, '42');
    const record = await schoolClass(server, parents, 'X-SYNC-1');
    // The sync sets the flag; no user can (it is read-only).
    await server.database.db.updateTable('class').set({ is_sync_google_classroom: true }).where('id', '=', record.id).execute();

    const edit = await server.call('PUT', `/api/v1/class/${record.id}`, {
      as: 'admin',
      headers: { 'accept-language': 'en' },
      body: { code: 'X-SYNC-1', name: 'Renamed', ...parents, version: 1 },
    });
    expect(edit.status).toBe(403);
    expect(edit.json.message).toBe('This class is synced with Google Classroom and cannot be edited or deleted');

    const remove = await server.call('DELETE', `/api/v1/class/${record.id}`, { as: 'admin' });
    expect(remove.status).toBe(403);
    expect(remove.json.message).toBe('Kelas ini tersinkron dengan Google Classroom sehingga tidak dapat diubah atau dihapus');

    const still = await server.call('GET', `/api/v1/class/${record.id}`, { as: 'admin' });
    expect(still.json.data).toMatchObject({ name: 'Kelas X-SYNC-1', version: 1 });
  });
});

describe('deleting a record that is in use', () => {
  it('is refused with 409 naming what uses it, the first records by name', async () => {
    const parents = await classParents(server, '43');
    await schoolClass(server, parents, 'X-USE-1');
    await schoolClass(server, parents, 'X-USE-2');
    await schoolClass(server, parents, 'X-USE-3');

    const id = await server.call('DELETE', `/api/v1/academic-year/${parents.academic_year_id}`, { as: 'admin' });
    expect(id.status).toBe(409);
    expect(id.json.message).toBe('Tahun ajaran ini tidak dapat dihapus: masih dipakai oleh 3 Kelas (Kelas X-USE-1, Kelas X-USE-2, Kelas X-USE-3)');

    const en = await server.call('DELETE', `/api/v1/department/${parents.department_id}`, {
      as: 'admin',
      headers: { 'accept-language': 'en' },
    });
    expect(en.status).toBe(409);
    // The department's level uses it too.
    expect(en.json.message).toBe('This Department cannot be deleted: it is used by 3 Classes (Kelas X-USE-1, Kelas X-USE-2, Kelas X-USE-3), 1 Level (X-43)');
  });

  it('counts references held in references arrays', async () => {
    const department = await created(server, 'department', { code: 'SMA-RA', name: 'SMA RA' });
    const major = await created(server, 'major', { department_id: department.id, code: 'IPA-RA', name: 'IPA RA' });
    const group = await created(server, 'subject_group', { code: 'GRP-RA', name: 'Kelompok RA' });
    await created(server, 'subject', { code: 'FIS-RA', name: 'Fisika', type: 'major', subject_group_id: group.id, major_ids: [major.id] });
    const answer = await server.call('DELETE', `/api/v1/major/${major.id}`, { as: 'admin', headers: { 'accept-language': 'en' } });
    expect(answer.status).toBe(409);
    expect(answer.json.message).toBe('This Major cannot be deleted: it is used by 1 Subject (FIS-RA - Fisika)');
  });
});

describe('files', () => {
  async function employeeParents() {
    const unique = Math.random().toString(36).slice(2, 8).toUpperCase();
    const workUnit = await created(server, 'work_unit', { code: `WU-${unique}`, name: `Kurikulum ${unique}` });
    const position = await created(server, 'position', { name: `Guru ${unique}` });
    return { work_unit_id: workUnit.id, position_id: position.id };
  }

  it('stores an uploaded photo and serves it', async () => {
    const parents = await employeeParents();
    const body = {
      ein: 'EMP-FILE-1',
      name: 'Siti Rahma',
      gender: 'female',
      status: 'active',
      start_working: '2020-07-01',
      ...parents,
      photo: { title: 'siti.png', data: PNG_DATA_URL },
    };
    const create = await server.call('POST', '/api/v1/employee', { as: 'admin', body });
    expect(create.status).toBe(201);
    const photo = create.json.data.photo;
    expect(photo).toEqual({ src: expect.stringMatching(/^\/api\/v1\/files\/[0-9a-f-]{36}$/), title: 'siti.png' });

    const file = await server.app.inject({ method: 'GET', url: photo.src });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(Buffer.from(PNG_DATA_URL.split(',')[1], 'base64'))).toBe(true);

    // Saving the record again with the stored photo keeps it.
    const { id, version, created_at, created_by, updated_at, updated_by, ...fields } = create.json.data;
    const update = await server.call('PUT', `/api/v1/employee/${id}`, { as: 'admin', body: { ...fields, nickname: 'Siti', version } });
    expect(update.status).toBe(200);
    expect(update.json.data.photo).toEqual(photo);
  });

  it('deletes a file once no record points at it: replaced, cleared or deleted with its record', async () => {
    const parents = await employeeParents();
    const person = (ein: string, photo: unknown) => ({
      ein,
      name: 'Budi Santoso',
      gender: 'male',
      status: 'active',
      start_working: '2019-07-01',
      ...parents,
      photo,
    });
    const served = async (src: string) => (await server.app.inject({ method: 'GET', url: src })).statusCode;
    const first = await server.call('POST', '/api/v1/employee', { as: 'admin', body: person('EMP-FILE-20', { title: 'a.png', data: PNG_DATA_URL }) });
    expect(first.status, first.text).toBe(201);
    const { id, version, created_at, created_by, updated_at, updated_by, ...fields } = first.json.data;
    const oldSrc: string = fields.photo.src;
    // Another record points at the same file: replacing it in the first keeps it for the second.
    const second = await server.call('POST', '/api/v1/employee', { as: 'admin', body: person('EMP-FILE-21', fields.photo) });
    expect(second.status, second.text).toBe(201);

    const replaced = await server.call('PUT', `/api/v1/employee/${id}`, {
      as: 'admin',
      body: { ...fields, photo: { title: 'b.png', data: PNG_DATA_URL }, version },
    });
    expect(replaced.status, replaced.text).toBe(200);
    const newSrc: string = replaced.json.data.photo.src;
    expect(newSrc).not.toBe(oldSrc);
    expect(await served(oldSrc)).toBe(200);

    // Deleting the second record, the last to point at the old file, deletes the file.
    expect((await server.call('DELETE', `/api/v1/employee/${second.json.data.id}`, { as: 'admin' })).status).toBe(200);
    expect(await served(oldSrc)).toBe(404);

    // Clearing the photo deletes the new one.
    const cleared = await server.call('PUT', `/api/v1/employee/${id}`, {
      as: 'admin',
      body: { ...fields, photo: null, version: replaced.json.data.version },
    });
    expect(cleared.status, cleared.text).toBe(200);
    expect(await served(newSrc)).toBe(404);
  });

  it('refuses a file address that is not one of ours', async () => {
    const parents = await employeeParents();
    const answer = await server.call('POST', '/api/v1/employee', {
      as: 'admin',
      body: {
        ein: 'EMP-FILE-2',
        name: 'Budi',
        gender: 'male',
        status: 'active',
        start_working: '2020-07-01',
        ...parents,
        photo: { src: '/api/v1/files/00000000-0000-4000-8000-000000000000', title: 'x.png' },
      },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.messages).toEqual({ photo: ['Berkas tidak valid'] });
  });

  it('refuses an upload whose data is not base64', async () => {
    const parents = await employeeParents();
    const answer = await server.call('POST', '/api/v1/employee', {
      as: 'admin',
      body: {
        ein: 'EMP-FILE-3',
        name: 'Budi',
        gender: 'male',
        status: 'active',
        start_working: '2020-07-01',
        ...parents,
        photo: { title: 'x.png', data: 'data:image/png;base64,<not base64>' },
      },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.messages).toEqual({ photo: ['Berkas tidak valid'] });
  });

  it('answers 404 for a file that does not exist, without asking for a login', async () => {
    const missing = await server.app.inject({ method: 'GET', url: '/api/v1/files/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    const malformed = await server.app.inject({ method: 'GET', url: '/api/v1/files/not-a-uuid' });
    expect(malformed.statusCode).toBe(404);
  });
});

describe('created_by and updated_by', () => {
  it('hold the user name of who wrote the record', async () => {
    const year = await academicYear(server, '2044/2045');
    expect(year.created_by).toBe('admin');
    const update = await server.call('PUT', `/api/v1/academic-year/${year.id}`, {
      as: 'admin',
      body: { name: '2044/2045', start_date: year.start_date, end_date: year.end_date, is_active: true, version: year.version },
    });
    expect(update.json.data).toMatchObject({ created_by: 'admin', updated_by: 'admin', is_active: true });
  });
});
