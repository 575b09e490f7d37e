// Field-level access by role (`access: { hidden: [...], readOnly: [...] }` on a field): what
// the meta-schema cannot say, each problem at its place. A role named must be able to do what
// the declaration takes away (read the entity for `hidden`, write it for `readOnly`); a role
// that may create records cannot be kept from a required field without a default (it could
// never create one); the represent cannot show a field a role is not sent.

import type { Action } from '../src/shared/entityModel';
import { templatePaths } from './checkConditions';
import type { RawEntity } from './rawEntity';

type Path = Array<string | number>;
type Report = (path: Path, message: string, key?: boolean) => void;

export function checkFieldAccess(raw: RawEntity, name: string, access: Record<Action, string[]>, report: Report): void {
  const field = raw.fields[name];
  const declared = field.access;
  if (!declared) return;
  const at = (key: 'hidden' | 'readOnly', i?: number): Path => ['fields', name, 'access', key, ...(i === undefined ? [] : [i])];
  const readers = new Set([...access.list, ...access.show]);
  const writers = new Set([...access.create, ...access.edit]);
  const hidden = declared.hidden ?? [];
  const readOnly = declared.readOnly ?? [];
  hidden.forEach((role, i) => {
    if (!readers.has(role)) report(at('hidden', i), `${role} cannot read ${raw.name} at all (access: list/show): hiding "${name}" from it changes nothing`);
  });
  readOnly.forEach((role, i) => {
    if (hidden.includes(role)) report(at('readOnly', i), `${role} is already hidden from "${name}", which keeps it from writing the field too`);
    else if (!writers.has(role)) report(at('readOnly', i), `${role} cannot write ${raw.name} at all (access: create/edit): making "${name}" read-only for it changes nothing`);
  });
  if (field.readOnly) report(['fields', name, 'access'], `"${name}" is read-only for everyone (readOnly: true): a read-only list by role adds nothing`, true);
  if (field.required && field.default === undefined) {
    const creators = new Set(access.create);
    [...hidden.map((role, i) => ({ role, path: at('hidden', i) })), ...readOnly.map((role, i) => ({ role, path: at('readOnly', i) }))]
      .filter(({ role }) => creators.has(role))
      .forEach(({ role, path }) => report(path, `"${name}" is required and ${role} may create ${raw.name} records: kept from the field, it could never create one (give the field a default, or take the role out)`));
  }
  if (hidden.length && templatePaths(raw.represent).includes(name)) {
    report(at('hidden'), `represent shows "${name}", which ${hidden.join(', ')} would not be sent; represent through the reference instead (e.g. {${name}.name})`);
  }
}
