// The semantic checks of conditions (field `requiredWhen` / `allowedWhen`, a check's `when`),
// pinned lookups (`where`) and template paths through a reference (`{employee_id.name}`):
// named fields exist, values fit their kinds, conditions do not go round in a circle.
// Called by load.ts; `add` reports a problem at a path of the schema file.

import type { FieldCondition, FieldKind } from '../src/shared/entityModel';
import { FIELD_KINDS } from '../src/shared/fieldKinds';
import type { RawEntity, RawField } from './rawEntity';

type Path = Array<string | number>;
export type Report = (path: Path, message: string, key?: boolean) => void;
type Value = string | number | boolean;

/** Kinds a condition or a pinned lookup can compare: exact values a form sets. */
const COMPARABLE: FieldKind[] = ['boolean', 'enum', 'string', 'integer'];

/** Why `value` cannot be a value of `field`, or null when it fits. */
function misfit(field: RawField, value: Value): string | null {
  switch (field.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : 'true or false';
    case 'integer':
    case 'reference':
      return Number.isInteger(value) ? null : 'a whole number';
    case 'string':
      return typeof value === 'string' ? null : 'text';
    case 'enum': {
      const options = (field.options ?? []).map((o) => o.value);
      return typeof value === 'string' && options.includes(value) ? null : `one of the options (${options.join(', ')})`;
    }
    default:
      return `a value of a ${COMPARABLE.join('/')} field`;
  }
}

function checkCondition(raw: RawEntity, at: Path, condition: FieldCondition, self: string | undefined, add: Report): void {
  const { field: name } = condition;
  const given = (condition.equals !== undefined ? 1 : 0) + (condition.in !== undefined ? 1 : 0);
  if (given !== 1) add(at, 'a condition needs exactly one of equals: <value> or in: [<values>]');
  const field = raw.fields[name];
  if (name === self) return add([...at, 'field'], `"${name}" cannot depend on itself`);
  if (!field) return add([...at, 'field'], `the condition names "${name}", which is not a declared field`);
  if (!COMPARABLE.includes(field.type)) return add([...at, 'field'], `a condition compares ${COMPARABLE.join('/')} fields; "${name}" is ${field.type}`);
  const values: Array<[Path, Value]> =
    condition.in !== undefined ? condition.in.map((v, i) => [[...at, 'in', i], v]) : condition.equals !== undefined ? [[[...at, 'equals'], condition.equals]] : [];
  for (const [path, value] of values) {
    const want = misfit(field, value);
    if (want) add(path, `"${String(value)}" is not a value of ${name} (${field.type}): expected ${want}`);
  }
}

const valuesOf = (c: FieldCondition): Value[] => c.in ?? (c.equals !== undefined ? [c.equals] : []);

