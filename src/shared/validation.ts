// One validation for the browser and the server: the generated ajv validator of an entity,
// plus what JSON Schema cannot say (unknown / read-only / dangerous keys, cross-field
// checks, file size and type), turned into messages per field in the user's language.

import { defaultValues, recordErrors } from './conditions';
import type { EntityModel, FieldModel, Locale, ValidateFunction, ValidationError } from './entityModel';
import { hasInvisibleCharacter } from './invisibleCharacters';
import { formatBytes, message, type MessageKey } from './messages';

/** Messages per field name; `_body` holds what belongs to no field. */
export type FieldErrors = Record<string, string[]>;

/**
 * The longest password accepted, whatever a schema says: hashing megabytes with argon2 is a
 * cheap way to load the server. A `password` field's maxLength defaults to it; login refuses
 * longer ones without hashing them.
 */
export const MAX_PASSWORD_LENGTH = 1024;

/**
 * The most ids a `references` value holds when its schema says no `maxItems`, and the most a
 * schema may allow. Each id is checked against its table; a body of tens of thousands of ids
 * is no choice a person makes in a form, only a way to load the server.
 */
export const DEFAULT_MAX_ITEMS = 1000;
export const MAX_ITEMS_LIMIT = 10_000;

/**
 * Whether a value is left out of a write: not given, or an empty write-only field (a
 * password), which on update keeps the stored value.
 */
export function leftOut(field: Pick<FieldModel, 'writeOnly'>, value: unknown): boolean {
  return value === undefined || (Boolean(field.writeOnly) && (value === null || value === ''));
}

/**
 * The largest amount of money (whole rupiah) a field holds, whatever its schema says: below
 * 2^53, so the integer JSON carries and JavaScript reads back is exact; the column
 * (numeric(18,0)) holds more.
 */
export const MAX_MONEY = 999_999_999_999_999;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const PATTERN_MESSAGE: Partial<Record<FieldModel['kind'], MessageKey>> = {
  email: 'email',
  url: 'url',
  date: 'date',
  datetime: 'datetime',
  time: 'time',
  color: 'color',
};

const TYPE_MESSAGE: Partial<Record<FieldModel['kind'], MessageKey>> = {
  integer: 'integer',
  money: 'integer',
  number: 'number',
  boolean: 'boolean',
  reference: 'reference',
  references: 'references',
  file: 'file',
  image: 'file',
  enum: 'enum',
};

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A JSON object (not an array, not null): what a record or a write body must be. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function messageFor(field: FieldModel, error: ValidationError, value: unknown, locale: Locale): string {
  if (field.required && isEmpty(value)) return message(locale, 'required');
  const limit = (error.params.limit as number | undefined) ?? 0;
  switch (error.keyword) {
    case 'required':
      // A missing property inside a nested value (a file without its data).
      return message(locale, TYPE_MESSAGE[field.kind] ?? 'invalid');
    case 'pattern': {
      if (field.patternMessage && !PATTERN_MESSAGE[field.kind]) return field.patternMessage[locale];
      return message(locale, PATTERN_MESSAGE[field.kind] ?? 'pattern');
    }
    case 'minLength':
      return message(locale, 'minLength', { limit, count: limit });
    case 'maxLength':
      return message(locale, 'maxLength', { limit, count: limit });
    case 'minimum':
    case 'exclusiveMinimum':
      return message(locale, 'minimum', { limit });
    case 'maximum':
    case 'exclusiveMaximum':
      return message(locale, 'maximum', { limit });
    case 'enum':
      return message(locale, 'enum');
    case 'uniqueItems':
      return message(locale, 'uniqueItems');
    case 'maxItems':
      return message(locale, 'maxItems', { limit, count: limit });
    case 'type':
      return message(locale, TYPE_MESSAGE[field.kind] ?? 'string');
    default:
      return message(locale, TYPE_MESSAGE[field.kind] ?? 'invalid');
  }
}

