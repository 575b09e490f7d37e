// Issue 16: the history of every write (who, when, field, before, after; secrets only as
// changed) written in the write's transaction by the write door, single and bulk; a restore
// through the door; what a delete would touch, and refusals that name the records; fields
// hidden from or read-only for a role.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { writableFields } from '../../src/shared/entityModel';
import { recordWrites, type Caller } from '../../server/records/recordWrites';
import { HISTORY_TABLE } from '../../server/history/historyTable';
import { classParents, created, schoolClass } from './fixtures';
import { fileServer } from './harness';

const server = fileServer({ demoData: true });
const en = { 'accept-language': 'en' };

/** A PUT body: the record's writable fields as the admin reads them, with `changes` over them. */
async function edited(endpoint: string, id: number, changes: Record<string, unknown>, as = 'admin') {
  const record = (await server.call('GET', `/api/v1/${endpoint}/${id}`, { as: 'admin' })).json.data as Record<string, unknown>;
  const entity = server.catalog.entities.find((e) => e.endpoint === endpoint)!;
  const visible = (await server.call('GET', `/api/v1/${endpoint}/${id}`, { as })).json.data as Record<string, unknown>;
  const body: Record<string, unknown> = { version: record.version };
  for (const field of writableFields(entity)) if (!field.writeOnly && record[field.name] !== null && field.name in visible) body[field.name] = record[field.name];
  return { ...body, ...changes };
}

const historyOf = async (endpoint: string, id: number, as = 'admin') => (await server.call('GET', `/api/v1/${endpoint}/${id}/history`, { as, headers: en })).json;

