// An entity without a screen (`screen: false`, tests/generators/schemaFixture.ts
// BUILDING_COMMENT): migrate makes its table like any other, the API has no route for it, and
// bespoke code writes it through the write door with the same validation and access rules.

import { cpSync, mkdtempSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generators/generate';
import { writeFiles } from '../../generators/write';
import { ApiError } from '../../server/http/apiError';
import { recordWrites, type Caller } from '../../server/records/recordWrites';
import { entities, validators } from '../../src/generated/all';
import { tables } from '../../server/generated/tables';
import type { EntityModel, ValidateFunction } from '../../src/shared/entityModel';
import type { TableDef } from '../../src/shared/tableModel';
import { BUILDING_COMMENT, schemaDir } from '../generators/schemaFixture';
import { startTestServer, type TestServer } from './harness';

const ROOT = resolve(import.meta.dirname, '../..');

/** The fixture generated beside the real building schema it refers to: its model, validator and table. */
async function generatedComment(): Promise<{ entity: EntityModel; validate: ValidateFunction; table: TableDef }> {
  const dir = schemaDir({ 'building.yaml': readFileSync(join(ROOT, 'schemas/building.yaml'), 'utf8'), 'building_comment.yaml': BUILDING_COMMENT });
  const root = mkdtempSync(join(tmpdir(), 'screenless-'));
  const { problems, files } = await generate(dir, root);
  expect(problems).toEqual([]);
  writeFiles(root, files, false);
  cpSync(join(ROOT, 'src/shared'), join(root, 'src/shared'), { recursive: true });
  const module = (await import(pathToFileURL(join(root, 'src/generated/entities/building_comment.ts')).href)) as { entity: EntityModel; validate: ValidateFunction };
  const generated = (await import(pathToFileURL(join(root, 'server/generated/tables.ts')).href)) as { tables: TableDef[] };
  return { ...module, table: generated.tables.find((t) => t.table === 'building_comment')! };
}

let server: TestServer;
beforeAll(async () => {
  const comment = await generatedComment();
  server = await startTestServer({
    entities: [...entities, comment.entity],
    validators: { ...validators, building_comment: comment.validate },
    tables: [...tables, comment.table],
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const teacher: Caller = { username: 'teacher', roles: ['ROLE_TEACHER'], locale: 'id' };

async function refusal(write: () => Promise<unknown>): Promise<ApiError> {
  const error = await write().then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

async function aBuilding(): Promise<number> {
  const made = await server.call('POST', '/api/v1/building', { as: 'admin', body: { code: 'GK-1', name: 'Gedung Komentar', floors: 2 } });
  expect(made.status, made.text).toBe(201);
  return made.json.data.id;
}

describe('an entity without a screen', () => {
  it('has its table, made by migrate with the system columns and its fields', async () => {
    const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'building_comment' order by ordinal_position`.execute(server.database.db);
    expect(columns.rows.map((c) => c.column_name)).toEqual(['id', 'version', 'created_at', 'updated_at', 'created_by', 'updated_by', 'building_id', 'body', 'rating', 'posted_on', 'is_hidden']);
  });

  it('has no HTTP route: its name and any endpoint-like path answer 404', async () => {
    for (const path of ['/api/v1', '/api/v1/', '/api/v1/building_comment', '/api/v1/building-comment', '/api/v1/building_comment/1']) {
      const answer = await server.call('GET', path, { as: 'admin' });
      expect(answer.status, path).toBe(404);
    }
    expect((await server.call('POST', '/api/v1/building_comment', { as: 'admin', body: { body: 'x' } })).status).toBe(404);
  });

  it('is written through the write door, which validates, checks access and fills in defaults', async () => {
    const db = server.database.db;
    const door = recordWrites(server.catalog);
    const buildingId = await aBuilding();
    const invalid = await refusal(() => db.transaction().execute((tx) => door.create(tx, teacher, 'building_comment', { building_id: buildingId, rating: 9 })));
    expect(invalid.status).toBe(422);
    expect(invalid.messages).toEqual({ body: ['Kolom ini wajib diisi'], rating: ['Maksimal 5'] });
    const finance: Caller = { username: 'finance', roles: ['ROLE_FINANCE'], locale: 'en' };
    expect((await refusal(() => db.transaction().execute((tx) => door.create(tx, finance, 'building_comment', { building_id: buildingId, body: 'x' })))).status).toBe(403);
    const missing = await refusal(() => db.transaction().execute((tx) => door.create(tx, teacher, 'building_comment', { building_id: 999_999, body: 'Atapnya bocor' })));
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.messages ?? {})).toEqual(['building_id']);

    const made = await db.transaction().execute((tx) => door.create(tx, teacher, 'building_comment', { building_id: buildingId, body: 'Atapnya bocor', rating: 2 }));
    expect(made).toMatchObject({ building_id: buildingId, body: 'Atapnya bocor', rating: 2, is_hidden: false, version: 1, created_by: 'teacher' });
    const stored = await sql<{ body: string }>`select body from building_comment where id = ${made.id}`.execute(db);
    expect(stored.rows).toEqual([{ body: 'Atapnya bocor' }]);
  });
});
