// What a delete would touch (issue 16): per entity whose records reference this one, how many
// do and the first few of them with their represent text. The delete confirmation shows it
// (GET {endpoint}/{id}/impact, ./impactRoutes.ts) and a refused delete names those records
// (server/crud/deleteRecord.ts). Built on the reference counts (server/crud/referenceCounts.ts).

import { sql } from 'kysely';
import { representRecord, type EntityModel, type Locale } from '../../src/shared/entityModel';
import type { Catalog } from '../crud/catalog';
import { answerRows } from '../crud/recordAnswers';
import { usagesOf } from '../crud/referenceCounts';
import type { Db, Row } from '../db/database';

export interface ImpactRecord {
  id: number;
  label: string;
}

export interface Impact {
  entity: EntityModel;
  count: number;
  /** The first records (by id), when asked for; at most `first`. */
  records: ImpactRecord[];
}

/** The records of `entity` #`id` is used by; `first` of each entity named (none when 0). */
export async function impactOf(db: Db, catalog: Catalog, entity: EntityModel, id: number, first: number): Promise<Impact[]> {
  const usages = await usagesOf(db, catalog, entity, id);
  const impacts: Impact[] = [];
  for (const usage of usages) {
    const user = usage.entity;
    let records: ImpactRecord[] = [];
    if (first > 0) {
      const conditions = catalog
        .referencersOf(entity)
        .filter((r) => r.entity.name === user.name)
        .map(({ field }) => (field.kind === 'references' ? sql<boolean>`${id} = any(${sql.ref(field.name)})` : sql<boolean>`${sql.ref(field.name)} = ${id}`));
      let query = db
        .selectFrom(catalog.tableOf(user))
        .selectAll()
        .where(sql<boolean>`(${sql.join(conditions, sql` or `)})`);
      if (user.name === entity.name) query = query.where('id', '<>', id);
      const rows: Row[] = await query.orderBy('id').limit(first).execute();
      records = (await answerRows(db, catalog, user, rows, null)).map((row) => ({ id: row.id as number, label: representRecord(user.represent, row) || `#${String(row.id)}` }));
    }
    impacts.push({ entity: user, count: usage.count, records });
  }
  return impacts;
}

/** "3 Classes (X-IPA-1, X-IPA-2, X-IPA-3), 1 Level (X)": a count and the records named, "…" when there are more. */
export function describeImpact(impacts: readonly Impact[], locale: Locale): string {
  return impacts
    .map(({ entity, count, records }) => {
      const what = `${count} ${count === 1 ? entity.label[locale] : entity.labelPlural[locale]}`;
      if (records.length === 0) return what;
      return `${what} (${records.map((r) => r.label).join(', ')}${count > records.length ? ', …' : ''})`;
    })
    .join(', ');
}
