// Load: read every schemas/*.yaml, check it against the meta-schema and semantically, and
// build the model (EntityModel[]). Every problem is reported as `file:line:col: message`,
// all of them at once; nothing is thrown at the user as a stack trace.

import { readFileSync, readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { Action, CrossCheck, EntityModel, FieldModel, ListModel, RecordRule } from '../src/shared/entityModel';
import { ACTIONS } from '../src/shared/entityModel';
import { MESSAGES } from '../src/shared/messages';
import { DEFAULT_MAX_ITEMS, MAX_ITEMS_LIMIT, MAX_PASSWORD_LENGTH } from '../src/shared/validation';
import { checkConditions, checkReferencePaths, templatePaths } from './checkConditions';
import { checkFieldAccess } from './checkFieldAccess';
import { buildFormLayout, checkFormLayout } from './formLayout';
import { buildWorkflow, checkWorkflow, checkWorkflowAcross } from './checkWorkflow';
import { FIELD_KINDS, kindsOrderedAs } from '../src/shared/fieldKinds';
import { KIND_SCHEMAS } from './fieldKinds';
import { buildGroupRules, checkGroupPaths, checkGroupRules, isGroupCheck, type FieldsOf } from './groupRules';
import type { RawEntity, RawField } from './rawEntity';
import metaSchema from './schema-format.json' with { type: 'json' };

export interface Problem {
  file: string;
  line: number;
  col: number;
  message: string;
}

export function formatProblem(p: Problem): string {
  return `${p.file}:${p.line}:${p.col}: ${p.message}`;
}

/** Roles that may read every table unless a schema says otherwise: the staff roles (spec 1 §6). */
export const DEFAULT_READ = ['ROLE_ADMIN', 'ROLE_ADMIN_FINANCE', 'ROLE_FINANCE', 'ROLE_FOUNDATION', 'ROLE_TEACHER'];
export const DEFAULT_WRITE = ['ROLE_ADMIN'];
const RESERVED_FIELDS = new Set(['id', 'version', 'created_at', 'updated_at', 'created_by', 'updated_by', 'q', 'ids', 'page', 'per_page', 'sort', 'order']);

type Path = Array<string | number>;

/** The keys of a generated screen and its routes, which an entity with `screen: false` may not give. */
const SCREEN_KEYS = ['route', 'endpoint', 'modules', 'list', 'lookups', 'singleton', 'parent'] as const;

/** One parsed file, with what is needed to point at a place in it. */
class SourceFile {
  readonly lines = new LineCounter();
  readonly doc: Document;
  constructor(
    readonly path: string,
    text: string,
  ) {
    this.doc = parseDocument(text, { lineCounter: this.lines, prettyErrors: false, uniqueKeys: true });
  }

  /** The position of the node at `path`; with `key`, of the key rather than the value. */
  at(path: Path, key = false): { line: number; col: number } {
    let node: unknown = this.doc.contents;
    let keyNode: unknown;
    for (const step of path) {
      if (isMap(node)) {
        const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(step));
        if (!pair) break;
        keyNode = pair.key;
        node = pair.value;
      } else if (isSeq(node) && typeof step === 'number' && node.items[step]) {
        keyNode = undefined;
        node = node.items[step];
      } else break;
    }
    const target = (key && keyNode ? keyNode : node) as Node | undefined;
    const offset = target?.range?.[0] ?? 0;
    return this.lines.linePos(offset);
  }
}

/** Where the checks of one file report; `keep` drops the echoes of a problem already reported. */
class Problems {
  constructor(
    readonly list: Problem[] = [],
    private readonly keep: (path: Path, message: string, line: number) => boolean = () => true,
  ) {}
  add(file: SourceFile, path: Path, message: string, key = false): void {
    const place = file.at(path, key);
    if (this.keep(path, message, place.line)) this.list.push({ file: file.path, ...place, message });
  }
  /** The same list, keeping only what `keep` lets through. */
  narrowed(keep: (path: Path, message: string, line: number) => boolean): Problems {
    return new Problems(this.list, (path, message, line) => this.keep(path, message, line) && keep(path, message, line));
  }
}

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true });
const validateFormat = ajv.compile<RawEntity>(metaSchema);

