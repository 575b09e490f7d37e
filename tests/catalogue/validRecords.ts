// Valid records for the catalogue walks (tests/catalogue/walk.test.ts through the API,
// tests/app/catalogueWalk.test.tsx through the views): a schema's first demo record (or
// made-up values for a table without demo data), its unique fields varied until the schema's
// own validator accepts them and no demo record has them.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readSeedFile } from '../../server/seed/readSeedFile';
import { DEMO_DATA_DIR } from '../../server/seed/seedDemoData';
import { entities, validators } from '../../src/generated/all';
import type { EntityModel, FieldModel } from '../../src/shared/entityModel';
import { checkBody } from '../../src/shared/validation';
import type { TestServer } from '../server/harness';

const DEMO_USERS: Array<[string, string]> = [
  ['admin', 'ROLE_ADMIN'],
  ['adminfinance', 'ROLE_ADMIN_FINANCE'],
  ['finance', 'ROLE_FINANCE'],
  ['teacher', 'ROLE_TEACHER'],
];
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const PDF = 'data:application/pdf;base64,JVBERi0xLjQKJSVFT0YK';

export function userFor(roles: string[]): string {
  const user = DEMO_USERS.find(([, role]) => roles.includes(role));
  if (!user) throw new Error(`no demo user has one of ${roles.join(', ')}`);
  return user[0];
}

/** The one demo admin (admin or adminfinance) allowed every action the entity has, and its role. */
export function adminFor(entity: EntityModel): { user: string; role: string } {
  const actions = Object.values(entity.access).filter((roles) => roles.length > 0);
  for (const [user, role] of DEMO_USERS.slice(0, 2)) if (actions.every((roles) => roles.includes(role))) return { user, role };
  throw new Error(`${entity.name}: neither admin nor adminfinance may do everything`);
}

function fileValue(field: FieldModel) {
  const accept = field.accept ?? [];
  const png = accept.length === 0 || accept.some((a) => a === 'image/png' || a === 'image/*');
  return { title: png ? 'contoh.png' : 'contoh.pdf', data: png ? PNG : PDF };
}

export function seedRecords(entity: EntityModel): Array<Record<string, unknown>> {
  const path = join(DEMO_DATA_DIR, `${entity.name}.yaml`);
  return existsSync(path) ? readSeedFile(path).map((r) => r.values) : [];
}

export function recordBuilder(server: TestServer) {
  async function idsOf(endpoint: string, user: string): Promise<number[]> {
    const answer = await server.call('GET', `/api/v1/${endpoint}?per_page=100&sort=id`, { as: user });
    return answer.json.data.map((r: { id: number }) => r.id);
  }

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
      case 'password':
        return 'Rahasia-2026-uji'.padEnd(field.minLength ?? 0, 'x').slice(0, field.maxLength ?? 1024);
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

  async function baseValues(entity: EntityModel): Promise<Record<string, unknown>> {
    const seed = seedRecords(entity)[0] ?? {};
    const values: Record<string, unknown> = {};
    for (const field of entity.fields) {
      if (field.readOnly) continue;
      // The demo passwords ("demo") are shorter than a schema's minLength, which only the seed may be.
      if (field.kind === 'password' && (field.required || field.name in seed)) values[field.name] = await madeUpValue(field);
      else if (field.name in seed) values[field.name] = seed[field.name];
      else if (field.required) values[field.name] = await madeUpValue(field);
    }
    return values;
  }

  const OTHER: Record<string, string> = { digit: '7294', upper: 'QXZJ', lower: 'qxzj' };

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

  /** A valid new record of the entity no demo record collides with. */
  async function uniqueValues(entity: EntityModel, round = 0): Promise<Record<string, unknown>> {
    const values = await baseValues(entity);
    const seeds = seedRecords(entity);
    for (const field of entity.fields.filter((f) => f.unique && !f.readOnly && values[f.name] !== undefined)) {
      if (field.kind === 'reference') {
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

  return { baseValues, uniqueValues };
}
