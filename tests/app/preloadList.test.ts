// @vitest-environment jsdom
// A logged-in start at a list asks for its first page ahead (src/app/preloadList.ts): the page
// react-admin's list will ask for, from its store or the schema's defaults.
import { afterEach, describe, expect, it } from 'vitest';
import { firstListCall } from '../../src/app/preloadList';
import type { EntityModel, ResourceEntry } from '../../src/shared/entityModel';
import { resources as allEntries } from '../../src/generated/allEntries';

const entity = { name: 'class', resource: 'class', fields: [], list: { sort: { field: 'code', order: 'ASC' }, perPage: 25 } } as unknown as EntityModel;
const entry = { resource: 'class', load: async () => ({ entity, validate: () => true, related: [] }) } as unknown as ResourceEntry;

describe('the first list call made ahead', () => {
  afterEach(() => window.localStorage.clear());

  it("is the schema's default page when the user changed nothing", async () => {
    expect(await firstListCall(entry)).toEqual({ pagination: { page: 1, perPage: 25 }, sort: { field: 'code', order: 'ASC' }, filter: {} });
  });

  it("needs no entity module when the registry entry carries the list's defaults (the generated entries do)", async () => {
    const noModule = { resource: 'class', listDefaults: { sort: { field: 'name', order: 'DESC' }, perPage: 10 }, load: () => Promise.reject(new Error('not loaded')) } as unknown as ResourceEntry;
    expect(await firstListCall(noModule)).toEqual({ pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'DESC' }, filter: {} });
    const classEntry = allEntries.find((e) => e.resource === 'class')!;
    const { entity: classEntity } = await classEntry.load();
    expect(classEntry.listDefaults).toEqual({ sort: classEntity.list.sort, perPage: classEntity.list.perPage });
  });

  it('is the page react-admin kept for the list when the user changed its sort, size or filter', async () => {
    window.localStorage.setItem(
      'RaStore.class.listParams',
      JSON.stringify({ sort: 'name', order: 'DESC', page: 2, perPage: 50, filter: { is_active: true } }),
    );
    expect(await firstListCall(entry)).toEqual({ pagination: { page: 2, perPage: 50 }, sort: { field: 'name', order: 'DESC' }, filter: { is_active: true } });
  });
});
