// The schema format's extensions on the server: singletons read and saved in place,
// write-only secrets, lookup lists, trees (paths and refused circles) and a schema's own
// message for a refused delete.

import { describe, expect, it } from 'vitest';
import { fileServer } from './harness';

const server = fileServer({ demoData: true });

const ACCOUNTING = {
  url: 'https://akuntansi.harapanbangsa.sch.id',
  database_name: 'yphb_prod',
  username: 'sync@harapanbangsa.sch.id',
  company_name: 'Yayasan Pendidikan Harapan Bangsa',
  sync_schedule: 'daily',
  sync_time: '23:00',
  is_enabled: true,
};

describe('a singleton (the accounting system settings, /settingodoo)', () => {
  it('is one record read and saved in place, and its password never comes back', async () => {
    const first = await server.call('GET', '/api/v1/setting-accounting', { as: 'adminfinance' });
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ id: 1, database_name: 'yphb_prod' });
    expect(first.json.data).not.toHaveProperty('password');

    const saved = await server.call('PUT', '/api/v1/setting-accounting', {
      as: 'adminfinance',
      body: { ...ACCOUNTING, password: 'rahasia-odoo', version: first.json.data.version },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.data).toMatchObject({ company_name: ACCOUNTING.company_name, version: first.json.data.version + 1 });
    expect(saved.json.data).not.toHaveProperty('password');

    // The secret was stored: an edit without it keeps it (the browser leaves an empty secret out).
    const stored = await server.database.db.selectFrom('setting_accounting').select('password').where('id', '=', 1).executeTakeFirst();
    expect(stored?.password).toBe('rahasia-odoo');
    const again = await server.call('PUT', '/api/v1/setting-accounting', {
      as: 'adminfinance',
      body: { ...ACCOUNTING, company_name: 'YPHB', version: saved.json.data.version },
    });
    expect(again.status, again.text).toBe(200);
    const kept = await server.database.db.selectFrom('setting_accounting').select('password').where('id', '=', 1).executeTakeFirst();
    expect(kept?.password).toBe('rahasia-odoo');
  });

  it('refuses a stale version, a list, a create and a delete', async () => {
    const stale = await server.call('PUT', '/api/v1/setting-accounting', { as: 'adminfinance', body: { ...ACCOUNTING, version: 1 } });
    expect(stale.status).toBe(409);
    expect((await server.call('POST', '/api/v1/setting-accounting', { as: 'adminfinance', body: ACCOUNTING })).status).toBe(404);
    expect((await server.call('DELETE', '/api/v1/setting-accounting/1', { as: 'adminfinance' })).status).toBe(404);
    expect((await server.call('GET', '/api/v1/setting-accounting', { as: 'teacher' })).status).toBe(403);
  });
});

describe('lookup lists (spec 1 §7.3)', () => {
  it('answers every record with its label, narrowed by the lookup filters', async () => {
    const levels = await server.call('GET', '/api/v1/levelall?department_id=3', { as: 'teacher' });
    expect(levels.status, levels.text).toBe(200);
    expect(levels.json.data.map((l: { name: string }) => l.name)).toEqual(['VII', 'VIII', 'IX']);
    const years = await server.call('GET', '/api/v1/academicyear', { as: 'teacher' });
    expect(years.json.data[0]).toHaveProperty('year_description');
    const bad = await server.call('GET', '/api/v1/levelall?department_id=x', { as: 'teacher', headers: { 'accept-language': 'en' } });
    expect(bad.status).toBe(400);
    const unknown = await server.call('GET', '/api/v1/levelall?grade=10', { as: 'teacher', headers: { 'accept-language': 'en' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe('Cannot filter by "grade": allowed are department_id');
  });

  it('puts an ALL entry in front of the shift list, in the caller\'s language', async () => {
    const shifts = await server.call('GET', '/api/v1/shift', { as: 'admin' });
    expect(shifts.status, shifts.text).toBe(200);
    expect(shifts.json.data[0]).toEqual({ id: 'ALL', name: 'Semua' });
    expect(shifts.json.data.length).toBeGreaterThan(1);
    const english = await server.call('GET', '/api/v1/shift', { as: 'admin', headers: { 'accept-language': 'en' } });
    expect(english.json.data[0]).toEqual({ id: 'ALL', name: 'All' });
    // The same path with paging is the ordinary list, for react-admin.
    const page = await server.call('GET', '/api/v1/shift?page=1&per_page=2', { as: 'admin' });
    expect(page.json.data).toHaveLength(2);
    expect(page.json.total).toBeGreaterThan(2);
  });
});

describe('a tree (positions)', () => {
  it('shows each record with its path from the root', async () => {
    const list = await server.call('GET', '/api/v1/position?ids=1,2', { as: 'admin' });
    const byId = new Map(list.json.data.map((p: { id: number; tree_path: string[] }) => [p.id, p.tree_path]));
    expect(byId.get(1)).toEqual(['Ketua Yayasan']);
    expect(byId.get(2)).toEqual(['Ketua Yayasan', 'Kepala Sekolah']);
    const shown = await server.call('GET', '/api/v1/position/2', { as: 'admin' });
    expect(shown.json.data.tree_path).toEqual(['Ketua Yayasan', 'Kepala Sekolah']);
  });

  it('refuses to put a record under itself or under one of its descendants', async () => {
    const top = (await server.call('GET', '/api/v1/position/1', { as: 'admin' })).json.data;
    const underChild = await server.call('PUT', '/api/v1/position/1', {
      as: 'admin',
      headers: { 'accept-language': 'en' },
      body: { name: top.name, description: top.description, parent_id: 2, version: top.version },
    });
    expect(underChild.status).toBe(422);
    expect(underChild.json.messages).toEqual({ parent_id: ['A record cannot be placed under itself or under one of the records below it'] });
    const underItself = await server.call('PUT', '/api/v1/position/2', {
      as: 'admin',
      body: { name: 'Kepala Sekolah', parent_id: 2, version: 1 },
    });
    expect(underItself.status).toBe(422);
    expect(underItself.json.messages.parent_id).toEqual(['Data tidak dapat ditempatkan di bawah dirinya sendiri atau di bawah data turunannya']);
  });
});

describe('a refused delete in the schema\'s own words (spec 3 §8)', () => {
  it('says that a COA with linked data cannot be deleted, and what links to it', async () => {
    const answer = await server.call('DELETE', '/api/v1/coa/2', { as: 'adminfinance' });
    expect(answer.status).toBe(409);
    expect(answer.json.message).toMatch(/^Akun ini tidak dapat dihapus karena memiliki data terkait \(.+\)$/);
  });
});
