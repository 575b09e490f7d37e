// List totals: exact up to the count cap, the planner's estimate beyond it (marked
// total_estimated), and the same rows in the same order whichever way the page is read.

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../src/generated/all';
import { COUNT_CAP, forgetListStatistics, listRecords, SORT_ALL_MAX, type ListOptions } from '../../server/crud/listRecords';
import { parseListQuery } from '../../server/crud/listQuery';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
const department = entities.find((e) => e.name === 'department')!;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;

/** `count` departments D0001…, named "Unit 0001"…, every third inactive, sorting_no repeating 0…6. */
async function fillDepartments(count: number): Promise<void> {
  await sql`delete from department`.execute(db());
  await sql`
    insert into department (code, name, sorting_no, is_active)
    select 'D' || lpad(g::text, 5, '0'), 'Unit ' || lpad(g::text, 5, '0'), g % 7, g % 3 <> 0
    from generate_series(1, ${count}) g`.execute(db());
}

/** New statistics, as autovacuum (or the embedded server's vacuum) makes them, which the next list then reads. */
async function analyze(): Promise<void> {
  await sql`analyze department`.execute(db());
  forgetListStatistics(db());
}

function queryOf(params: Record<string, string>) {
  return parseListQuery(department, params, 'en');
}

/** The ids of the page as the plainest query gives them. */
async function plainPage(params: { q?: string; is_active?: string; sort: string; order: 'asc' | 'desc'; page: number; perPage: number }): Promise<number[]> {
  const direction = sql.raw(params.order);
  const pattern = params.q ? `%${params.q}%` : null;
  const active = params.is_active === undefined ? null : params.is_active === 'true';
  const rows = await sql<{ id: number }>`
    select id from department
    where (${pattern}::text is null or code ilike ${pattern} or name ilike ${pattern} or npsn ilike ${pattern})
      and (${active}::boolean is null or is_active = ${active}::boolean)
    order by ${sql.ref(params.sort)} ${direction}, id ${direction}
    limit ${params.perPage} offset ${(params.page - 1) * params.perPage}`.execute(db());
  return rows.rows.map((r) => r.id);
}

/**
 * Every sort, order and page as the plainest query gives them, and the total exact or marked as
 * an estimate of more than the cap; both with walks that count the matches they meet (up to
 * WALK_COUNT_MAX expected) and with walks that leave the count to a query of its own.
 */
async function expectSamePages(options: ListOptions, filters: { q?: string; is_active?: string }, pages: number[]): Promise<void> {
  const cap = options.countCap ?? COUNT_CAP;
  for (const walks of [options, { ...options, walkCountMax: 0 }]) {
    for (const sort of ['sorting_no', 'name', 'id']) {
      for (const order of ['asc', 'desc'] as const) {
        for (const page of pages) {
          const query = queryOf({ ...filters, sort, order, page: String(page), per_page: '7' });
          const listed = await listRecords(db(), 'department', query, walks);
          const expected = await plainPage({ ...filters, sort, order, page, perPage: 7 });
          const what = `${JSON.stringify(filters)} ${sort} ${order} page ${page} walkCountMax ${String(walks.walkCountMax)}`;
          expect(listed.rows.map((r) => r.id), what).toEqual(expected);
          const matches = await plainCount(filters);
          if (listed.totalEstimated) expect(matches, what).toBeGreaterThan(cap);
          else expect(listed.total, what).toBe(matches);
        }
      }
    }
  }
}

async function plainCount(filters: { q?: string; is_active?: string }): Promise<number> {
  const pattern = filters.q ? `%${filters.q}%` : null;
  const active = filters.is_active === undefined ? null : filters.is_active === 'true';
  const rows = await sql<{ n: number }>`
    select count(*)::int as n from department
    where (${pattern}::text is null or code ilike ${pattern} or name ilike ${pattern} or npsn ilike ${pattern})
      and (${active}::boolean is null or is_active = ${active}::boolean)`.execute(db());
  return rows.rows[0].n;
}

