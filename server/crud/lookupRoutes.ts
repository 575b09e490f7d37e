// The lookup lists of spec 1 §7.3: GET /api/v1/{lookup} answers { success, data } with every
// record (up to a limit) and its label under the key the existing product's selection
// controls read (name, description, year_description…), pinned by the lookup's `where`
// (journaltypepayment: the payment journals only), optionally narrowed by the lookup's
// filters, with an ALL entry in front where the spec says so (shift, the course department
// list). A lookup named like its own entity's endpoint is answered by that
// entity's list route when the call carries no paging (see entityRoutes).

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import type { EntityModel, LookupModel } from '../../src/shared/entityModel';
import { representRecord } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import type { Db, Row } from '../db/database';
import { apiError } from '../http/apiError';
import type { Catalog } from './catalog';
import { parseFilterValue } from './filterValues';
import { answerRows } from './recordAnswers';
import { refuseHiddenQuery } from '../fieldAccess/fieldAccess';
import { allowed } from './routeParts';
import { success } from '../http/success';
import { sessionUser } from '../auth/requireSession';
import { requestLocale } from '../http/requestLocale';
import { ownLookupIds } from '../portal/ownLookupIds';

/** The most rows a lookup answers: selection controls, not exports. */
export const LOOKUP_LIMIT = 1000;

export async function lookupAnswer(db: Db, catalog: Catalog, entity: EntityModel, lookup: LookupModel, request: FastifyRequest) {
  // A `-parent` lookup called by a parent or a student lists only what concerns their own
  // children (server/portal/ownLookupIds.ts); anyone else needs the entity's read access.
  const user = sessionUser(request);
  const family = lookup.name.endsWith('-parent') && (user.kind === 'parent' || user.kind === 'student');
  const locale = family ? requestLocale(request) : allowed(request, entity, 'list').locale;
  const query = request.query as Record<string, unknown>;
  const unknown = Object.keys(query).find((name) => !lookup.filters.includes(name));
  if (unknown !== undefined) {
    throw apiError(locale, 400, 'badFilter', { field: unknown, allowed: lookup.filters.join(', ') || '—' });
  }
  refuseHiddenQuery(entity, user.roles, query, locale);
  let select = db.selectFrom(catalog.tableOf(entity)).selectAll();
  if (family) {
    const own = await ownLookupIds(db, entity.name, user.kind === 'student' ? [user.id] : user.student_ids);
    select = select.where(sql<SqlBool>`id = any(${sql.val(own)})`);
  }
  // A pinned lookup (journaltypepayment: category = payment) holds only such records.
  for (const [name, value] of Object.entries(lookup.where ?? {})) select = select.where(sql.ref(name), '=', value);
  for (const name of lookup.filters) {
    const text = query[name];
    if (text === undefined || text === '' || text === 'ALL') continue;
    const field = entity.fields.find((f) => f.name === name)!;
    const value = typeof text === 'string' ? parseFilterValue(field, text) : null;
    if (value === null) throw apiError(locale, 400, 'badFilterValue', { field: name });
    select =
      field.kind === 'references'
        ? select.where(sql<SqlBool>`${sql.ref(name)} @> ${sql.val([value])}::integer[]`)
        : select.where(name, '=', value);
  }
  const sort = entity.list.sort;
  const rows: Row[] = await select.orderBy(sort.field, sort.order === 'DESC' ? 'desc' : 'asc').orderBy('id').limit(LOOKUP_LIMIT).execute();
  const data: Row[] = (await answerRows(db, catalog, entity, rows, user.roles)).map((row) => ({ ...row, [lookup.labelField]: representRecord(lookup.template, row) }));
  if (lookup.all) data.unshift({ id: 'ALL', [lookup.labelField]: message(locale, 'all') });
  return success({ data });
}

export function registerLookupRoutes(app: FastifyInstance, db: Db, catalog: Catalog, entity: EntityModel): void {
  for (const lookup of entity.lookups ?? []) {
    if (lookup.name === entity.endpoint) continue; // answered by the entity's list route
    app.get(`/${lookup.name}`, (request) => lookupAnswer(db, catalog, entity, lookup, request));
  }
}
