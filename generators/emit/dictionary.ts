// The data dictionary: every entity's fields, kinds, rules, references in and out and who may
// read and write it, in both languages. One model (dictionaryOf) printed twice: a TypeScript
// module the admins' page (src/pages/dataDictionary/) loads, and Markdown for developers.

import type { EntityModel, FieldCondition, FieldModel, Locale, Text } from '../../src/shared/entityModel';
import type { DictionaryEntity, DictionaryField } from '../../src/shared/dataDictionary';
import { header, HEADER_MARK, type Files } from './print';

const both = (en: string, id: string): Text => ({ en, id });

function conditionText(c: FieldCondition, fields: readonly FieldModel[], locale: Locale): string {
  const field = fields.find((f) => f.name === c.field);
  const values = (c.in ?? [c.equals]).map((v) => {
    const option = field?.options?.find((o) => o.value === v);
    if (option) return option.label[locale];
    if (typeof v === 'boolean') return locale === 'en' ? (v ? 'on' : 'off') : v ? 'aktif' : 'tidak aktif';
    return String(v);
  });
  const name = field ? field.label[locale] : c.field;
  return `"${name}" ${locale === 'en' ? 'is' : '='} ${values.join(locale === 'en' ? ' or ' : ' atau ')}`;
}

function fieldRules(field: FieldModel, fields: readonly FieldModel[]): Text[] {
  const rules: Text[] = [];
  const cond = (c: FieldCondition) => both(conditionText(c, fields, 'en'), conditionText(c, fields, 'id'));
  if (field.required) rules.push(both('required', 'wajib diisi'));
  if (field.unique) rules.push(both('unique', 'unik'));
  if (field.readOnly) rules.push(both('read-only', 'hanya baca'));
  if (field.writeOnly) rules.push(both('secret: written, never shown', 'rahasia: ditulis, tidak pernah ditampilkan'));
  if (field.minLength !== undefined) rules.push(both(`at least ${field.minLength} characters`, `paling sedikit ${field.minLength} karakter`));
  if (field.maxLength !== undefined) rules.push(both(`at most ${field.maxLength} characters`, `paling banyak ${field.maxLength} karakter`));
  if (field.min !== undefined) rules.push(both(`at least ${field.min}`, `paling kecil ${field.min}`));
  if (field.max !== undefined) rules.push(both(`at most ${field.max}`, `paling besar ${field.max}`));
  if (field.pattern !== undefined) rules.push(field.patternMessage ?? both(`matches ${field.pattern}`, `sesuai pola ${field.pattern}`));
  if (field.default !== undefined && field.default !== null) rules.push(both(`default ${String(field.default)}`, `bawaan ${String(field.default)}`));
  if (field.options) rules.push(both(`one of: ${field.options.map((o) => `${o.value} (${o.label.en})`).join(', ')}`, `salah satu dari: ${field.options.map((o) => `${o.value} (${o.label.id})`).join(', ')}`));
  if (field.maxItems !== undefined) rules.push(both(`at most ${field.maxItems} records`, `paling banyak ${field.maxItems} data`));
  if (field.maxSize !== undefined) rules.push(both(`files up to ${Math.round(field.maxSize / 1024)} KiB`, `berkas paling besar ${Math.round(field.maxSize / 1024)} KiB`));
  if (field.requiredWhen) {
    const c = cond(field.requiredWhen);
    rules.push(both(`required while ${c.en}`, `wajib diisi bila ${c.id}`));
  }
  if (field.allowedWhen) {
    const c = cond(field.allowedWhen);
    rules.push(both(`applies only while ${c.en}`, `hanya berlaku bila ${c.id}`));
  }
  return rules;
}

