// A field with a default need not be sent on create: the server fills in the schema's
// default and stores the record with it. Sending it empty is still refused.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fileServer } from './harness';

const server = fileServer();

describe('a field with a default', () => {
  it('is filled in when a create leaves it out, and stored', async () => {
    const answer = await server.call('POST', '/api/v1/building', { as: 'admin', body: { code: 'GD-1', name: 'Gedung Satu' } });
    expect(answer.status).toBe(201);
    expect(answer.json.data).toMatchObject({ floors: 1, is_active: true });
    const rows = await sql<{ floors: number; is_active: boolean }>`select floors, is_active from building where code = 'GD-1'`.execute(server.database.db);
    expect(rows.rows).toEqual([{ floors: 1, is_active: true }]);
  });

  it('keeps the value a create gives', async () => {
    const answer = await server.call('POST', '/api/v1/building', { as: 'admin', body: { code: 'GD-2', name: 'Gedung Dua', floors: 3 } });
    expect(answer.status).toBe(201);
    expect(answer.json.data.floors).toBe(3);
  });

  it('is still required when sent empty', async () => {
    const answer = await server.call('POST', '/api/v1/building', {
      as: 'admin',
      headers: { 'accept-language': 'en' },
      body: { code: 'GD-3', name: 'Gedung Tiga', floors: null },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.messages).toEqual({ floors: ['This field is required'] });
  });
});
