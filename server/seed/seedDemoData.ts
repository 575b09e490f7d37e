// The demo data: every server/seed/demo/<entity>.yaml, in the tables' dependency order,
// checked like an API write (a broken record stops the start, naming file and record) and
// written by the same code (passwords hashed), then each identity sequence moved past the
// seeded ids; last, the demo logins' notifications (./demoNotifications.ts).

import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { sql } from 'kysely';
import { message } from '../../src/shared/messages';
import { checkBody, type FieldErrors } from '../../src/shared/validation';
import type { Catalog } from '../crud/catalog';
import { insertRecord } from '../crud/createRecord';
import type { Db } from '../db/database';
import { quoteIdent } from '../db/quoteSql';
import { ApiError } from '../http/apiError';
import { seedDemoNotifications } from './demoNotifications';
import { readSeedFile } from './readSeedFile';

export const DEMO_DATA_DIR = join(import.meta.dirname, 'demo');
const SEED_USER = 'seed';

function describe(errors: FieldErrors): string {
  return Object.entries(errors)
    .map(([field, texts]) => `${field}: ${texts.join('; ')}`)
    .join(', ');
}

/**
 * Inserts the demo records inside the caller's transaction; returns how many per entity.
 * With `only`, just the files of those entities (the demo logins without the rest), their
 * optional links to other entities left empty.
 */
export async function seedDemoData(tx: Db, catalog: Catalog, dir = DEMO_DATA_DIR, only?: ReadonlySet<string>): Promise<Record<string, number>> {
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.yaml')) : [];
  for (const file of files) {
    if (!catalog.entityNamed(basename(file, '.yaml'))) throw new Error(`${join(dir, file)}: there is no entity named ${basename(file, '.yaml')}`);
  }
  const counts: Record<string, number> = {};
  // catalog.entities is in no particular order; the tables are referenced-first.
  for (const entity of catalog.entitiesInTableOrder()) {
    const path = join(dir, `${entity.name}.yaml`);
    if (!existsSync(path) || (only && !only.has(entity.name))) continue;
    const records = readSeedFile(path);
    const writer = { entity, locale: 'en' as const, username: SEED_USER };
    for (const [index, record] of records.entries()) {
      // With `only`, a link to a record of an entity not seeded stays empty (a demo login's employee).
      if (only) {
        for (const field of entity.fields) {
          if (field.kind === 'reference' && field.to && !only.has(field.to) && !field.required) delete record.values[field.name];
        }
      }
      const where = `${path}: record ${index + 1} (id ${record.id})`;
      const errors = checkBody(entity, catalog.validatorOf(entity), record.values, 'en') ?? {};
      // Seed data may set read-only fields (e.g. a class already synced with Google Classroom).
      for (const field of entity.fields) {
        if (field.readOnly && errors[field.name]?.[0] === message('en', 'readOnlyField')) delete errors[field.name];
        // The demo logins keep the README's password "demo", shorter than the minLength real
        // accounts must meet; it is hashed like any other password.
        if (field.kind === 'password' && errors[field.name]?.[0] === message('en', 'minLength', { limit: field.minLength ?? 0, count: field.minLength ?? 0 })) delete errors[field.name];
      }
      if (Object.keys(errors).length) throw new Error(`${where} is invalid: ${describe(errors)}`);
      try {
        await insertRecord(tx, catalog, writer, record.values, record.id);
      } catch (error) {
        const detail = error instanceof ApiError ? describe(error.messages ?? {}) || error.message : String(error);
        throw new Error(`${where} cannot be inserted: ${detail}`, { cause: error });
      }
    }
    const table = quoteIdent(catalog.tableOf(entity));
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), max(id)) from ${sql.table(catalog.tableOf(entity))} having max(id) is not null`.execute(tx);
    counts[entity.name] = records.length;
  }
  // The demo data's logins come with their demo notifications.
  if (dir === DEMO_DATA_DIR) await seedDemoNotifications(tx);
  return counts;
}