describe('list totals', () => {
  it('are exact while the matches are few, with every column and nothing more on the rows', async () => {
    await fillDepartments(40);
    await analyze();
    const listed = await listRecords(db(), 'department', queryOf({ per_page: '5', sort: 'code' }));
    expect(listed).toMatchObject({ total: 40, totalEstimated: false });
    expect(Object.keys(listed.rows[0]).sort()).toEqual(
      ['id', 'version', 'created_at', 'updated_at', 'created_by', 'updated_by', 'code', 'name', 'npsn', 'sorting_no', 'is_active'].sort(),
    );
    expect(listed.rows.map((r) => r.code)).toEqual(['D00001', 'D00002', 'D00003', 'D00004', 'D00005']);
    // Past the last page: no rows, the total all the same.
    expect(await listRecords(db(), 'department', queryOf({ page: '99', per_page: '5' }))).toEqual({ rows: [], total: 40, totalEstimated: false });
    expect((await listRecords(db(), 'department', queryOf({ q: 'unit 0001', is_active: 'true' }))).total).toBe(7);
  });

  it('are estimated beyond the cap, and the rows stay those of an exact query', async () => {
    await fillDepartments(600);
    await analyze();
    const options = { countCap: 50, sortAllMax: 50 };
    const all = await listRecords(db(), 'department', queryOf({ per_page: '5' }), options);
    expect(all.totalEstimated).toBe(true);
    expect(all.total).toBeGreaterThan(50);
    expect(all.total).toBeGreaterThan(500); // the statistics know there are about 600
    await expectSamePages(options, {}, [1, 3, 86]);
    await expectSamePages(options, { q: 'unit 00', is_active: 'true' }, [1, 2, 58]);

    // Few matches are counted exactly even with a tiny cap.
    const few = await listRecords(db(), 'department', queryOf({ q: 'unit 0012', per_page: '5' }), options);
    expect(few).toMatchObject({ total: 10, totalEstimated: false });
    await expectSamePages(options, { q: 'unit 0012' }, [1, 2, 3]);
  });

  it('are exact when the statistics say many but few match', async () => {
    await fillDepartments(600);
    await analyze();
    await sql`delete from department where id % 100 <> 0`.execute(db()); // the statistics still say 600
    const options = { countCap: 50, sortAllMax: 50 };
    const listed = await listRecords(db(), 'department', queryOf({ per_page: '5' }), options);
    expect(listed).toMatchObject({ total: 6, totalEstimated: false });
    await expectSamePages(options, {}, [1, 2]);
  });

  it('are exact when the statistics say few but many match', async () => {
    await fillDepartments(3);
    await analyze();
    await sql`
      insert into department (code, name) select 'E' || g, 'Extra ' || g from generate_series(1, 200) g`.execute(db());
    const options = { countCap: 50, sortAllMax: 50 };
    const listed = await listRecords(db(), 'department', queryOf({ per_page: '5' }), options);
    expect(listed).toMatchObject({ total: 203, totalEstimated: false });
    await expectSamePages(options, {}, [1, 29, 30]);
  });

  it('find matches that sit far along the sort order or bunched together, and a search never spans two fields', async () => {
    await fillDepartments(600);
    // The last 60 by name are the only "zeta" ones: a walk of the name index from its start meets them last.
    await sql`update department set name = 'Zeta ' || code where id in (select id from department order by id desc limit 60)`.execute(db());
    await analyze();
    const options = { countCap: 20, sortAllMax: 20 };
    await expectSamePages(options, { q: 'zeta' }, [1, 2, 9]);
    await expectSamePages(options, { q: 'ZETA d00', is_active: 'true' }, [1, 3]);
    // Bunched together a little along the order ("Unit 0001x", then "Unit 001xx" from the 100th
    // row by name): a longer walk of the index finds them; the last page runs out of matches.
    await expectSamePages(options, { q: 'unit 001' }, [1, 4, 16]);
    const listed = await listRecords(db(), 'department', queryOf({ q: 'zeta', sort: 'name', per_page: '5' }), options);
    expect(listed.rows).toHaveLength(5);
    expect(listed.rows[0]).not.toHaveProperty('_search');
    // The code and the name are searched apart: the end of one and the start of the next are no match.
    expect((await listRecords(db(), 'department', queryOf({ q: '00600 zeta' }))).total).toBe(0);
    expect((await listRecords(db(), 'department', queryOf({ q: '00600\u001fzeta' }))).total).toBe(0);
  });

  it('are exact when a walk past a third of the index, to where the statistics put the matches, finds most of them gone', async () => {
    await fillDepartments(600);
    await sql`update department set name = 'Zeta ' || code where id in (select id from department order by id desc limit 60)`.execute(db());
    await analyze();
    // The statistics still place 60 "zeta" at the end of the name order: 5 are left.
    await sql`update department set name = 'Unit ' || substr(code, 2) where name like 'Zeta%' and id % 12 <> 0`.execute(db());
    const options = { countCap: 20, sortAllMax: 20 };
    for (const order of ['ASC', 'DESC']) {
      const listed = await listRecords(db(), 'department', queryOf({ q: 'zeta', sort: 'name', order, per_page: '3' }), options);
      expect(listed).toMatchObject({ total: 5, totalEstimated: false });
      expect(listed.rows).toHaveLength(3);
    }
    await expectSamePages(options, { q: 'zeta' }, [1, 2, 3]);
    await expectSamePages(options, { q: 'zeta', is_active: 'false' }, [1, 2]);
    // Records without a name that match by their code: last ascending, first descending, after
    // the walk to the end of the index or in the sort of all matches.
    await sql`update department set code = 'ZETA' || id, name = null where id in (select id from department where name like 'Unit%' order by id limit 2)`.execute(db());
    for (const order of ['ASC', 'DESC']) {
      const listed = await listRecords(db(), 'department', queryOf({ q: 'zeta', sort: 'name', order, per_page: '7' }), options);
      expect(listed).toMatchObject({ total: 7, totalEstimated: false });
      expect(listed.rows.map((r) => r.name === null)).toEqual(order === 'ASC' ? [false, false, false, false, false, true, true] : [true, true, false, false, false, false, false]);
    }
    await expectSamePages(options, { q: 'zeta' }, [1, 2]);
  });

  it('are counted when a walk fills the page but stops before the cap, with matches thin at the start of the order', async () => {
    await fillDepartments(600);
    // By sorting_no: a few matches among the first (sorting_no 0), none next, then every row.
    await sql`update department set name = 'Other ' || code where sorting_no in (1, 2) or (sorting_no = 0 and id % 10 <> 0)`.execute(db());
    await analyze();
    const options = { countCap: 50, sortAllMax: 50 };
    const query = queryOf({ q: 'unit', sort: 'sorting_no', per_page: '7' });
    const listed = await listRecords(db(), 'department', query, options);
    expect(listed.rows.map((r) => r.id)).toEqual(await plainPage({ q: 'unit', sort: 'sorting_no', order: 'asc', page: 1, perPage: 7 }));
    expect(listed.totalEstimated).toBe(true);
    expect(await plainCount({ q: 'unit' })).toBeGreaterThan(50);
    await expectSamePages(options, { q: 'unit' }, [1, 2, 9]);
  });

  it('put the records without a value first in a descending order and last in an ascending one, walk or not', async () => {
    await fillDepartments(1200);
    // Every 40th department has no name: a descending walk of the name index starts with them.
    await sql`update department set name = null where id % 40 = 0`.execute(db());
    await analyze();
    const options = { countCap: 50, sortAllMax: 50 };
    await expectSamePages(options, {}, [1, 2, 5, 170, 172]);
    await expectSamePages(options, { q: 'd00' }, [1, 4]);
  });

  it("ask the planner for a filter's estimate once while the statistics stand, and again after they change", async () => {
    await fillDepartments(600);
    await analyze();
    // Counts the EXPLAINs this handle runs (a plugin sees every query before it is compiled).
    let explains = 0;
    const counted = db().withPlugin({
      transformQuery: ({ node }) => {
        if ('explain' in node && node.explain) explains++;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const options = { countCap: 50, sortAllMax: 50 };
    const page = (params: Record<string, string>) => listRecords(counted, 'department', queryOf({ per_page: '5', ...params }), options);
    await page({ q: 'unit 00' });
    await page({ q: 'unit 00', page: '2' });
    await page({ q: 'unit 00', sort: 'name', order: 'DESC' });
    expect(explains).toBe(1);
    // Another filter is another estimate.
    const other = await page({ q: 'unit 003', sort: 'code', order: 'ASC' });
    expect(explains).toBe(2);
    expect(other.rows.map((r) => r.id)).toEqual(await plainPage({ q: 'unit 003', sort: 'code', order: 'asc', page: 1, perPage: 5 }));
    expect(other.total).toBe(100);
    // New statistics: the next list asks again.
    forgetListStatistics(counted);
    await page({ q: 'unit 00' });
    expect(explains).toBe(3);
  });

  it('are marked in the API answer', async () => {
    expect(COUNT_CAP).toBeLessThan(SORT_ALL_MAX);
    await fillDepartments(30);
    await analyze();
    const small = await server.call('GET', '/api/v1/department?per_page=5', { as: 'admin' });
    expect(small.json).toMatchObject({ success: true, total: 30, total_estimated: false });

    await fillDepartments(SORT_ALL_MAX + 2000);
    await analyze();
    const many = await server.call('GET', '/api/v1/department?per_page=5&sort=name&order=DESC', { as: 'admin' });
    expect(many.json).toMatchObject({ success: true, total_estimated: true });
    expect(many.json.total).toBeGreaterThan(SORT_ALL_MAX);
    const last = SORT_ALL_MAX + 2000;
    const code = (n: number) => `D${String(n).padStart(5, '0')}`;
    expect(many.json.data.map((r: { code: string }) => r.code)).toEqual([0, 1, 2, 3, 4].map((i) => code(last - i)));
    const one = await server.call('GET', '/api/v1/department?q=unit%2003141', { as: 'admin' });
    expect(one.json).toMatchObject({ total: 1, total_estimated: false, data: [{ code: 'D03141' }] });
  });
});
