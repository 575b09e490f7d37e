// Valid records for the catalogue walks (tests/catalogue/walk.test.ts through the API,
// tests/app/walk/catalogueWalk.tsx through the views): a schema's first demo record (or
// made-up values for a table without demo data), its unique fields and keys varied until the
// schema's own validator accepts them and no demo record has them; a summed field at its
// smallest value and a range moved to where no demo record's range is (group checks).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readSeedFile } from '../../server/seed/readSeedFile';
import { DEMO_DATA_DIR } from '../../server/seed/seedDemoData';
import { entities, validators } from '../../src/generated/all';
import { hasScreen, type EntityModel, type FieldModel } from '../../src/shared/entityModel';
import { conditionHolds, defaultValues, fieldApplies } from '../../src/shared/conditions';
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

export function recordBuilder(server: Pick<TestServer, 'call'>) {
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
        let [first] = await idsOf(target.endpoint, userFor(target.access.list));
        if (first === undefined && field.required && hasScreen(target)) {
          // A table the demo seeds only on a first start (the selection's offerings): one record of it first.
          const made = await server.call('POST', `/api/v1/${target.endpoint}`, { as: userFor(target.access.create), body: await uniqueValues(target) });
          if (made.status !== 201) throw new Error(`${target.name} for ${field.name}: ${made.text}`);
          first = Number(made.json.data.id);
        }
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
    // Conditional fields: filled in where their condition asks for it, left out where they do not apply.
    const around = { ...defaultValues(entity), ...values };
    for (const field of entity.fields) {
      if (field.readOnly) continue;
      if (!fieldApplies(field, around, entity.fields)) delete values[field.name];
      else if (field.requiredWhen && values[field.name] === undefined && conditionHolds(field.requiredWhen, around, entity.fields)) {
        values[field.name] = await madeUpValue(field);
      }
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
    for (const key of entity.uniqueKeys ?? []) await freeKey(entity, key.fields, values, seeds, round);
    for (const check of entity.groupChecks ?? []) {
      if (check.kind === 'sumAtMost') {
        const field = entity.fields.find((f) => f.name === check.field)!;
        if (values[check.field] !== undefined) values[check.field] = Math.max(0, field.min ?? 0);
      } else await freeRange(entity, check.from, check.to, check.groupBy, values, seeds);
    }
    return values;
  }

  const sameIn = (names: string[], a: Record<string, unknown>, b: Record<string, unknown>) => names.every((n) => (a[n] ?? null) === (b[n] ?? null));

  /** The first id of `field`'s target for which `taken` is false. */
  async function freeId(field: FieldModel, taken: (id: number) => boolean): Promise<number | undefined> {
    const target = entities.find((e) => e.name === field.to)!;
    return (await idsOf(target.endpoint, userFor(target.access.list))).find((id) => !taken(id));
  }

  /** Vary one field of a composite key (the last that can be varied) so no demo record shares the key. */
  async function freeKey(entity: EntityModel, key: string[], values: Record<string, unknown>, seeds: Array<Record<string, unknown>>, round: number) {
    const clashes = (trial: Record<string, unknown>) => seeds.some((seed) => sameIn(key, seed, trial));
    if (!clashes(values)) return;
    for (const name of [...key].reverse()) {
      const field = entity.fields.find((f) => f.name === name)!;
      if (field.kind === 'reference') {
        const id = await freeId(field, (candidate) => clashes({ ...values, [name]: candidate }));
        if (id !== undefined) return void (values[name] = id);
        continue;
      }
      const found = variants(field, values[name], round).find((candidate) => {
        const trial = { ...values, [name]: candidate };
        return !clashes(trial) && !checkBody(entity, validators[entity.name], trial, 'en')?.[name];
      });
      if (found !== undefined) return void (values[name] = found);
    }
    throw new Error(`${entity.name}: no variant of [${key.join(', ')}] is free`);
  }

  /** Move a range to a group no demo record is in, or else to one value no demo range of its group covers. */
  async function freeRange(entity: EntityModel, from: string, to: string, groupBy: string[], values: Record<string, unknown>, seeds: Array<Record<string, unknown>>) {
    // Numbers compare as numbers, dates and times as their text (ISO order); times may touch, as on the server.
    const kind = entity.fields.find((f) => f.name === from)!.kind;
    const touching = kind === 'time' || kind === 'datetime';
    const compare = (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)));
    const before = (a: unknown, b: unknown) => (touching ? compare(a, b) < 0 : compare(a, b) <= 0);
    const overlaps = (trial: Record<string, unknown>) =>
      seeds.some((seed) => sameIn(groupBy, seed, trial) && before(seed[from], trial[to]) && before(trial[from], seed[to]));
    if (!overlaps(values)) return;
    for (const name of groupBy) {
      const field = entity.fields.find((f) => f.name === name)!;
      if (field.kind !== 'reference') continue;
      const id = await freeId(field, (candidate) => seeds.some((seed) => seed[name] === candidate));
      if (id !== undefined) return void (values[name] = id);
    }
    const field = entity.fields.find((f) => f.name === from)!;
    for (let point = field.min ?? 0; point <= (field.max ?? 10_000); point++) {
      if (!overlaps({ ...values, [from]: point, [to]: point })) return void Object.assign(values, { [from]: point, [to]: point });
    }
    throw new Error(`${entity.name}: no free range of ${from} to ${to}`);
  }

  return { baseValues, uniqueValues };
}
