// The shell's own calls (spec 1 §7.2): what every logged-in page asks for besides the data of
// its screen. Any logged-in user may make them; each answers only about that user.
//   GET get-menu                 → { data: the school identity (sidebar logo and name) }
//   GET general-setting          → { data: { value: 'cc' | 'kokoro' } } (the theme)
//   GET check-user-modules       → { data: { academic, finance, …flags }, modules: [{ code, name, redirect }] }
//   GET notification             → { data: [{ id, doc_name, doc_id, info, key, params, created_at, read }],
//                                    count: unread, total }; the latest 50, or a page with page= and per_page=
//   GET notification/{id}        → { data: one notification }
//   PUT notification/{id}/read   → marks one read, answers as GET notification
//   PUT notification/read        → marks all read, answers as GET notification
// A notification is the caller's own (any kind of login: server/shell/notificationStore.ts);
// another's is refused with 403, an id that names none with 404.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EntityModel } from '../../src/shared/entityModel';
import { sessionUser } from '../auth/requireSession';
import type { Catalog } from '../crud/catalog';
import type { Db, Row } from '../db/database';
import { typedDb } from '../db/typedDb';
import { apiError } from '../http/apiError';
import { MAX_PAGE, pagingNumber } from '../http/pagingNumber';
import { requestLocale } from '../http/requestLocale';
import { moduleFlags, modulesOfUser } from './moduleAccess';
import { markAllRead, markRead, notificationOf, notificationsOf, recipientOf, type Lookup } from './notificationStore';
import { success } from '../http/success';
import {
  THEMES,
  type GeneralSettingAnswer,
  type MenuAnswer,
  type NotificationAnswer,
  type NotificationsAnswer,
  type ThemeName,
  type UserModulesAnswer,
} from '../../src/shared/api/shell';

const MAX_NOTIFICATIONS_PER_PAGE = 100;

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

/** The `page` and `per_page` of a notification list (per_page at most 100, default 20); no page: the latest 50. */
function pageOf(request: FastifyRequest): { limit?: number; offset?: number } {
  const locale = requestLocale(request);
  const query = request.query as Record<string, unknown>;
  const page = pagingNumber(locale, 'page', query.page, 0, MAX_PAGE);
  const limit = pagingNumber(locale, 'per_page', query.per_page, 20, MAX_NOTIFICATIONS_PER_PAGE);
  return page === 0 ? {} : { limit, offset: (page - 1) * limit };
}

/** The id of notification/{id}: 0 (no notification has it) when it is no positive integer. */
function notificationId(request: FastifyRequest): number {
  const text = (request.params as { id: string }).id;
  return /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : 0;
}

function foundOrRefused(request: FastifyRequest, lookup: Lookup) {
  const locale = requestLocale(request);
  if ('forbidden' in lookup) throw apiError(locale, 403, 'forbidden');
  if ('missing' in lookup) throw apiError(locale, 404, 'notFound', { entity: locale === 'en' ? 'Notification' : 'Notifikasi' });
  return lookup.found;
}

export function registerShellRoutes(app: FastifyInstance, db: Db, catalog: Catalog, entities: readonly EntityModel[]): void {
  // The notification calls are a bespoke endpoint's model: shared contract (src/shared/api/shell.ts), typed queries.
  const notifications = typedDb(db);
  app.get('/get-menu', async (request): Promise<MenuAnswer> => {
    sessionUser(request);
    const row = await singletonRow(db, catalog, 'school_identity');
    const entity = catalog.entityNamed('school_identity');
    const data: Record<string, unknown> = { id: row?.id ?? null };
    for (const field of entity?.fields ?? []) data[field.name] = row?.[field.name] ?? null;
    return success({ data });
  });

  app.get('/general-setting', async (request): Promise<GeneralSettingAnswer> => {
    sessionUser(request);
    const row = await singletonRow(db, catalog, 'setting_general');
    const value: ThemeName = THEMES.find((theme) => theme === row?.theme) ?? 'cc';
    return success({ data: { value } });
  });

  app.get('/check-user-modules', async (request): Promise<UserModulesAnswer> => {
    const user = ownUser(request, 'user_id');
    const modules = await modulesOfUser(db, catalog, entities, user.roles);
    return success({ data: moduleFlags(modules), modules });
  });

  app.get('/notification', async (request): Promise<NotificationsAnswer> => {
    const user = ownUser(request, 'username');
    return success(await notificationsOf(notifications, recipientOf(user), pageOf(request)));
  });

  app.put('/notification/read', async (request): Promise<NotificationsAnswer> => {
    const user = sessionUser(request);
    await markAllRead(notifications, recipientOf(user));
    return success(await notificationsOf(notifications, recipientOf(user)));
  });

  app.get('/notification/:id', async (request): Promise<NotificationAnswer> => {
    const user = sessionUser(request);
    const found = foundOrRefused(request, await notificationOf(notifications, recipientOf(user), notificationId(request)));
    return success({ data: found });
  });

  app.put('/notification/:id/read', async (request): Promise<NotificationsAnswer> => {
    const user = sessionUser(request);
    foundOrRefused(request, await markRead(notifications, recipientOf(user), notificationId(request)));
    return success(await notificationsOf(notifications, recipientOf(user)));
  });
}