function pathOf(error: ErrorObject): Path {
  return error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

function describeFormatError(error: ErrorObject): { path: Path; message: string; key: boolean } {
  const path = pathOf(error);
  const where = path.length ? `"${path.join('.')}"` : 'the schema';
  switch (error.keyword) {
    case 'additionalProperties': {
      const extra = String(error.params.additionalProperty);
      const parent = error.parentSchema as { properties?: Record<string, unknown> };
      const allowed = Object.keys(parent.properties ?? {}).join(', ');
      return { path: [...path, extra], key: true, message: `unknown key "${extra}" in ${where}; expected one of: ${allowed}` };
    }
    case 'required':
      return { path, key: false, message: `${where} is missing the required key "${String(error.params.missingProperty)}"` };
    case 'enum':
      return {
        path,
        key: false,
        message: `${where} must be one of: ${(error.params.allowedValues as unknown[]).map(String).join(', ')}`,
      };
    case 'pattern': {
      const last = path[path.length - 1];
      const hint: Record<string, string> = {
        name: 'snake_case letters and digits, e.g. academic_year',
        route: 'a path like /academicyear (lowercase letters, digits, dashes)',
        endpoint: 'a path segment like academic-year (lowercase letters, digits, dashes)',
      };
      return { path, key: false, message: `${where} must be ${hint[String(last)] ?? `like ${String(error.params.pattern)}`}` };
    }
    case 'propertyNames':
      return { path, key: false, message: `field name in ${where} must be snake_case, e.g. start_date` };
    default:
      return { path, key: false, message: `${where} ${error.message ?? 'is not valid'}` };
  }
}

/** The path a format error makes unusable: an unknown key, else the value that is wrong. */
function prunedPath(error: ErrorObject): Path {
  const path = pathOf(error);
  return error.keyword === 'additionalProperties' ? [...path, String(error.params.additionalProperty)] : path;
}

function removeAt(root: unknown, path: Path): void {
  let node = root;
  for (const step of path.slice(0, -1)) node = (node as Record<string | number, unknown> | undefined)?.[step];
  const last = path[path.length - 1];
  if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1);
  else if (node && typeof node === 'object') delete (node as Record<string, unknown>)[String(last)];
}

const isPrefix = (prefix: Path, path: Path) => prefix.length <= path.length && prefix.every((s, i) => String(s) === String(path[i]));

/**
 * Check a file against the meta-schema. A file with format errors is not given up: the
 * wrong parts are cut off (an unknown key, a wrong value, then the object holding it when
 * that leaves a required key missing) until the rest fits, so the later phases still check
 * the rest in the same run. `errors` are those of the file as written; `value` is undefined
 * when nothing usable is left (the schema as a whole is wrong).
 */
function fitFormat(raw: unknown): { errors: ErrorObject[]; value?: RawEntity; pruned: Path[] } {
  if (validateFormat(raw)) return { errors: [], value: raw, pruned: [] };
  const errors = [...(validateFormat.errors ?? [])];
  const value: unknown = structuredClone(raw);
  const pruned: Path[] = [];
  const wrappers = new Set(['if', 'anyOf', 'oneOf']);
  let current = errors;
  for (let round = 0; round < 12; round++) {
    const specific = current.filter((e) => !wrappers.has(e.keyword));
    const paths = (specific.length ? specific : current).map(prunedPath);
    if (paths.some((p) => p.length === 0)) return { errors, pruned };
    // Only the outermost of nested paths; the deepest and last first, so that removing one does not move another.
    const unique = [...new Map(paths.map((p) => [p.join('\u0000'), p])).values()].filter((p, _, all) => !all.some((o) => o.length < p.length && isPrefix(o, p)));
    unique.sort((a, b) => b.length - a.length || String(b[b.length - 1]).localeCompare(String(a[a.length - 1]), undefined, { numeric: true }));
    for (const path of unique) removeAt(value, path);
    pruned.push(...unique);
    if (validateFormat(value)) return { errors, value, pruned };
    current = [...(validateFormat.errors ?? [])];
  }
  return { errors, pruned };
}

