// Lists: paging with totals, `q` search, sorting, equality and range filters, and the 400s
// for anything the schema does not declare.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListQuery } from '../../server/crud/listQuery';
import { entities } from '../../src/generated/all';
import type { EntityModel } from '../../src/shared/entityModel';
import { academicYear, created } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
const DEPARTMENTS = 30;

beforeAll(async () => {
  server = await startTestServer();
  for (let i = 1; i <= DEPARTMENTS; i++) {
    const n = String(i).padStart(2, '0');
    await created(server, 'department', {
      code: `U${n}`,
      name: i === 7 ? 'Unit 07 PERCOBAAN Khusus' : `Unit ${n}`,
      sorting_no: DEPARTMENTS + 1 - i,
      is_active: i % 3 !== 0,
    });
  }
  await created(server, 'department', { code: 'PCT', name: 'Diskon 100% Unit', sorting_no: 100 });
  await created(server, 'department', { code: 'UND', name: 'Unit_garis bawah', sorting_no: 101 });
});
afterAll(async () => {
  await server?.close();
});

// With paging, as react-admin calls it: /department without the list's own parameters is the
// `department` lookup of spec 1 §7.3 (see formatExtensions.test.ts).
const list = (query: string, language = 'id') =>
  server.call('GET', `/api/v1/department?${/(^|&)(page|per_page)=/.test(query) ? query : `page=1&${query}`}`, {
    as: 'teacher',
    headers: { 'accept-language': language },
  });
const codes = (answer: { json: { data: Array<{ code: string }> } }) => answer.json.data.map((r) => r.code);

describe('paging', () => {
  it('answers one page and the total', async () => {
    const answer = await list('page=2&per_page=10&sort=code&order=ASC');
    expect(answer.status).toBe(200);
    expect(answer.json.success).toBe(true);
    expect(answer.json.total).toBe(DEPARTMENTS + 2);
    expect(codes(answer)).toEqual(['U10', 'U11', 'U12', 'U13', 'U14', 'U15', 'U16', 'U17', 'U18', 'U19']); // after PCT, U01…U09
    // Records carry their system columns.
    expect(Object.keys(answer.json.data[0])).toEqual(expect.arrayContaining(['id', 'version', 'created_at', 'updated_at', 'created_by', 'updated_by']));
  });

  it('answers an empty page past the end, with the total', async () => {
    const answer = await list('page=9&per_page=10');
    expect(answer.json).toMatchObject({ success: true, data: [], total: DEPARTMENTS + 2 });
  });

  it('accepts up to 100 per page and refuses more', async () => {
    expect((await list('per_page=100')).status).toBe(200);
    const tooMany = await list('per_page=101', 'en');
    expect(tooMany.status).toBe(400);
    expect(tooMany.json).toMatchObject({ success: false, message: 'per_page must be a whole number from 1 to 100' });
    expect(tooMany.json.request_id).toBeTruthy();
  });

  it('refuses page 0 and pages that are not numbers', async () => {
    for (const query of ['page=0', 'page=-1', 'page=abc', 'page=1e20', 'per_page=0', 'per_page=2.5', 'per_page=1e20']) {
      expect((await list(query)).status, query).toBe(400);
    }
  });
});

describe('q search', () => {
  it('is case-insensitive over the list.search fields', async () => {
    const answer = await list('q=percobaan');
    expect(codes(answer)).toEqual(['U07']);
    expect(answer.json.total).toBe(1);
    expect(codes(await list('q=u1'))).toEqual(expect.arrayContaining(['U10', 'U19']));
  });

  it('takes % and _ literally', async () => {
    expect(codes(await list('q=%25'))).toEqual(['PCT']);
    expect(codes(await list('q=_'))).toEqual(['UND']);
  });

  it('combines with filters', async () => {
    const answer = await list('q=unit%200&is_active=false');
    expect(codes(answer).sort()).toEqual(['U03', 'U06', 'U09']);
  });
});

