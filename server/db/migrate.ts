// Schema sync on start: bring the database up to the tables the schemas declare, without
// ever losing data. Missing tables, columns, constraints and indexes are created; a column
// whose type changed stops the start with a message naming entity and field; columns the
// schemas no longer declare are left alone with a warning; a uniqueness the schemas no longer
// declare is dropped (that loses no data); the server's own tables (internalTables.ts) are made
// or brought up around them; then the data migrations not yet applied (dataMigrations.ts) run.
// Migrate is the one way tables are made. All of it in one transaction, under an advisory lock so that
// several server processes starting at once take turns.

import { sql } from 'kysely';
import { SYSTEM_COLUMNS } from './columnTypes';
import { foreignKeyName, pgIdentifier, uniqueConstraintName } from './constraintNames';
import type { Db } from './database';
import { runDataMigrations } from './dataMigrations';
import { ddlBatch } from './ddlBatch';
import { COMBOARD_DDL, syncComboardDdl } from '../comboard/comboardDdl';
import { LEDGER_DDL, syncLedgerDdl } from '../finance/ledgerDdl';
import { HR_DDL, syncHrDdl } from '../hr/hrDdl';
import { MAIL_DDL, syncMailDdl } from '../mail/mailDdl';
import { ACCOUNTING_DDL, syncAccountingDdl } from '../accounting/accountingDdl';
import { SESSION_LOOKUP_DDL } from '../auth/sessionStore';
import { FORMER_USER_TABLE, FORMER_USER_TABLE_MESSAGE, INTERNAL_TABLES_DDL, makeTablesAfterSchemas, SESSION_TABLES_DDL } from './internalTables';
import { makeNotificationTable } from './notificationTable';
import { recordedServerDdl, recordServerDdl, serverDdlFingerprint } from './serverDdl';
import { readDatabaseShape, UNIQUE_KEY_COMMENT, type DatabaseShape } from './introspect';
import { normalizedColumnSql } from './normalizedText';
import { quoteIdent } from './quoteSql';
import { SEARCH_COLUMN } from '../../src/shared/searchColumn';
import { searchColumnDdl, searchExpression } from './searchColumnSql';
import type { ColumnDef, IndexDef, TableDef } from '../../src/shared/tableModel';

export interface MigrationLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface MigrationReport {
  createdTables: string[];
  /** `table.column` */
  addedColumns: string[];
  /** `table.column`: columns widened without loss (money: bigint → numeric(18,0)), see WIDENINGS. */
  widenedColumns: string[];
  addedConstraints: string[];
  addedIndexes: string[];
  /** Trigram indexes of an earlier version switched to fastupdate = off (see createIndexSql). */
  changedIndexes: string[];
  /** Unique constraints and composite unique key indexes the schemas no longer declare (dropping them loses no data). */
  droppedUniques: string[];
  /** Trigram search indexes (`…_trgm`) of fields the table's search column now holds, or that are no longer searched. */
  droppedSearchIndexes: string[];
  /** Search columns made again because the searched fields changed, or dropped because none are searched (`table._search`). */
  remadeSearchColumns: string[];
  /** Search columns given the statistics target lists need (SEARCH_STATISTICS), made before it (`table._search`). */
  changedStatistics: string[];
}

/**
 * The statistics target of a search column: ANALYZE keeps a histogram of 1,000 of its values
 * instead of 100, and the planner's estimate of a search's matches comes from the values that
 * hold the text. With 100 it was off by up to half ("xi ipa": 4,051 expected, 6,668 matched),
 * and a list then sorted all matches where a walk of a sort index costs a third
 * (server/crud/listRecords.ts).
 */
export const SEARCH_STATISTICS = 1000;

/** A change the server will not make by itself because it would lose data. */
export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** The key of the advisory lock migrations take: any fixed number no other code uses. */
const MIGRATION_LOCK_KEY = 730_001;

