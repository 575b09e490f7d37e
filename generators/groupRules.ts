// The rules that compare a record with other records: composite unique keys
// (`unique: [[academic_year_id, code]]`) and the group checks (`sumAtMost`, `noOverlap` in
// `checks`). Their semantic checks and their part of the model, kept out of load.ts.

import type { FieldKind, GroupCheck, Text, UniqueKey } from '../src/shared/entityModel';
import { MESSAGES } from '../src/shared/messages';
import { FIELD_KINDS, kindsOrderedAs } from '../src/shared/fieldKinds';

export type GroupCheckSource =
  | { kind: 'sumAtMost'; field: string; max: number; groupBy?: string[]; message?: Text }
  | { kind: 'noOverlap'; from: string; to: string; groupBy?: string[]; message?: Text };

type SourceFields = Record<string, { type: FieldKind; label: Text; unique?: boolean; writeOnly?: boolean; to?: string }>;

/** The fields of another schema by its entity name, for a groupBy through a reference. */
export type FieldsOf = (entity: string) => SourceFields | undefined;

interface Source {
  label: Text;
  labelPlural?: Text;
  singleton?: boolean;
  fields: SourceFields;
  unique?: string[][];
  checks?: Array<{ kind: string }>;
}

type Report = (path: Array<string | number>, message: string, key?: boolean) => void;

/** Kinds whose values add up: amounts. */
const SUMMABLE: FieldKind[] = kindsOrderedAs('amount');

export function isGroupCheck(check: { kind: string }): check is GroupCheckSource {
  return check.kind === 'sumAtMost' || check.kind === 'noOverlap';
}

/** Problems of the composite keys and group checks of one schema, each at its place. */
export function checkGroupRules(raw: Source, report: Report): void {
  const fields = raw.fields;
  const has = (name: string) => Object.hasOwn(fields, name);
  if (raw.singleton && raw.unique) report(['unique'], 'a singleton has one record: "unique" does not apply', true);
  const seenKeys = new Set<string>();
  (raw.unique ?? []).forEach((key, i) => {
    key.forEach((name, j) => {
      const field = fields[name];
      if (!field) report(['unique', i, j], `unique names "${name}", which is not a declared field`);
      else if (!FIELD_KINDS[field.type].sortable || field.writeOnly) report(['unique', i, j], `"${name}" (${field.writeOnly ? 'write-only' : field.type}) cannot be part of a unique key`);
      else if (field.unique) report(['unique', i, j], `"${name}" is unique on its own, so the key [${key.join(', ')}] adds nothing; drop the key or the field's unique`);
    });
    const sorted = [...key].sort().join(',');
    if (seenKeys.has(sorted)) report(['unique', i], `the key [${key.join(', ')}] is listed twice`);
    seenKeys.add(sorted);
  });
  (raw.checks ?? []).forEach((check, i) => {
    if (!isGroupCheck(check)) return;
    const at = (...rest: Array<string | number>) => ['checks', i, ...rest];
    if (raw.singleton) report(at('kind'), `a singleton has one record: ${check.kind} does not apply`);
    const groupBy = check.groupBy ?? [];
    groupBy.forEach((name, j) => {
      const [ref, through] = name.split('.');
      if (through !== undefined) {
        // `assignment_type_id.grading_aspect_id`: the group is a field of the referenced record (checked across files).
        if (!has(ref)) report(at('groupBy', j), `groupBy names "${ref}", which is not a declared field`);
        else if (fields[ref].type !== 'reference' || name.split('.').length > 2) report(at('groupBy', j), `"${name}": only one step through a reference field is possible, as in reference_id.field`);
      } else if (!has(name)) report(at('groupBy', j), `groupBy names "${name}", which is not a declared field`);
      else if (!FIELD_KINDS[fields[name].type].sortable) report(at('groupBy', j), `"${name}" (${fields[name].type}) cannot group records`);
    });
    if (check.kind === 'sumAtMost') {
      const field = fields[check.field];
      if (!field) report(at('field'), `sumAtMost names "${check.field}", which is not a declared field`);
      else if (!SUMMABLE.includes(field.type)) report(at('field'), `sumAtMost needs an integer, number or money field; "${check.field}" is ${field.type}`);
      if (groupBy.includes(check.field)) report(at('field'), `"${check.field}" is summed, so it cannot also group the records`);
      if (check.max < 0) report(at('max'), 'max must not be negative');
    } else {
      for (const side of ['from', 'to'] as const) {
        const name = check[side];
        const field = fields[name];
        if (!field) report(at(side), `noOverlap names "${name}", which is not a declared field`);
        else if (!FIELD_KINDS[field.type].order) report(at(side), `noOverlap needs integer, number, money, date, datetime or time fields; "${name}" is ${field.type}`);
        else if (groupBy.includes(name)) report(at(side), `"${name}" is a range end, so it cannot also group the records`);
      }
      const from = fields[check.from];
      const to = fields[check.to];
      if (check.from === check.to) report(at('to'), 'from and to must be two different fields');
      else if (from && to && from.type !== to.type) report(at('to'), `from and to must be of the same kind; "${check.from}" is ${from.type}, "${check.to}" is ${to.type}`);
    }
  });
}

