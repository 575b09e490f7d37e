// What a schema change does, in plain words: the models before and after (two loads) compared
// entity by entity. Pure: each change that touches stored records carries the SQL condition
// of the records it concerns, which diffDatabase.ts counts when a database is given.
// `loss`: applying the change would throw stored values away (a dropped table or column, a
// narrowed type); `refuses`: a new rule that existing records may break; `info`: the rest.

import type { EntityModel, FieldCondition, FieldModel } from '../src/shared/entityModel';
import { FIELD_KINDS } from '../src/shared/fieldKinds';

export type Severity = 'info' | 'refuses' | 'loss';

/** The stored rows a change concerns: `select count(*) from <table> where <where>`. */
export interface RowCount {
  table: string;
  /** The columns the condition reads: a column that does not exist yet counts nothing. */
  columns: string[];
  where: string;
  params: unknown[];
}

export interface Change {
  entity: string;
  severity: Severity;
  text: string;
  rows?: RowCount;
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
const list = (items: readonly string[]) => items.join(', ');

/** Column types a value moves to without losing anything (the rest of the changes narrow). */
const WIDENS: Record<string, string[]> = {
  integer: ['double precision', 'numeric(18,0)', 'text'],
  'numeric(18,0)': ['double precision', 'text'],
  'double precision': ['text'],
  boolean: ['text'],
  date: ['timestamptz', 'text'],
  time: ['text'],
  timestamptz: ['text'],
};

function column(field: FieldModel): string {
  return FIELD_KINDS[field.kind].column;
}

/** SQL for "the condition holds" on a stored row (an empty boolean counts as false, as in the app). */
function conditionSql(condition: FieldCondition, fields: readonly FieldModel[], params: unknown[]): string {
  const field = fields.find((f) => f.name === condition.field);
  const values = condition.in ?? (condition.equals !== undefined ? [condition.equals] : []);
  const col = field?.kind === 'boolean' ? `coalesce(${q(condition.field)}, false)` : q(condition.field);
  params.push(values);
  const cast = field?.kind === 'boolean' ? 'boolean[]' : field?.kind === 'integer' ? 'integer[]' : 'text[]';
  return `${col} = any($${params.length}::${cast})`;
}

function label(entity: EntityModel): string {
  return `${entity.label.en} (${entity.name})`;
}

function fieldLabel(field: FieldModel): string {
  return `"${field.label.en}" (${field.name})`;
}

/** What changes for one field kept by both versions. */
function fieldChanges(entity: EntityModel, before: FieldModel, after: FieldModel): Change[] {
  const out: Change[] = [];
  const table = entity.name;
  const name = after.name;
  const say = (severity: Severity, text: string, where?: string, params: unknown[] = [], columns = [name]) =>
    out.push({ entity: entity.name, severity, text: `${label(entity)}: ${fieldLabel(after)} ${text}`, ...(where ? { rows: { table, columns, where, params } } : {}) });
  const present = `${q(name)} is not null`;
  if (before.kind !== after.kind) {
    const from = column(before);
    const to = column(after);
    if (from === to) say('info', `is now ${after.kind} (was ${before.kind}); the stored values stay as they are`);
    else if (WIDENS[from]?.includes(to)) say('info', `is now ${after.kind} (was ${before.kind}); every stored value fits`);
    else say('loss', `changes from ${before.kind} to ${after.kind}: the stored values (${from}) would not survive as ${to}`, present);
  }
  if (after.required && !before.required) {
    say('refuses', `is now required: records without it would be refused when edited`, `${q(name)} is null`);
  }
  if (after.unique && !before.unique) {
    const text = FIELD_KINDS[after.kind].readAsText ? `lower(normalize(btrim(${q(name)}::text), NFC))` : q(name);
    say('refuses', 'is now unique: records sharing a value would keep the unique index from being made', `${present} and ${text} in (select ${text} from ${q(table)} where ${present} group by 1 having count(*) > 1)`);
  }
  if (after.maxLength !== undefined && (before.maxLength === undefined || after.maxLength < before.maxLength)) {
    say('refuses', `may now hold at most ${after.maxLength} characters${before.maxLength !== undefined ? ` (was ${before.maxLength})` : ''}`, `char_length(${q(name)}) > ${after.maxLength}`);
  }
  if (after.minLength !== undefined && (before.minLength === undefined || after.minLength > before.minLength)) {
    say('refuses', `needs at least ${after.minLength} characters now`, `char_length(${q(name)}) < ${after.minLength}`);
  }
  if (after.min !== undefined && (before.min === undefined || after.min > before.min)) say('refuses', `may now be at least ${after.min}${before.min !== undefined ? ` (was ${before.min})` : ''}`, `${q(name)} < ${after.min}`);
  if (after.max !== undefined && (before.max === undefined || after.max < before.max)) say('refuses', `may now be at most ${after.max}${before.max !== undefined ? ` (was ${before.max})` : ''}`, `${q(name)} > ${after.max}`);
  if (after.pattern !== undefined && after.pattern !== before.pattern) {
    say('refuses', `must now match ${after.pattern}`, `${present} and ${q(name)}::text !~ $1`, [after.pattern]);
  }
  if (before.options && after.options) {
    const kept = new Set(after.options.map((o) => o.value));
    const gone = before.options.filter((o) => !kept.has(o.value)).map((o) => o.value);
    const added = after.options.filter((o) => !before.options!.some((b) => b.value === o.value)).map((o) => o.value);
    if (gone.length) say('refuses', `no longer offers ${list(gone)}: records holding one would be refused when edited`, `${q(name)} = any($1::text[])`, [gone]);
    if (added.length) say('info', `offers ${list(added)} too`);
  }
  if (after.allowedWhen && JSON.stringify(after.allowedWhen) !== JSON.stringify(before.allowedWhen)) {
    const params: unknown[] = [];
    const holds = conditionSql(after.allowedWhen, entity.fields, params);
    say('refuses', `applies only while ${after.allowedWhen.field} is ${list((after.allowedWhen.in ?? [after.allowedWhen.equals]).map(String))}: the form hides it otherwise and records holding it then would be refused`, `${present} and not (${holds})`, params, [name, after.allowedWhen.field]);
  }
  if (after.requiredWhen && JSON.stringify(after.requiredWhen) !== JSON.stringify(before.requiredWhen)) {
    const params: unknown[] = [];
    const holds = conditionSql(after.requiredWhen, entity.fields, params);
    say('refuses', `is required while ${after.requiredWhen.field} is ${list((after.requiredWhen.in ?? [after.requiredWhen.equals]).map(String))}`, `${q(name)} is null and ${holds}`, params, [name, after.requiredWhen.field]);
  }
  if (before.label.en !== after.label.en || before.label.id !== after.label.id) say('info', `is now labelled "${after.label.en}" / "${after.label.id}" (was "${before.label.en}" / "${before.label.id}")`);
  for (const view of ['list', 'form', 'show'] as const) {
    if (before.in[view] !== after.in[view]) say('info', after.in[view] ? `is shown in the ${view} now` : `is no longer shown in the ${view}`);
  }
  return out;
}

/** Everything that changes for users and data between two loads of the schemas. */
export function diffModels(before: readonly EntityModel[], after: readonly EntityModel[]): Change[] {
  const changes: Change[] = [];
  const old = new Map(before.map((e) => [e.name, e]));
  const now = new Map(after.map((e) => [e.name, e]));
  for (const entity of after) {
    if (old.has(entity.name)) continue;
    const screen = entity.screen === false ? 'a table without a screen' : `a new screen at ${entity.route}${entity.modules.length ? ` in the menus ${list(entity.modules)}` : ''}`;
    changes.push({ entity: entity.name, severity: 'info', text: `new entity ${label(entity)}: ${screen}, with the fields ${list(entity.fields.map((f) => f.name))}` });
  }
  for (const entity of before) {
    if (now.has(entity.name)) continue;
    changes.push({
      entity: entity.name,
      severity: 'loss',
      text: `${label(entity)} is removed: its screen${entity.route ? ` ${entity.route}` : ''} and menu entries go, and its table with every record in it`,
      rows: { table: entity.name, columns: [], where: 'true', params: [] },
    });
  }
  for (const entity of after) {
    const was = old.get(entity.name);
    if (!was) continue;
    const gone = was.fields.filter((f) => !entity.fields.some((n) => n.name === f.name));
    const added = entity.fields.filter((f) => !was.fields.some((o) => o.name === f.name));
    for (const field of added) {
      const where = field.required && (field.default === undefined || field.default === null) ? 'true' : undefined;
      changes.push({
        entity: entity.name,
        severity: where ? 'refuses' : 'info',
        text: `${label(entity)}: new field ${fieldLabel(field)} (${field.kind}${field.required ? ', required' : ''})${where ? ': it is required without a default, so every existing record lacks it and would be refused when edited' : ''}`,
        ...(where ? { rows: { table: entity.name, columns: [], where, params: [] } } : {}),
      });
    }
    for (const field of gone) {
      changes.push({
        entity: entity.name,
        severity: 'loss',
        text: `${label(entity)}: field ${fieldLabel(field)} is removed, and its column with the values stored in it`,
        rows: { table: entity.name, columns: [field.name], where: `${q(field.name)} is not null`, params: [] },
      });
    }
    for (const field of entity.fields) {
      const before = was.fields.find((f) => f.name === field.name);
      if (before) changes.push(...fieldChanges(entity, before, field));
    }
    const menusIn = entity.modules.filter((m) => !was.modules.includes(m));
    const menusOut = was.modules.filter((m) => !entity.modules.includes(m));
    if (menusIn.length) changes.push({ entity: entity.name, severity: 'info', text: `${label(entity)} appears in the menus ${list(menusIn)} too` });
    if (menusOut.length) changes.push({ entity: entity.name, severity: 'info', text: `${label(entity)} leaves the menus ${list(menusOut)}` });
    if (was.route !== entity.route) changes.push({ entity: entity.name, severity: 'info', text: `${label(entity)} moves from ${was.route || 'no screen'} to ${entity.route || 'no screen'}` });
    if (was.label.en !== entity.label.en || was.label.id !== entity.label.id) changes.push({ entity: entity.name, severity: 'info', text: `${label(entity)} was called "${was.label.en}" / "${was.label.id}"` });
    for (const action of Object.keys(entity.access) as Array<keyof EntityModel['access']>) {
      const gained = entity.access[action].filter((r) => !was.access[action].includes(r));
      const lost = was.access[action].filter((r) => !entity.access[action].includes(r));
      if (gained.length) changes.push({ entity: entity.name, severity: 'info', text: `${label(entity)}: ${list(gained)} may now ${action}` });
      if (lost.length) changes.push({ entity: entity.name, severity: 'info', text: `${label(entity)}: ${list(lost)} may no longer ${action}` });
    }
    const layout = (e: EntityModel) => (e.form ? `${e.form.layout} (${e.form.groups.map((g) => g.label.en).join(', ')})` : 'one column');
    if (layout(was) !== layout(entity)) changes.push({ entity: entity.name, severity: 'info', text: `${label(entity)}: the form is laid out in ${layout(entity)} (was ${layout(was)})` });
    const checks = (e: EntityModel) => new Set(e.checks.map((c) => `${c.kind} ${c.from} ≤ ${c.to}`));
    for (const check of checks(entity)) {
      if (checks(was).has(check)) continue;
      const c = entity.checks.find((k) => `${k.kind} ${k.from} ≤ ${k.to}` === check)!;
      changes.push({
        entity: entity.name,
        severity: 'refuses',
        text: `${label(entity)}: new check "${c.message.en}"`,
        rows: { table: entity.name, columns: [c.from, c.to], where: `${q(c.from)} > ${q(c.to)}`, params: [] },
      });
    }
  }
  const rank: Record<Severity, number> = { loss: 0, refuses: 1, info: 2 };
  return changes.sort((a, b) => rank[a.severity] - rank[b.severity] || a.entity.localeCompare(b.entity));
}