/** Every statement of the server's own tables, and the code that chooses among them (./serverDdl.ts). */
const SERVER_DDL_PARTS: readonly (string | readonly string[])[] = [
  INTERNAL_TABLES_DDL,
  SESSION_TABLES_DDL,
  SESSION_LOOKUP_DDL,
  makeNotificationTable.toString(),
  COMBOARD_DDL,
  LEDGER_DDL,
  MAIL_DDL,
  ACCOUNTING_DDL,
  HR_DDL,
];

export async function migrate(db: Db, tables: TableDef[], log: MigrationLog): Promise<MigrationReport> {
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(tx);
    await sql`create extension if not exists pg_trgm`.execute(tx);
    const former = await sql`select 1 from pg_tables where schemaname = current_schema() and tablename = ${FORMER_USER_TABLE}`.execute(tx);
    if (former.rows.length) throw new MigrationError(FORMER_USER_TABLE_MESSAGE);
    const fingerprint = serverDdlFingerprint(SERVER_DDL_PARTS, tables.map((t) => t.table));
    const serverTablesAsRecorded = (await recordedServerDdl(tx)) === fingerprint;
    if (!serverTablesAsRecorded) for (const ddl of INTERNAL_TABLES_DDL) await sql.raw(ddl).execute(tx);

    const shape = await readDatabaseShape(tx);
    refuseDestructiveChanges(shape, tables);
    const report: MigrationReport = { createdTables: [], addedColumns: [], widenedColumns: [], addedConstraints: [], addedIndexes: [], changedIndexes: [], droppedUniques: [], droppedSearchIndexes: [], remadeSearchColumns: [], changedStatistics: [] };
    // Statements on a table made in this run (it holds no record, so they take next to no time)
    // wait in a batch (./ddlBatch.ts), sent before the next read or other statement. A statement
    // on a table that holds records runs at once and on its own, within the statement timeout.
    const batch = ddlBatch(tx);
    const run = async (statement: string) => {
      await batch.flush();
      await sql.raw(statement).execute(tx);
    };
    const runOn = (table: string) => (report.createdTables.includes(table) ? batch.run : run);
    /** Byte-for-byte unique constraints of text fields, replaced by an index on the value as read. */
    const replaced: string[] = [];

    for (const table of tables) {
      const existing = shape.columns.get(table.table);
      if (!existing) {
        report.createdTables.push(table.table);
        await runOn(table.table)(createTableSql(table));
        if (table.search) await commentSearchColumn(runOn(table.table), table.table, table.search);
        continue;
      }
      for (const column of SYSTEM_COLUMNS) {
        if (existing.has(column.name)) continue;
        await run(`alter table ${quoteIdent(table.table)} add column ${quoteIdent(column.name)} ${column.ddl}`);
        report.addedColumns.push(`${table.table}.${column.name}`);
      }
      for (const column of table.columns) {
        const current = existing.get(column.name);
        if (current !== undefined && current !== column.type && isWidening(current, column.type)) {
          await batch.flush();
          await widenColumn(tx, table, column);
          report.widenedColumns.push(`${table.table}.${column.name}`);
        }
        if (current !== undefined) continue;
        await run(`alter table ${quoteIdent(table.table)} add column ${quoteIdent(column.name)} ${column.type}`);
        report.addedColumns.push(`${table.table}.${column.name}`);
      }
      await syncSearchColumn(run, shape, table, report);
      if (table.search && shape.searchStatistics.get(table.table) !== SEARCH_STATISTICS) {
        await setSearchStatistics(run, table.table);
        report.changedStatistics.push(`${table.table}.${SEARCH_COLUMN}`);
      }
      const declared = new Set([...SYSTEM_COLUMNS.map((c) => c.name), ...table.columns.map((c) => c.name), SEARCH_COLUMN]);
      for (const name of existing.keys()) {
        if (!declared.has(name))
          log.warn(
            `${table.entity}.${name}: the column is in the database but no longer in the schema; it is left as it is (drop it by hand once its data is not needed).`,
          );
      }
    }

    // Constraints after all tables exist, so references between tables work in any order.
    for (const table of tables) {
      for (const column of table.columns) {
        for (const [name, statement] of constraintsOf(table, column)) {
          if (shape.constraints.has(name)) continue;
          await runOn(table.table)(statement);
          report.addedConstraints.push(name);
        }
        const unique = uniqueConstraintName(table.table, column.name);
        if (!column.unique && shape.constraints.has(unique)) {
          // Unique text's byte-for-byte constraint goes too: its index on the value as read
          // replaces it below, in this transaction (which stops if stored values clash).
          await run(`alter table ${quoteIdent(table.table)} drop constraint ${quoteIdent(unique)}`);
          report.droppedUniques.push(unique);
          if (table.indexes.some((i) => i.asText && i.column === column.name && !i.thenBy?.length)) replaced.push(unique);
        }
        warnAboutDroppedConstraints(shape, table, column, log);
      }
    }
    const declaredKeys = new Set(tables.flatMap((t) => t.indexes.filter((i) => i.unique).map((i) => pgIdentifier(i.name))));
    for (const name of shape.uniqueKeyIndexes) {
      if (declaredKeys.has(name)) continue;
      await batch.flush();
      if (await replacedByTextKey(tx, name, tables)) replaced.push(name);
      await run(`drop index ${quoteIdent(name)}`);
      report.droppedUniques.push(name);
    }
    // An earlier version's per-field search indexes: a search reads the search column's index
    // now, and each would still cost time on every write. Only GIN indexes named as the
    // generator names trigram indexes go; dropping an index loses no data.
    const declaredIndexes = new Set(tables.flatMap((t) => t.indexes.map((i) => pgIdentifier(i.name))));
    for (const name of shape.ginIndexes) {
      if (declaredIndexes.has(name) || !name.endsWith('_trgm')) continue;
      await run(`drop index ${quoteIdent(name)}`);
      shape.indexes.delete(name);
      report.droppedSearchIndexes.push(name);
    }
    for (const table of tables) {
      for (const index of table.indexes) {
        const name = pgIdentifier(index.name);
        if (!shape.indexes.has(name)) {
          // A table made in this run holds no record yet.
          if (index.unique && !report.createdTables.includes(table.table)) {
            await batch.flush();
            await refuseDuplicates(tx, table, index);
          }
          await runOn(table.table)(createIndexSql(table.table, name, index));
          if (index.unique) await runOn(table.table)(`comment on index ${quoteIdent(name)} is '${UNIQUE_KEY_COMMENT}'`);
          report.addedIndexes.push(name);
        } else if (index.method === 'btree' && (shape.indexIncludes.get(name)?.included ?? []).join(',') !== (index.include ?? []).join(',')) {
          // A sort index of an earlier version, or one whose list filters changed: it holds
          // other columns besides its key. Made again (an index holds no data of its own).
          await run(`drop index ${quoteIdent(name)}`);
          await run(createIndexSql(table.table, name, index));
          report.changedIndexes.push(name);
        } else if (index.method === 'trigram' && shape.ginFastUpdate.has(name)) {
          // Made before fastupdate = off: switch it, and merge what its pending list holds.
          await run(`alter index ${quoteIdent(name)} set (fastupdate = off)`);
          await sql`select gin_clean_pending_list(${quoteIdent(name)}::regclass)`.execute(tx);
          report.changedIndexes.push(name);
        }
      }
    }

    await batch.flush();
    // Sessions and notifications refer to the login tables (users, student, parent_user).
    // Their statements run when they or the schema tables changed, and only then (./serverDdl.ts).
    if (!serverTablesAsRecorded || Object.values(report).some((changes) => changes.length)) {
      await makeTablesAfterSchemas(tx);
      await sql.raw(SESSION_LOOKUP_DDL).execute(tx);
      await syncComboardDdl(tx);
      await syncLedgerDdl(tx);
      await syncMailDdl(tx);
      await syncAccountingDdl(tx);
      await syncHrDdl(tx);
      await recordServerDdl(tx, fingerprint);
    }
    for (const note of await runDataMigrations(tx, tables)) log.info(`Data migration ${note}`);

    if (report.createdTables.length) log.info(`Created tables: ${report.createdTables.join(', ')}`);
    if (report.addedColumns.length) log.info(`Added columns: ${report.addedColumns.join(', ')}`);
    if (report.widenedColumns.length) log.info(`Columns widened without loss: ${report.widenedColumns.join(', ')}`);
    const noLonger = report.droppedUniques.filter((name) => !replaced.includes(name));
    if (replaced.length) log.info(`Unique text now compared as read (NFC, trimmed, any case), byte-for-byte constraints replaced: ${replaced.join(', ')}`);
    if (noLonger.length) log.info(`No longer unique in the schemas, dropped: ${noLonger.join(', ')}`);
    if (report.droppedSearchIndexes.length) log.info(`Search indexes no longer used, dropped: ${report.droppedSearchIndexes.join(', ')}`);
    if (report.remadeSearchColumns.length) log.info(`Search columns made again for their fields: ${report.remadeSearchColumns.join(', ')}`);
    if (report.changedIndexes.length) log.info(`Search indexes switched to fastupdate = off: ${report.changedIndexes.join(', ')}`);
    return report;
  });
}

