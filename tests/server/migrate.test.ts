// Schema sync on start: creates what is missing, never loses data, and refuses a type
// change with a message naming entity and field.

import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { SEARCH_STATISTICS, migrate, MigrationError, type MigrationLog } from '../../server/db/migrate';
import type { TableDef } from '../../src/shared/tableModel';
import { tables } from '../../server/generated/tables';
import { forgetServerDdl } from '../../server/db/serverDdl';
import { onPostgres, openMigratedTestDatabase, openTestDatabase, quietLog, type TestDatabase } from './harness';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.dispose();
  database = undefined;
});

/** Each test's own empty database. */
async function emptyDatabase(): Promise<TestDatabase> {
  database = await openTestDatabase();
  return database;
}

/**
 * A database as `migrate(tables)` leaves it: a copy of the tests' migrated template
 * (./migratedTemplate.ts: that migration, and the demo logins), instead of migrating ~150
 * tables afresh for each of these tests (~4 s each, on either database).
 */
async function migratedDatabase(): Promise<TestDatabase> {
  database = await openMigratedTestDatabase();
  return database;
}

/**
 * Only the named tables and the tables they reference, for a test about those tables (migrating
 * all ~150 took ~5 s of each such test on the embedded database), with the tables the server's
 * own tables reference (logins, journals).
 */
function onlyTables(names: string[], from: TableDef[] = tables): TableDef[] {
  const wanted = new Set<string>();
  const add = (name: string) => {
    if (wanted.has(name)) return;
    wanted.add(name);
    for (const column of from.find((t) => t.table === name)!.columns) if (column.references) add(column.references);
  };
  [...names, 'users', 'journal'].forEach(add);
  return from.filter((t) => wanted.has(t.table));
}

function withClass(change: (table: TableDef) => TableDef): TableDef[] {
  return tables.map((t) => (t.entity === 'class' ? change(structuredClone(t)) : t));
}

async function columnsOf(table: string): Promise<Record<string, string>> {
  const rows = await sql<{ column_name: string; data_type: string }>`
    select column_name, data_type from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(database!.db);
  return Object.fromEntries(rows.rows.map((r) => [r.column_name, r.data_type]));
}

describe('on an empty database', () => {
  it('creates every table with its system columns, and a second run changes nothing', async () => {
    const database = await emptyDatabase();
    const first = await migrate(database.db, tables, quietLog);
    expect(first.createdTables).toEqual(tables.map((t) => t.table));
    const columns = await columnsOf('class');
    expect(columns).toMatchObject({
      id: 'integer',
      version: 'integer',
      created_at: 'timestamp with time zone',
      updated_at: 'timestamp with time zone',
      created_by: 'text',
      updated_by: 'text',
      code: 'text',
      capacity: 'integer',
      is_active: 'boolean',
    });
    expect(await columnsOf('users')).toMatchObject({ username: 'text', password: 'text', is_active: 'boolean' });
    expect(await columnsOf('app_session')).toHaveProperty('token_hash');
    expect(await columnsOf('app_file')).toHaveProperty('bytes');

    const second = await migrate(database.db, tables, quietLog);
    expect(second).toEqual({ createdTables: [], addedColumns: [], widenedColumns: [], addedConstraints: [], addedIndexes: [], changedIndexes: [], droppedUniques: [], droppedSearchIndexes: [], remadeSearchColumns: [], changedStatistics: [] });
  });

  it('gives the sessions of a staff-only database their kind and account, keeping them', async () => {
    const database = await migratedDatabase();
    // app_session as the staff-only version made it.
    await sql`drop table app_session`.execute(database.db);
    await sql`create table app_session (token_hash text primary key, user_id integer not null references users (id) on delete cascade,
      created_at timestamptz not null default now(), last_seen_at timestamptz not null default now())`.execute(database.db);
    await forgetServerDdl(database.db);
    await sql`insert into users (username, name, password) values ('lama', 'Lama', 'x')`.execute(database.db);
    await sql`insert into app_session (token_hash, user_id) select 'h', id from users where username = 'lama'`.execute(database.db);
    await migrate(database.db, tables, quietLog);
    expect(await columnsOf('app_session')).toMatchObject({ kind: 'text', account_id: 'integer', user_id: 'integer' });
    const kept = await sql<{ kind: string }>`select kind from app_session`.execute(database.db);
    expect(kept.rows).toEqual([{ kind: 'staff' }]);
  });

  it('stops on a database that still keeps its logins in the former app_user table', async () => {
    const database = await emptyDatabase();
    await sql`create table app_user (id integer primary key, username text)`.execute(database.db);
    const refused = migrate(database.db, tables, quietLog);
    await expect(refused).rejects.toThrow(MigrationError);
    await expect(refused).rejects.toThrow(/former table app_user; logins are now the records of schemas\/users.yaml/);
    expect(await columnsOf('users')).toEqual({});
  });

  it('creates trigram indexes for search', async () => {
    const database = await migratedDatabase();
    const rows = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where schemaname = current_schema() and tablename = 'class'`.execute(database.db);
    expect(rows.rows.some((r) => /using gin \(_search gin_trgm_ops\)/i.test(r.indexdef))).toBe(true);
  });

  it('makes trigram indexes without a pending list (fastupdate off)', async () => {
    await migratedDatabase();
    expect(await trigramOptions('class')).toEqual({ class__search_trgm: ['fastupdate=off'] });
    // A field another entity searches through a reference keeps an index of its own.
    expect(await trigramOptions('employee')).toMatchObject({ employee_name_trgm: ['fastupdate=off'] });
  });

  it('gives a searched table its search column: the searched fields lower-cased, between separators', async () => {
    const database = await migratedDatabase();
    await sql`insert into department (code, name) values ('SMA', 'Sekolah Menengah Atas'), ('SMP', null)`.execute(database.db);
    const rows = await sql<{ _search: string }>`select _search from department order by id`.execute(database.db);
    expect(rows.rows.map((r) => r._search)).toEqual(['sma\u001fsekolah menengah atas\u001f', 'smp\u001f\u001f']);
  });
});

