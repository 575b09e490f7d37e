// Walks every schema through the real server on the demo data: a valid record built from the
// schema (its first demo record, made unique where the schema says unique) is created, shown,
// edited and deleted by a user whose role the schema's access allows. A singleton is read and
// saved in place. A new schema is covered by this test the moment it is added.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, validators } from '../../src/generated/all';
import { hasScreen, type EntityModel } from '../../src/shared/entityModel';
import { checkBody } from '../../src/shared/validation';
import { startTestServer, type TestServer } from '../server/harness';
import { recordBuilder, userFor } from './validRecords';

/** A change an editor would make: another text, number or yes/no in a field that may change. */
/** Whether another field's condition (allowedWhen, requiredWhen) reads this field: flipping it changes what applies. */
function steersConditions(entity: EntityModel, name: string): boolean {
  return entity.fields.some((f) => JSON.stringify([f.allowedWhen, f.requiredWhen]).includes(`"field":"${name}"`));
}

function anEdit(entity: EntityModel, values: Record<string, unknown>): Record<string, unknown> | null {
  for (const field of entity.fields) {
    if (field.readOnly || field.unique || field.writeOnly) continue;
    if (field.kind === 'boolean' && entity.rules.every((r) => r.if !== field.name) && !steersConditions(entity, field.name)) return { [field.name]: !values[field.name] };
    if ((field.kind === 'string' || field.kind === 'text') && !field.pattern) {
      const next = `Diubah ${String(values[field.name] ?? '')}`.slice(0, field.maxLength ?? 200);
      if (!checkBody(entity, validators[entity.name], { ...values, [field.name]: next }, 'en')) return { [field.name]: next };
    }
  }
  return null;
}

let server: TestServer;
let records: ReturnType<typeof recordBuilder>;
beforeAll(async () => {
  server = await startTestServer({ demoData: true });
  records = recordBuilder(server);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

// The HTTP walk: entities without a screen have no route (tests/server/screenless.test.ts).
const plain = entities.filter((e) => hasScreen(e) && !e.singleton);
const singletons = entities.filter((e) => hasScreen(e) && e.singleton);

describe.each(plain.map((e) => [e.name, e] as const))('%s', (_, entity) => {
  it('creates, lists, shows, edits and deletes a valid record', async () => {
    const writer = userFor(entity.access.create);
    const body = await records.uniqueValues(entity, 0);
    const created = await server.call('POST', `/api/v1/${entity.endpoint}`, { as: writer, body });
    expect(created.status, created.text).toBe(201);
    const record = created.json.data;
    for (const field of entity.fields) {
      if (field.writeOnly || field.kind === 'file' || field.kind === 'image' || !(field.name in body)) continue;
      expect(record[field.name], field.name).toEqual(body[field.name]);
    }

    const reader = userFor(entity.access.list);
    const list = await server.call('GET', `/api/v1/${entity.endpoint}?ids=${record.id}`, { as: reader });
    expect(list.status, list.text).toBe(200);
    expect(list.json.data.map((r: { id: number }) => r.id)).toEqual([record.id]);
    const shown = await server.call('GET', `/api/v1/${entity.endpoint}/${record.id}`, { as: userFor(entity.access.show) });
    expect(shown.status).toBe(200);
    expect(shown.json.data.version).toBe(1);

    const edit = anEdit(entity, body);
    if (edit) {
      const updated = await server.call('PUT', `/api/v1/${entity.endpoint}/${record.id}`, {
        as: userFor(entity.access.edit),
        body: { ...body, ...edit, version: 1 },
      });
      expect(updated.status, updated.text).toBe(200);
      expect(updated.json.data).toMatchObject({ ...edit, version: 2 });
    }

    const removed = await server.call('DELETE', `/api/v1/${entity.endpoint}/${record.id}`, { as: userFor(entity.access.delete) });
    expect(removed.status, removed.text).toBe(200);
    const gone = await server.call('GET', `/api/v1/${entity.endpoint}/${record.id}`, { as: reader });
    expect(gone.status).toBe(404);
  });
});

describe.skipIf(singletons.length === 0).each(singletons.map((e) => [e.name, e] as const))('%s (singleton)', (_, entity) => {
  it('is read and saved in place', async () => {
    const reader = userFor(entity.access.show);
    const first = await server.call('GET', `/api/v1/${entity.endpoint}`, { as: reader });
    expect(first.status, first.text).toBe(200);
    const body = await records.baseValues(entity);
    const edit = anEdit(entity, body) ?? {};
    const saved = await server.call('PUT', `/api/v1/${entity.endpoint}`, {
      as: userFor(entity.access.edit),
      body: { ...body, ...edit, version: first.json.data.version },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.data).toMatchObject({ ...edit, version: first.json.data.version + 1 });
    for (const field of entity.fields.filter((f) => f.writeOnly)) expect(saved.json.data[field.name], field.name).toBeUndefined();
  });
});
