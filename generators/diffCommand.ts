// `npm run generate -- --diff <git ref> [--database <url|folder>] [--force]`: the schemas at
// the ref (taken out with git archive) against the working tree's, told in plain words
// (schemaDiff.ts). With a database (a PostgreSQL URL, or the embedded data folder of a
// stopped server) each change that concerns stored records says how many; a change that would
// lose data is refused unless --force (without a database it cannot be counted, so it is
// refused too). The caller generates only when this says go.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { formatProblem, loadSchemas } from './load';
import { diffModels, type Change, type RowCount, type Severity } from './schemaDiff';

export interface DiffOptions {
  ref: string;
  root: string;
  schemaDir: string;
  database?: string;
  force: boolean;
}

export interface DiffReport {
  lines: string[];
  /** Whether generating may go on: no data loss, or --force. */
  go: boolean;
  changes: Array<Change & { count?: number }>;
}

/** The schema folder as it was at `ref`, in a temporary folder (removed by the caller). */
function schemasAt(ref: string, root: string, schemaDir: string): { dir: string; folder: string } {
  const inRepo = relative(root, schemaDir) || '.';
  const archive = spawnSync('git', ['-C', root, 'archive', '--format=tar', ref, '--', inRepo], { maxBuffer: 256 * 1024 * 1024 });
  if (archive.status !== 0) throw new Error(`git could not read ${inRepo} at "${ref}": ${archive.stderr.toString().trim()}`);
  const dir = mkdtempSync(join(tmpdir(), 'schemas-at-'));
  const untar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`tar could not unpack the schemas at "${ref}": ${untar.stderr.toString().trim()}`);
  return { dir, folder: join(dir, inRepo) };
}

interface Counter {
  count: (rows: RowCount) => Promise<number | null>;
  close: () => Promise<void>;
}

/** Counts rows in PostgreSQL (a URL) or the embedded database (a folder). A table or column that does not exist counts nothing. */
async function openCounter(database: string, root: string): Promise<Counter> {
  let query: (sql: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;
  let close: () => Promise<void>;
  if (/^postgres(ql)?:\/\//.test(database)) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: database });
    await client.connect();
    query = async (sql, params) => (await client.query(sql, params)).rows as Array<Record<string, unknown>>;
    close = () => client.end();
  } else {
    const folder = resolve(root, database);
    if (!existsSync(join(folder, 'PG_VERSION'))) throw new Error(`${database} is neither a postgres:// URL nor an embedded database folder`);
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const pglite = await PGlite.create({ dataDir: folder, extensions: { pg_trgm } });
    query = async (sql, params) => (await pglite.query<Record<string, unknown>>(sql, params)).rows;
    close = () => pglite.close();
  }
  const columnsOf = new Map<string, Set<string> | null>();
  const columns = async (table: string) => {
    if (!columnsOf.has(table)) {
      const rows = await query('select column_name from information_schema.columns where table_name = $1 and table_schema = any(current_schemas(false))', [table]);
      columnsOf.set(table, rows.length ? new Set(rows.map((r) => String(r.column_name))) : null);
    }
    return columnsOf.get(table)!;
  };
  return {
    close,
    count: async (rows) => {
      const have = await columns(rows.table);
      if (!have || rows.columns.some((c) => !have.has(c))) return 0;
      try {
        const [row] = await query(`select count(*)::int as n from "${rows.table.replace(/"/g, '""')}" where ${rows.where}`, rows.params);
        return Number(row.n);
      } catch {
        return null; // e.g. a pattern PostgreSQL reads otherwise than JavaScript
      }
    },
  };
}

const HEADINGS: Record<Severity, string> = {
  loss: 'Data that would be lost (refused unless --force):',
  refuses: 'New rules that existing records may not meet:',
  info: 'What else changes for users:',
};

function records(n: number): string {
  return `${n.toLocaleString('en')} record${n === 1 ? '' : 's'}`;
}

export async function diffSchemas(options: DiffOptions): Promise<DiffReport> {
  const { dir, folder } = schemasAt(options.ref, options.root, options.schemaDir);
  try {
    const before = loadSchemas(folder, dir);
    const after = loadSchemas(options.schemaDir, options.root);
    if (before.problems.length) return { go: false, changes: [], lines: [`The schemas at ${options.ref} do not load, so they cannot be compared:`, ...before.problems.map((p) => `  ${formatProblem(p)}`)] };
    if (after.problems.length) return { go: false, changes: [], lines: after.problems.map(formatProblem) };
    const changes: DiffReport['changes'] = diffModels(before.entities, after.entities);
    const counter = options.database ? await openCounter(options.database, options.root) : null;
    try {
      if (counter) for (const change of changes) if (change.rows) change.count = (await counter.count(change.rows)) ?? undefined;
    } finally {
      await counter?.close();
    }
    const lines: string[] = [`What the schema change from ${options.ref} does${options.database ? ` (records counted in ${options.database.replace(/\/\/[^@/]*@/, '//…@')})` : ''}:`];
    if (!changes.length) lines.push('  nothing: the models are the same.');
    for (const severity of ['loss', 'refuses', 'info'] as const) {
      const group = changes.filter((c) => c.severity === severity);
      if (!group.length) continue;
      lines.push('', HEADINGS[severity]);
      for (const change of group) {
        let count = '';
        if (change.rows && counter) count = change.count === undefined ? ' (could not be counted)' : ` (${records(change.count)})`;
        lines.push(`  - ${change.text}${count}`);
      }
    }
    // A loss is refused when it concerns stored values: counted above zero, or not countable.
    const losing = changes.filter((c) => c.severity === 'loss' && (!counter || c.count === undefined || c.count > 0));
    let go = true;
    if (losing.length) {
      if (options.force) lines.push('', `--force: going on although ${losing.length} change${losing.length === 1 ? '' : 's'} would lose data.`);
      else {
        go = false;
        lines.push('', counter ? `Refused: ${losing.length} change${losing.length === 1 ? '' : 's'} would lose stored data. Move the data first, or run again with --force.` : `Refused: ${losing.length} change${losing.length === 1 ? '' : 's'} may lose stored data. Give --database <url|folder> to count it, or --force.`);
      }
    }
    return { go, changes, lines };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
