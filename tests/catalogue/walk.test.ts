// Walks every schema through the real server on the demo data: a valid record built from the
// schema (its first demo record, made unique where the schema says unique) is created, shown,
// edited and deleted by a user whose role the schema's access allows. A singleton is read and
// saved in place. A new schema is covered by this test the moment it is added.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSeedFile } from '../../server/seed/readSeedFile';
import { DEMO_DATA_DIR } from '../../server/seed/seedDemoData';
import { entities, validators } from '../../src/generated/all';
import type { EntityModel, FieldModel } from '../../src/shared/entityModel';
import { checkBody } from '../../src/shared/validation';
import { startTestServer, type TestServer } from '../server/harness';

const DEMO_USERS: Array<[string, string]> = [
  ['admin', 'ROLE_ADMIN'],
  ['adminfinance', 'ROLE_ADMIN_FINANCE'],
  ['finance', 'ROLE_FINANCE'],
  ['teacher', 'ROLE_TEACHER'],
];
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const PDF = 'data:application/pdf;base64,JVBERi0xLjQKJSVFT0YK';

function userFor(roles: string[]): string {
  const user = DEMO_USERS.find(([, role]) => roles.includes(role));
  if (!user) throw new Error(`no demo user has one of ${roles.join(', ')}`);
  return user[0];
}

function fileValue(field: FieldModel) {
  const accept = field.accept ?? [];
  const png = accept.length === 0 || accept.some((a) => a === 'image/png' || a === 'image/*');
  return { title: png ? 'contoh.png' : 'contoh.pdf', data: png ? PNG : PDF };
}

function seedRecords(entity: EntityModel): Array<Record<string, unknown>> {
  const path = join(DEMO_DATA_DIR, `${entity.name}.yaml`);
  return existsSync(path) ? readSeedFile(path).map((r) => r.values) : [];
}

async function idsOf(endpoint: string, user: string): Promise<number[]> {
  const answer = await server.call('GET', `/api/v1/${endpoint}?per_page=100&sort=id`, { as: user });
  return answer.json.data.map((r: { id: number }) => r.id);
}

/** A value of the field's kind for a table without demo data (checked against the schema by the caller). */
async function madeUpValue(field: FieldModel): Promise<unknown> {
  switch (field.kind) {
    case 'string':
    case 'text':
    case 'richtext':
      return `Contoh ${field.name}`.slice(0, field.maxLength ?? 100);
    case 'integer':
    case 'number':
    case 'money':
      return field.min ?? 1;
    case 'boolean':
      return false;
    case 'date':
      return '2026-01-05';
    case 'datetime':
      return '2026-01-05T08:00:00.000Z';
    case 'time':
      return '08:00';
    case 'email':
      return 'contoh@harapanbangsa.sch.id';
    case 'url':
      return 'https://harapanbangsa.sch.id';
    case 'color':
      return '#336699';
    case 'enum':
      return field.options![0].value;
    case 'file':
    case 'image':
      return fileValue(field);
    case 'reference':
    case 'references': {
      const target = entities.find((e) => e.name === field.to)!;
      const [first] = await idsOf(target.endpoint, userFor(target.access.list));
      return field.kind === 'reference' ? first : [first];
    }
  }
}

/** Values the schema accepts for a new record: the first demo record (or made-up values), without what a client may not send. */
async function baseValues(entity: EntityModel): Promise<Record<string, unknown>> {
  const seed = seedRecords(entity)[0] ?? {};
  const values: Record<string, unknown> = {};
  for (const field of entity.fields) {
    if (field.readOnly) continue;
    if (field.name in seed) values[field.name] = seed[field.name];
    else if (field.required) values[field.name] = await madeUpValue(field);
  }
  return values;
}

const OTHER: Record<string, string> = { digit: '7294', upper: 'QXZJ', lower: 'qxzj' };

/** Candidates for a value no demo record has: the same shape with one character changed, or a suffix. */
function variants(field: FieldModel, value: unknown, round: number): unknown[] {
  if (field.options) return field.options.map((o) => o.value);
  if (typeof value === 'number') return [value + 1000 + round, value + 1 + round];
  if (typeof value !== 'string') return [];
  const n = String(7 + round);
  if (field.kind === 'email') return [`w${n}.${value}`];
  const cut = (text: string) => (field.maxLength ? text.slice(0, field.maxLength) : text);
  const swapped: string[] = [];
  for (let i = value.length - 1; i >= 0 && swapped.length < 12; i--) {
    const ch = value[i];
    const kind = /\d/.test(ch) ? 'digit' : /[A-Z]/.test(ch) ? 'upper' : /[a-z]/.test(ch) ? 'lower' : null;
    if (!kind) continue;
    for (const other of OTHER[kind]) if (other !== ch) swapped.push(value.slice(0, i) + other + value.slice(i + 1));
  }
  return [cut(`${value}-W${n}`), cut(`${value}W${n}`), ...swapped, cut(`${value}${n}`), cut(`W${n}${value}`)];
}

async function uniqueValues(entity: EntityModel, round: number): Promise<Record<string, unknown>> {
  const values = await baseValues(entity);
  const seeds = seedRecords(entity);
  for (const field of entity.fields.filter((f) => f.unique && !f.readOnly && values[f.name] !== undefined)) {
    if (field.kind === 'reference') {
      // One record per target (e.g. one unapprove mechanism per transaction type): a target nobody uses yet.
      const target = entities.find((e) => e.name === field.to)!;
      const used = new Set(seeds.map((r) => r[field.name]));
      const free = (await idsOf(target.endpoint, userFor(target.access.list))).find((id) => !used.has(id));
      if (free === undefined) throw new Error(`${entity.name}.${field.name}: every ${target.name} is already used`);
      values[field.name] = free;
      continue;
    }
    const taken = new Set(seeds.map((r) => r[field.name]));
    const found = variants(field, values[field.name], round).find((candidate) => {
      const trial = { ...values, [field.name]: candidate };
      return !taken.has(candidate) && !checkBody(entity, validators[entity.name], trial, 'en')?.[field.name];
    });
    if (found === undefined) throw new Error(`${entity.name}.${field.name}: no unique variant of ${String(values[field.name])} fits the schema`);
    values[field.name] = found;
  }
  return values;
}

/** A change an editor would make: another text, number or yes/no in a field that may change. */
function anEdit(entity: EntityModel, values: Record<string, unknown>): Record<string, unknown> | null {
  for (const field of entity.fields) {
    if (field.readOnly || field.unique || field.writeOnly) continue;
    if (field.kind === 'boolean' && entity.rules.every((r) => r.if !== field.name)) return { [field.name]: !values[field.name] };
    if ((field.kind === 'string' || field.kind === 'text') && !field.pattern) {
      const next = `Diubah ${String(values[field.name] ?? '')}`.slice(0, field.maxLength ?? 200);
      if (!checkBody(entity, validators[entity.name], { ...values, [field.name]: next }, 'en')) return { [field.name]: next };
    }
  }
  return null;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ demoData: true });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const plain = entities.filter((e) => !e.singleton);
const singletons = entities.filter((e) => e.singleton);

describe.each(plain.map((e) => [e.name, e] as const))('%s', (_, entity) => {
  it('creates, lists, shows, edits and deletes a valid record', async () => {
    const writer = userFor(entity.access.create);
    const body = await uniqueValues(entity, 0);
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
    const body = await baseValues(entity);
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