function refuseDestructiveChanges(shape: DatabaseShape, tables: TableDef[]): void {
  const problems: string[] = [];
  for (const table of tables) {
    const existing = shape.columns.get(table.table);
    if (!existing) continue;
    const wanted = [...SYSTEM_COLUMNS, ...table.columns];
    for (const column of wanted) {
      const current = existing.get(column.name);
      if (current === undefined || current === column.type || isWidening(current, column.type)) continue;
      problems.push(
        `Cannot migrate ${table.entity}.${column.name}: its type changed from ${current} to ${column.type}; this would lose data. Migrate it by hand or restore the schema.`,
      );
    }
  }
  if (problems.length) throw new MigrationError(problems.join('\n'));
}

/**
 * Type changes that keep every value exactly, which migrate makes by itself: money was a
 * bigint before it became numeric(18,0). The server never stored more than 2^53 in it, but a
 * value of 19 digits put there by hand would not fit: widenColumn stops with its name first.
 * Any other change stops the start (refuseDestructiveChanges).
 */
const WIDENINGS: ReadonlyArray<readonly [from: string, to: string]> = [['bigint', 'numeric(18,0)']];

function isWidening(from: string, to: string): boolean {
  return WIDENINGS.some(([a, b]) => a === from && b === to);
}

/** bigint → numeric(18,0), after making sure every stored value fits in 18 digits. */
async function widenColumn(tx: Db, table: TableDef, column: ColumnDef): Promise<void> {
  const name = quoteIdent(column.name);
  const target = quoteIdent(table.table);
  const tooBig = await sql.raw<{ n: number }>(`select count(*)::int as n from ${target} where abs(${name}::numeric) >= 1e18`).execute(tx);
  const count = tooBig.rows[0]?.n ?? 0;
  if (count > 0)
    throw new MigrationError(
      `Cannot migrate ${table.entity}.${column.name} to ${column.type}: ${String(count)} records hold 19 digits or more. Correct them, then start again.`,
    );
  await sql.raw(`alter table ${target} alter column ${name} type ${column.type} using ${name}::${column.type}`).execute(tx);
}

