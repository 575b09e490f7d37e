// The one table of field kinds. Each YAML `type` is one entry: how a value of it looks in
// JSON Schema (for types and validators), which database column holds it, and what the
// schema may say about it. Adding a kind is adding an entry here (and one in
// src/views/fieldKinds.tsx for its field and input).

import type { FieldKind, FieldModel } from '../src/shared/entityModel';
import { DEFAULT_MAX_ITEMS, MAX_PASSWORD_LENGTH } from '../src/shared/validation';
import type { ColumnType } from '../src/shared/tableModel';

export type JsonSchema = Record<string, unknown>;

interface KindSpec {
  column: ColumnType;
  /** JSON Schema of a non-empty value. */
  schema: (field: FieldModel) => JsonSchema;
  /** Which optional field keys make sense for the kind. */
  accepts: { length?: true; range?: true; pattern?: true; options?: true; to?: true; file?: true; items?: true };
  /** `q` can search it (text columns). */
  searchable?: true;
  /** It can be sorted and filtered by equality. */
  sortable: boolean;
  /** It can be filtered by a range (`_gte` / `_lte`). */
  ranged?: true;
  /** The JavaScript type of a `default` value. */
  defaultType: 'string' | 'number' | 'boolean' | 'none';
  /** Its values are text a person reads: a unique one is compared after NFC, trimming and ignoring case. */
  readAsText?: true;
}

const DATE = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';
const DATETIME = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])[T ]([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?$';
const TIME = '^([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?$';
// spec 1 §5: "the value must match a basic address pattern"
const EMAIL = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
const URL = '^https?://[^\\s]+$';
const COLOR = '^#[0-9a-fA-F]{6}$';

function text(field: FieldModel, pattern?: string): JsonSchema {
  const schema: JsonSchema = { type: 'string' };
  const minLength = Math.max(field.minLength ?? 0, field.required ? 1 : 0);
  if (minLength > 0) schema.minLength = minLength;
  if (field.maxLength !== undefined) schema.maxLength = field.maxLength;
  if (pattern ?? field.pattern) schema.pattern = pattern ?? field.pattern;
  return schema;
}

function numeric(type: 'integer' | 'number', field: FieldModel, floor?: number): JsonSchema {
  const schema: JsonSchema = { type };
  const min = field.min ?? floor;
  if (min !== undefined) schema.minimum = min;
  if (field.max !== undefined) schema.maximum = field.max;
  return schema;
}

const fileValue: JsonSchema = {
  anyOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['src'],
      properties: { src: { type: 'string', pattern: '^/api/v1/files/[0-9a-f-]{36}$' }, title: { type: 'string', maxLength: 255 } },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['title', 'data'],
      properties: {
        title: { type: 'string', maxLength: 255 },
        data: { type: 'string', pattern: '^data:[a-z]+/[a-z0-9.+-]+;base64,' },
      },
    },
  ],
};

export const FIELD_KINDS: Record<FieldKind, KindSpec> = {
  string: { column: 'text', readAsText: true, schema: (f) => text(f), accepts: { length: true, pattern: true }, searchable: true, sortable: true, defaultType: 'string' },
  text: { column: 'text', readAsText: true, schema: (f) => text(f), accepts: { length: true, pattern: true }, searchable: true, sortable: false, defaultType: 'string' },
  richtext: { column: 'text', readAsText: true, schema: (f) => text(f), accepts: { length: true }, searchable: true, sortable: false, defaultType: 'string' },
  email: { column: 'text', readAsText: true, schema: (f) => text(f, EMAIL), accepts: { length: true }, searchable: true, sortable: true, defaultType: 'string' },
  url: { column: 'text', readAsText: true, schema: (f) => text(f, URL), accepts: { length: true }, searchable: true, sortable: true, defaultType: 'string' },
  color: { column: 'text', readAsText: true, schema: (f) => text(f, COLOR), accepts: {}, sortable: false, defaultType: 'string' },
  integer: { column: 'integer', schema: (f) => numeric('integer', f), accepts: { range: true }, sortable: true, ranged: true, defaultType: 'number' },
  number: { column: 'double precision', schema: (f) => numeric('number', f), accepts: { range: true }, sortable: true, ranged: true, defaultType: 'number' },
  // Rupiah have no minor unit in practice: whole numbers, never negative unless min says so.
  money: { column: 'bigint', schema: (f) => ({ ...numeric('integer', f, 0), maximum: f.max ?? 999_999_999_999_999 }), accepts: { range: true }, sortable: true, ranged: true, defaultType: 'number' },
  boolean: { column: 'boolean', schema: () => ({ type: 'boolean' }), accepts: {}, sortable: true, defaultType: 'boolean' },
  date: { column: 'date', schema: () => ({ type: 'string', pattern: DATE }), accepts: {}, sortable: true, ranged: true, defaultType: 'string' },
  datetime: { column: 'timestamptz', schema: () => ({ type: 'string', pattern: DATETIME }), accepts: {}, sortable: true, ranged: true, defaultType: 'none' },
  time: { column: 'time', schema: () => ({ type: 'string', pattern: TIME }), accepts: {}, sortable: true, ranged: true, defaultType: 'string' },
  enum: { column: 'text', readAsText: true, schema: (f) => ({ type: 'string', enum: (f.options ?? []).map((o) => o.value) }), accepts: { options: true }, sortable: true, defaultType: 'string' },
  reference: { column: 'integer', schema: () => ({ type: 'integer', minimum: 1 }), accepts: { to: true }, sortable: true, defaultType: 'none' },
  references: {
    column: 'integer[]',
    schema: (f) => ({
      type: 'array',
      uniqueItems: true,
      items: { type: 'integer', minimum: 1 },
      ...(f.required ? { minItems: 1 } : {}),
      maxItems: f.maxItems ?? DEFAULT_MAX_ITEMS,
    }),
    accepts: { to: true, items: true },
    sortable: false,
    defaultType: 'none',
  },
  file: { column: 'jsonb', schema: () => fileValue, accepts: { file: true }, sortable: false, defaultType: 'none' },
  image: { column: 'jsonb', schema: () => fileValue, accepts: { file: true }, sortable: false, defaultType: 'none' },
  // A login password: checked as typed (minLength, a bounded maxLength), stored as an argon2
  // hash by the server, never sent back (the model marks it writeOnly), never searched,
  // sorted or filtered by.
  password: {
    column: 'text',
    schema: (f) => text({ ...f, maxLength: f.maxLength ?? MAX_PASSWORD_LENGTH }),
    accepts: { length: true },
    sortable: false,
    defaultType: 'none',
  },
};

/** The JSON Schema of a field in a write body: a value, or null when the field is optional. */
export function fieldJsonSchema(field: FieldModel): JsonSchema {
  const schema: JsonSchema = FIELD_KINDS[field.kind].schema(field);
  if (field.help) schema.description = field.help.en;
  if (field.required) return schema;
  if (Array.isArray(schema.enum)) return { ...schema, type: ['string', 'null'], enum: [...schema.enum, null] };
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}
