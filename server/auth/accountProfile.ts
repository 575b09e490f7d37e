// The profile of a login (spec 1 §7.1 users/{id}, students/{id}, parents/{id}; §7.2
// check-employee), the shape of src/shared/accountProfile.ts: the account's record as its
// table shows it (write-only fields, the password, never leave: answerRow drops them), its
// roles with the school's names, and
//   - for a staff or booking login, the linked employee's main fields (EMPLOYEE_FIELDS),
//     references and enums as their labels in the request's language: the employee reads their
//     own work unit and position even when their roles may not list those tables;
//   - for a student, their NIS, unit and class;
//   - for a parent, their children's name, NIS, unit and class.
// Only fields the schemas have are listed: a school that drops one from its schema drops it here.

import type { EntityModel, FieldModel, Locale } from '../../src/shared/entityModel';
import { representRecord } from '../../src/shared/entityModel';
import type { AccountProfile, EmployeeSummary, ProfileChild, ProfileField, ProfileRole } from '../../src/shared/accountProfile';
import type { Catalog } from '../crud/catalog';
import { answerRow } from '../crud/recordAnswers';
import type { Db, Row } from '../db/database';
import { anyOf } from '../db/anyOf';
import { FIXED_ROLES } from './accountStore';
import { findUser } from './userStore';

/** The employee's main fields a profile shows: who they are, how to reach them, where they work. */
export const EMPLOYEE_FIELDS: readonly string[] = [
  'ein', 'nrp', 'name', 'degree', 'gender', 'email', 'mobile', 'phone',
  'department_id', 'work_unit_id', 'position_id', 'start_working', 'status',
];

/** Besides user name, name and email: the account's own main fields, by account table. */
const ACCOUNT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  users: [],
  student: ['nis', 'department_id', 'class_id'],
  parent_user: [],
};

/** A child's fields in a parent's profile. */
const CHILD_FIELDS: readonly string[] = ['nis', 'department_id', 'class_id'];

/** The text of one referenced record, as the schema represents it; null when it is gone. */
async function referenceText(db: Db, catalog: Catalog, target: EntityModel, id: unknown): Promise<string | null> {
  if (typeof id !== 'number') return null;
  const row: Row | undefined = await db.selectFrom(catalog.tableOf(target)).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  return representRecord(target.represent, await answerRow(db, catalog, target, row, null)) || null;
}

async function fieldText(db: Db, catalog: Catalog, field: FieldModel, value: unknown, locale: Locale): Promise<string | null> {
  if (value === null || value === undefined || value === '') return null;
  if (field.kind === 'reference') {
    const target = field.to ? catalog.entityNamed(field.to) : undefined;
    return target ? referenceText(db, catalog, target, value) : null;
  }
  if (field.kind === 'enum') return field.options?.find((o) => o.value === value)?.label[locale] ?? String(value);
  return String(value);
}

/** The named fields of a record, those the entity has, as a person reads them. */
export async function profileFields(
  db: Db,
  catalog: Catalog,
  entity: EntityModel,
  row: Row,
  names: readonly string[],
  locale: Locale,
): Promise<ProfileField[]> {
  const fields = names.flatMap((name) => entity.fields.filter((f) => f.name === name && !f.writeOnly));
  return Promise.all(
    fields.map(async (field) => ({
      name: field.name,
      label: field.label[locale],
      kind: field.kind,
      value: row[field.name] ?? null,
      text: await fieldText(db, catalog, field, row[field.name], locale),
    })),
  );
}

/** The employee record of a staff login; null when there is none (no link, or the record is gone). */
export async function employeeSummary(db: Db, catalog: Catalog, employeeId: unknown, locale: Locale): Promise<EmployeeSummary | null> {
  const entity = catalog.entityNamed('employee');
  if (!entity || typeof employeeId !== 'number') return null;
  const row: Row | undefined = await db.selectFrom(catalog.tableOf(entity)).selectAll().where('id', '=', employeeId).executeTakeFirst();
  if (!row) return null;
  return {
    id: Number(row.id),
    name: String(row.name ?? representRecord(entity.represent, row)),
    fields: await profileFields(db, catalog, entity, row, EMPLOYEE_FIELDS, locale),
  };
}

/** The roles with the school's name of each (the role table's `name`, when it has one). */
async function rolesWithNames(db: Db, catalog: Catalog, authorities: readonly string[]): Promise<ProfileRole[]> {
  const entity = catalog.entityNamed('role');
  const named = entity?.fields.some((f) => f.name === 'name') ?? false;
  const rows: Row[] =
    entity && named && authorities.length
      ? await db.selectFrom(catalog.tableOf(entity)).select(['authority', 'name']).where(anyOf('authority', authorities)).execute()
      : [];
  const names = new Map(rows.map((r) => [String(r.authority), typeof r.name === 'string' ? r.name : null]));
  return authorities.map((authority) => ({ authority, name: names.get(authority) ?? null }));
}

async function childrenOf(db: Db, catalog: Catalog, ids: unknown, locale: Locale): Promise<ProfileChild[]> {
  const entity = catalog.entityNamed('student');
  const list = Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
  if (!entity || list.length === 0) return [];
  const rows: Row[] = await db.selectFrom(catalog.tableOf(entity)).selectAll().where(anyOf('id', list)).orderBy('name').orderBy('id').execute();
  return Promise.all(
    rows.map(async (row) => ({
      id: Number(row.id),
      name: String(row.name ?? ''),
      fields: await profileFields(db, catalog, entity, row, CHILD_FIELDS, locale),
    })),
  );
}

/**
 * The profile answer of an account table's record (`data`: the generic answer of the record,
 * without secrets). `entity` is users, student or parent_user.
 */
export async function accountProfile(db: Db, catalog: Catalog, entity: EntityModel, data: Row, locale: Locale): Promise<AccountProfile> {
  const id = Number(data.id);
  const base = {
    ...data,
    id,
    username: String(data.username ?? ''),
    name: String(data.name ?? ''),
    fields: await profileFields(db, catalog, entity, data, ACCOUNT_FIELDS[entity.name] ?? [], locale),
  };
  if (entity.name === 'student') return { ...base, roles: await rolesWithNames(db, catalog, FIXED_ROLES.student) };
  if (entity.name === 'parent_user') {
    return { ...base, roles: await rolesWithNames(db, catalog, FIXED_ROLES.parent), children: await childrenOf(db, catalog, data.student_ids, locale) };
  }
  const user = await findUser(db, id);
  return {
    ...base,
    roles: await rolesWithNames(db, catalog, user?.roles ?? []),
    employee: await employeeSummary(db, catalog, data.employee_id, locale),
  };
}