describe('sort', () => {
  it('defaults to the schema list sort', async () => {
    const answer = await list('per_page=3');
    expect(codes(answer)).toEqual(['U30', 'U29', 'U28']); // sorting_no ascending
  });

  it('sorts ascending and descending on any plain field and system column', async () => {
    expect(codes(await list('per_page=3&sort=sorting_no&order=DESC'))).toEqual(['UND', 'PCT', 'U01']);
    expect(codes(await list('per_page=2&sort=code&order=asc'))).toEqual(['PCT', 'U01']);
    expect(codes(await list('per_page=2&sort=id&order=DESC'))).toEqual(['UND', 'PCT']);
    expect((await list('sort=created_at&order=DESC')).status).toBe(200);
  });

  it('refuses an unknown sort field, naming it and the allowed ones', async () => {
    const answer = await list('sort=password', 'en');
    expect(answer.status).toBe(400);
    expect(answer.json.message).toBe(
      'Cannot sort by "password": allowed are id, created_at, updated_at, code, name, npsn, sorting_no, is_active',
    );
    const id = await list('sort=nama');
    expect(id.json.message).toMatch(/^Tidak dapat mengurutkan menurut "nama"/);
  });

  it('refuses an order other than ASC or DESC', async () => {
    expect((await list('sort=code&order=sideways')).status).toBe(400);
  });

  // The list's headers do not sort by them either (src/shared/fieldKinds.ts): one answer for both.
  it.each([
    ['a colour', 'comboard-category', 'color'],
    ['long text', 'comboard-category', 'description'],
    ['rich text', 'announcement-template', 'body'],
  ])('does not sort by %s', async (_, endpoint, field) => {
    const answer = await server.call('GET', `/api/v1/${endpoint}?sort=${field}`, { as: 'admin', headers: { 'accept-language': 'en' } });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toMatch(new RegExp(`^Cannot sort by "${field}": allowed are id, `));
  });

  it('does not sort on file fields', async () => {
    const answer = await server.call('GET', '/api/v1/employee?sort=photo', { as: 'admin' });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toContain('"photo"');
  });
});

