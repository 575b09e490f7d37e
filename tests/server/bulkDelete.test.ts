// DELETE /api/v1/{endpoint}?ids=…: all the chosen records or none. A refusal names each
// record that may not go and why, in the caller's language, and deletes nothing.

import { describe, expect, it } from 'vitest';
import { classParents, created, schoolClass } from './fixtures';
import { MAX_BULK_DELETE } from '../../server/crud/deleteRecords';
import { fileServer } from './harness';

const server = fileServer();

const exists = async (endpoint: string, id: number) => (await server.call('GET', `/api/v1/${endpoint}/${id}`, { as: 'admin' })).status === 200;

describe('bulk delete', () => {
  it('deletes nothing when one record is used and another is gone, naming each', async () => {
    const parents = await classParents(server, '61');
    const free = await created(server, 'academic_year', { name: '2070/2071', start_date: '2070-07-14', end_date: '2071-06-26' });
    await schoolClass(server, parents, 'X-BULK-1');
    const ids = [free.id, parents.academic_year_id, 424242];

    const en = await server.call('DELETE', `/api/v1/academic-year?ids=${ids.join(',')}`, { as: 'admin', headers: { 'accept-language': 'en' } });
    expect(en.status).toBe(409);
    expect(en.json.success).toBe(false);
    expect(en.json.refused).toEqual([
      { id: parents.academic_year_id, label: '2061/2062', status: 409, message: 'This Academic year cannot be deleted: it is used by 1 Class (Kelas X-BULK-1)' },
      { id: 424242, label: '', status: 404, message: 'Academic year not found' },
    ]);
    expect(en.json.message).toBe(
      `Nothing was deleted: 2 of 3 records cannot be deleted. #${parents.academic_year_id} 2061/2062: This Academic year cannot be deleted: it is used by 1 Class (Kelas X-BULK-1); #424242: Academic year not found`,
    );

    const id = await server.call('DELETE', `/api/v1/academic-year?ids=${ids.join(',')}`, { as: 'admin' });
    expect(id.status).toBe(409);
    expect(id.json.message).toMatch(/^Tidak ada yang dihapus: 2 dari 3 data tidak dapat dihapus\. #\d+ 2061\/2062: Tahun ajaran ini tidak dapat dihapus: masih dipakai oleh 1 Kelas \(Kelas X-BULK-1\); #424242: Tahun ajaran tidak ditemukan$/);

    expect(await exists('academic-year', free.id)).toBe(true);
    expect(await exists('academic-year', parents.academic_year_id)).toBe(true);
  });

  it('says one record in the singular when one was chosen, and Indonesian the same for every count', async () => {
    const en = await server.call('DELETE', '/api/v1/academic-year?ids=424243', { as: 'admin', headers: { 'accept-language': 'en' } });
    expect(en.status).toBe(409);
    expect(en.json.message).toBe('Nothing was deleted: 1 of 1 record cannot be deleted. #424243: Academic year not found');
    const id = await server.call('DELETE', '/api/v1/academic-year?ids=424243', { as: 'admin' });
    expect(id.json.message).toBe('Tidak ada yang dihapus: 1 dari 1 data tidak dapat dihapus. #424243: Tahun ajaran tidak ditemukan');
  });

  it('refuses a record a rule protects, and keeps the others', async () => {
    const parents = await classParents(server, '62');
    const synced = await schoolClass(server, parents, 'X-BULK-SYNC');
    const plain = await schoolClass(server, parents, 'X-BULK-PLAIN');
    await server.database.db.updateTable('class').set({ is_sync_google_classroom: true }).where('id', '=', synced.id).execute();
    const answer = await server.call('DELETE', `/api/v1/class?ids=${plain.id},${synced.id}`, { as: 'admin', headers: { 'accept-language': 'en' } });
    expect(answer.status).toBe(409);
    expect(answer.json.refused).toEqual([
      { id: synced.id, label: 'Kelas X-BULK-SYNC', status: 403, message: 'This class is synced with Google Classroom and cannot be edited or deleted' },
    ]);
    expect(await exists('class', plain.id)).toBe(true);
  });

  it('refuses the login you are using, and keeps the other login', async () => {
    const me = (await server.call('GET', '/api/v1/auth/me', { as: 'admin' })).json.user.id as number;
    const other = await server.call('POST', '/api/v1/users', { as: 'admin', body: { username: 'bulk.other', name: 'Bulk Other', password: 'rahasia-awal' } });
    const answer = await server.call('DELETE', `/api/v1/users?ids=${other.json.data.id},${me}`, { as: 'admin', headers: { 'accept-language': 'en' } });
    expect(answer.status).toBe(409);
    expect(answer.json.refused).toMatchObject([{ id: me, status: 422, message: expect.stringContaining('You cannot delete the account you are logged in with') }]);
    expect(await exists('users', other.json.data.id)).toBe(true);
  });

  it('deletes all when all may go, and nothing while one is still used', async () => {
    const department = await created(server, 'department', { code: 'SMA-BULK', name: 'SMA Bulk' });
    const level = await created(server, 'level', { department_id: department.id, name: 'X-BULK', grade: 10 });
    const other = await created(server, 'department', { code: 'SMP-BULK', name: 'SMP Bulk' });
    // The department first: it is used by the level until the level is gone.
    const answer = await server.call('DELETE', `/api/v1/department?ids=${department.id},${other.id}`, { as: 'admin' });
    expect(answer.status).toBe(409);
    const levels = await server.call('DELETE', `/api/v1/level?ids=${level.id}`, { as: 'admin', headers: { 'accept-language': 'en' } });
    expect(levels.json).toMatchObject({ success: true, message: '1 Level deleted', data: [level.id] });
    const all = await server.call('DELETE', `/api/v1/department?ids=${department.id},${other.id}`, { as: 'admin', headers: { 'accept-language': 'en' } });
    expect(all.status).toBe(200);
    expect(all.json).toMatchObject({ success: true, message: '2 Departments deleted', data: [department.id, other.id] });
    expect(await exists('department', department.id)).toBe(false);
    expect(await exists('department', other.id)).toBe(false);
  });

  it('deletes a parent and its children chosen together, the parent named first', async () => {
    const top = await created(server, 'work_unit', { code: 'WU-TOP', name: 'Unit Atas' });
    const middle = await created(server, 'work_unit', { code: 'WU-MID', name: 'Unit Tengah', parent_id: top.id });
    const bottom = await created(server, 'work_unit', { code: 'WU-LOW', name: 'Unit Bawah', parent_id: middle.id });
    const answer = await server.call('DELETE', `/api/v1/work-unit?ids=${top.id},${middle.id},${bottom.id}`, { as: 'admin' });
    expect(answer.status).toBe(200);
    for (const unit of [top, middle, bottom]) expect(await exists('work-unit', unit.id)).toBe(false);
  });

  it('is refused to roles that may not delete, and says the most ids it takes', async () => {
    const record = await created(server, 'department', { code: 'SMA-KEEP', name: 'SMA Keep' });
    expect((await server.call('DELETE', `/api/v1/department?ids=${record.id}`, { as: 'teacher' })).status).toBe(403);
    const many = Array.from({ length: MAX_BULK_DELETE + 1 }, (_, i) => i + 1).join(',');
    const tooMany = await server.call('DELETE', `/api/v1/department?ids=${many}`, { as: 'admin', headers: { 'accept-language': 'en' } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.message).toBe('At most 1000 records can be deleted at once');
    const bad = await server.call('DELETE', '/api/v1/department?ids=1,x', { as: 'admin', headers: { 'accept-language': 'en' } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('ids must list the records to delete as whole numbers, e.g. ids=1,2,3');
    expect(await exists('department', record.id)).toBe(true);
  });
});
