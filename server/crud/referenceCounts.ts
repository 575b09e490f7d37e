// Which records still use a record: counted over every reference / references field that
// points at its entity, so a delete can be refused with "used by 3 Classes".

import { sql } from 'kysely';
import type { EntityModel, Locale } from '../../src/shared/entityModel';
import type { Db, Row } from '../db/database';
import type { Catalog } from './catalog';

export interface Usage {
  entity: EntityModel;
  count: number;
}

export async function usagesOf(db: Db, catalog: Catalog, entity: EntityModel, id: number): Promise<Usage[]> {
  const counts = new Map<string, Usage>();
  for (const { entity: user, field } of catalog.referencersOf(entity)) {
    const column = sql.ref(field.name);
    let query = db
      .selectFrom(catalog.tableOf(user))
      .select((eb) => eb.fn.countAll().as('count'))
      .where(field.kind === 'references' ? sql<boolean>`${id} = any(${column})` : sql<boolean>`${column} = ${id}`);
    // A record that points at itself does not keep itself from being deleted.
    if (user.name === entity.name) query = query.where('id', '<>', id);
    const row: Row | undefined = await query.executeTakeFirst();
    const count = Number(row?.count ?? 0);
    if (count === 0) continue;
    const usage = counts.get(user.name) ?? { entity: user, count: 0 };
    usage.count += count;
    counts.set(user.name, usage);
  }
  return [...counts.values()];
}

/** "3 Classes, 1 Employee" */
export function describeUsages(usages: Usage[], locale: Locale): string {
  return usages
    .map((u) => `${u.count} ${u.count === 1 ? u.entity.label[locale] : u.entity.labelPlural[locale]}`)
    .join(', ');
}