describe('filters', () => {
  it('filters on equality, with values read per kind', async () => {
    const inactive = await list('is_active=false&per_page=100');
    expect(inactive.json.total).toBe(10);
    expect(inactive.json.data.every((r: { is_active: boolean }) => r.is_active === false)).toBe(true);
    const one = await list('sorting_no=5');
    expect(one.status).toBe(400); // sorting_no is not a declared filter
  });

  it('takes several values joined by commas, or repeated, as any of them', async () => {
    const all = await list('per_page=1');
    expect((await list('is_active=true,false&per_page=1')).json.total).toBe(all.json.total);
    expect((await list('is_active=true&is_active=false&per_page=1')).json.total).toBe(all.json.total);
    // An enum filter too.
    const employees = await server.call('GET', '/api/v1/employee?page=1&status=active,non_active', { as: 'admin' });
    expect(employees.status).toBe(200);
  });

  it('filters on ids and id', async () => {
    const all = await list('per_page=100&sort=code');
    const [a, b] = all.json.data;
    const answer = await list(`ids=${a.id},${b.id}&sort=code`);
    expect(codes(answer)).toEqual([a.code, b.code]);
    expect(codes(await list(`id=${b.id}`))).toEqual([b.code]);
  });

  it('filters on date ranges with _gte and _lte', async () => {
    await academicYear(server, '2031/2032');
    await academicYear(server, '2032/2033');
    await academicYear(server, '2033/2034');
    const answer = await server.call('GET', '/api/v1/academic-year?start_date_gte=2032-01-01&start_date_lte=2033-12-31&sort=start_date', {
      as: 'admin',
    });
    expect(answer.status).toBe(200);
    expect(answer.json.data.map((r: { name: string }) => r.name)).toEqual(['2032/2033', '2033/2034']);
    expect(answer.json.total).toBe(2);
  });

  it('filters references arrays on the records that hold an id', async () => {
    const department = await created(server, 'department', { code: 'SMA-F', name: 'SMA F' });
    const ipa = await created(server, 'major', { department_id: department.id, code: 'IPA-F', name: 'IPA F' });
    const ips = await created(server, 'major', { department_id: department.id, code: 'IPS-F', name: 'IPS F' });
    const group = await created(server, 'subject_group', { code: 'GRP-F', name: 'Kelompok F' });
    const base = { type: 'major' as const, subject_group_id: group.id };
    await created(server, 'subject', { ...base, code: 'FIS-F', name: 'Fisika', major_ids: [ipa.id] });
    await created(server, 'subject', { ...base, code: 'EKO-F', name: 'Ekonomi', major_ids: [ips.id] });
    await created(server, 'subject', { ...base, code: 'MTK-F', name: 'Matematika', major_ids: [ipa.id, ips.id] });
    const answer = await server.call('GET', `/api/v1/subject?major_ids=${ipa.id}&sort=code`, { as: 'admin' });
    expect(answer.json.data.map((r: { code: string }) => r.code)).toEqual(['FIS-F', 'MTK-F']);
    // Several values, joined by commas as the data provider sends a multiple choice: any of them.
    const either = await server.call('GET', `/api/v1/subject?major_ids=${ipa.id},${ips.id}&sort=code`, { as: 'admin' });
    expect(either.json.data.map((r: { code: string }) => r.code)).toEqual(['EKO-F', 'FIS-F', 'MTK-F']);
    // Reference fields are always filterable.
    const byGroup = await server.call('GET', `/api/v1/subject?page=1&subject_group_id=${group.id}`, { as: 'admin' });
    expect(byGroup.json.total).toBe(3);
  });

  it('refuses an unknown filter field, naming it and the allowed ones', async () => {
    const answer = await list('nama=Unit', 'en');
    expect(answer.status).toBe(400);
    expect(answer.json.message).toBe('Cannot filter by "nama": allowed are q, ids, id, is_active');
  });

  it('refuses a filter value that is not of the field kind', async () => {
    for (const query of ['is_active=yes', 'id=abc', 'ids=1,x', 'id=99999999999']) {
      const answer = await list(query, 'en');
      expect(answer.status, query).toBe(400);
      expect(answer.json.message).toMatch(/^The filter value for "(is_active|id|ids)" is not valid$/);
    }
    const date = await server.call('GET', '/api/v1/academic-year?start_date_gte=2025-02-30', { as: 'admin' });
    expect(date.status).toBe(400);
  });

  it('refuses NUL characters in search and filter texts', async () => {
    expect((await list('q=a%00b')).status).toBe(400);
    expect((await server.call('GET', '/api/v1/employee?gender=ma%00le', { as: 'admin' })).status).toBe(400);
  });

  it('ignores a filter left empty', async () => {
    const all = await list('per_page=1');
    expect((await list('is_active=&per_page=1')).json.total).toBe(all.json.total);
  });
});

describe('the filters a list declares, by kind', () => {
  const schedule = entities.find((e) => e.name === 'extracurricular_schedule') as EntityModel;
  const withFilters = (filters: string[]): EntityModel => ({ ...schedule, list: { ...schedule.list, filters } });

  // A time of day is filtered from / to like a date, as the app's filter offers it.
  it('takes a time range', () => {
    const query = parseListQuery(withFilters(['start_time']), { start_time_gte: '07:00', start_time_lte: '09:30' }, 'en');
    expect(query.conditions).toEqual([
      { kind: 'range', column: 'start_time', op: '>=', value: '07:00' },
      { kind: 'range', column: 'start_time', op: '<=', value: '09:30' },
    ]);
  });

  it('refuses a time range end that is no time of day', () => {
    expect(() => parseListQuery(withFilters(['start_time']), { start_time_gte: '25:00' }, 'en')).toThrow(/start_time_gte/);
  });

  it('offers no range of a field the list does not filter by', () => {
    expect(() => parseListQuery(withFilters([]), { start_time_gte: '07:00' }, 'en')).toThrow(/start_time_gte/);
  });
});
