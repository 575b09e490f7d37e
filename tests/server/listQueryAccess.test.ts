// `q` searches only the fields the caller may read (issue 16): a match on a field hidden from
// their roles would tell its value one search at a time.

import { describe, expect, it } from 'vitest';
import type { EntityModel } from '../../src/shared/entityModel';
import { SEARCH_COLUMN } from '../../src/shared/searchColumn';
import { entities } from '../../src/generated/all';
import { parseListQuery, type TargetOf } from '../../server/crud/listQuery';

const teacher = entities.find((e) => e.name === 'teacher')!;
const employee = entities.find((e) => e.name === 'employee')!;
const targetOf: TargetOf = (name) => (name === 'employee' ? { table: 'employee', entity: employee } : undefined);

/** The teacher entity with its code hidden from teachers (the schema hides only the employee id). */
const codeHidden: EntityModel = {
  ...teacher,
  fields: teacher.fields.map((f) => (f.name === 'code' ? { ...f, access: { hidden: ['ROLE_TEACHER'] } } : f)),
};

describe('a list search and field access', () => {
  it('searches every listed field for a role that may read them, through the search column', () => {
    const query = parseListQuery(codeHidden, { q: 'guru' }, 'en', targetOf, ['ROLE_ADMIN']);
    expect(query.search?.fields.map((f) => f.name)).toEqual(['code']);
    expect(query.search?.column?.name).toBe(SEARCH_COLUMN);
    expect(query.search?.through?.map((t) => `${t.column}.${t.field.name}`)).toEqual(['employee_id.name']);
  });

  it('leaves a hidden field out of the search, and the search column that holds it', () => {
    const query = parseListQuery(codeHidden, { q: 'guru' }, 'en', targetOf, ['ROLE_TEACHER']);
    expect(query.search?.fields).toEqual([]);
    expect(query.search?.column).toBeUndefined();
    // The teacher's name is read through the represent: still searched.
    expect(query.search?.through?.map((t) => `${t.column}.${t.field.name}`)).toEqual(['employee_id.name']);
  });

  it('follows the entity rule: a teacher who is also an admin reads what admins read', () => {
    const query = parseListQuery(codeHidden, { q: 'guru' }, 'en', targetOf, ['ROLE_TEACHER', 'ROLE_ADMIN']);
    expect(query.search?.fields.map((f) => f.name)).toEqual(['code']);
  });
});
