// A user's own list columns and saved views on the server (issue 16): kept per login, so another
// session (another browser, after a logout) reads them; checked against the list's schema and
// the user's roles like a list call; saving the same settings twice changes nothing.

import { describe, expect, it } from 'vitest';
import { fileServer } from './harness';

const server = fileServer();
const path = '/api/v1/me/views/class';

const view = {
  name: 'Active ones',
  filter: { q: 'X', is_active: true },
  sort: { field: 'name', order: 'DESC' },
  columns: ['name', 'capacity'],
};

describe('list views per user', () => {
  it('a list never saved has no settings', async () => {
    const answer = await server.call('GET', path, { as: 'admin' });
    expect(answer.status).toBe(200);
    expect(answer.json.data).toEqual({ columns: null, views: [] });
  });

  it('saved columns and views are read by a later session of the same user, and by no one else', async () => {
    const saved = await server.call('PUT', path, { as: 'admin', body: { columns: ['code', 'name'], views: [view] } });
    expect(saved.status).toBe(200);
    // `as` logs in afresh: a new session, as after a logout or in another browser.
    const read = await server.call('GET', path, { as: 'admin' });
    expect(read.json.data).toEqual({ columns: ['code', 'name'], views: [view] });
    const other = await server.call('GET', path, { as: 'teacher' });
    expect(other.json.data).toEqual({ columns: null, views: [] });
  });

  it('saving the same settings twice leaves one row with them', async () => {
    const body = { columns: ['name'], views: [] };
    await server.call('PUT', '/api/v1/me/views/coa', { as: 'admin', body });
    await server.call('PUT', '/api/v1/me/views/coa', { as: 'admin', body });
    const rows = await server.database.db
      .selectFrom('app_user_preference' as never)
      .select(['key' as never])
      .where('key' as never, '=', 'list:coa' as never)
      .execute();
    expect(rows).toHaveLength(1);
    expect((await server.call('GET', '/api/v1/me/views/coa', { as: 'admin' })).json.data).toEqual(body);
  });

  it('two saves at the same moment (truly concurrent on PostgreSQL) leave one row holding one of them', async () => {
    const a = { columns: ['term'], views: [] };
    const b = { columns: ['name', 'term'], views: [] };
    const answers = await Promise.all([
      server.call('PUT', '/api/v1/me/views/semester', { as: 'adminfinance', body: a }),
      server.call('PUT', '/api/v1/me/views/semester', { as: 'adminfinance', body: b }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const rows = await server.database.db
      .selectFrom('app_user_preference' as never)
      .select(['key' as never])
      .where('key' as never, '=', 'list:semester' as never)
      .execute();
    expect(rows).toHaveLength(1);
    expect([a, b]).toContainEqual((await server.call('GET', '/api/v1/me/views/semester', { as: 'adminfinance' })).json.data);
  });

  it('refuses a column, filter or sort the list does not have, in the user language, saving nothing', async () => {
    await server.call('PUT', path, { as: 'finance', body: { columns: ['name'], views: [] } });
    const column = await server.call('PUT', path, { as: 'finance', body: { columns: ['nope'], views: [] }, headers: { 'accept-language': 'id' } });
    expect(column.status).toBe(422);
    expect(column.json.messages.columns).toEqual(['Daftar ini tidak memiliki kolom "nope"']);
    const filter = await server.call('PUT', path, { as: 'finance', body: { columns: null, views: [{ ...view, filter: { secret: 1 } }] }, headers: { 'accept-language': 'en' } });
    expect(filter.status).toBe(400);
    expect(filter.json.message).toMatch(/Cannot filter by "secret"/);
    const sort = await server.call('PUT', path, { as: 'finance', body: { columns: null, views: [{ ...view, sort: { field: 'nope', order: 'ASC' } }] } });
    expect(sort.status).toBe(400);
    const twice = await server.call('PUT', path, { as: 'finance', body: { columns: null, views: [view, { ...view, name: ' active ONES ' }] } });
    expect(twice.status).toBe(422);
    expect(twice.json.messages.name[0]).toMatch(/Sudah ada tampilan bernama/);
    const noName = await server.call('PUT', path, { as: 'finance', body: { columns: null, views: [{ ...view, name: ' ' }] } });
    expect(noName.status).toBe(422);
    expect((await server.call('GET', path, { as: 'finance' })).json.data).toEqual({ columns: ['name'], views: [] });
  });

  it('a list the user may not open, or that does not exist, is refused', async () => {
    expect((await server.call('GET', '/api/v1/me/views/coa', { as: 'teacher' })).status).toBe(403);
    expect((await server.call('PUT', '/api/v1/me/views/coa', { as: 'teacher', body: { columns: null, views: [] } })).status).toBe(403);
    expect((await server.call('GET', '/api/v1/me/views/nothing-here', { as: 'admin' })).status).toBe(404);
  });
});
