// A represent or lookup template may read a field of a referenced record: a teacher shown as
// `{code} - {employee_id.name}`. The answers of such an entity carry each such value under
// the path's own name (`"employee_id.name": "Budi Santoso"`), read with one query per
// reference field for a whole page of records, so that a list of schedules, the teacher
// picker and the lookup show the name without a call per record. Only the fields the
// templates name leave the server, to anyone who may read the referring record.

import { templateNames, type EntityModel } from '../../src/shared/entityModel';
import type { Db, Row } from '../db/database';
import { anyOf } from '../db/anyOf';
import type { Catalog } from './catalog';

interface Through {
  reference: string;
  fields: string[];
}

const pathsByEntity = new WeakMap<EntityModel, Through[]>();

/** The reference fields an entity's templates read through, each with the fields they read. */
export function referencePaths(entity: EntityModel): Through[] {
  let paths = pathsByEntity.get(entity);
  if (!paths) {
    const byReference = new Map<string, Set<string>>();
    const templates = [entity.represent, ...(entity.lookups ?? []).map((l) => l.template)];
    for (const name of templates.flatMap(templateNames)) {
      const [reference, field] = name.split('.');
      if (field === undefined) continue;
      byReference.set(reference, (byReference.get(reference) ?? new Set()).add(field));
    }
    paths = [...byReference].map(([reference, fields]) => ({ reference, fields: [...fields] }));
    pathsByEntity.set(entity, paths);
  }
  return paths;
}

/** The rows with the values their templates read through references added. */
export async function withReferenceValues(db: Db, catalog: Catalog, entity: EntityModel, rows: Row[]): Promise<Row[]> {
  const paths = referencePaths(entity);
  if (paths.length === 0 || rows.length === 0) return rows;
  const out = rows.map((row) => ({ ...row }));
  for (const { reference, fields } of paths) {
    const field = entity.fields.find((f) => f.name === reference);
    const target = field?.to ? catalog.entityNamed(field.to) : undefined;
    if (!target) continue;
    const ids = [...new Set(rows.map((r) => r[reference]).filter((id): id is number => typeof id === 'number'))];
    const found: Row[] = ids.length ? await db.selectFrom(catalog.tableOf(target)).select(['id', ...fields]).where(anyOf('id', ids)).execute() : [];
    const byId = new Map(found.map((r) => [r.id as number, r]));
    for (const row of out) {
      const referenced = byId.get(row[reference] as number);
      for (const name of fields) row[`${reference}.${name}`] = referenced?.[name] ?? null;
    }
  }
  return out;
}