function add(errors: FieldErrors, field: string, text: string): void {
  const list = Object.hasOwn(errors, field) ? errors[field] : (errors[field] = []);
  if (!list.includes(text)) list.push(text);
}

function dataUrlInfo(data: string): { mime: string; bytes: number } | null {
  const match = /^data:([a-z]+\/[a-z0-9.+-]+);base64,(.*)$/s.exec(data);
  if (!match) return null;
  const b64 = match[2];
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return { mime: match[1], bytes: Math.floor((b64.length * 3) / 4) - padding };
}

function mimeAccepted(mime: string, accept: string[] | undefined): boolean {
  if (!accept || accept.length === 0) return true;
  return accept.some((a) => a === mime || (a.endsWith('/*') && mime.startsWith(a.slice(0, -1))));
}

export interface CheckOptions {
  /** On update a required write-only field (a password) may be left out: the stored value is kept. */
  mode?: 'create' | 'update';
  /**
   * What the record-level rules (conditional fields, cross-field checks) see the body over: by
   * default the schema's defaults, as on a create or in a form, which holds every field.
   * `null` leaves them out: the server checks an update's body over the stored record
   * (server/crud/updateRecord.ts).
   */
  base?: Record<string, unknown> | null;
}

/**
 * Check a write body (create, or update without its `version`) against the entity.
 * Returns the messages per field, or null when the body may be saved.
 */
export function checkBody(
  entity: EntityModel,
  validate: ValidateFunction,
  body: unknown,
  locale: Locale,
  { mode = 'create', base = defaultValues(entity) }: CheckOptions = {},
): FieldErrors | null {
  // No prototype: a body key such as `__proto__` must become a message, not reach Object.prototype.
  const errors: FieldErrors = Object.create(null) as FieldErrors;
  if (!isPlainObject(body)) {
    add(errors, '_body', message(locale, 'notAnObject'));
    return errors;
  }
  const fields = new Map(entity.fields.map((f) => [f.name, f]));
  for (const key of Object.keys(body)) {
    const field = fields.get(key);
    if (FORBIDDEN_KEYS.has(key)) add(errors, key, message(locale, 'forbiddenKey'));
    else if (!field) add(errors, key, message(locale, 'unknownField'));
    else if (field.readOnly) add(errors, key, message(locale, 'readOnlyField'));
  }
  if (!validate(body)) {
    for (const error of validate.errors ?? []) {
      const name =
        error.keyword === 'required' && error.instancePath === ''
          ? String(error.params.missingProperty)
          : error.instancePath.split('/')[1];
      const field = name ? fields.get(name) : undefined;
      if (!field || Object.hasOwn(errors, name)) continue; // unknown keys are reported above; one message a field
      if (mode === 'update' && field.writeOnly && leftOut(field, body[name])) continue; // keeps the stored value
      add(errors, name, messageFor(field, error, body[name], locale));
    }
  }
  for (const field of entity.fields) {
    if (Object.hasOwn(errors, field.name)) continue;
    const value = body[field.name];
    if (field.uniqueText && typeof value === 'string' && hasInvisibleCharacter(value)) add(errors, field.name, message(locale, 'invisibleCharacter'));
    if ((field.kind === 'file' || field.kind === 'image') && isPlainObject(value) && typeof value.data === 'string') {
      const info = dataUrlInfo(value.data);
      if (!info) add(errors, field.name, message(locale, 'file'));
      else if (field.maxSize !== undefined && info.bytes > field.maxSize)
        add(errors, field.name, message(locale, 'fileTooLarge', { limit: formatBytes(field.maxSize) }));
      else if (!mimeAccepted(info.mime, field.accept)) add(errors, field.name, message(locale, 'fileType'));
    }
  }
  if (base !== null) {
    const values = { ...base, ...stripUndefined(body) };
    const record = recordErrors(entity, values, locale, { skip: (name) => Object.hasOwn(errors, name) });
    for (const [name, list] of Object.entries(record)) for (const text of list) add(errors, name, text);
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

function stripUndefined(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (value !== undefined) out[key] = value;
  return out;
}
