// What the database would refuse although the JSON Schema allows it: integers beyond the
// column's range, dates that do not exist (2025-02-30), NUL characters in text. Checked
// before writing, so they come back as field messages instead of database errors.

import type { EntityModel, Locale } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import { MAX_MONEY, type FieldErrors } from '../../src/shared/validation';
import { INT4_MAX, isCalendarDate, isDateTime, isTimeOfDay } from './filterValues';

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(hasNul);
  return false;
}

function rangeMessage(value: number, max: number, locale: Locale): string | null {
  if (!Number.isFinite(value)) return message(locale, 'number');
  if (value > max) return message(locale, 'maximum', { limit: max });
  if (value < -max) return message(locale, 'minimum', { limit: -max });
  return null;
}

function problemOf(kind: EntityModel['fields'][number]['kind'], value: unknown, locale: Locale): string | null {
  if (hasNul(value)) return message(locale, 'invalid');
  switch (kind) {
    case 'integer':
    case 'reference':
      return typeof value === 'number' ? rangeMessage(value, INT4_MAX, locale) : null;
    case 'references':
      return Array.isArray(value) && value.some((v) => typeof v !== 'number' || v > INT4_MAX)
        ? message(locale, 'references')
        : null;
    case 'money':
      return typeof value === 'number' ? rangeMessage(value, MAX_MONEY, locale) : null;
    case 'number':
      return typeof value === 'number' && !Number.isFinite(value) ? message(locale, 'number') : null;
    case 'date':
      return typeof value === 'string' && !isCalendarDate(value) ? message(locale, 'date') : null;
    case 'datetime':
      return typeof value === 'string' && !isDateTime(value) ? message(locale, 'datetime') : null;
    case 'time':
      return typeof value === 'string' && !isTimeOfDay(value) ? message(locale, 'time') : null;
    default:
      return null;
  }
}

export function storableErrors(entity: EntityModel, body: Record<string, unknown>, locale: Locale): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of entity.fields) {
    const value = body[field.name];
    if (value === undefined || value === null) continue;
    const problem = problemOf(field.kind, value, locale);
    if (problem) errors[field.name] = [problem];
  }
  return errors;
}
