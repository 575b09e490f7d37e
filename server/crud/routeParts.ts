// What every entity route does first: check the caller's roles, read the JSON body, and
// check it against the entity's validator (422 with messages per field).

import type { FastifyRequest } from 'fastify';
import type { Action, EntityModel, Locale } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import { checkBody, isPlainObject, type FieldErrors } from '../../src/shared/validation';
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

/** `update`: the record-level rules wait for the stored record (crossChecks.ts). */
export function checked(catalog: Catalog, entity: EntityModel, body: unknown, locale: Locale, extra: FieldErrors = {}, update = false): Record<string, unknown> {
  const errors = { ...checkBody(entity, catalog.validatorOf(entity), body, locale, update ? null : undefined), ...extra };
  if (Object.keys(errors).length || !isPlainObject(body)) throw invalidInput(locale, errors);
  return body;
}

/** A PUT body: its fields, checked, and the version the editor loaded, which travels with them but is not a field. */
export function versionedBody(catalog: Catalog, entity: EntityModel, raw: unknown, locale: Locale): { version: number; body: Record<string, unknown> } {
  const { version, ...fields } = isPlainObject(raw) ? raw : { version: undefined };
  const versionErrors: FieldErrors = Number.isInteger(version) && (version as number) > 0 ? {} : { version: [message(locale, 'versionMissing')] };
  return { version: version as number, body: checked(catalog, entity, isPlainObject(raw) ? fields : raw, locale, versionErrors, true) };
}
