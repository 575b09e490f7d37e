// The shell's own calls (spec 1 §7.2): what every logged-in page asks for besides the data of
// its screen. Any logged-in user may make them; each answers only about that user.
//   GET get-menu                 → { data: the school identity (sidebar logo and name) }
//   GET general-setting          → { data: { value: 'cc' | 'kokoro' } } (the theme)
//   GET check-user-modules       → { data: { academic, finance, …flags }, modules: [{ code, name, redirect }] }
//   GET notification             → { data: [{ id, doc_name, doc_id, info, created_at, read }], count: unread }
//   PUT notification/{id}/read   → marks one read

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EntityModel } from '../../src/shared/entityModel';
import { sessionUser } from '../auth/requireSession';
import type { Catalog } from '../crud/catalog';
import type { Db, Row } from '../db/database';
import { apiError } from '../http/apiError';
import { requestLocale } from '../http/requestLocale';
import { moduleFlags, modulesOfUser } from './moduleAccess';
import { markRead, notificationsOf } from './notificationStore';

export const THEMES = ['cc', 'kokoro'] as const;

async function singletonRow(db: Db, catalog: Catalog, name: string): Promise<Row | undefined> {
  const entity = catalog.entityNamed(name);
  if (!entity) return undefined;
  return db.selectFrom(catalog.tableOf(entity)).selectAll().orderBy('id').limit(1).executeTakeFirst();
}

/** A query parameter naming a user must name the caller: nobody reads another's modules or bell. */
function ownUser(request: FastifyRequest, param: 'user_id' | 'username') {
  const user = sessionUser(request);
  const asked = (request.query as Record<string, unknown>)[param];
  if (asked !== undefined && asked !== '' && String(asked) !== String(param === 'user_id' ? user.id : user.username)) {
    throw apiError(requestLocale(request), 403, 'forbidden');
  }
  return user;
}

export function registerShellRoutes(app: FastifyInstance, db: Db, catalog: Catalog, entities: readonly EntityModel[]): void {
  app.get('/get-menu', async (request) => {
    sessionUser(request);
    const row = await singletonRow(db, catalog, 'school_identity');
    const entity = catalog.entityNamed('school_identity');
    const data: Record<string, unknown> = { id: row?.id ?? null };
    for (const field of entity?.fields ?? []) data[field.name] = row?.[field.name] ?? null;
    return { success: true, data };
  });

  app.get('/general-setting', async (request) => {
    sessionUser(request);
    const row = await singletonRow(db, catalog, 'setting_general');
    const value = THEMES.includes(row?.theme as (typeof THEMES)[number]) ? row!.theme : 'cc';
    return { success: true, data: { value } };
  });

  app.get('/check-user-modules', async (request) => {
    const user = ownUser(request, 'user_id');
    const modules = await modulesOfUser(db, catalog, entities, user.roles);
    return { success: true, data: moduleFlags(modules), modules };
  });

  app.get('/notification', async (request) => {
    const user = ownUser(request, 'username');
    return { success: true, ...(await notificationsOf(db, user.id)) };
  });

  app.put('/notification/:id/read', async (request) => {
    const user = sessionUser(request);
    const id = Number((request.params as { id: string }).id);
    const locale = requestLocale(request);
    if (!Number.isInteger(id) || id < 1 || !(await markRead(db, user.id, id))) {
      throw apiError(locale, 404, 'notFound', { entity: locale === 'en' ? 'Notification' : 'Notifikasi' });
    }
    return { success: true, ...(await notificationsOf(db, user.id)) };
  });
}
