// Rules over a whole record, for the browser and the server alike: fields required or only
// allowed while another field has a value (`requiredWhen`, `allowedWhen`), and the
// cross-field checks, some of which apply only while a condition holds (`when`).

import type { CrossCheck, EntityModel, FieldCondition, FieldModel, Locale } from './entityModel';
import { message } from './messages';

type Values = Record<string, unknown>;
/** Messages per field name. */
type Errors = Record<string, string[]>;

export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** Whether the condition holds on these values; an empty yes/no counts as no. */
export function conditionHolds(condition: FieldCondition, values: Values, fields: readonly Pick<FieldModel, 'name' | 'kind'>[]): boolean {
  let value = values[condition.field];
  if (value === undefined || value === null) {
    const kind = fields.find((f) => f.name === condition.field)?.kind;
    value = kind === 'boolean' ? false : null;
  }
  const wanted = condition.in ?? (condition.equals === undefined ? [] : [condition.equals]);
  return wanted.some((w) => w === value);
}

/** Whether the field may hold a value with these values around it (no `allowedWhen`, or it holds). */
export function fieldApplies(field: Pick<FieldModel, 'allowedWhen'>, values: Values, fields: readonly Pick<FieldModel, 'name' | 'kind'>[]): boolean {
  return !field.allowedWhen || conditionHolds(field.allowedWhen, values, fields);
}

/** The values with every field that does not apply emptied (null): what a form saves. */
export function withoutInapplicable<T extends Values>(entity: Pick<EntityModel, 'fields'>, values: T): T {
  const out: Values = { ...values };
  for (const field of entity.fields) {
    if (field.allowedWhen && field.name in out && !fieldApplies(field, values, entity.fields)) out[field.name] = null;
  }
  return out as T;
}

function checkApplies(check: CrossCheck, values: Values, fields: readonly FieldModel[]): boolean {
  return !check.when || conditionHolds(check.when, values, fields);
}

/** The fields a rule reads: a changed one of them makes an update re-check the rule. */
function namesOf(rule: { field?: string; condition?: FieldCondition; check?: CrossCheck }): string[] {
  const names: string[] = [];
  if (rule.field) names.push(rule.field);
  if (rule.condition) names.push(rule.condition.field);
  if (rule.check) names.push(rule.check.from, rule.check.to, ...(rule.check.when ? [rule.check.when.field] : []));
  return names;
}

function add(errors: Errors, field: string, text: string): void {
  const list = Object.hasOwn(errors, field) ? errors[field] : (errors[field] = []);
  if (!list.includes(text)) list.push(text);
}

/**
 * The record-level messages for a whole record (a create's body over the defaults, or an
 * update's body over the stored record). `changed`: only the rules that read a changed field
 * (an update leaves alone what it does not touch); `skip`: fields that already have a message.
 */
export function recordErrors(
  entity: Pick<EntityModel, 'fields' | 'checks'>,
  values: Values,
  locale: Locale,
  options: { changed?: (name: string) => boolean; skip?: (name: string) => boolean } = {},
): Errors {
  const errors: Errors = Object.create(null) as Errors;
  const touched = (names: string[]) => !options.changed || names.some(options.changed);
  const skipped = (names: string[]) => Boolean(options.skip && names.some(options.skip));
  const label = (name: string) => entity.fields.find((f) => f.name === name)?.label[locale] ?? name;
  for (const field of entity.fields) {
    const value = values[field.name];
    if (field.requiredWhen && isEmptyValue(value)) {
      const names = namesOf({ field: field.name, condition: field.requiredWhen });
      if (touched(names) && !skipped(names) && conditionHolds(field.requiredWhen, values, entity.fields) && fieldApplies(field, values, entity.fields)) {
        add(errors, field.name, message(locale, 'required'));
      }
    }
    if (field.allowedWhen && !isEmptyValue(value)) {
      const names = namesOf({ field: field.name, condition: field.allowedWhen });
      if (touched(names) && !skipped(names) && !conditionHolds(field.allowedWhen, values, entity.fields)) {
        add(errors, field.name, message(locale, 'notApplicable', { field: label(field.allowedWhen.field) }));
      }
    }
  }
  for (const check of entity.checks) {
    const names = namesOf({ check });
    if (!touched(names) || skipped([check.from, check.to]) || !checkApplies(check, values, entity.fields)) continue;
    const from = values[check.from];
    const to = values[check.to];
    if (isEmptyValue(from) || isEmptyValue(to)) continue;
    const before = check.kind === 'dateOrder' ? String(to) < String(from) : Number(to) < Number(from);
    // Under `to`, unless only `from` changed (an update): then under the field the user touched.
    if (before) add(errors, options.changed && !options.changed(check.to) && options.changed(check.from) ? check.from : check.to, check.message[locale]);
  }
  return errors;
}

/** The schema's defaults: the values a create starts from. */
export function defaultValues(entity: Pick<EntityModel, 'fields'>): Values {
  const values: Values = {};
  for (const field of entity.fields) if (field.default !== undefined && field.default !== null) values[field.name] = field.default;
  return values;
}
