// What every entity route does first: check the caller's roles, read the JSON body, and
// check it against the entity's validator (422 with messages per field).

import type { FastifyRequest } from 'fastify';
import type { Action, EntityModel, Locale } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import { checkBody, isPlainObject, leftOut, type FieldErrors } from '../../src/shared/validation';
import { mayDo } from '../auth/access';
import { sessionUser } from '../auth/requireSession';
import { apiError, invalidInput } from '../http/apiError';
import { requestLocale } from '../http/requestLocale';
import type { Catalog } from './catalog';
import type { Writer } from './createRecord';

export function allowed(request: FastifyRequest, entity: EntityModel, action: Action): Writer {
  const locale = requestLocale(request);
  const user = sessionUser(request);
  if (!mayDo(user.roles, entity, action)) throw apiError(locale, 403, 'forbidden');
  return { entity, locale, username: user.username };
}

/** The JSON body of a write; an absent body is not JSON. */
export function bodyOf(request: FastifyRequest, locale: Locale): unknown {
  if (request.body === undefined) throw apiError(locale, 400, 'badJson');
  return request.body;
}

export function checked(
  catalog: Catalog,
  entity: EntityModel,
  body: unknown,
  locale: Locale,
  extra: FieldErrors = {},
  mode: 'create' | 'update' = 'create',
): Record<string, unknown> {
  // An update's record-level rules wait for the stored record (crossChecks.ts).
  const errors = { ...checkBody(entity, catalog.validatorOf(entity), body, locale, { mode, base: mode === 'update' ? null : undefined }), ...extra };
  if (Object.keys(errors).length || !isPlainObject(body)) throw invalidInput(locale, errors);
  return body;
}

/**
 * A PUT body: its fields, checked, and the version the editor loaded, which travels with them
 * but is not a field. A write-only field (a password) sent empty is left out: the stored value stays.
 */
export function versionedBody(catalog: Catalog, entity: EntityModel, raw: unknown, locale: Locale): { version: number; body: Record<string, unknown> } {
  const { version, ...fields } = isPlainObject(raw) ? raw : { version: undefined };
  for (const field of entity.fields) if (field.writeOnly && Object.hasOwn(fields, field.name) && leftOut(field, fields[field.name])) delete fields[field.name];
  const versionErrors: FieldErrors = Number.isInteger(version) && (version as number) > 0 ? {} : { version: [message(locale, 'versionMissing')] };
  return { version: version as number, body: checked(catalog, entity, isPlainObject(raw) ? fields : raw, locale, versionErrors, 'update') };
}
