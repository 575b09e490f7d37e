// A filter value from the query string, read as the field's kind says; null when it is not
// a valid value of that kind (the caller answers 400 `badFilterValue`).

import type { FieldModel } from '../../src/shared/entityModel';

export const INT4_MAX = 2_147_483_647;

export function parseInteger(text: string, max = INT4_MAX): number | null {
  if (!/^-?\d{1,16}$/.test(text)) return null;
  const value = Number(text);
  return Math.abs(value) <= max ? value : null;
}

/** A real calendar day, 'YYYY-MM-DD'. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function isTimeOfDay(text: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(text);
}

/** An ISO date-time such as '2025-07-14T08:00:00Z' or '2025-07-14T08:00:00+07:00'. */
export function isDateTime(text: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?$/.exec(text);
  return match !== null && isCalendarDate(match[1]) && !Number.isNaN(Date.parse(text));
}

export function parseFilterValue(field: Pick<FieldModel, 'kind' | 'options'>, text: string): unknown {
  switch (field.kind) {
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : null;
    case 'integer':
    case 'reference':
    case 'references':
      return parseInteger(text);
    case 'money':
      return parseInteger(text, Number.MAX_SAFE_INTEGER);
    case 'number': {
      if (!/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
      const value = Number(text);
      return Number.isFinite(value) ? value : null;
    }
    case 'date':
      return isCalendarDate(text) ? text : null;
    case 'datetime':
      return isDateTime(text) ? text : null;
    case 'time':
      return isTimeOfDay(text) ? text : null;
    case 'enum':
      return field.options?.some((o) => o.value === text) ? text : null;
    case 'file':
    case 'image':
      return null;
    default:
      return text;
  }
}
