// GET and PUT /api/v1/me/views/<resource> (src/shared/api/listViews.ts): the caller's own
// columns and saved views of one list, to a user whose roles may open that list. A PUT sends
// the whole settings and is checked as a list call would be: every column a field of the entity
// the user may see, every saved filter and sort one the list accepts (server/crud/listQuery.ts);
// a refused one answers 400/422 in the user's language and nothing is saved. Saving the same
// settings twice changes nothing (server/me/preferenceStore.ts).

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EntityModel, Locale } from '../../src/shared/entityModel';
import { hasScreen } from '../../src/shared/entityModel';
import { fillText } from '../../src/shared/messages';
import { isPlainObject } from '../../src/shared/validation';
import {
  LIST_VIEWS_PATH,
  MAX_SAVED_VIEWS,
  MAX_VIEW_NAME,
  NO_LIST_VIEW_SETTINGS,
  type ListViewSettings,
  type ListViewsAnswer,
  type SavedListView,
  type ViewFilterValue,
} from '../../src/shared/api/listViews';
import { mayDo } from '../auth/access';
import { sessionUser } from '../auth/requireSession';
import type { Catalog } from '../crud/catalog';
import { parseListQuery } from '../crud/listQuery';
import type { Db } from '../db/database';
import { apiError, invalidInput } from '../http/apiError';
import { requestLocale } from '../http/requestLocale';
import { success } from '../http/success';
import { readPreference, writePreference, type PreferenceOwner } from './preferenceStore';

const TEXTS = {
  en: {
    columns: 'Choose at least one column the list has',
    column: 'The list has no column "%{name}"',
    views: 'At most %{max} saved views',
    name: 'A view needs a name of at most %{max} characters',
    duplicate: 'There is already a view named "%{name}"',
    view: 'A saved view needs a filter and a sort',
  },
  id: {
    columns: 'Pilih setidaknya satu kolom yang ada di daftar',
    column: 'Daftar ini tidak memiliki kolom "%{name}"',
    views: 'Paling banyak %{max} tampilan tersimpan',
    name: 'Tampilan perlu nama paling panjang %{max} karakter',
    duplicate: 'Sudah ada tampilan bernama "%{name}"',
    view: 'Tampilan tersimpan perlu saringan dan urutan',
  },
} satisfies Record<Locale, Record<string, string>>;

function text(locale: Locale, key: keyof (typeof TEXTS)['en'], params: Record<string, string | number> = {}): string {
  return fillText(TEXTS[locale][key], params);
}

/** The preference key of an entity's list. */
export function listViewsKey(entity: Pick<EntityModel, 'name'>): string {
  return `list:${entity.name}`;
}

/** The fields the user may show as columns: the schema's `list.choosable`, readable by their roles (a reference: its target's list). */
function columnNames(catalog: Catalog, entity: EntityModel, roles: readonly string[]): Set<string> {
  const offered = entity.list.choosable;
  return new Set(
    entity.fields
      .filter((f) => !f.writeOnly && (offered ? offered.includes(f.name) : true))
      .filter((f) => {
        if (f.kind !== 'reference' && f.kind !== 'references') return true;
        const target = f.to ? catalog.entityNamed(f.to) : undefined;
        return target ? mayDo(roles, target, 'list') : false;
      })
      .map((f) => f.name),
  );
}

function isFilterValue(value: unknown): value is ViewFilterValue {
  if (typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  return Array.isArray(value) && value.length <= 1000 && value.every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)));
}