/** Whether a later phase's problem repeats a cut-off part: it lies inside or around one, or names a cut-off field. */
function echoesPruned(pruned: Path[], path: Path, message: string): boolean {
  return pruned.some((p) => isPrefix(p, path) || (path.length > 0 && isPrefix(path, p)) || (p[0] === 'fields' && p.length === 2 && message.includes(`"${String(p[1])}"`)));
}

function typeName(name: string): string {
  return name.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase()) + 'Record';
}

/** The plain field names of a template; paths through a reference are checked by checkReferencePaths. */
function templateFields(represent: string): string[] {
  return templatePaths(represent).filter((name) => !name.includes('.'));
}

function buildField(name: string, raw: RawField, columns: string[]): FieldModel {
  const hidden = new Set(raw.hidden ?? []);
  const field: FieldModel = {
    name,
    kind: raw.type,
    label: raw.label,
    required: raw.required ?? false,
    unique: raw.unique ?? false,
    readOnly: raw.readOnly ?? false,
    in: { list: columns.includes(name), form: !hidden.has('form'), show: !hidden.has('show') },
  };
  // A password is a secret by its kind: never sent back, kept when an edit leaves it empty.
  if (raw.writeOnly || raw.type === 'password') field.writeOnly = true;
  const optional = ['help', 'min', 'max', 'minLength', 'maxLength', 'pattern', 'patternMessage', 'default', 'options', 'to', 'maxItems', 'maxSize', 'accept', 'requiredWhen', 'allowedWhen', 'access'] as const;
  for (const key of optional) if (raw[key] !== undefined) (field as unknown as Record<string, unknown>)[key] = raw[key];
  if (KIND_SCHEMAS[raw.type].accepts.items) field.maxItems = raw.maxItems ?? DEFAULT_MAX_ITEMS;
  return field;
}

function normaliseAccess(raw: RawEntity['access']): Record<Action, string[]> {
  const read = raw?.read ?? DEFAULT_READ;
  const write = raw?.write ?? DEFAULT_WRITE;
  const access = {} as Record<Action, string[]>;
  for (const action of ACTIONS) access[action] = raw?.[action] ?? (action === 'list' || action === 'show' ? read : write);
  return access;
}