function entityRules(e: EntityModel): Text[] {
  const label = (name: string) => e.fields.find((f) => f.name === name)?.label ?? both(name, name);
  const rules: Text[] = [];
  for (const c of e.checks) rules.push(c.message);
  for (const k of e.uniqueKeys ?? []) rules.push(k.message);
  for (const g of e.groupChecks ?? []) rules.push(g.message);
  for (const r of e.rules) rules.push(both(`while "${label(r.if).en}" is on: no ${r.deny.join(' or ')} (${r.message.en})`, `bila "${label(r.if).id}" aktif: tidak dapat ${r.deny.map((d) => (d === 'edit' ? 'diubah' : 'dihapus')).join(' atau ')} (${r.message.id})`));
  if (e.workflow) rules.push(both(`approval workflow: state in "${label(e.workflow.state).en}"`, `alur persetujuan: status pada "${label(e.workflow.state).id}"`));
  if (e.numbering) rules.push(both(`"${label(e.numbering.field).en}" is numbered when left empty`, `"${label(e.numbering.field).id}" diberi nomor bila dikosongkan`));
  return rules;
}

export function dictionaryOf(entities: readonly EntityModel[]): DictionaryEntity[] {
  return entities.map((e) => ({
    name: e.name,
    label: e.label,
    route: e.route,
    endpoint: e.endpoint,
    modules: e.modules,
    source: e.source,
    fields: e.fields.map((f): DictionaryField => ({ name: f.name, label: f.label, kind: f.kind, ...(f.help ? { help: f.help } : {}), rules: fieldRules(f, e.fields), ...(f.to ? { to: f.to } : {}) })),
    rules: entityRules(e),
    referencedBy: entities.flatMap((other) => other.fields.filter((f) => f.to === e.name).map((f) => ({ entity: other.name, field: f.name }))),
    access: e.access,
  }));
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function markdown(dictionary: readonly DictionaryEntity[]): string {
  const lines = [`<!-- ${HEADER_MARK} from schemas/*.yaml. Do not edit: change the schemas and run the generator. -->`, '', '# Data dictionary / Kamus data', ''];
  lines.push(`${dictionary.length} entities, in both languages (English / Indonesian).`, '');
  for (const e of dictionary) lines.push(`- [${e.label.en} / ${e.label.id}](#${e.name}) \`${e.name}\``);
  for (const e of dictionary) {
    lines.push('', `## ${e.label.en} / ${e.label.id} <a id="${e.name}"></a>`, '');
    lines.push(`\`${e.name}\` · ${e.route ? `screen \`${e.route}\`, API \`/api/v1/${e.endpoint}\`` : 'no screen (bespoke module)'}${e.modules.length ? ` · menus ${e.modules.join(', ')}` : ''} · [${e.source}](../../${e.source})`, '');
    lines.push('| field | label (en / id) | kind | rules | refers to |', '|---|---|---|---|---|');
    for (const f of e.fields) lines.push(`| \`${f.name}\` | ${cell(f.label.en)} / ${cell(f.label.id)} | ${f.kind} | ${cell(f.rules.map((r) => r.en).join('; '))} | ${f.to ? `[${f.to}](#${f.to})` : ''} |`);
    if (e.rules.length) lines.push('', '**Rules / aturan**', '', ...e.rules.map((r) => `- ${r.en} / ${r.id}`));
    if (e.referencedBy.length) lines.push('', `**Referenced by / dirujuk oleh:** ${e.referencedBy.map((r) => `[${r.entity}](#${r.entity}).${r.field}`).join(', ')}`);
    lines.push('', '**Access / akses**', '', ...Object.entries(e.access).map(([action, roles]) => `- ${action}: ${roles.join(', ') || '—'}`));
  }
  return lines.join('\n') + '\n';
}

export function emitDictionary(entities: readonly EntityModel[]): Files {
  const dictionary = dictionaryOf(entities);
  return {
    'src/generated/dataDictionary.ts': `${header('schemas/*.yaml')}import type { DictionaryEntity } from '../shared/dataDictionary';\n\nexport const DATA_DICTIONARY: DictionaryEntity[] = ${JSON.stringify(dictionary)};\n`,
    'src/generated/data-dictionary.md': markdown(dictionary),
  };
}