/** Conditional fields, conditional checks and pinned lookups of one schema. */
export function checkConditions(raw: RawEntity, add: Report): void {
  const depends = new Map<string, string[]>();
  for (const [name, field] of Object.entries(raw.fields)) {
    for (const key of ['requiredWhen', 'allowedWhen'] as const) {
      const condition = field[key];
      if (!condition) continue;
      const at = ['fields', name, key];
      checkCondition(raw, at, condition, name, add);
      if (condition.field !== name) depends.set(name, [...(depends.get(name) ?? []), condition.field]);
      if (field.readOnly) add(at, `a read-only field cannot have ${key}: nobody fills it in`, true);
      if (key === 'requiredWhen' && field.required) add(at, 'the field is always required: requiredWhen adds nothing', true);
      if (key === 'requiredWhen' && field.hidden?.includes('form')) add(at, 'a field required sometimes cannot be hidden in the form', true);
      if (key === 'allowedWhen' && field.required) add(at, 'a required field always has a value: use requiredWhen instead of required', true);
      if (key === 'allowedWhen' && field.default !== undefined && field.default !== null) add(at, 'a field allowed only sometimes cannot have a default: it would be filled in when it does not apply', true);
    }
    const { requiredWhen: req, allowedWhen: allow } = field;
    if (req && allow && req.field === allow.field && !valuesOf(req).some((v) => valuesOf(allow).includes(v))) {
      add(['fields', name, 'requiredWhen'], `requiredWhen can never hold while allowedWhen does (${req.field} cannot be both)`, true);
    }
  }
  // A field shown only when another is shown, which is shown only when the first is: never shown.
  const done = new Set<string>();
  const visit = (name: string, trail: string[]): boolean => {
    const at = trail.indexOf(name);
    if (at >= 0) {
      const circle = [...trail.slice(at), name];
      const key = raw.fields[circle[0]].requiredWhen?.field === circle[1] ? 'requiredWhen' : 'allowedWhen';
      add(['fields', circle[0], key], `conditions go round in a circle (${circle.join(' → ')})`, true);
      return true;
    }
    if (done.has(name)) return false;
    for (const next of depends.get(name) ?? []) if (visit(next, [...trail, name])) return true;
    done.add(name);
    return false;
  };
  for (const name of depends.keys()) if (visit(name, [])) break;

  (raw.checks ?? []).forEach((check, i) => {
    if ('when' in check && check.when) checkCondition(raw, ['checks', i, 'when'], check.when, undefined, add);
  });
  (raw.lookups ?? []).forEach((lookup, i) => {
    for (const [name, value] of Object.entries(lookup.where ?? {})) {
      const at = ['lookups', i, 'where', name];
      const field = raw.fields[name];
      if (!field) add(at, `the lookup pins "${name}", which is not a declared field`, true);
      else if (![...COMPARABLE, 'reference'].includes(field.type)) add(at, `a lookup can pin ${COMPARABLE.join('/')}/reference fields; "${name}" is ${field.type}`, true);
      else if (lookup.filters?.includes(name)) add(at, `"${name}" is pinned: it cannot also be a filter of the lookup`, true);
      else {
        const want = misfit(field, value);
        if (want) add(at, `"${String(value)}" is not a value of ${name} (${field.type}): expected ${want}`);
      }
    }
  });
}

/** The names of a represent or template: fields, and `reference.field` paths. */
export function templatePaths(template: string): string[] {
  return template.includes('{') ? [...template.matchAll(/\{([a-z0-9_.]+)\}/g)].map((m) => m[1]) : [template];
}

/**
 * Paths through a reference in represent, lookup templates and list.search: the first step
 * is a reference field of the entity, the second a field of the entity it refers to.
 */
export function checkReferencePaths(raw: RawEntity, entityNamed: (name: string) => RawEntity | undefined, add: Report): void {
  const uses: Array<{ at: Path; names: string[]; search?: true }> = [
    { at: ['represent'], names: templatePaths(raw.represent) },
    ...(raw.lookups ?? []).filter((l) => l.template).map((l, i) => ({ at: ['lookups', i, 'template'], names: templatePaths(l.template!) })),
    ...(raw.list?.search ?? []).map((name, i) => ({ at: ['list', 'search', i], names: [name], search: true as const })),
  ];
  for (const { at, names, search } of uses) {
    for (const path of names.filter((n) => n.includes('.'))) {
      const steps = path.split('.');
      if (steps.length !== 2) {
        add(at, `"${path}" goes more than one step: a template reads a field of a referenced record (reference.field)`);
        continue;
      }
      const [first, second] = steps;
      const field = raw.fields[first];
      if (!field) add(at, `"${path}" names "${first}", which is not a declared field`);
      else if (field.type !== 'reference') add(at, `"${path}" reads through "${first}", which is ${field.type}: only a reference field can be followed`);
      else {
        const target = entityNamed(field.to ?? '');
        if (!target) continue; // reported as a reference to nothing
        const end = target.fields[second];
        if (!end) add(at, `"${path}": ${target.name} has no field "${second}"`);
        else if (end.writeOnly) add(at, `"${path}": ${target.name}.${second} is write-only (a secret) and is never shown`);
        else if (search && !FIELD_KINDS[end.type].searchable) add(at, `list.search can only use text fields; "${path}" is ${end.type}`);
        else if (!FIELD_KINDS[end.type].printable) add(at, `"${path}": a ${end.type} field cannot be shown through a reference`);
      }
    }
  }
}
