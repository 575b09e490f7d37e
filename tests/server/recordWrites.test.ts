// The one door for writes (server/records/recordWrites.ts): a bespoke module writing through
// it inside its own transaction gets the same refusals as the HTTP routes (403, 422 with the
// same field messages, 409 for a stale version or a duplicate), and an entity's hooks run in
// that transaction, so a hook's error takes the write back.

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../server/http/apiError';
import { defineHooks, type EntityHooks } from '../../server/records/entityHooks';
import { recordWrites, type Caller } from '../../server/records/recordWrites';
import type { Row } from '../../server/db/database';
import { fileServer } from './harness';

const server = fileServer();
const admin: Caller = { username: 'admin', roles: ['ROLE_ADMIN'], locale: 'en' };

/** The ApiError a write through the door was refused with. */
async function refusal(write: () => Promise<unknown>): Promise<ApiError> {
  const error = await write().then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

const doorOf = (hooks: Record<string, EntityHooks> = {}) => recordWrites(server.catalog, new Map(Object.entries(hooks)));

describe('the write door refuses as the routes do', () => {
  it('422 with the same field messages as POST {endpoint}', async () => {
    const body = { code: 'X'.repeat(11) };
    const http = await server.call('POST', '/api/v1/department', { as: 'admin', headers: { 'accept-language': 'en' }, body });
    expect(http.status).toBe(422);
    const door = await refusal(() => server.database.db.transaction().execute((tx) => doorOf().create(tx, admin, 'department', body)));
    expect(door.status).toBe(422);
    expect(door.messages).toEqual(http.json.messages);
  });

  it('409 for a stale version and for a duplicate, as PUT and POST answer', async () => {
    const db = server.database.db;
    const door = doorOf();
    const made = await db.transaction().execute((tx) => door.create(tx, admin, 'department', { code: 'DOOR-1', name: 'Pintu' }));
    expect(made).toMatchObject({ code: 'DOOR-1', version: 1, created_by: 'admin' });
    await db.transaction().execute((tx) => door.update(tx, admin, 'department', Number(made.id), { code: 'DOOR-1', name: 'Pintu 2', version: 1 }));
    const stale = await refusal(() =>
      db.transaction().execute((tx) => door.update(tx, admin, 'department', Number(made.id), { code: 'DOOR-1', name: 'Lama', version: 1 })),
    );
    const http = await server.call('PUT', `/api/v1/department/${made.id}`, {
      as: 'admin',
      headers: { 'accept-language': 'en' },
      body: { code: 'DOOR-1', name: 'Lama', version: 1 },
    });
    expect([stale.status, stale.message]).toEqual([409, http.json.message]);
    const duplicate = await refusal(() => db.transaction().execute((tx) => door.create(tx, admin, 'department', { code: 'DOOR-1', name: 'Lagi' })));
    const httpDuplicate = await server.call('POST', '/api/v1/department', { as: 'admin', headers: { 'accept-language': 'en' }, body: { code: 'DOOR-1', name: 'Lagi' } });
    expect([duplicate.status, duplicate.messages]).toEqual([httpDuplicate.status, httpDuplicate.json.messages]);
  });

  it('403 to a caller whose roles may not write the entity', async () => {
    const nobody: Caller = { username: 'teacher', roles: [], locale: 'en' };
    const error = await refusal(() => server.database.db.transaction().execute((tx) => doorOf().create(tx, nobody, 'department', { code: 'DOOR-2', name: 'X' })));
    expect(error.status).toBe(403);
  });
});

describe('hooks', () => {
  it('run inside the write’s transaction: beforeChange may change the fields, afterChange sees the row', async () => {
    const seen: Row[] = [];
    const door = doorOf({
      department: defineHooks({
        beforeChange: async ({ data, operation }) => (operation === 'create' ? { ...data, name: String(data.name).toUpperCase() } : undefined),
        afterChange: async ({ context, record }) => {
          seen.push(await context.tx.selectFrom('department').selectAll().where('id', '=', record.id as number).executeTakeFirstOrThrow());
        },
      }),
    });
    const made = await server.database.db.transaction().execute((tx) => door.create(tx, admin, 'department', { code: 'HOOK-1', name: 'kecil' }));
    expect(made.name).toBe('KECIL');
    expect(seen).toEqual([expect.objectContaining({ id: made.id, name: 'KECIL' })]);
  });

  it('a hook that throws takes the write back, and its ApiError is the answer', async () => {
    const door = doorOf({
      department: defineHooks({
        afterChange: async () => {
          throw new ApiError(422, 'refused by the hook', { name: ['not this name'] });
        },
      }),
    });
    const error = await refusal(() =>
      server.database.db.transaction().execute((tx) => door.create(tx, admin, 'department', { code: 'HOOK-2', name: 'Batal' })),
    );
    expect([error.status, error.message]).toEqual([422, 'refused by the hook']);
    const kept = await server.database.db.selectFrom('department').select('id').where('code', '=', 'HOOK-2').execute();
    expect(kept).toEqual([]);
  });
});