/** Storage options of a table's GIN indexes, by index name. */
async function trigramOptions(table: string): Promise<Record<string, string[] | null>> {
  const rows = await sql<{ relname: string; reloptions: string[] | null }>`
    select i.relname, i.reloptions from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    join pg_am a on a.oid = i.relam
    where n.nspname = current_schema() and t.relname = ${table} and a.amname = 'gin'`.execute(database!.db);
  return Object.fromEntries(rows.rows.map((r) => [r.relname, r.reloptions]));
}

describe("a start on a database as migrate left it", () => {
  it.skipIf(!onPostgres)("takes no table lock: it completes while another connection holds every table against changes", async () => {
    const database = await migratedDatabase();
    // Another process's jobs, at their worst: every table held in exclusive mode (reads pass, writes and DDL wait).
    // Migrate must finish without once waiting for a lock of this schema's tables: watched in
    // pg_locks rather than timed, as CI's crowded machine makes any time limit a guess.
    const { first, migration } = await database.db.transaction().execute(async (holder) => {
      const names = await sql<{ name: string }>`select quote_ident(tablename) as name from pg_tables where schemaname = current_schema() order by 1`.execute(holder);
      await sql.raw(`lock table ${names.rows.map((r) => r.name).join(', ')} in exclusive mode`).execute(holder);
      let finished = false;
      const migration = migrate(database.db, tables, quietLog).then(() => 'done' as const).finally(() => (finished = true));
      const lockWait = (async () => {
        while (!finished) {
          const waiting = await sql<{ n: number }>`
            select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation join pg_namespace s on s.oid = c.relnamespace
            where not l.granted and s.nspname = current_schema()`.execute(holder);
          if (waiting.rows[0]!.n > 0) return 'waited for a lock' as const;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return 'done' as const;
      })();
      return { first: await Promise.race([migration, lockWait]), migration };
    });
    // A migrate that waited goes on once this transaction let go of the tables: let it end.
    await migration;
    expect(first).toBe('done');
  });

  it("runs the server's own statements again when an earlier version made its tables, bringing them up", async () => {
    const database = await migratedDatabase();
    await sql`drop index app_session_account_idx`.execute(database.db);
    // Unchanged tables and statements: nothing is run, the index stays missing.
    await migrate(database.db, tables, quietLog);
    const index = () => sql`select 1 from pg_indexes where schemaname = current_schema() and indexname = 'app_session_account_idx'`.execute(database.db);
    expect((await index()).rows).toHaveLength(0);
    // As an earlier version left it (no fingerprint): every statement runs once.
    await forgetServerDdl(database.db);
    await migrate(database.db, tables, quietLog);
    expect((await index()).rows).toHaveLength(1);
  });
});

describe('on a database of an older schema', () => {
  it('switches trigram indexes made with a pending list to fastupdate off, merging the list', async () => {
    const database = await migratedDatabase();
    // As an earlier version made them: GIN's default, fastupdate on.
    await sql`alter index class__search_trgm reset (fastupdate)`.execute(database.db);
    await sql`alter index employee_name_trgm set (fastupdate = on)`.execute(database.db);
    await sql`insert into academic_year (name, start_date, end_date) values ('2025/2026', '2025-07-14', '2026-06-26')`.execute(database.db);
    await sql`insert into department (code, name) values ('SMA', 'SMA')`.execute(database.db);
    await sql`insert into level (department_id, name, grade) values (1, 'X', 10)`.execute(database.db);
    await sql`
      insert into class (code, name, academic_year_id, department_id, level_id)
      select 'K-' || g, 'Kelas ' || g, 1, 1, 1 from generate_series(1, 300) g`.execute(database.db);

    const report = await migrate(database.db, tables, quietLog);
    expect(report.changedIndexes).toEqual(['employee_name_trgm', 'class__search_trgm']);
    expect(await trigramOptions('class')).toEqual({ class__search_trgm: ['fastupdate=off'] });
    expect(await trigramOptions('employee')).toMatchObject({ employee_name_trgm: ['fastupdate=off'] });
    // The entries that waited in the pending list are found through the index.
    const found = await sql<{ n: number }>`
      select count(*)::int as n from class where _search like '%las 29%' or _search like '%k-29%'`.execute(database.db);
    expect(found.rows[0].n).toBe(11);
    expect((await migrate(database.db, tables, quietLog)).changedIndexes).toEqual([]);
  });

  it('adds a column, its unique constraint and its index for a new field, keeping the data', async () => {
    const database = await migratedDatabase();
    await sql`insert into academic_year (name, start_date, end_date) values ('2025/2026', '2025-07-14', '2026-06-26')`.execute(database.db);
    await sql`insert into department (code, name) values ('SMA', 'SMA')`.execute(database.db);
    await sql`insert into level (department_id, name, grade) values (1, 'X', 10)`.execute(database.db);
    await sql`insert into class (code, name, academic_year_id, department_id, level_id) values ('X-1', 'X 1', 1, 1, 1)`.execute(database.db);

    const newer = withClass((t) => ({
      ...t,
      columns: [...t.columns, { name: 'room_code', type: 'text', required: false, unique: true }],
      indexes: [...t.indexes, { name: 'class_room_code_trgm', column: 'room_code', method: 'trigram' }],
    }));
    const report = await migrate(database.db, newer, quietLog);
    expect(report).toEqual({
      createdTables: [],
      addedColumns: ['class.room_code'],
      widenedColumns: [],
      addedConstraints: ['class_room_code_key'],
      addedIndexes: ['class_room_code_trgm'],
      changedIndexes: [],
      droppedUniques: [],
      droppedSearchIndexes: [],
      remadeSearchColumns: [],
      changedStatistics: [],
    });
    const rows = await sql<{ code: string; room_code: string | null }>`select code, room_code from class`.execute(database.db);
    expect(rows.rows).toEqual([{ code: 'X-1', room_code: null }]);
  });

  it('adds the search column and its index to a table made before them, and makes them again when the searched fields change', async () => {
    const database = await migratedDatabase();
    await sql`alter table department drop column _search`.execute(database.db);
    await sql`insert into department (code, name, npsn) values ('SMA', 'Atas', '2010')`.execute(database.db);
    const added = await migrate(database.db, tables, quietLog);
    expect(added.addedColumns).toEqual(['department._search']);
    // The sort indexes that held the search column went with it, and come back with it.
    const holding = (list: typeof tables) =>
      list.find((t) => t.table === 'department')!.indexes.filter((i) => i.column === '_search' || i.include?.includes('_search')).map((i) => i.name);
    expect(holding(tables)).toContain('department_name_sort');
    expect([...added.addedIndexes].sort()).toEqual(holding(tables).sort());
    const searched = () => sql<{ _search: string }>`select _search from department`.execute(database.db).then((r) => r.rows[0]._search);
    expect(await searched()).toBe('sma\u001fatas\u001f2010');

    const fewer = tables.map((t) => (t.table === 'department' ? { ...t, search: { column: '_search', fields: ['name'] } } : t));
    const remade = await migrate(database.db, fewer, quietLog);
    expect(remade.remadeSearchColumns).toEqual(['department._search']);
    expect([...remade.addedIndexes].sort()).toEqual(holding(fewer).sort());
    expect(await searched()).toBe('atas');
    expect((await migrate(database.db, fewer, quietLog)).remadeSearchColumns).toEqual([]);
  });

  it("drops an earlier version's per-field trigram index that the search column replaces, and nothing else", async () => {
    const database = await migratedDatabase();
    // As a version before the search column made them: one trigram index per searched field.
    await sql`create index department_name_trgm on department using gin (name gin_trgm_ops)`.execute(database.db);
    await sql`create index department_by_hand on department using gin (name gin_trgm_ops)`.execute(database.db);
    const report = await migrate(database.db, tables, quietLog);
    expect(report.droppedSearchIndexes).toEqual(['department_name_trgm']);
    const left = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'department'`.execute(database.db);
    const names = left.rows.map((r) => r.indexname);
    expect(names).not.toContain('department_name_trgm');
    expect(names).toContain('department_by_hand');
    expect(names).toContain('department__search_trgm');
    expect((await migrate(database.db, tables, quietLog)).droppedSearchIndexes).toEqual([]);
  });

  it('adds a btree index on several columns, for a sort by a field then id', async () => {
    const database = await migratedDatabase();
    const newer = withClass((t) => ({
      ...t,
      indexes: [...t.indexes, { name: 'class_remarks_1_sort', column: 'remarks_1', method: 'btree', thenBy: ['id'] }],
    }));
    expect((await migrate(database.db, newer, quietLog)).addedIndexes).toEqual(['class_remarks_1_sort']);
    const rows = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where schemaname = current_schema() and indexname = 'class_remarks_1_sort'`.execute(database.db);
    expect(rows.rows[0].indexdef).toMatch(/using btree \(remarks_1, id\)$/i);
  });

  it('gives the search column of an earlier version the statistics target lists need, once', async () => {
    const database = await migratedDatabase();
    const target = () =>
      sql<{ target: number | null }>`select attstattarget::int as target from pg_attribute where attrelid = 'department'::regclass and attname = '_search'`
        .execute(database.db)
        .then((r) => r.rows[0].target);
    expect(await target()).toBe(SEARCH_STATISTICS);
    await sql`alter table department alter column _search set statistics -1`.execute(database.db);
    expect((await migrate(database.db, tables, quietLog)).changedStatistics).toEqual(['department._search']);
    expect(await target()).toBe(SEARCH_STATISTICS);
    expect((await migrate(database.db, tables, quietLog)).changedStatistics).toEqual([]);
  });

  it('makes the sort indexes of an earlier version again holding what a list walk reads, once', async () => {
    const database = await migratedDatabase();
    // As an earlier version made it: the key alone.
    await sql`drop index class_name_sort`.execute(database.db);
    await sql`create index class_name_sort on class (name, id)`.execute(database.db);
    const report = await migrate(database.db, tables, quietLog);
    expect(report.changedIndexes).toEqual(['class_name_sort']);
    const definition = async () =>
      (await sql<{ indexdef: string }>`select indexdef from pg_indexes where schemaname = current_schema() and indexname = 'class_name_sort'`.execute(database.db)).rows[0].indexdef;
    expect(await definition()).toMatch(/using btree \(name, id\) include \(_search, is_active, is_archived, is_sync_google_classroom\)$/i);
    expect((await migrate(database.db, tables, quietLog)).changedIndexes).toEqual([]);
    // A walk of it by name can read no table row (the planner's own word for it, told that
    // the empty table is not to be read in full).
    const plan = await database.db.transaction().execute(async (tx) => {
      await sql`set local enable_seqscan = off`.execute(tx);
      return sql<{ 'QUERY PLAN': string }>`
        explain select id from (select id, name, _search, is_active from class order by name, id limit 100) h where is_active and _search like '%a%'`.execute(tx);
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index Only Scan using class_name_sort/);
  });

  it('adds a foreign key for a new reference field', async () => {
    const database = await migratedDatabase();
    const newer = withClass((t) => ({
      ...t,
      columns: [...t.columns, { name: 'building_id', type: 'integer', required: false, unique: false, references: 'building' }],
    }));
    const report = await migrate(database.db, newer, quietLog);
    expect(report.addedConstraints).toEqual(['class_building_id_fkey']);
  });

  it('refuses a type change, naming entity and field, and changes nothing', async () => {
    const database = await emptyDatabase();
    const older = onlyTables(['class'], withClass((t) => ({
      ...t,
      columns: t.columns.map((c) => (c.name === 'capacity' ? { ...c, type: 'text' as const } : c)),
    })));
    await migrate(database.db, older, quietLog);
    const newer = onlyTables(['class'], withClass((t) => ({
      ...t,
      columns: [...t.columns, { name: 'room_code', type: 'text', required: false, unique: false }],
    })));
    const attempt = migrate(database.db, newer, quietLog);
    await expect(attempt).rejects.toBeInstanceOf(MigrationError);
    await expect(attempt).rejects.toThrow(
      'Cannot migrate class.capacity: its type changed from text to integer; this would lose data. Migrate it by hand or restore the schema.',
    );
    expect(await columnsOf('class')).not.toHaveProperty('room_code');
  });

  it('widens money kept in bigint by an earlier version to numeric(18,0), keeping every value', async () => {
    const database = await migratedDatabase();
    // As the version with bigint money made it: income_type.fine_amount (money), with a sort index on it.
    await sql`alter table income_type alter column fine_amount type bigint`.execute(database.db);
    await sql`create index income_type_value_by_hand on income_type (fine_amount)`.execute(database.db);
    await sql`insert into income_type (code, name, fine_amount) values ('SPP', 'SPP', 999999999999999), ('UP', 'Uang pangkal', 0), ('X', 'X', null)`.execute(database.db);
    expect((await columnsOf('income_type')).fine_amount).toBe('bigint');

    const report = await migrate(database.db, tables, quietLog);
    expect(report.widenedColumns).toEqual(['income_type.fine_amount']);
    const type = await sql<{ t: string }>`select format_type(atttypid, atttypmod) as t from pg_attribute where attrelid = 'income_type'::regclass and attname = 'fine_amount'`.execute(database.db);
    expect(type.rows[0].t).toBe('numeric(18,0)');
    const rows = await sql<{ code: string; fine_amount: number | null }>`select code, fine_amount from income_type order by code`.execute(database.db);
    expect(rows.rows).toEqual([
      { code: 'SPP', fine_amount: 999_999_999_999_999 },
      { code: 'UP', fine_amount: 0 },
      { code: 'X', fine_amount: null },
    ]);
    expect((await migrate(database.db, tables, quietLog)).widenedColumns).toEqual([]);
  });

  it('makes money columns numeric(18,0) in new tables', async () => {
    const database = await migratedDatabase();
    const type = await sql<{ t: string }>`select format_type(atttypid, atttypmod) as t from pg_attribute where attrelid = 'invoice'::regclass and attname = 'value'`.execute(database.db);
    expect(type.rows[0].t).toBe('numeric(18,0)');
  });

  it('still refuses any other change of a money column, naming entity and field', async () => {
    const database = await migratedDatabase();
    await sql`alter table income_type alter column fine_amount type text`.execute(database.db);
    await expect(migrate(database.db, tables, quietLog)).rejects.toThrow(
      'Cannot migrate income_type.fine_amount: its type changed from text to numeric(18,0); this would lose data.',
    );
  });

  it('leaves a column the schema no longer declares, with a warning', async () => {
    const database = await migratedDatabase();
    const warnings: string[] = [];
    const log: MigrationLog = { info: () => {}, warn: (message) => warnings.push(message) };
    const newer = withClass((t) => ({ ...t, columns: t.columns.filter((c) => c.name !== 'remarks_3') }));
    await migrate(database.db, newer, log);
    expect(await columnsOf('class')).toHaveProperty('remarks_3');
    expect(warnings).toEqual([expect.stringMatching(/^class\.remarks_3: the column is in the database but no longer in the schema/)]);
  });

  it('drops the unique constraint of a field that stops being unique (no data is lost)', async () => {
    const database = await migratedDatabase();
    const older = withClass((t) => ({ ...t, columns: t.columns.map((c) => (c.name === 'remarks_1' ? { ...c, unique: true } : c)) }));
    expect((await migrate(database.db, older, quietLog)).addedConstraints).toEqual(['class_remarks_1_key']);
    const infos: string[] = [];
    const report = await migrate(database.db, tables, { info: (message) => infos.push(message), warn: () => {} });
    expect(report.droppedUniques).toEqual(['class_remarks_1_key']);
    expect(infos).toContain('No longer unique in the schemas, dropped: class_remarks_1_key');
    expect((await migrate(database.db, tables, quietLog)).droppedUniques).toEqual([]);
  });

  const KEY = 'class_academic_year_id_code_nkey';
  async function insertClasses(codes: Array<[number, string]>) {
    await sql`insert into academic_year (name, start_date, end_date) values ('2025/2026', '2025-07-14', '2026-06-26'), ('2026/2027', '2026-07-13', '2027-06-25')`.execute(database!.db);
    await sql`insert into department (code, name) values ('SMA', 'SMA')`.execute(database!.db);
    await sql`insert into level (department_id, name, grade) values (1, 'X', 10)`.execute(database!.db);
    for (const [year, code] of codes)
      await sql`insert into class (code, name, academic_year_id, department_id, level_id) values (${code}, ${code}, ${year}, 1, 1)`.execute(database!.db);
  }

  it('creates a composite unique key on an existing table and drops it when the schema drops it', async () => {
    const database = await emptyDatabase();
    const withoutKey = onlyTables(['class'], withClass((t) => ({ ...t, indexes: t.indexes.filter((i) => !i.unique) })));
    await migrate(database.db, withoutKey, quietLog);
    await insertClasses([[1, 'X-1'], [2, 'X-1']]);
    const report = await migrate(database.db, onlyTables(['class']), quietLog);
    expect(report.addedIndexes).toEqual([KEY]);
    const rows = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where schemaname = current_schema() and indexname = ${KEY}`.execute(database.db);
    expect(rows.rows[0].indexdef).toMatch(/create unique index .* using btree \(academic_year_id, lower\(normalize\(btrim\(code, .*\), nfc\)\)\)$/is);
    const again = sql`insert into class (code, name, academic_year_id, department_id, level_id) values ('X-1', 'X 1 lagi', 1, 1, 1)`.execute(database.db);
    await expect(again).rejects.toMatchObject({ code: '23505', constraint: KEY });

    // NULLs are distinct, as PostgreSQL has it: rows with an empty field in the key never clash.
    await sql`insert into class (code, name, academic_year_id, department_id, level_id) values (null, 'Tanpa kode 1', 1, 1, 1), (null, 'Tanpa kode 2', 1, 1, 1)`.execute(database.db);

    expect((await migrate(database.db, withoutKey, quietLog)).droppedUniques).toEqual([KEY]);
    await sql`insert into class (code, name, academic_year_id, department_id, level_id) values ('X-1', 'X 1 lagi', 1, 1, 1)`.execute(database.db);
  });

  it('refuses to add a composite unique key the stored records already repeat, naming the values', async () => {
    const database = await emptyDatabase();
    const withoutKey = onlyTables(['class'], withClass((t) => ({ ...t, indexes: t.indexes.filter((i) => !i.unique) })));
    await migrate(database.db, withoutKey, quietLog);
    await insertClasses([[1, 'X-1'], [1, 'X-1'], [2, 'X-1']]);
    const attempt = migrate(database.db, onlyTables(['class']), quietLog);
    await expect(attempt).rejects.toBeInstanceOf(MigrationError);
    await expect(attempt).rejects.toThrow(
      'Cannot make class [academic_year_id, code] unique: records already share these values (academic_year_id = 1, code = "X-1": 2 records).',
    );
  });

  /** The tables as an earlier version declared them: unique text byte for byte (a `_key` constraint, a `ukey` index). */
  function byteForByte(current: TableDef[]): TableDef[] {
    return current.map((table) => {
      const single = new Set(table.indexes.filter((i) => i.asText && !i.thenBy?.length).map((i) => i.column));
      return {
        ...table,
        columns: table.columns.map((c) => (single.has(c.name) ? { ...c, unique: true } : c)),
        indexes: table.indexes
          .filter((i) => !(i.asText && !i.thenBy?.length))
          .map(({ asText, ...i }) => (asText ? { ...i, name: i.name.replace(/_nkey$/, '_ukey') } : i)),
      };
    });
  }

  async function indexDefinition(name: string): Promise<string | undefined> {
    const rows = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where schemaname = current_schema() and indexname = ${name}`.execute(database!.db);
    return rows.rows[0]?.indexdef;
  }

  it('replaces the byte-for-byte unique constraint of a text field with an index on the value as read, keeping the rows', async () => {
    const database = await emptyDatabase();
    const current = onlyTables(['building', 'class']);
    await migrate(database.db, byteForByte(current), quietLog);
    await sql`insert into building (code, name, floors) values ('A', 'Gedung A', 1), ('B', 'Gedung B', 2)`.execute(database.db);
    // The earlier version let another case in.
    await sql`insert into building (code, name, floors) values ('C', 'gedung a', 1)`.execute(database.db);
    await sql`delete from building where code = 'C'`.execute(database.db);

    const infos: string[] = [];
    const report = await migrate(database.db, current, { info: (message) => infos.push(message), warn: () => {} });
    expect(report.droppedUniques).toEqual(expect.arrayContaining(['building_code_key', 'building_name_key', KEY.replace('_nkey', '_ukey')]));
    expect(report.addedIndexes).toEqual(expect.arrayContaining(['building_code_nkey', 'building_name_nkey', KEY]));
    expect(infos.find((m) => m.startsWith('Unique text now compared as read'))).toContain('building_name_key');
    expect(infos.find((m) => m.startsWith('Unique text now compared as read'))).toContain(KEY.replace('_nkey', '_ukey'));
    expect(infos.find((m) => m.startsWith('No longer unique'))).toBeUndefined();
    expect(await indexDefinition('building_name_key')).toBeUndefined();
    expect(await indexDefinition('building_name_nkey')).toMatch(/create unique index .* using btree \(lower\(normalize\(btrim\(name, .*\), nfc\)\)\)$/is);
    const rows = await sql<{ code: string; name: string }>`select code, name from building order by code`.execute(database.db);
    expect(rows.rows).toEqual([{ code: 'A', name: 'Gedung A' }, { code: 'B', name: 'Gedung B' }]);

    const again = sql`insert into building (code, name, floors) values ('C', ' GEDUNG A ', 1)`.execute(database.db);
    await expect(again).rejects.toMatchObject({ code: '23505', constraint: 'building_name_nkey' });
    const second = await migrate(database.db, current, quietLog);
    expect([second.droppedUniques, second.addedIndexes]).toEqual([[], []]);
  });

  it('stops when stored text already clashes as read, naming the entity, the field and every spelling, and changes nothing', async () => {
    const database = await emptyDatabase();
    const current = onlyTables(['building']);
    await migrate(database.db, byteForByte(current), quietLog);
    await sql`insert into building (code, name, floors)
      values ('A', 'Gedung QA', 1), ('B', 'gedung qa', 1), ('C', ' Gedung QA ', 1), ('D', 'Gedung Lain', 1)`.execute(database.db);
    const attempt = migrate(database.db, current, quietLog);
    await expect(attempt).rejects.toBeInstanceOf(MigrationError);
    await expect(attempt).rejects.toThrow(
      'Cannot make building [name] unique: records already share these values (name = " Gedung QA ", "Gedung QA", "gedung qa": 3 records). Change or delete the repeats, then start again.',
    );
    // Nothing changed: the earlier constraint still stands, no new index.
    expect(await indexDefinition('building_name_key')).toBeDefined();
    expect(await indexDefinition('building_name_nkey')).toBeUndefined();
  });
});

