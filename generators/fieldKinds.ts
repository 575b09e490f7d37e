// The generator's half of a field kind: how a value of it looks in JSON Schema (for types
// and validators) and which options a schema may give a field of it. What the generator, the
// server and the app share about a kind (its column, sort, search, filter, order) is the one
// table in src/shared/fieldKinds.ts; adding a kind is an entry there, one here, and one in
// each of the app's display and input tables (all Record<FieldKind, …>).

import type { FieldKind, FieldModel } from '../src/shared/entityModel';
import { DEFAULT_MAX_ITEMS, MAX_MONEY, MAX_PASSWORD_LENGTH } from '../src/shared/validation';

export type JsonSchema = Record<string, unknown>;

interface KindSchema {
  /** JSON Schema of a non-empty value. */
  schema: (field: FieldModel) => JsonSchema;
  /** Which optional field keys make sense for the kind. */
  accepts: { length?: true; range?: true; pattern?: true; options?: true; to?: true; file?: true; items?: true };
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

export const KIND_SCHEMAS: Record<FieldKind, KindSchema> = {
  string: { schema: (f) => text(f), accepts: { length: true, pattern: true } },
  text: { schema: (f) => text(f), accepts: { length: true, pattern: true } },
  richtext: { schema: (f) => text(f), accepts: { length: true } },
  email: { schema: (f) => text(f, EMAIL), accepts: { length: true } },
  url: { schema: (f) => text(f, URL), accepts: { length: true } },
  color: { schema: (f) => text(f, COLOR), accepts: {} },
  integer: { schema: (f) => numeric('integer', f), accepts: { range: true } },
  number: { schema: (f) => numeric('number', f), accepts: { range: true } },
  // Rupiah have no minor unit in practice: whole numbers, never negative unless min says so.
  money: { schema: (f) => ({ ...numeric('integer', f, 0), maximum: Math.min(f.max ?? MAX_MONEY, MAX_MONEY) }), accepts: { range: true } },
  boolean: { schema: () => ({ type: 'boolean' }), accepts: {} },
  date: { schema: () => ({ type: 'string', pattern: DATE }), accepts: {} },
  datetime: { schema: () => ({ type: 'string', pattern: DATETIME }), accepts: {} },
  time: { schema: () => ({ type: 'string', pattern: TIME }), accepts: {} },
  enum: { schema: (f) => ({ type: 'string', enum: (f.options ?? []).map((o) => o.value) }), accepts: { options: true } },
  reference: { schema: () => ({ type: 'integer', minimum: 1 }), accepts: { to: true } },
  references: {
    schema: (f) => ({
      type: 'array',
      uniqueItems: true,
      items: { type: 'integer', minimum: 1 },
      ...(f.required ? { minItems: 1 } : {}),
      maxItems: f.maxItems ?? DEFAULT_MAX_ITEMS,
    }),
    accepts: { to: true, items: true },
  },
  file: { schema: () => fileValue, accepts: { file: true } },
  image: { schema: () => fileValue, accepts: { file: true } },
  // A login password: checked as typed (minLength, a bounded maxLength), stored as an argon2
  // hash by the server, never sent back (the model marks it writeOnly).
  password: { schema: (f) => text({ ...f, maxLength: f.maxLength ?? MAX_PASSWORD_LENGTH }), accepts: { length: true } },
};

/** The JSON Schema of a field in a write body: a value, or null when the field is optional. */
export function fieldJsonSchema(field: FieldModel): JsonSchema {
  const schema: JsonSchema = KIND_SCHEMAS[field.kind].schema(field);
  if (field.help) schema.description = field.help.en;
  if (field.required) return schema;
  if (Array.isArray(schema.enum)) return { ...schema, type: ['string', 'null'], enum: [...schema.enum, null] };
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}