describe('history', () => {
  it('records a create, an update and a delete with who and what changed, and nothing for a refused write', async () => {
    const parents = await classParents(server, '81');
    const made = await schoolClass(server, parents, 'X-HIST-1', { capacity: 30 });
    const changed = await server.call('PUT', `/api/v1/class/${made.id}`, { as: 'admin', body: await edited('class', made.id, { name: 'Kelas Baru', capacity: 32 }) });
    expect(changed.status).toBe(200);
    // A stale version is refused: its transaction (and any history it wrote) rolls back.
    const stale = await server.call('PUT', `/api/v1/class/${made.id}`, { as: 'admin', body: await edited('class', made.id, { version: made.version, name: 'Kalah' }) });
    expect(stale.status).toBe(409);

    const history = await historyOf('class', made.id);
    expect(history.data.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    const [update, create] = history.data;
    expect(update.changed_by).toBe('admin');
    expect(update.changes).toEqual([
      { field: 'name', before: 'Kelas X-HIST-1', after: 'Kelas Baru' },
      { field: 'capacity', before: 30, after: 32 },
    ]);
    expect(create.changes).toContainEqual({ field: 'code', before: null, after: 'X-HIST-1' });
    // A reference comes with the represent text of the record it names.
    expect(create.changes).toContainEqual(expect.objectContaining({ field: 'academic_year_id', after: parents.academic_year_id, after_text: '2081/2082' }));

    expect((await server.call('DELETE', `/api/v1/class/${made.id}`, { as: 'admin' })).status).toBe(200);
    const afterDelete = await historyOf('class', made.id);
    expect(afterDelete.data[0]).toMatchObject({ action: 'delete', changed_by: 'admin' });
    expect(afterDelete.data[0].changes).toContainEqual({ field: 'name', before: 'Kelas Baru', after: null });
  });

  it('records a password only as changed, never its value', async () => {
    const user = await server.call('POST', '/api/v1/users', { as: 'admin', body: { username: 'hist.user', name: 'Hist User', password: 'rahasia-awal-1' } });
    const id = user.json.data.id as number;
    await server.call('PUT', `/api/v1/users/${id}`, { as: 'admin', body: await edited('users', id, { password: 'rahasia-baru-2' }) });
    const stored = await sql<{ changes: unknown }>`select changes from ${sql.table(HISTORY_TABLE)} where entity = 'users' and record_id = ${id}`.execute(server.database.db);
    expect(stored.rows).toHaveLength(2);
    const text = JSON.stringify(stored.rows);
    expect(text).not.toContain('rahasia');
    expect(text).not.toContain('argon2');
    expect((await historyOf('users', id)).data[0].changes).toEqual([{ field: 'password', secret: true }]);
  });

  it('records a bulk create as one history row per record, in the same transaction', async () => {
    const admin: Caller = { username: 'admin', roles: ['ROLE_ADMIN'], locale: 'en' };
    const door = recordWrites(server.catalog);
    // Quotes, a backslash and letters beyond ASCII come back as they were written.
    const bodies = ['HB-1', 'HB-2', 'HB-3'].map((code) => ({ code, name: `Bulk ${code} "kutip" \\ {a,b} — Ünï ✓` }));
    const { rows } = await server.database.db.transaction().execute((tx) => door.createMany(tx, admin, 'department', bodies, { returning: 'key' }));
    for (const [i, row] of rows.entries()) {
      const history = await historyOf('department', row.id as number);
      expect(history.data).toHaveLength(1);
      expect(history.data[0].changes).toContainEqual({ field: 'code', before: null, after: expect.stringMatching(/^HB-\d$/) });
      expect(history.data[0].changes).toContainEqual({ field: 'name', before: null, after: bodies[i].name });
    }
    // A bulk create refused as a whole leaves no history behind.
    const before = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(HISTORY_TABLE)}`.execute(server.database.db);
    await expect(server.database.db.transaction().execute((tx) => door.createMany(tx, admin, 'department', [{ code: 'HB-9', name: 'x' }, { code: 'HB-1', name: 'dup' }]))).rejects.toThrow();
    const after = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(HISTORY_TABLE)}`.execute(server.database.db);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('restores an earlier value through the write door, and records the restore', async () => {
    const parents = await classParents(server, '82');
    const made = await schoolClass(server, parents, 'X-HIST-2', { capacity: 30 });
    const changed = (await server.call('PUT', `/api/v1/class/${made.id}`, { as: 'admin', body: await edited('class', made.id, { capacity: 40 }) })).json.data;
    const entry = (await historyOf('class', made.id)).data[0];

    const teacher = await server.call('POST', `/api/v1/class/${made.id}/history/${entry.id}/restore`, { as: 'teacher', body: { field: 'capacity', version: changed.version } });
    expect(teacher.status).toBe(403);
    const stale = await server.call('POST', `/api/v1/class/${made.id}/history/${entry.id}/restore`, { as: 'admin', body: { field: 'capacity', version: made.version } });
    expect(stale.status).toBe(409);
    const restored = await server.call('POST', `/api/v1/class/${made.id}/history/${entry.id}/restore`, { as: 'admin', headers: en, body: { field: 'capacity', version: changed.version } });
    expect(restored.status).toBe(200);
    expect(restored.json.message).toBe('"Capacity" restored to its earlier value');
    expect(restored.json.data.capacity).toBe(30);
    const latest = (await historyOf('class', made.id)).data[0];
    expect(latest.changes).toEqual([{ field: 'capacity', before: 40, after: 30 }]);

    const secret = await server.call('POST', `/api/v1/class/${made.id}/history/${entry.id}/restore`, { as: 'admin', headers: en, body: { field: 'name', version: restored.json.data.version } });
    expect(secret.status).toBe(422);
  });
});

describe('a settings page’s history', () => {
  it('starts with the defaults its first reader made, records each save, and restores a value', async () => {
    await sql`delete from setting_timeout`.execute(server.database.db);
    const first = await server.call('GET', '/api/v1/setting-timeout', { as: 'admin' });
    expect(first.json.data.idle_timeout_minutes).toBe(30);
    const saved = await server.call('PUT', '/api/v1/setting-timeout', { as: 'admin', body: { is_enabled: true, idle_timeout_minutes: 45, version: first.json.data.version } });
    expect(saved.status).toBe(200);
    const history = (await server.call('GET', '/api/v1/setting-timeout/singleton/history', { as: 'admin', headers: en })).json.data;
    expect(history.map((e: { action: string; changed_by: string }) => [e.action, e.changed_by])).toEqual([['update', 'admin'], ['create', 'admin']]);
    expect(history[0].changes).toEqual([{ field: 'idle_timeout_minutes', before: 30, after: 45 }]);
    expect(history[1].changes).toContainEqual({ field: 'idle_timeout_minutes', before: null, after: 30 });
    const restored = await server.call('POST', `/api/v1/setting-timeout/singleton/history/${history[0].id}/restore`, { as: 'admin', headers: en, body: { field: 'idle_timeout_minutes', version: saved.json.data.version } });
    expect(restored.status).toBe(200);
    expect((await server.call('GET', '/api/v1/setting-timeout', { as: 'admin' })).json.data.idle_timeout_minutes).toBe(30);
    // Who may not read the settings may not read their history.
    expect((await server.call('GET', '/api/v1/setting-timeout/singleton/history', { as: 'teacher' })).status).toBe(403);
  });
});

describe('delete impact', () => {
  it('lists what uses a record, and a refused delete names those records', async () => {
    const parents = await classParents(server, '83');
    for (const code of ['X-IMP-1', 'X-IMP-2']) await schoolClass(server, parents, code);
    const impact = await server.call('GET', `/api/v1/academic-year/${parents.academic_year_id}/impact`, { as: 'admin', headers: en });
    expect(impact.status).toBe(200);
    expect(impact.json.data).toEqual([
      { entity: 'class', resource: 'class', label: 'Classes', count: 2, records: [expect.objectContaining({ label: 'Kelas X-IMP-1' }), expect.objectContaining({ label: 'Kelas X-IMP-2' })] },
    ]);
    const refused = await server.call('DELETE', `/api/v1/academic-year/${parents.academic_year_id}`, { as: 'admin', headers: en });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('This Academic year cannot be deleted: it is used by 2 Classes (Kelas X-IMP-1, Kelas X-IMP-2)');
    const free = await created(server, 'academic_year', { name: '2090/2091', start_date: '2090-07-14', end_date: '2091-06-26' });
    expect((await server.call('GET', `/api/v1/academic-year/${free.id}/impact`, { as: 'admin' })).json.data).toEqual([]);
  });
});

describe('field-level access', () => {
  it('does not send a teacher the employee ids of teachers, in lists, records, lookups and history', async () => {
    const admin = await server.call('GET', '/api/v1/teacher?page=1&per_page=5', { as: 'admin' });
    expect(admin.json.data[0]).toHaveProperty('employee_id');
    const list = await server.call('GET', '/api/v1/teacher?page=1&per_page=5', { as: 'teacher' });
    expect(list.status).toBe(200);
    expect(list.json.data.length).toBeGreaterThan(0);
    for (const row of list.json.data) {
      expect(row).not.toHaveProperty('employee_id');
      // The teacher's name still reaches it, through the represent.
      expect(row['employee_id.name']).toEqual(expect.any(String));
    }
    const id = list.json.data[0].id as number;
    expect((await server.call('GET', `/api/v1/teacher/${id}`, { as: 'teacher' })).json.data).not.toHaveProperty('employee_id');
    const lookup = await server.call('GET', '/api/v1/teacher', { as: 'teacher' });
    expect(lookup.json.data.every((row: object) => !('employee_id' in row))).toBe(true);
    const filtered = await server.call('GET', `/api/v1/teacher?page=1&employee_id=${String(admin.json.data[0].employee_id)}`, { as: 'teacher', headers: en });
    expect(filtered.status).toBe(400);
    const sorted = await server.call('GET', '/api/v1/teacher?page=1&sort=employee_id', { as: 'teacher', headers: en });
    expect(sorted.status).toBe(400);
  });

  it('exports to a teacher without the hidden field, and refuses it as a column or a filter', async () => {
    const token = await server.token('teacher');
    const exported = await server.app.inject({ method: 'GET', url: '/api/v1/teacher/export?format=csv', headers: { authorization: `Bearer ${token}`, ...en } });
    expect(exported.statusCode).toBe(200);
    const header = exported.body.replace(/^\uFEFF/, '').split('\r\n')[0];
    expect(header).toContain('Teacher code');
    expect(header).not.toContain('Employee');
    const asAdmin = await server.app.inject({ method: 'GET', url: '/api/v1/teacher/export?format=csv', headers: { authorization: `Bearer ${await server.token('admin')}`, ...en } });
    expect(asAdmin.body.split('\r\n')[0]).toContain('Employee');
    for (const url of ['/api/v1/teacher/export?format=csv&columns=code,employee_id', '/api/v1/teacher/export?format=csv&employee_id=1', '/api/v1/teacher/export?format=csv&sort=employee_id']) {
      const refused = await server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...en } });
      expect([url, refused.statusCode]).toEqual([url, 400]);
    }
  });

  it('refuses a read-only field from that role, naming it, and lets an unchanged value pass', async () => {
    const type = (await server.call('GET', '/api/v1/transaction-type?page=1&per_page=1', { as: 'adminfinance' })).json.data[0];
    const changed = await server.call('PUT', `/api/v1/transaction-type/${type.id}`, { as: 'adminfinance', headers: en, body: await edited('transaction-type', type.id, { last_no: Number(type.last_no) + 5 }, 'adminfinance') });
    expect(changed.status).toBe(422);
    expect(changed.json.messages).toEqual({ last_no: ['You may not set or change "Last number"'] });
    const id = await server.call('PUT', `/api/v1/transaction-type/${type.id}`, { as: 'adminfinance', body: await edited('transaction-type', type.id, { last_no: Number(type.last_no) + 5 }, 'adminfinance') });
    expect(id.json.messages).toEqual({ last_no: ['Anda tidak boleh mengisi atau mengubah "Nomor terakhir"'] });
    const same = await server.call('PUT', `/api/v1/transaction-type/${type.id}`, { as: 'adminfinance', body: await edited('transaction-type', type.id, { name: 'Diubah keuangan' }, 'adminfinance') });
    expect([same.status, same.json.messages]).toEqual([200, undefined]);
    const admin = await server.call('PUT', `/api/v1/transaction-type/${type.id}`, { as: 'admin', body: await edited('transaction-type', type.id, { last_no: Number(type.last_no) + 5 }) });
    expect(admin.status).toBe(200);
  });
});