/** The semantic checks: what the meta-schema cannot say. */
function checkEntity(file: SourceFile, raw: RawEntity, problems: Problems): void {
  const fields = raw.fields;
  const expected = basename(file.path, '.yaml');
  if (raw.name !== expected) problems.add(file, ['name'], `name "${raw.name}" must equal the file name "${expected}"`);
  for (const [name, field] of Object.entries(fields)) {
    const at = (key: string) => ['fields', name, key];
    const spec = { ...FIELD_KINDS[field.type], ...KIND_SCHEMAS[field.type] };
    if (RESERVED_FIELDS.has(name)) problems.add(file, ['fields', name], `field name "${name}" is reserved (system column or list parameter)`, true);
    if ((field.min !== undefined || field.max !== undefined) && !spec.accepts.range) problems.add(file, at(field.min !== undefined ? 'min' : 'max'), `min/max apply to integer, number and money fields, not ${field.type}`, true);
    if (field.min !== undefined && field.max !== undefined && field.min > field.max) problems.add(file, at('max'), `max (${field.max}) is less than min (${field.min})`);
    if ((field.minLength !== undefined || field.maxLength !== undefined) && !spec.accepts.length) problems.add(file, at(field.minLength !== undefined ? 'minLength' : 'maxLength'), `minLength/maxLength apply to text fields, not ${field.type}`, true);
    if (field.minLength !== undefined && field.maxLength !== undefined && field.minLength > field.maxLength) problems.add(file, at('maxLength'), `maxLength (${field.maxLength}) is less than minLength (${field.minLength})`);
    if (field.pattern !== undefined) {
      if (!spec.accepts.pattern) problems.add(file, at('pattern'), `pattern applies to string and text fields, not ${field.type}`, true);
      else {
        try {
          new RegExp(field.pattern, 'u');
        } catch (e) {
          problems.add(file, at('pattern'), `pattern is not a valid regular expression: ${(e as Error).message}`);
        }
      }
    }
    if (field.patternMessage !== undefined && field.pattern === undefined) problems.add(file, at('patternMessage'), 'patternMessage needs a pattern', true);
    if (spec.accepts.options && !field.options) problems.add(file, ['fields', name], `enum field "${name}" needs options: [{ value, label: { en, id } }]`, true);
    if (!spec.accepts.options && field.options) problems.add(file, at('options'), `options apply to enum fields, not ${field.type}`, true);
    if (field.options) {
      const seen = new Set<string>();
      field.options.forEach((o, i) => {
        if (seen.has(o.value)) problems.add(file, ['fields', name, 'options', i, 'value'], `option value "${o.value}" is listed twice`);
        seen.add(o.value);
      });
    }
    if (spec.accepts.to && !field.to) problems.add(file, ['fields', name], `${field.type} field "${name}" needs to: <entity name>`, true);
    if (!spec.accepts.to && field.to) problems.add(file, at('to'), `to applies to reference and references fields, not ${field.type}`, true);
    if (field.maxItems !== undefined && !spec.accepts.items) problems.add(file, at('maxItems'), `maxItems applies to references fields, not ${field.type}`, true);
    if (field.maxItems !== undefined && field.maxItems > MAX_ITEMS_LIMIT) problems.add(file, at('maxItems'), `maxItems is at most ${MAX_ITEMS_LIMIT} (${field.maxItems} given)`);
    if (!spec.accepts.file && (field.maxSize !== undefined || field.accept !== undefined)) problems.add(file, at(field.maxSize !== undefined ? 'maxSize' : 'accept'), `maxSize/accept apply to file and image fields, not ${field.type}`, true);
    if (field.default !== undefined && field.default !== null) {
      const want = spec.defaultType;
      if (want === 'none') problems.add(file, at('default'), `a ${field.type} field cannot have a default`);
      else if (typeof field.default !== want) problems.add(file, at('default'), `default must be a ${want} for a ${field.type} field`);
      else if (field.type === 'integer' || field.type === 'money') {
        if (!Number.isInteger(field.default)) problems.add(file, at('default'), 'default must be a whole number');
      }
      if (field.options && !field.options.some((o) => o.value === field.default)) problems.add(file, at('default'), `default "${String(field.default)}" is not one of the options`);
    }
    if (field.readOnly && field.required) problems.add(file, at('readOnly'), 'a read-only field cannot be required: nobody could fill it in');
    if (field.writeOnly && !spec.accepts.length) problems.add(file, at('writeOnly'), `writeOnly applies to text fields (secrets), not ${field.type}`, true);
    const secret = field.writeOnly || field.type === 'password';
    if (secret && (field.readOnly || field.unique)) problems.add(file, at(field.readOnly ? 'readOnly' : 'unique'), `a ${field.writeOnly ? 'write-only' : 'password'} field cannot also be read-only or unique`, true);
    if (field.type === 'password' && field.maxLength !== undefined && field.maxLength > MAX_PASSWORD_LENGTH) problems.add(file, at('maxLength'), `a password's maxLength is at most ${MAX_PASSWORD_LENGTH}`);
    if (field.required && field.hidden?.includes('form')) problems.add(file, at('hidden'), 'a required field cannot be hidden in the form');
    checkFieldAccess(raw, name, normaliseAccess(raw.access), (path, text, key) => problems.add(file, path, text, key));
  }
  const has = (name: string) => Object.hasOwn(fields, name);
  // A secret never leaves the server: it cannot be shown as a record, a lookup label or a column.
  const isSecret = (name: string) => has(name) && (fields[name].writeOnly === true || fields[name].type === 'password');
  for (const name of templateFields(raw.represent)) {
    if (!has(name)) problems.add(file, ['represent'], `represent names "${name}", which is not a declared field`);
    else if (isSecret(name)) problems.add(file, ['represent'], `represent names "${name}", a secret that is never sent back`);
  }
  if (raw.screen === false) {
    // A table behind a bespoke screen: nothing of a generated screen or route applies.
    for (const key of SCREEN_KEYS) {
      if (raw[key] !== undefined) problems.add(file, [key], `an entity without a screen (screen: false) has no "${key}": its bespoke module shows it and reaches it through the write door`, true);
    }
  }
  if (raw.singleton) {
    for (const key of ['list', 'parent', 'tree', 'lookups'] as const) {
      if (raw[key] !== undefined) problems.add(file, [key], `a singleton has one record: "${key}" does not apply`, true);
    }
    for (const [name, field] of Object.entries(fields)) {
      if (field.unique) problems.add(file, ['fields', name, 'unique'], 'a singleton has one record: unique does not apply', true);
    }
  }
  if (raw.tree !== undefined) {
    const field = fields[raw.tree];
    if (!field) problems.add(file, ['tree'], `tree names "${raw.tree}", which is not a declared field`);
    else if (field.type !== 'reference' || field.to !== raw.name) problems.add(file, ['tree'], `tree field "${raw.tree}" must be a reference to ${raw.name} itself`);
    else if (field.required) problems.add(file, ['fields', raw.tree, 'required'], 'the tree field cannot be required: the top of the tree has no parent');
  }
  if (raw.numbering !== undefined) {
    const { field: name, date } = raw.numbering;
    const field = fields[name];
    if (!field) problems.add(file, ['numbering', 'field'], `numbering.field names "${name}", which is not a declared field`);
    else if (field.type !== 'string') problems.add(file, ['numbering', 'field'], `numbering.field "${name}" must be a string field, not ${field.type}`);
    else if (field.required) problems.add(file, ['fields', name, 'required'], `"${name}" is numbered when a create leaves it empty (numbering): it cannot be required`, true);
    else if (field.readOnly) problems.add(file, ['fields', name, 'readOnly'], `"${name}" is numbered by the server but may be given (an import keeps its numbers): it cannot be read-only`, true);
    if (date !== undefined) {
      if (!has(date)) problems.add(file, ['numbering', 'date'], `numbering.date names "${date}", which is not a declared field`);
      else if (fields[date].type !== 'date') problems.add(file, ['numbering', 'date'], `numbering.date "${date}" must be a date field, not ${fields[date].type}`);
    }
    if (raw.singleton) problems.add(file, ['numbering'], 'a singleton has one record: numbering does not apply', true);
  }
  if (raw.parent !== undefined) {
    const field = fields[raw.parent.field];
    if (!field) problems.add(file, ['parent', 'field'], `parent.field names "${raw.parent.field}", which is not a declared field`);
    else if (field.type !== 'reference' || field.to !== raw.parent.entity) problems.add(file, ['parent', 'field'], `parent.field "${raw.parent.field}" must be a reference to ${raw.parent.entity}`);
    else if (!field.required) problems.add(file, ['fields', raw.parent.field], `"${raw.parent.field}" links a detail to its parent: it must be required`, true);
  }
  (raw.lookups ?? []).forEach((lookup, i) => {
    for (const name of templateFields(lookup.template ?? raw.represent)) {
      if (lookup.template && !has(name)) problems.add(file, ['lookups', i, 'template'], `the lookup template names "${name}", which is not a declared field`);
      else if (lookup.template && isSecret(name)) problems.add(file, ['lookups', i, 'template'], `the lookup template names "${name}", a secret that is never sent back`);
    }
    (lookup.filters ?? []).forEach((name, j) => {
      if (!has(name)) problems.add(file, ['lookups', i, 'filters', j], `lookup filter "${name}" is not a declared field`);
    });
  });
  const list = raw.list ?? {};
  for (const key of ['columns', 'search', 'filters', 'choosable'] as const) {
    (list[key] ?? []).forEach((name, i) => {
      if (key === 'search' && name.includes('.')) return; // through a reference: checkReferencePaths
      if (!has(name)) problems.add(file, ['list', key, i], `list.${key} names "${name}", which is not a declared field`);
      else if (key === 'search' && !FIELD_KINDS[fields[name].type].searchable) problems.add(file, ['list', key, i], `list.search can only use text fields; "${name}" is ${fields[name].type}`);
      else if (key === 'filters' && FIELD_KINDS[fields[name].type].filter === 'none') problems.add(file, ['list', key, i], `"${name}" (${fields[name].type}) cannot be a filter`);
      else if ((key === 'columns' || key === 'choosable') && fields[name].hidden?.includes('list')) problems.add(file, ['list', key, i], `"${name}" is a list column but its field says hidden: [list]`);
      else if ((key === 'columns' || key === 'choosable') && isSecret(name)) problems.add(file, ['list', key, i], `"${name}" is a secret that is never sent back: it cannot be a list column`);
    });
  }
  if (list.sort) {
    const f = list.sort.field;
    if (f !== 'id' && f !== 'created_at' && f !== 'updated_at') {
      if (!has(f)) problems.add(file, ['list', 'sort', 'field'], `list.sort.field names "${f}", which is not a declared field`);
      else if (!FIELD_KINDS[fields[f].type].sortable) problems.add(file, ['list', 'sort', 'field'], `"${f}" (${fields[f].type}) cannot be sorted`);
    }
  }
  (raw.rules ?? []).forEach((rule, i) => {
    if (!has(rule.if)) problems.add(file, ['rules', i, 'if'], `rule names "${rule.if}", which is not a declared field`);
    else if (fields[rule.if].type !== 'boolean') problems.add(file, ['rules', i, 'if'], `rule field "${rule.if}" must be a boolean, not ${fields[rule.if].type}`);
  });
  checkConditions(raw, (path, message, key) => problems.add(file, path, message, key));
  checkWorkflow(raw, (path, message, key) => problems.add(file, path, message, key));
  checkGroupRules(raw, (path, message, key) => problems.add(file, path, message, key));
  checkFormLayout(raw, (path, message, key) => problems.add(file, path, message, key));
  (raw.checks ?? []).forEach((check, i) => {
    if (isGroupCheck(check)) return;
    const kinds = kindsOrderedAs(check.kind === 'dateOrder' ? 'moment' : 'amount');
    for (const side of ['from', 'to'] as const) {
      const name = check[side];
      if (!has(name)) problems.add(file, ['checks', i, side], `check names "${name}", which is not a declared field`);
      else if (!kinds.includes(fields[name].type)) problems.add(file, ['checks', i, side], `${check.kind} needs ${kinds.join('/')} fields; "${name}" is ${fields[name].type}`);
    }
  });
}

