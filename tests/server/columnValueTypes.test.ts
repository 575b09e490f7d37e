// The database types the codegen emits (server/generated/database.ts) say what each column
// type reads back as (COLUMN_TS_TYPES); this checks it against the driver, on PGlite and, with
// TEST_DATABASE=pg, on PostgreSQL: a typed query's value is what its type says.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { typedDb } from '../../server/db/typedDb';
import { COLUMN_TS_TYPES, type ColumnType } from '../../src/shared/tableModel';
import { fileServer } from './harness';

const server = fileServer();

/** A value of each column type, as SQL, and a check of what the driver gives back for the TypeScript type. */
const SAMPLES: Record<ColumnType, { value: string; holds: (v: unknown) => boolean }> = {
  text: { value: `'teks'`, holds: (v) => v === 'teks' },
  integer: { value: '42', holds: (v) => v === 42 },
  'numeric(18,0)': { value: '999999999999999', holds: (v) => v === 999_999_999_999_999 },
  'double precision': { value: '2.5', holds: (v) => v === 2.5 },
  boolean: { value: 'true', holds: (v) => v === true },
  date: { value: `'2025-07-14'`, holds: (v) => v === '2025-07-14' },
  timestamptz: { value: `'2025-07-14T03:04:05Z'`, holds: (v) => v === '2025-07-14T03:04:05.000Z' },
  time: { value: `'07:30'`, holds: (v) => v === '07:30' },
  jsonb: { value: `'{"src":"/api/v1/files/x","title":"a.pdf"}'`, holds: (v) => JSON.stringify(v) === '{"src":"/api/v1/files/x","title":"a.pdf"}' },
  'integer[]': { value: `'{1,2}'`, holds: (v) => Array.isArray(v) && v.join() === '1,2' },
};

const JS_TYPES: Record<string, string> = { string: 'string', number: 'number', boolean: 'boolean', StoredFile: 'object', 'number[]': 'object' };

describe('column types read back as the database types say', () => {
  it.each(Object.keys(SAMPLES) as ColumnType[])('%s', async (type) => {
    const db = server.database.db;
    const table = `value_type_${type.replace(/\W/g, '_')}`;
    await sql.raw(`create table ${table} (v ${type})`).execute(db);
    await sql.raw(`insert into ${table} (v) values (${SAMPLES[type].value})`).execute(db);
    const rows = await typedDb(db)
      .withTables<Record<string, { v: unknown }>>()
      .selectFrom(table)
      .select('v')
      .execute();
    const value = rows[0]!.v;
    expect(typeof value).toBe(JS_TYPES[COLUMN_TS_TYPES[type]]);
    expect(SAMPLES[type].holds(value), String(value)).toBe(true);
  });
});
