// `sections:` / `tabs:` of a schema: the groups a long form and its show page draw their
// fields in. Checked at load (declared fields, each in one group, every form field placed,
// not both keys) and built into the model's `form`. Called by load.ts.

import type { FormLayout } from '../src/shared/entityModel';
import type { RawEntity } from './rawEntity';

type Path = Array<string | number>;
type Report = (path: Path, message: string, key?: boolean) => void;

function layoutKey(raw: RawEntity): 'sections' | 'tabs' | undefined {
  return raw.tabs ? 'tabs' : raw.sections ? 'sections' : undefined;
}

export function checkFormLayout(raw: RawEntity, add: Report): void {
  if (raw.sections && raw.tabs) add(['tabs'], 'give sections or tabs, not both', true);
  const key = layoutKey(raw);
  if (!key) return;
  const groups = raw[key]!;
  if (raw.screen === false) return add([key], `an entity without a screen (screen: false) has no form: "${key}" does not apply`, true);
  const placed = new Map<string, number>();
  groups.forEach((group, i) => {
    group.fields.forEach((name, j) => {
      const at = [key, i, 'fields', j];
      const field = raw.fields[name];
      if (!field) add(at, `${key}[${i}] names "${name}", which is not a declared field`);
      else if (field.hidden?.includes('form')) add(at, `"${name}" is hidden in the form (hidden: [form]): it has no place in a ${key === 'tabs' ? 'tab' : 'section'}`);
      else if (placed.has(name)) add(at, `"${name}" is already in ${key}[${placed.get(name)}]: a field is in one group`);
      else placed.set(name, i);
    });
  });
  const missing = Object.entries(raw.fields)
    .filter(([name, field]) => !field.hidden?.includes('form') && !placed.has(name))
    .map(([name]) => name);
  if (missing.length) add([key], `every field of the form is in one of the ${key}; not placed: ${missing.join(', ')}`, true);
}

export function buildFormLayout(raw: RawEntity): FormLayout | undefined {
  const key = layoutKey(raw);
  if (!key) return undefined;
  return { layout: key, groups: raw[key]!.map((g) => ({ label: g.label, ...(g.help ? { help: g.help } : {}), fields: g.fields })) };
}