/** Whether a byte-for-byte key index of an earlier version is now declared on the same columns with text compared as read. */
async function replacedByTextKey(tx: Db, index: string, tables: TableDef[]): Promise<boolean> {
  const rows = await sql<{ table: string; columns: string[] }>`
    select t.relname as table, array(select a.attname::text from pg_attribute a where a.attrelid = i.indrelid and a.attnum = any(i.indkey) order by a.attnum) as columns
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relname = ${index}`.execute(tx);
  const found = rows.rows[0];
  if (!found) return false;
  const columns = [...found.columns].sort().join(',');
  return tables.some(
    (t) => t.table === found.table && t.indexes.some((i) => i.asText && [i.column, ...(i.thenBy ?? [])].sort().join(',') === columns),
  );
}

/** The index's key expressions: a column, or for text compared as read its normalized value. */
function keyExpressions(index: IndexDef): string[] {
  return [index.column, ...(index.thenBy ?? [])].map((c) => (index.asText?.includes(c) ? normalizedColumnSql(c) : quoteIdent(c)));
}

/**
 * A new unique key on a table whose records already repeat it: stop with the values that
 * repeat, instead of the database's bare error, so they can be fixed first. Text compared as
 * read lists every stored spelling of a repeated value, quoted ("Gedung QA", "gedung qa").
 */