function buildEntity(file: SourceFile, raw: RawEntity, fieldsOf: FieldsOf): EntityModel {
  const names = Object.keys(raw.fields);
  const plain = templateFields(raw.represent)[0];
  // By default a list is sorted by the represented field, when it has an order (a description has none).
  const sortsBy = (name: string | undefined) => name !== undefined && Object.hasOwn(raw.fields, name) && FIELD_KINDS[raw.fields[name].type].sortable;
  const shown = (n: string) => !raw.fields[n].hidden?.includes('list') && !raw.fields[n].writeOnly && raw.fields[n].type !== 'password';
  const columns = raw.list?.columns ?? names.filter(shown).slice(0, 6);
  const list: ListModel = {
    columns,
    sort: { field: raw.list?.sort?.field ?? (raw.represent.includes('{') || !sortsBy(plain) ? 'id' : plain), order: raw.list?.sort?.order ?? 'ASC' },
    search: raw.list?.search ?? [],
    filters: raw.list?.filters ?? [],
    // The column chooser's fields (issue 16): declared, else every field a list may show.
    choosable: raw.list?.choosable ?? names.filter(shown),
    perPage: raw.list?.perPage ?? 25,
  };
  const rules: RecordRule[] = (raw.rules ?? []).map((r) => ({
    if: r.if,
    deny: r.deny,
    message: r.message ?? { en: MESSAGES.en.ruleDenied, id: MESSAGES.id.ruleDenied },
  }));
  const checks: CrossCheck[] = (raw.checks ?? []).flatMap((c) => (isGroupCheck(c) ? [] : [c])).map((c) => ({
    kind: c.kind,
    from: c.from,
    to: c.to,
    message: c.message ?? { en: MESSAGES.en[c.kind], id: MESSAGES.id[c.kind] },
    ...(c.when ? { when: c.when } : {}),
  }));
  const entity: EntityModel = {
    name: raw.name,
    typeName: typeName(raw.name),
    resource: raw.route?.slice(1) ?? '',
    route: raw.route ?? '',
    endpoint: raw.endpoint ?? '',
    label: raw.label,
    labelPlural: raw.labelPlural ?? raw.label,
    modules: raw.modules ?? [],
    represent: raw.represent,
    access: normaliseAccess(raw.access),
    fields: names.map((n) => buildField(n, raw.fields[n], columns)),
    list,
    rules,
    checks,
    source: file.path,
  };
  if (raw.screen === false) entity.screen = false;
  if (raw.singleton) entity.singleton = true;
  if (raw.parent) entity.parent = raw.parent;
  if (raw.tree) entity.tree = raw.tree;
  if (raw.lookups?.length) {
    entity.lookups = raw.lookups.map((l) => ({
      name: l.name,
      labelField: l.labelField ?? 'label',
      template: l.template ?? raw.represent,
      all: l.all ?? false,
      filters: l.filters ?? [],
      ...(l.where ? { where: l.where } : {}),
    }));
  }
  if (raw.deleteMessage) entity.deleteMessage = raw.deleteMessage;
  if (raw.numbering) entity.numbering = raw.numbering.date ? { field: raw.numbering.field, date: raw.numbering.date } : { field: raw.numbering.field };
  const workflow = buildWorkflow(raw);
  if (workflow) entity.workflow = workflow;
  const form = buildFormLayout(raw);
  if (form) entity.form = form;
  Object.assign(entity, buildGroupRules(raw, fieldsOf));
  const inKeys = new Set((entity.uniqueKeys ?? []).flatMap((k) => k.fields));
  for (const field of entity.fields) if (FIELD_KINDS[field.kind].readAsText && (field.unique || inKeys.has(field.name))) field.uniqueText = true;
  return entity;
}

