// `generate --diff <ref>`: a real schema change (the project's own schemas, committed in a
// scratch git repository, then changed) told in plain words, counted in an embedded database
// holding records, and refused while it would lose stored data unless forced.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffSchemas } from '../../generators/diffCommand';

const PROJECT = resolve(import.meta.dirname, '../..');
let repo = '';
let data = '';

function git(...args: string[]): void {
  execFileSync('git', ['-C', repo, '-c', 'user.name=test', '-c', 'user.email=test@example.invalid', ...args], { stdio: 'pipe' });
}

function edit(file: string, change: (text: string) => string): void {
  const path = join(repo, 'schemas', file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
}

beforeAll(async () => {
  repo = mkdtempSync(join(tmpdir(), 'diff-repo-'));
  cpSync(join(PROJECT, 'schemas'), join(repo, 'schemas'), { recursive: true });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'schemas as they are');
  // The change: the income type's prefix narrowed to 3 characters, its maximum transactions
  // dropped, a required field added; a new entity with a screen.
  edit('income_type.yaml', (t) =>
    t
      .replace('    maxLength: 10\n', '    maxLength: 3\n')
      .replace(/ {2}max_transactions:\n( {4}.*\n)+?(?= {2}# --- fines)/, '')
      .replace('max_installment_tenor, max_transactions]', 'max_installment_tenor]')
      .replace('  is_active:\n    type: boolean', '  report_code:\n    type: string\n    label: { en: Report code, id: Kode laporan }\n    required: true\n  is_active:\n    type: boolean')
      .replace('fields: [code, name, income_group_id, priority', 'fields: [code, name, report_code, income_group_id, priority'),
  );
  writeFileSync(
    join(repo, 'schemas', 'fee_note.yaml'),
    'name: fee_note\nlabel: { en: Fee note, id: Catatan biaya }\nroute: /feenote\nendpoint: fee-note\nmodules: [FINA]\nrepresent: title\nfields:\n  title: { type: string, label: { en: Title, id: Judul }, required: true }\n',
  );
  // Records as a running school holds them: two prefixes longer than 3, one type with maximum transactions.
  data = mkdtempSync(join(tmpdir(), 'diff-data-'));
  const db = await PGlite.create({ dataDir: data });
  await db.exec(`create table income_type (id serial primary key, code text, name text, invoice_prefix text, max_transactions integer, max_installment_tenor integer, is_installment boolean);
    insert into income_type (code, name, invoice_prefix, max_transactions) values ('SPP', 'SPP', 'SPP', null), ('UPK', 'Uang pangkal', 'UPKX', 3), ('UKG', 'Kegiatan', 'KEGIATAN', null);`);
  await db.close();
});

afterAll(() => {
  rmSync(repo, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
});

const run = (extra: { database?: string; force?: boolean } = {}) => diffSchemas({ ref: 'HEAD', root: repo, schemaDir: join(repo, 'schemas'), force: false, ...extra });

describe('generate --diff on a real schema change', () => {
  it('says what changes, counts the records each change concerns and refuses to drop stored values', async () => {
    const report = await run({ database: data });
    const text = report.lines.join('\n');
    expect(text).toContain('  - Income type (income_type): field "Maximum transactions" (max_transactions) is removed, and its column with the values stored in it (1 record)');
    expect(text).toContain('  - Income type (income_type): "Invoice prefix" (invoice_prefix) may now hold at most 3 characters (was 10) (2 records)');
    expect(text).toContain('  - Income type (income_type): new field "Report code" (report_code) (string, required): it is required without a default, so every existing record lacks it and would be refused when edited (3 records)');
    expect(text).toContain('  - new entity Fee note (fee_note): a new screen at /feenote in the menus FINA, with the fields title');
    // The loss comes first, under its heading; the refusal last.
    expect(text.indexOf('Data that would be lost')).toBeLessThan(text.indexOf('New rules that existing records may not meet'));
    expect(report.go).toBe(false);
    expect(report.lines.at(-1)).toBe('Refused: 1 change would lose stored data. Move the data first, or run again with --force.');
  });

  it('goes on with --force, and without a database refuses what it cannot count', async () => {
    const forced = await run({ database: data, force: true });
    expect(forced.go).toBe(true);
    expect(forced.lines.at(-1)).toBe('--force: going on although 1 change would lose data.');
    const blind = await run();
    expect(blind.go).toBe(false);
    expect(blind.lines.at(-1)).toBe('Refused: 1 change may lose stored data. Give --database <url|folder> to count it, or --force.');
    expect(blind.lines.join('\n')).not.toMatch(/\(\d+ records?\)/);
  });

  it('lets a drop through when no stored record holds a value in the column', async () => {
    const db = await PGlite.create({ dataDir: data });
    await db.exec('update income_type set max_transactions = null');
    await db.close();
    const report = await run({ database: data });
    expect(report.lines.join('\n')).toContain('(max_transactions) is removed, and its column with the values stored in it (0 records)');
    expect(report.go).toBe(true);
  });

  it('names an unknown ref plainly', async () => {
    await expect(diffSchemas({ ref: 'no-such-ref', root: repo, schemaDir: join(repo, 'schemas'), force: false })).rejects.toThrow(/git could not read schemas at "no-such-ref"/);
  });
});
