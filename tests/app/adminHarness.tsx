// Rendering the app's views in react-admin's admin context for component tests: a memory
// router, the app's i18n provider in the chosen language, the resource definitions App
// registers (records represented as the app represents them), notifications and the title.

import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import {
  AdminContext,
  memoryStore,
  Notification,
  ResourceContextProvider,
  ResourceDefinitionContextProvider,
  TestMemoryRouter,
  type AuthProvider,
  type DataProvider,
  type RaRecord,
} from 'react-admin';
import { resources } from '../../src/generated/allEntries';
import type { SessionStorage } from '../../src/providers/session';
import type { EntityModule, Locale, ResourceEntry } from '../../src/shared/entityModel';
import { abilitiesOf } from '../../src/views/access';
import { EntityCreate } from '../../src/views/EntityCreate';
import { EntityEdit } from '../../src/views/EntityEdit';
import { EntityList } from '../../src/views/EntityList';
import { EntityShow } from '../../src/views/EntityShow';
import { recordText } from '../../src/views/represent';
import { i18nWithEntries } from './knownEntries';

export const ADMIN = ['ROLE_ADMIN'];

export function entryOf(resource: string): ResourceEntry {
  const entry = resources.find((e) => e.resource === resource || e.name === resource);
  if (!entry) throw new Error(`no registry entry ${resource}`);
  return entry;
}

export function storageWith(locale: Locale): SessionStorage {
  const map = new Map<string, string>([['locale', locale]]);
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

/** react-admin's resource definitions as App registers them (recordRepresentation as the app represents records). */
export const definitions = Object.fromEntries(
  resources.map((entry) => [
    entry.resource,
    {
      name: entry.resource,
      hasList: true,
      hasShow: !entry.singleton,
      hasCreate: !entry.singleton,
      hasEdit: !entry.singleton,
      recordRepresentation: (record: RaRecord) => recordText(entry, record),
    },
  ]),
);

/** A data provider over plain records by resource (a copy: writes change it); `overrides` replace its methods. */
export function memoryProvider(initial: Record<string, RaRecord[]>, overrides: Partial<DataProvider> = {}): DataProvider {
  const lists = Object.fromEntries(Object.entries(initial).map(([resource, records]) => [resource, [...records]]));
  const all = (resource: string) => (lists[resource] ??= []);
  // Plain functions over plain records; react-admin's generic method types add nothing here.
  const base = {
    getList: async (resource: string) => ({ data: all(resource), total: all(resource).length }),
    getOne: async (resource: string, { id }: { id: unknown }) => ({ data: all(resource).find((r) => String(r.id) === String(id)) as RaRecord }),
    getMany: async (resource: string, { ids }: { ids: unknown[] }) => ({ data: all(resource).filter((r) => ids.includes(r.id)) }),
    getManyReference: async (resource: string, { target, id }: { target: string; id: unknown }) => {
      const data = all(resource).filter((r) => String(r[target]) === String(id));
      return { data, total: data.length };
    },
    create: async (resource: string, { data }: { data: object }) => {
      const record = { id: 99, ...data };
      all(resource).push(record);
      return { data: record };
    },
    update: async (resource: string, { id, data }: { id: unknown; data: RaRecord }) => {
      const records = all(resource);
      const index = records.findIndex((r) => String(r.id) === String(id));
      if (index >= 0) records[index] = { ...records[index], ...data };
      return { data };
    },
    updateMany: async () => ({ data: [] }),
    delete: async (resource: string, { id, previousData }: { id: unknown; previousData?: RaRecord }) => {
      const records = all(resource);
      const index = records.findIndex((r) => String(r.id) === String(id));
      if (index >= 0) records.splice(index, 1);
      return { data: previousData };
    },
    deleteMany: async () => ({ data: [] }),
  };
  return { ...base, ...overrides } as unknown as DataProvider;
}

export interface RenderOptions {
  at?: string;
  locale?: Locale;
  dataProvider?: DataProvider;
  /** Entity modules whose field labels are known (the app registers them when a view loads). */
  modules?: EntityModule[];
  authProvider?: AuthProvider;
}

export function renderInAdmin(
  ui: ReactNode,
  { at = '/', locale = 'id', dataProvider = memoryProvider({}), modules = [], authProvider }: RenderOptions = {},
) {
  const i18nProvider = i18nWithEntries(storageWith(locale));
  for (const module of modules) i18nProvider.addEntity(module.entity);
  return render(
    <TestMemoryRouter initialEntries={[at]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={authProvider} store={memoryStore()}>
        <ResourceDefinitionContextProvider definitions={definitions}>
          <h1 id="react-admin-title" />
          {ui}
          <Notification />
        </ResourceDefinitionContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

export type ViewName = 'list' | 'create' | 'edit' | 'show';

const PATHS: Record<ViewName, string> = { list: '', create: '/create', edit: '/:id', show: '/:id/show' };

/** The generic views' routes of some entities, as react-admin gives them (`/class/5/show` reads id 5). */
export function views(...routes: Array<[EntityModule, ViewName, (readonly string[])?]>): ReactElement {
  return (
    <Routes>
      {routes.map(([module, child, roles = ADMIN]) => {
        const entry = entryOf(module.entity.resource);
        const props = { entry, module, can: abilitiesOf(entry, roles), roles };
        const element = {
          list: <EntityList {...props} />,
          create: <EntityCreate {...props} />,
          edit: <EntityEdit {...props} />,
          show: <EntityShow {...props} />,
        }[child];
        return (
          <Route
            key={`${entry.resource}${PATHS[child]}`}
            path={`/${entry.resource}${PATHS[child]}`}
            element={<ResourceContextProvider value={entry.resource}>{element}</ResourceContextProvider>}
          />
        );
      })}
    </Routes>
  );
}