/** The fields named through a reference in groupBy (`assignment_type_id.grading_aspect_id`) exist in the referenced schema. */
export function checkGroupPaths(raw: Source, fieldsOf: FieldsOf, report: Report): void {
  (raw.checks ?? []).forEach((check, i) => {
    if (!isGroupCheck(check)) return;
    (check.groupBy ?? []).forEach((name, j) => {
      const [ref, through] = name.split('.');
      const target = raw.fields[ref]?.to;
      const targetFields = through !== undefined && target ? fieldsOf(target) : undefined;
      if (!targetFields) return;
      if (!Object.hasOwn(targetFields, through)) report(['checks', i, 'groupBy', j], `groupBy names "${through}", which is not a field of ${target}`);
      else if (!FIELD_KINDS[targetFields[through].type].sortable) report(['checks', i, 'groupBy', j], `"${name}" (${targetFields[through].type}) cannot group records`);
    });
  });
}

/** A field's label, also of a field named through a reference (`assignment_type_id.grading_aspect_id`). */
function labelOf(raw: Source, name: string, fieldsOf?: FieldsOf): Text {
  const [ref, through] = name.split('.');
  const target = raw.fields[ref].to;
  return (through !== undefined && target && fieldsOf?.(target)?.[through]?.label) || raw.fields[ref].label;
}

/** A label inside a sentence: lower case, unless it starts with an abbreviation (KKM, VA). */
function inSentence(label: string): string {
  return /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

function joined(words: string[], and: string, serialComma: boolean): string {
  if (words.length <= 1) return words.join('');
  const head = words.slice(0, -1).join(', ');
  return `${head}${serialComma && words.length > 2 ? ',' : ''} ${and} ${words[words.length - 1]}`;
}

/** `a, b and c` in English, `a, b, dan c` in Indonesian, of the fields' labels. */
function labelList(raw: Source, names: string[], fieldsOf?: FieldsOf): Text {
  return {
    en: joined(names.map((n) => inSentence(labelOf(raw, n, fieldsOf).en)), 'and', false),
    id: joined(names.map((n) => inSentence(labelOf(raw, n, fieldsOf).id)), 'dan', true),
  };
}

function fill(template: string, params: Record<string, string>): string {
  return template.replace(/%\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** The model's composite keys and group checks, with their messages built from the labels. */
export function buildGroupRules(raw: Source, fieldsOf?: FieldsOf): { uniqueKeys?: UniqueKey[]; groupChecks?: GroupCheck[] } {
  const result: { uniqueKeys?: UniqueKey[]; groupChecks?: GroupCheck[] } = {};
  if (raw.unique?.length) {
    result.uniqueKeys = raw.unique.map((fields) => {
      const last = fields[fields.length - 1];
      const others = labelList(raw, fields.slice(0, -1));
      const message = { en: '', id: '' };
      for (const locale of ['en', 'id'] as const)
        message[locale] = fill(MESSAGES[locale].uniqueKey, { field: raw.fields[last].label[locale], others: others[locale] });
      return { fields, message };
    });
  }
  const checks = (raw.checks ?? []).filter(isGroupCheck);
  if (checks.length) {
    result.groupChecks = checks.map((c): GroupCheck => {
      const groupBy = c.groupBy ?? [];
      if (c.kind === 'noOverlap')
        return { kind: 'noOverlap', from: c.from, to: c.to, groupBy, message: c.message ?? { en: MESSAGES.en.noOverlap, id: MESSAGES.id.noOverlap } };
      const group = labelList(raw, groupBy, fieldsOf);
      const message = { en: '', id: '' };
      for (const locale of ['en', 'id'] as const) {
        const template = MESSAGES[locale][groupBy.length ? 'sumAtMost' : 'sumAtMostAll'];
        const field = locale === 'en' ? inSentence(raw.fields[c.field].label.en) : raw.fields[c.field].label.id;
        const entities = inSentence((raw.labelPlural ?? raw.label)[locale]);
        message[locale] = fill(template, { field, group: group[locale], entities });
      }
      return { kind: 'sumAtMost', field: c.field, max: c.max, groupBy, message: c.message ?? message };
    });
  }
  return result;
}
