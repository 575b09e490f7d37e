// The one table of field kinds: per YAML `type`, the facts the generator, the server and the
// app all act on. The generator reads it to check schemas and to emit column types and
// indexes, the server to accept sorts, filters and searches, the app to offer sortable
// columns and filter inputs. No React, no DOM, no node: all three import it.
//
// What only one side needs stays on that side, keyed by the same kinds (Record<FieldKind, …>,
// so a kind without an entry does not type-check): the JSON Schema of a value and the schema
// options a kind accepts (generators/fieldKinds.ts), how a value is shown and edited
// (src/views/fieldDisplay.tsx, fieldInputs.tsx, filterInputs.tsx). The meta-schema's list of
// kinds (generators/schema-format.json) is tested against this table.

import type { FieldKind } from './entityModel';
import type { ColumnType } from './tableModel';

/**
 * How a list is filtered by a field of the kind, in the app and in the API:
 * - `equals`: one value (`?field=v`; several, comma-separated, match any of them);
 * - `range`: a from / to pair (`?field_gte=a&field_lte=b`; `?field=v` is accepted too);
 * - `contains`: a list of ids holding any of the given ids (`?field=3,4`);
 * - `none`: a list cannot be filtered by it.
 */
export type FilterStyle = 'equals' | 'range' | 'contains' | 'none';

/**
 * What an ordered kind's values are: `moment`s (a day, a time of day, an instant) or
 * `amount`s. Ordered values can be compared (`_gte` / `_lte`, dateOrder / numberOrder
 * checks, noOverlap ranges); amounts can also be added up (sumAtMost).
 */
export type Order = 'moment' | 'amount';

/** The type of a value in the API's JSON, as the generated TypeScript record types hold it. */
export type JsonValue = 'string' | 'integer' | 'number' | 'boolean' | 'integer[]' | 'file';

export interface FieldKindFacts {
  /** The SQL type of the column holding it (server/generated/tables.ts, migrate). */
  column: ColumnType;
  /** Its value in a JSON body or answer. */
  json: JsonValue;
  /** A list can be sorted by it (and records grouped or keyed by it: it has a plain order). */
  sortable: boolean;
  /** A list's `q` search can look in it: text a person types and reads. */
  searchable: boolean;
  /** How a list is filtered by it. */
  filter: FilterStyle;
  /** Its values are ordered (see Order); absent when they are not. */
  order?: Order;
  /**
   * Its values are text a person reads: compared after NFC, trimming and ignoring case when
   * unique, searched as they are stored, and a filter value holding a comma is one value.
   */
  readAsText: boolean;
  /** One value that prints as one piece of text: a template may show it through a reference (`{employee_id.name}`). */
  printable: boolean;
  /** The JavaScript type a schema's `default` has; `none`: a schema cannot give a default. */
  defaultType: 'string' | 'number' | 'boolean' | 'none';
}

// Shorthands for the common shapes; every entry below still says each fact.
const TEXT = { column: 'text', json: 'string', readAsText: true, defaultType: 'string' } as const;

export const FIELD_KINDS: Readonly<Record<FieldKind, FieldKindFacts>> = {
  string: { ...TEXT, sortable: true, searchable: true, filter: 'equals', printable: true },
  // Long text and HTML: searched, never sorted by nor matched whole.
  text: { ...TEXT, sortable: false, searchable: true, filter: 'none', printable: true },
  richtext: { ...TEXT, sortable: false, searchable: true, filter: 'none', printable: false },
  email: { ...TEXT, sortable: true, searchable: true, filter: 'equals', printable: true },
  url: { ...TEXT, sortable: true, searchable: true, filter: 'equals', printable: true },
  // A hex code: neither sorted (the order of hex codes means nothing) nor searched.
  color: { ...TEXT, sortable: false, searchable: false, filter: 'none', printable: true },
  enum: { ...TEXT, sortable: true, searchable: false, filter: 'equals', printable: true },
  // A count, a year, a KKM: matched as one value in the app (a year is picked, not ranged);
  // the API takes a range too.
  integer: { column: 'integer', json: 'integer', sortable: true, searchable: false, filter: 'equals', order: 'amount', readAsText: false, printable: true, defaultType: 'number' },
  // Measures and amounts: filtered from / to (at least, at most).
  number: { column: 'double precision', json: 'number', sortable: true, searchable: false, filter: 'range', order: 'amount', readAsText: false, printable: true, defaultType: 'number' },
  // Rupiah have no minor unit in practice: whole numbers, exact in numeric(18,0) (never a
  // float); integers in JSON, at most MAX_MONEY (src/shared/validation.ts) so a JS number holds them exactly.
  money: { column: 'numeric(18,0)', json: 'integer', sortable: true, searchable: false, filter: 'range', order: 'amount', readAsText: false, printable: true, defaultType: 'number' },
  boolean: { column: 'boolean', json: 'boolean', sortable: true, searchable: false, filter: 'equals', readAsText: false, printable: true, defaultType: 'boolean' },
  date: { column: 'date', json: 'string', sortable: true, searchable: false, filter: 'range', order: 'moment', readAsText: false, printable: true, defaultType: 'string' },
  datetime: { column: 'timestamptz', json: 'string', sortable: true, searchable: false, filter: 'range', order: 'moment', readAsText: false, printable: true, defaultType: 'none' },
  time: { column: 'time', json: 'string', sortable: true, searchable: false, filter: 'range', order: 'moment', readAsText: false, printable: true, defaultType: 'string' },
  reference: { column: 'integer', json: 'integer', sortable: true, searchable: false, filter: 'equals', readAsText: false, printable: false, defaultType: 'none' },
  references: { column: 'integer[]', json: 'integer[]', sortable: false, searchable: false, filter: 'contains', readAsText: false, printable: false, defaultType: 'none' },
  file: { column: 'jsonb', json: 'file', sortable: false, searchable: false, filter: 'none', readAsText: false, printable: false, defaultType: 'none' },
  image: { column: 'jsonb', json: 'file', sortable: false, searchable: false, filter: 'none', readAsText: false, printable: false, defaultType: 'none' },
  // A login password: stored as an argon2 hash, never sent back, searched, sorted or filtered by.
  password: { column: 'text', json: 'string', sortable: false, searchable: false, filter: 'none', readAsText: false, printable: false, defaultType: 'none' },
};

/** Every kind, in the table's order. */
export const KINDS = Object.keys(FIELD_KINDS) as FieldKind[];

/** The kinds whose values are of the given order. */
export function kindsOrderedAs(order: Order): FieldKind[] {
  return KINDS.filter((kind) => FIELD_KINDS[kind].order === order);
}