export function registerListViewRoutes(app: FastifyInstance, db: Db, catalog: Catalog): void {
  const byResource = new Map<string, EntityModel>();
  for (const entity of catalog.entitiesInTableOrder()) {
    if (hasScreen(entity) && !entity.singleton && entity.resource) byResource.set(entity.resource, entity);
  }
  const targetOf = (name: string) => {
    const target = catalog.entityNamed(name);
    return target && { table: catalog.tableOf(target), entity: target };
  };

  /** The list asked for, to a user whose roles may open it; else 404 or 403. */
  function listOf(request: FastifyRequest): { entity: EntityModel; owner: PreferenceOwner; roles: readonly string[]; locale: Locale } {
    const locale = requestLocale(request);
    const user = sessionUser(request);
    const resource = (request.params as { resource: string }).resource;
    const entity = byResource.get(resource);
    if (!entity) throw apiError(locale, 404, 'notFound', { entity: locale === 'en' ? 'List' : 'Daftar' });
    if (!mayDo(user.roles, entity, 'list')) throw apiError(locale, 403, 'forbidden');
    return { entity, owner: { kind: user.kind, id: user.id }, roles: user.roles, locale };
  }

  /** The settings sent, checked; a refused part throws before anything is saved. */
  function checkedSettings(body: unknown, entity: EntityModel, roles: readonly string[], locale: Locale): ListViewSettings {
    if (!isPlainObject(body)) throw apiError(locale, 400, 'badJson');
    const allowed = columnNames(catalog, entity, roles);
    const columnsOf = (raw: unknown, field: string): string[] | null => {
      if (raw === null || raw === undefined) return null;
      if (!Array.isArray(raw) || raw.length === 0 || !raw.every((c) => typeof c === 'string')) {
        throw invalidInput(locale, { [field]: [text(locale, 'columns')] });
      }
      const unknown = raw.find((c) => !allowed.has(c));
      if (unknown !== undefined) throw invalidInput(locale, { [field]: [text(locale, 'column', { name: unknown })] });
      return [...new Set(raw as string[])];
    };
    const columns = columnsOf(body.columns, 'columns');
    const rawViews = body.views ?? [];
    if (!Array.isArray(rawViews) || rawViews.length > MAX_SAVED_VIEWS) {
      throw invalidInput(locale, { views: [text(locale, 'views', { max: MAX_SAVED_VIEWS })] });
    }
    const names = new Set<string>();
    const views: SavedListView[] = rawViews.map((raw: unknown) => {
      if (!isPlainObject(raw) || !isPlainObject(raw.filter) || !isPlainObject(raw.sort)) {
        throw invalidInput(locale, { views: [text(locale, 'view')] });
      }
      const name = typeof raw.name === 'string' ? raw.name.trim() : '';
      if (!name || name.length > MAX_VIEW_NAME) throw invalidInput(locale, { name: [text(locale, 'name', { max: MAX_VIEW_NAME })] });
      if (names.has(name.toLowerCase())) throw invalidInput(locale, { name: [text(locale, 'duplicate', { name })] });
      names.add(name.toLowerCase());
      const filter: Record<string, ViewFilterValue> = {};
      for (const [key, value] of Object.entries(raw.filter)) {
        if (!isFilterValue(value)) throw apiError(locale, 400, 'badFilterValue', { field: key });
        filter[key] = value;
      }
      const field = String(raw.sort.field ?? '');
      const order = String(raw.sort.order ?? '').toUpperCase();
      // The list's own check of a filter and a sort: a view saves only what the list would accept.
      const paging = ['page', 'per_page', 'sort', 'order'].find((p) => p in filter);
      if (paging) throw apiError(locale, 400, 'badFilter', { field: paging, allowed: 'q' });
      parseListQuery(entity, { ...filter, sort: field, order }, locale, targetOf);
      return { name, filter, sort: { field, order: order === 'DESC' ? 'DESC' : 'ASC' }, columns: columnsOf(raw.columns, 'columns') };
    });
    return { columns, views };
  }

  app.get(`/${LIST_VIEWS_PATH}/:resource`, async (request): Promise<ListViewsAnswer> => {
    const { entity, owner } = listOf(request);
    const stored = await readPreference(db, owner, listViewsKey(entity));
    return success({ data: isPlainObject(stored) ? (stored as unknown as ListViewSettings) : NO_LIST_VIEW_SETTINGS });
  });

  app.put(`/${LIST_VIEWS_PATH}/:resource`, async (request): Promise<ListViewsAnswer> => {
    const { entity, owner, roles, locale } = listOf(request);
    const settings = checkedSettings(request.body, entity, roles, locale);
    await writePreference(db, owner, listViewsKey(entity), settings);
    return success({ data: settings });
  });
}
