// spec 3 §8: "a financial year linked to journals cannot be deleted". Journals are finance
// transactions that a later issue builds; here the catalogue's schemas plus a journal schema
// as that issue would write it (a reference to the financial year) go through the real
// generator, and the server refuses the delete in the financial year's own words.

import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generators/generate';
import { writeFiles } from '../../generators/write';
import type { TableDef } from '../../src/shared/tableModel';
import type { EntityModel, ValidateFunction } from '../../src/shared/entityModel';
import { startTestServer, type TestServer } from './harness';

const ROOT = resolve(import.meta.dirname, '../..');
const JOURNAL = `name: journal
label: { en: Journal, id: Jurnal }
route: /journal
endpoint: journal
modules: [FINA]
represent: journal_no
access: { write: [ROLE_ADMIN_FINANCE] }
fields:
  journal_no: { type: string, label: { en: Number, id: Nomor }, required: true, unique: true, maxLength: 30 }
  journal_date: { type: date, label: { en: Date, id: Tanggal }, required: true }
  financial_year_id: { type: reference, to: financial_year, label: { en: Financial year, id: Tahun buku }, required: true }
list: { columns: [journal_no, journal_date, financial_year_id] }
`;

let server: TestServer;
const dirs: string[] = [];

beforeAll(async () => {
  const schemas = mkdtempSync(join(tmpdir(), 'schemas-'));
  const project = mkdtempSync(join(tmpdir(), 'project-'));
  dirs.push(schemas, project);
  cpSync(join(ROOT, 'schemas'), schemas, { recursive: true });
  writeFileSync(join(schemas, 'journal.yaml'), JOURNAL);
  const { problems, files } = await generate(schemas, project);
  expect(problems).toEqual([]);
  writeFiles(project, files, false);
  cpSync(join(ROOT, 'src/shared'), join(project, 'src/shared'), { recursive: true });
  const all = (await import(pathToFileURL(join(project, 'src/generated/all.ts')).href)) as {
    entities: EntityModel[];
    validators: Record<string, ValidateFunction>;
  };
  const { tables } = (await import(pathToFileURL(join(project, 'server/generated/tables.ts')).href)) as { tables: TableDef[] };
  server = await startTestServer({ demoData: true, entities: all.entities, validators: all.validators, tables });
}, 120_000);

afterAll(async () => {
  await server?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('deleting a financial year', () => {
  it('is refused while a journal is linked to it, in the spec\'s words, and allowed once none is', async () => {
    const years = (await server.call('GET', '/api/v1/financial-year?page=1&per_page=1', { as: 'adminfinance' })).json.data;
    const year = years[0];
    const journal = await server.call('POST', '/api/v1/journal', {
      as: 'adminfinance',
      body: { journal_no: 'JU-2025-0001', journal_date: year.start_date, financial_year_id: year.id },
    });
    expect(journal.status, journal.text).toBe(201);

    for (const [language, words] of [
      ['en', 'This financial year cannot be deleted because it is linked to journals'],
      ['id', 'Tahun buku ini tidak dapat dihapus karena sudah terhubung dengan jurnal'],
    ] as const) {
      const refused = await server.call('DELETE', `/api/v1/financial-year/${year.id}`, { as: 'adminfinance', headers: { 'accept-language': language } });
      expect(refused.status).toBe(409);
      expect(refused.json.message).toContain(words);
    }
    expect((await server.call('GET', `/api/v1/financial-year/${year.id}`, { as: 'adminfinance' })).status).toBe(200);

    expect((await server.call('DELETE', `/api/v1/journal/${journal.json.data.id}`, { as: 'adminfinance' })).status).toBe(200);
    const deleted = await server.call('DELETE', `/api/v1/financial-year/${year.id}`, { as: 'adminfinance' });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await server.call('GET', `/api/v1/financial-year/${year.id}`, { as: 'adminfinance' })).status).toBe(404);
  });
});