/** Checks that span files: references resolve; routes, resources and endpoints are unique. */
function checkAcross(loaded: Loaded[], byName: Set<string>): void {
  // A lookup may share its path with its own entity's list (both answer { data }), with no other.
  const endpoints = new Map(loaded.flatMap(({ raw }) => (raw.endpoint === undefined ? [] : [[raw.endpoint, raw.name] as const])));
  const lookupNames = new Map<string, string>();
  for (const { file, raw, problems } of loaded) {
    (raw.lookups ?? []).forEach((lookup, i) => {
      const owner = endpoints.get(lookup.name);
      const taken = lookupNames.get(lookup.name);
      if (owner && owner !== raw.name) problems.add(file, ['lookups', i, 'name'], `lookup "${lookup.name}" is the endpoint of ${owner}`);
      else if (taken) problems.add(file, ['lookups', i, 'name'], `lookup "${lookup.name}" is already declared by ${taken}`);
      else lookupNames.set(lookup.name, file.path);
    });
  }
  const seen: Record<'route' | 'endpoint', Map<string, string>> = { route: new Map(), endpoint: new Map() };
  const rawByName = new Map(loaded.map(({ raw }) => [raw.name, raw]));
  for (const { file, raw, problems, sound } of loaded) {
    for (const [name, field] of Object.entries(raw.fields)) {
      if (field.to && !byName.has(field.to)) {
        problems.add(file, ['fields', name, 'to'], `"${name}" refers to entity "${field.to}", which has no schema (known: ${[...byName].sort().join(', ')})`);
      } else if (field.to && raw.screen !== false && rawByName.get(field.to)?.screen === false) {
        // A generated view would draw the reference, and there is no screen to draw it with.
        problems.add(file, ['fields', name, 'to'], `"${name}" refers to "${field.to}", an entity without a screen (screen: false): only entities without a screen may refer to it`);
      }
    }
    // Paths through a reference and workflow rows need the file's own checks passed (else they repeat them).
    if (sound) {
      checkReferencePaths(raw, (name) => rawByName.get(name), (path, message, key) => problems.add(file, path, message, key));
      checkGroupPaths(raw, (name) => rawByName.get(name)?.fields, (path, message) => problems.add(file, path, message));
      checkWorkflowAcross(raw, (name) => rawByName.get(name), (path, message, key) => problems.add(file, path, message, key));
    }
    if (raw.parent && !byName.has(raw.parent.entity)) {
      problems.add(file, ['parent', 'entity'], `parent "${raw.parent.entity}" has no schema`);
    }
    for (const key of ['route', 'endpoint'] as const) {
      const value = raw[key];
      if (value === undefined) continue;
      const other = seen[key].get(value);
      if (other) problems.add(file, [key], `${key} "${value}" is already used by ${other}`);
      else seen[key].set(value, file.path);
    }
  }
}

