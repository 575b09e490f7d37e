// Which menu modules a user may switch to (spec 1 §6 module access flags, §7.2
// check-user-modules). A module is open to a user when
//   - the user's roles may list some entity of the module (the same rule as the login's
//     modules_code), and
//   - the school's module record (schemas/module.yaml, /settingmodule) for that code, if
//     there is one, is active and either names no roles or names one of the user's roles.
// With no module records at all (a fresh PostgreSQL), the first rule alone decides.

import type { EntityModel } from '../../src/shared/entityModel';
import { modulesOf } from '../auth/access';
import type { Catalog } from '../crud/catalog';
import type { Db } from '../db/database';
import { anyOf } from '../db/anyOf';

export interface ModuleChoice {
  code: string;
  name: string;
  /** The path opened when the module is chosen (spec 1 §3 module record). */
  redirect: string;
}

/** The start page of each module when the school keeps no module record for it. */
export const DEFAULT_REDIRECTS: Record<string, string> = {
  ACA: '/home-academic',
  FINA: '/',
  HUCAP: '/home-hrd',
  COM: '/home-comboard',
  BOOKING: '/home-booking',
  COURSE: '/coursework',
  ADMISS: '/home-module',
  AD: '/home-module',
  REGIST: '/home-module',
  SUBJECT: '/subject-selection',
  CLUB: '/interest-selection',
};

/** The flags of spec 1 §6 and the module codes each stands for; `booking` is ours (the spec names none for it). */
export const FLAG_MODULES: Record<string, readonly string[]> = {
  academic: ['ACA', 'COURSE'],
  finance: ['FINA'],
  humanCapital: ['HUCAP'],
  comboard: ['COM'],
  modul: ['AD'],
  admission: ['ADMISS'],
  registration: ['REGIST'],
  subjectSelection: ['SUBJECT'],
  interest: ['CLUB'],
  booking: ['BOOKING'],
};

interface ModuleRow {
  code: string;
  name: string;
  redirect: string;
  role_ids: number[] | null;
  sorting_no: number | null;
  is_active: boolean | null;
}

export async function modulesOfUser(
  db: Db,
  catalog: Catalog,
  entities: readonly EntityModel[],
  roles: readonly string[],
): Promise<ModuleChoice[]> {
  const readable = modulesOf(roles, entities);
  const moduleEntity = catalog.entityNamed('module');
  const roleEntity = catalog.entityNamed('role');
  const records: ModuleRow[] = moduleEntity
    ? ((await db.selectFrom(catalog.tableOf(moduleEntity)).selectAll().orderBy('sorting_no').orderBy('id').execute()) as unknown as ModuleRow[])
    : [];
  if (records.length === 0) {
    return readable.map((code) => ({ code, name: code, redirect: DEFAULT_REDIRECTS[code] ?? '/' }));
  }
  const roleIds = new Set<number>();
  if (roleEntity && roles.length > 0) {
    const rows = await db.selectFrom(catalog.tableOf(roleEntity)).select(['id', 'authority']).where(anyOf('authority', roles)).execute();
    for (const row of rows) roleIds.add(row.id as number);
  }
  return records
    .filter((m) => m.is_active !== false && readable.includes(m.code))
    .filter((m) => !m.role_ids || m.role_ids.length === 0 || m.role_ids.some((id) => roleIds.has(id)))
    .map((m) => ({ code: m.code, name: m.name, redirect: m.redirect || DEFAULT_REDIRECTS[m.code] || '/' }));
}

export function moduleFlags(modules: readonly ModuleChoice[]): Record<string, boolean> {
  const codes = new Set(modules.map((m) => m.code));
  return Object.fromEntries(Object.entries(FLAG_MODULES).map(([flag, list]) => [flag, list.some((c) => codes.has(c))]));
}