async function refuseDuplicates(tx: Db, table: TableDef, index: IndexDef): Promise<void> {
  const columns = [index.column, ...(index.thenBy ?? [])];
  const keys = keyExpressions(index);
  const shown = columns.map((c, i) =>
    index.asText?.includes(c) ? `array_agg(distinct ${quoteIdent(c)} order by ${quoteIdent(c)}) as c${i}` : `${quoteIdent(c)} as c${i}`,
  );
  const nonNull = columns.map((c) => `${quoteIdent(c)} is not null`).join(' and ');
  const rows = await sql
    .raw<Record<string, unknown>>(
      `select ${shown.join(', ')}, count(*)::int as n from ${quoteIdent(table.table)} where ${nonNull} group by ${keys.join(', ')} having count(*) > 1 order by 1 limit 5`,
    )
    .execute(tx);
  if (rows.rows.length === 0) return;
  const value = (v: unknown) => (Array.isArray(v) ? v.map((s) => JSON.stringify(s)).join(', ') : String(v));
  const repeated = rows.rows.map((r) => `(${columns.map((c, i) => `${c} = ${value(r[`c${i}`])}`).join(', ')}: ${String(r.n)} records)`).join('; ');
  throw new MigrationError(
    `Cannot make ${table.entity} [${columns.join(', ')}] unique: records already share these values ${repeated}. Change or delete the repeats, then start again.`,
  );
}

/** A schema that drops a reference leaves the database's foreign key in place: say so. (A dropped unique is dropped.) */
function warnAboutDroppedConstraints(shape: DatabaseShape, table: TableDef, column: ColumnDef, log: MigrationLog): void {
  const foreignKey = foreignKeyName(table.table, column.name);
  if (!column.references && shape.constraints.has(foreignKey))
    log.warn(`${table.entity}.${column.name} is no longer a reference in the schema, but the database still enforces it; drop constraint ${foreignKey} by hand if that is meant.`);
}

/**
 * The comment migrate puts on a search column: its generation expression, to tell when the
 * searched fields change; and its statistics target, as a new search column gets it.
 */