/** Tables are created referenced-first, so references between entities must not go round in a circle. */
function checkCycles(loaded: Loaded[]): void {
  const byName = new Map(loaded.map((l) => [l.raw.name, l]));
  const done = new Set<string>();
  const visit = (name: string, trail: string[]): boolean => {
    if (done.has(name)) return false;
    const at = trail.indexOf(name);
    if (at >= 0) {
      const circle = [...trail.slice(at), name];
      const { file, raw, problems } = byName.get(circle[0])!;
      const field = Object.entries(raw.fields).find(([, f]) => f.to === circle[1])?.[0] ?? '';
      problems.add(file, ['fields', field, 'to'], `references go round in a circle (${circle.join(' → ')}); tables could not be created in order. Drop one of these references.`);
      return true;
    }
    const entry = byName.get(name);
    if (!entry) return false;
    for (const f of Object.values(entry.raw.fields)) {
      if (f.to && f.to !== name && visit(f.to, [...trail, name])) return true;
    }
    done.add(name);
    return false;
  };
  for (const name of byName.keys()) if (visit(name, [])) return;
}

export interface LoadResult {
  entities: EntityModel[];
  problems: Problem[];
}

/** A file that reached the semantic checks, with where its problems go. */
interface Loaded {
  file: SourceFile;
  raw: RawEntity;
  problems: Problems;
  /** Whether it passed every check of its own: the deeper checks across files need that. */
  sound: boolean;
}

