// An entity's hooks (server/hooks/<entity>.ts) are found by the entity's name when the server
// starts (server/records/loadHooks.ts), and run on every write through the door: the generic
// routes, the bulk delete (all or nothing, a hook's refusal included), the singleton's PUT,
// and a bespoke route using `app.records`. A hook file that is wrong stops the start, naming it.

import { describe, expect, it } from 'vitest';
import { HOOKS_DIRECTORY, loadHooks } from '../../server/records/loadHooks';
import type { Caller } from '../../server/records/recordWrites';
import { created } from './fixtures';
import { fileServer } from './harness';

const fixtures = (folder: string) => new URL(`./hookFixtures/${folder}/`, import.meta.url);
const server = fileServer({ hooksDirectory: fixtures('writes') });
const en = { 'accept-language': 'en' };

const departmentExists = async (id: number) => (await server.call('GET', `/api/v1/department/${id}`, { as: 'admin' })).status === 200;

describe('loadHooks', () => {
  it('finds each hook file by its entity’s name', async () => {
    const hooks = await loadHooks(server.catalog, fixtures('writes'));
    expect([...hooks.keys()].sort()).toEqual(['department', 'setting_timeout']);
    expect(typeof hooks.get('department')?.beforeChange).toBe('function');
  });

  it('looks in server/hooks/ by default', () => {
    expect(HOOKS_DIRECTORY.pathname).toMatch(/\/server\/hooks\/$/);
  });

  it('stops the start at a file that names no entity, naming the file and what was expected', async () => {
    await expect(loadHooks(server.catalog, fixtures('noEntity'))).rejects.toThrow(
      /hookFixtures\/noEntity\/no_such_entity\.ts: names no entity \(expected schemas\/no_such_entity\.yaml\)/,
    );
  });

  it('stops the start at a default export that is not defineHooks({ … }) (a misspelt hook)', async () => {
    await expect(loadHooks(server.catalog, fixtures('badExport'))).rejects.toThrow(
      /hookFixtures\/badExport\/department\.ts: the default export must be defineHooks\(\{ beforeChange\?, afterChange\? \}\)/,
    );
  });
});

describe('hooks on the routes', () => {
  it('run on POST {endpoint}', async () => {
    const answer = await server.call('POST', '/api/v1/department', { as: 'admin', body: { code: 'HOOK-POST', name: 'kecil' } });
    expect(answer.status).toBe(201);
    expect(answer.json.data.name).toBe('KECIL');
  });

  it('run on a bulk delete: a record its beforeChange refuses keeps them all, and is named', async () => {
    const free = await created(server, 'department', { code: 'DEL-B1', name: 'Free to go' });
    const kept = await created(server, 'department', { code: 'DEL-B2', name: 'Kept by the hook' });
    const answer = await server.call('DELETE', `/api/v1/department?ids=${free.id},${kept.id}`, { as: 'admin', headers: en });
    expect(answer.status).toBe(409);
    expect(answer.json.refused).toEqual([{ id: kept.id, label: 'Kept by the hook', status: 409, message: 'the hook keeps this department' }]);
    expect(await departmentExists(free.id)).toBe(true);
    expect(await departmentExists(kept.id)).toBe(true);
  });

  it('run on a bulk delete after each record goes: a refusal there takes back the deletes already made', async () => {
    const first = await created(server, 'department', { code: 'DEL-A1', name: 'Gone first' });
    const refused = await created(server, 'department', { code: 'DEL-A2', name: 'Refused after' });
    const answer = await server.call('DELETE', `/api/v1/department?ids=${first.id},${refused.id}`, { as: 'admin', headers: en });
    expect(answer.status).toBe(409);
    expect(answer.json.refused).toEqual([{ id: refused.id, label: 'Refused after', status: 409, message: 'the hook refused after the delete' }]);
    expect(await departmentExists(first.id)).toBe(true);
    expect(await departmentExists(refused.id)).toBe(true);
  });

  it('let a bulk delete the hooks allow go through', async () => {
    const a = await created(server, 'department', { code: 'DEL-C1', name: 'One' });
    const b = await created(server, 'department', { code: 'DEL-C2', name: 'Two' });
    const answer = await server.call('DELETE', `/api/v1/department?ids=${a.id},${b.id}`, { as: 'admin' });
    expect(answer.status).toBe(200);
    expect([...answer.json.data].sort()).toEqual([a.id, b.id].sort());
    expect(await departmentExists(a.id)).toBe(false);
  });

  it('run on a singleton’s PUT: beforeChange changes what is saved', async () => {
    const read = await server.call('GET', '/api/v1/setting-timeout', { as: 'admin' });
    const answer = await server.call('PUT', '/api/v1/setting-timeout', {
      as: 'admin',
      body: { is_enabled: true, idle_timeout_minutes: 13, version: read.json.data.version },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.data.idle_timeout_minutes).toBe(15);
  });

  it('run on a singleton’s PUT: afterChange refusing answers its error and keeps the record as it was', async () => {
    const read = await server.call('GET', '/api/v1/setting-timeout', { as: 'admin' });
    const answer = await server.call('PUT', '/api/v1/setting-timeout', {
      as: 'admin',
      headers: en,
      body: { is_enabled: true, idle_timeout_minutes: 99, version: read.json.data.version },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.messages).toEqual({ idle_timeout_minutes: ['not 99'] });
    const after = await server.call('GET', '/api/v1/setting-timeout', { as: 'admin' });
    expect([after.json.data.idle_timeout_minutes, after.json.data.version]).toEqual([read.json.data.idle_timeout_minutes, read.json.data.version]);
  });
});

describe('a bespoke route’s door', () => {
  it('is app.records: the same door, with the same hooks, as the generic routes', async () => {
    const caller: Caller = { username: 'admin', roles: ['ROLE_ADMIN'], locale: 'en' };
    const row = await server.database.db
      .transaction()
      .execute((tx) => server.app.records.create(tx, caller, 'department', { code: 'HOOK-BSPK', name: 'lewat pintu' }));
    expect(row).toMatchObject({ code: 'HOOK-BSPK', name: 'LEWAT PINTU', created_by: 'admin' });
  });
});