async function commentSearchColumn(run: (statement: string) => Promise<unknown>, table: string, search: NonNullable<TableDef['search']>): Promise<void> {
  const expression = searchExpression(search.fields).replace(/'/g, "''");
  await run(`comment on column ${quoteIdent(table)}.${quoteIdent(search.column)} is '${expression}'`);
  await setSearchStatistics(run, table);
}

async function setSearchStatistics(run: (statement: string) => Promise<unknown>, table: string): Promise<void> {
  await run(`alter table ${quoteIdent(table)} alter column ${quoteIdent(SEARCH_COLUMN)} set statistics ${SEARCH_STATISTICS}`);
}

/**
 * The search column of an existing table: added when missing, made again when the schema
 * searches other fields, dropped when it searches none. It holds only what the other columns
 * hold, so none of that loses data; dropping it drops its index, which is then made again.
 */
async function syncSearchColumn(
  run: (statement: string) => Promise<unknown>,
  shape: DatabaseShape,
  table: TableDef,
  report: MigrationReport,
): Promise<void> {
  const current = shape.searchColumns.get(table.table);
  const wanted = table.search ? searchExpression(table.search.fields) : undefined;
  if (current !== undefined && current === wanted) return;
  const target = quoteIdent(table.table);
  if (current !== undefined) {
    await run(`alter table ${target} drop column ${quoteIdent(SEARCH_COLUMN)}`);
    // Its index went with it, and so did the sort indexes that held it.
    for (const index of table.indexes) if (index.column === SEARCH_COLUMN) shape.indexes.delete(pgIdentifier(index.name));
    for (const [name, index] of shape.indexIncludes) if (index.table === table.table && index.included.includes(SEARCH_COLUMN)) shape.indexes.delete(name);
    report.remadeSearchColumns.push(`${table.table}.${SEARCH_COLUMN}`);
  }
  if (!table.search) return;
  await run(`alter table ${target} add column ${quoteIdent(table.search.column)} ${searchColumnDdl(table.search.fields)}`);
  await commentSearchColumn(run, table.table, table.search);
  shape.searchStatistics.set(table.table, SEARCH_STATISTICS);
  if (current === undefined) report.addedColumns.push(`${table.table}.${table.search.column}`);
}

function createTableSql(table: TableDef): string {
  const columns = [
    ...SYSTEM_COLUMNS.map((c) => `${quoteIdent(c.name)} ${c.ddl}`),
    ...table.columns.map((c) => `${quoteIdent(c.name)} ${c.type}`),
    ...(table.search ? [`${quoteIdent(table.search.column)} ${searchColumnDdl(table.search.fields)}`] : []),
  ];
  return `create table ${quoteIdent(table.table)} (\n  ${columns.join(',\n  ')}\n)`;
}

function constraintsOf(table: TableDef, column: ColumnDef): Array<[string, string]> {
  const result: Array<[string, string]> = [];
  const target = `${quoteIdent(table.table)}`;
  if (column.unique) {
    const name = uniqueConstraintName(table.table, column.name);
    result.push([name, `alter table ${target} add constraint ${quoteIdent(name)} unique (${quoteIdent(column.name)})`]);
  }
  if (column.references) {
    const name = foreignKeyName(table.table, column.name);
    result.push([
      name,
      `alter table ${target} add constraint ${quoteIdent(name)} foreign key (${quoteIdent(column.name)}) ` +
        `references ${quoteIdent(column.references)} (id) on delete restrict`,
    ]);
  }
  return result;
}

/**
 * Trigram indexes are GIN without a pending list (fastupdate = off). With the default, new
 * entries wait in a list of up to gin_pending_list_limit (4 MB) that every search reads
 * through, until VACUUM merges it; the embedded database (PGlite, one process) never runs
 * autovacuum, so after a bulk insert each search read ~500 pages of pending list and the
 * planner, costing that in, chose sequential scans (≈ 100 ms on 100,000 rows instead of 1).
 * Without the list each insert updates the index at once, which a form's single row does
 * not notice.
 */
function createIndexSql(table: string, name: string, index: IndexDef): string {
  const column = quoteIdent(index.column);
  const keys = keyExpressions(index).join(', ');
  const include = index.include?.length ? ` include (${index.include.map(quoteIdent).join(', ')})` : '';
  const using = index.method === 'trigram' ? `gin (${column} gin_trgm_ops) with (fastupdate = off)` : `btree (${keys})${include}`;
  return `create ${index.unique ? 'unique ' : ''}index if not exists ${quoteIdent(name)} on ${quoteIdent(table)} using ${using}`;
}