/**
 * Load every `*.yaml` in `dir`; `root` makes the reported paths relative. Every phase runs
 * on every file (syntax, format, the file's own checks with conditions and workflow, then
 * the checks across files) on what the earlier phases left usable, so one run reports every
 * problem; a later phase does not repeat a place an earlier one reported.
 */
export function loadSchemas(dir: string, root: string): LoadResult {
  const all = new Problems();
  const loaded: Loaded[] = [];
  // Entity names by their files (a schema's name must equal its file name), so that a
  // reference to a schema with mistakes of its own is not reported as a reference to nothing.
  const named = new Set<string>();
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.yaml') || f.endsWith('.yml'))
    .sort();
  for (const name of files) {
    named.add(name.replace(/\.ya?ml$/, ''));
    const file = new SourceFile(relative(root, join(dir, name)), readFileSync(join(dir, name), 'utf8'));
    if (name.endsWith('.yml')) all.add(file, [], 'schema files end in .yaml');
    const syntaxLines = new Set<number>();
    for (const error of file.doc.errors) {
      const { line, col } = file.lines.linePos(error.pos[0]);
      syntaxLines.add(line);
      all.list.push({ file: file.path, line, col, message: error.message.split('\n')[0] });
    }
    let js: unknown;
    try {
      js = file.doc.toJS();
    } catch {
      continue; // the syntax errors said it: nothing readable is left
    }
    // What the parser made of the lines of a syntax error is reported there already.
    const problems = syntaxLines.size ? all.narrowed((_, __, line) => !syntaxLines.has(line)) : all;
    const { errors, value: raw, pruned } = fitFormat(js);
    for (const error of errors) {
      if (error.keyword === 'if' || error.keyword === 'anyOf') continue;
      const { path, message, key } = describeFormatError(error);
      problems.add(file, path, message, key);
    }
    if (!raw) continue;
    const own = pruned.length ? problems.narrowed((path, message) => !echoesPruned(pruned, path, message)) : problems;
    const before = all.list.length;
    checkEntity(file, raw, own);
    loaded.push({ file, raw, problems: own, sound: !syntaxLines.size && !errors.length && all.list.length === before });
  }
  checkAcross(loaded, named);
  checkCycles(loaded);
  if (files.length === 0) all.list.push({ file: relative(root, dir) || '.', line: 1, col: 1, message: 'no schema files found' });
  const seen = new Set<string>();
  const sorted = all.list
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col)
    .filter((p) => !seen.has(formatProblem(p)) && seen.add(formatProblem(p)));
  return {
    entities: sorted.length ? [] : loaded.map(({ file, raw }) => buildEntity(file, raw, (name) => loaded.find((l) => l.raw.name === name)?.raw.fields)).sort((a, b) => a.name.localeCompare(b.name)),
    problems: sorted,
  };
}
