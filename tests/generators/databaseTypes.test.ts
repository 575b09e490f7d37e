// The database's table types (generators/emit/database.ts): one interface per schema table
// with the columns migrate makes, typed as the driver returns them. A bespoke query compiled
// against them stops compiling when a schema renames the field it names: `tsc` fails, not
// production.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../generators/generate';
import { BUILDING, BUILDING_COMMENT, ROOM, schemaDir } from './schemaFixture';

const ROOT = resolve(import.meta.dirname, '../..');

async function databaseTypes(files: Record<string, string>): Promise<string> {
  const dir = schemaDir(files);
  const { problems, files: out } = await generate(dir, dir);
  expect(problems).toEqual([]);
  return out['server/generated/database.ts']!;
}

/** A bespoke module's queries, as they would be written against `Kysely<Database>`. */
const QUERIES = `import type { Kysely } from 'kysely';
import type { SchemaTables } from './database';

export async function commentsOfBuilding(db: Kysely<SchemaTables>, code: string) {
  const rows = await db
    .selectFrom('building_comment')
    .innerJoin('building', 'building.id', 'building_comment.building_id')
    .select(['building.name', 'building_comment.body', 'building_comment.rating'])
    .where('building.code', '=', code)
    .execute();
  const name: string | null = rows[0].name;
  const rating: number | null = rows[0].rating;
  await db.insertInto('building_comment').values({ building_id: 1, body: 'Atapnya bocor' }).execute();
  return { name, rating };
}
`;

/** Runs the project's tsc over the emitted types and QUERIES; answers its output, or '' when they compile. */
function typecheck(database: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'typed-queries-'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src/database.ts'), database);
  writeFileSync(join(dir, 'src/queries.ts'), QUERIES);
  const options = { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true, skipLibCheck: true, types: [] };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, include: ['src'] }));
  try {
    execFileSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', dir], { encoding: 'utf8', stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe('the database types', () => {
  it('give every column of a table, nullable as migrate makes it, with the system columns', async () => {
    const text = await databaseTypes({ 'building.yaml': BUILDING, 'room.yaml': ROOM, 'building_comment.yaml': BUILDING_COMMENT });
    expect(text).toContain(
      [
        '/** The table of building_comment.yaml. */',
        'export interface BuildingCommentTable extends SystemColumns {',
        '  building_id: number | null;',
        '  body: string | null;',
        '  rating: number | null;',
        '  posted_on: string | null;',
        '  is_hidden: boolean | null;',
        '}',
      ].join('\n'),
    );
    // The search column is read, never written.
    expect(text).toMatch(/export interface RoomTable extends SystemColumns \{[^}]*\n {2}_search: ColumnType<string, never, never>;\n\}/);
    expect(text).toContain('export interface SchemaTables {\n  building: BuildingTable;\n  building_comment: BuildingCommentTable;\n  room: RoomTable;\n}');
    expect(text).toContain('  id: Generated<number>;');
  });

  it('compile a bespoke query, and a schema that renames a field it names breaks the build', async () => {
    const before = await databaseTypes({ 'building.yaml': BUILDING, 'building_comment.yaml': BUILDING_COMMENT });
    expect(typecheck(before)).toBe('');
    const renamed = await databaseTypes({
      'building.yaml': BUILDING.replace('  name: {', '  title: {').replace('represent: name', 'represent: title').replace('search: [code, name]', 'search: [code, title]').replace('columns: [code, name]', 'columns: [code, title]'),
      'building_comment.yaml': BUILDING_COMMENT,
    });
    const output = typecheck(renamed);
    // The one error is on the line that selects building.name.
    const line = QUERIES.split('\n').findIndex((l) => l.includes("'building.name'")) + 1;
    expect(output.match(/src\/queries\.ts\(\d+,\d+\): error/g)).toEqual([expect.stringContaining(`queries.ts(${line},`)]);
  }, 60_000);
});
