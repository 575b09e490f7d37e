// The model the generic CRUD runs on: the entities with their validators and tables, and
// what can be looked up from them (who references whom, which constraint is which field).

import type { EntityModel, FieldModel, UniqueKey, ValidateFunction } from '../../src/shared/entityModel';
import { foreignKeyName, pgIdentifier, uniqueConstraintName } from '../db/constraintNames';
import type { TableDef } from '../../src/shared/tableModel';

export interface Referencer {
  entity: EntityModel;
  field: FieldModel;
}

export interface ConstraintOwner {
  entity: EntityModel;
  field: FieldModel;
  kind: 'unique' | 'foreignKey' | 'uniqueKey';
  /** kind uniqueKey: the composite key; `field` is its last field, where the message goes. */
  key?: UniqueKey;
}

export interface Catalog {
  entities: readonly EntityModel[];
  /** The entities in the order of their tables: referenced ones first. */
  entitiesInTableOrder(): EntityModel[];
  validatorOf(entity: EntityModel): ValidateFunction;
  tableOf(entity: EntityModel): string;
  entityNamed(name: string): EntityModel | undefined;
  /** The reference / references fields of any entity that point at `entity`. */
  referencersOf(entity: EntityModel): Referencer[];
  /** The field a unique or foreign-key constraint (by the names migrate gives them) belongs to. */
  constraintOwner(constraint: string): ConstraintOwner | undefined;
}

export function buildCatalog(
  entities: readonly EntityModel[],
  validators: Record<string, ValidateFunction>,
  tables: readonly TableDef[],
): Catalog {
  const byName = new Map(entities.map((e) => [e.name, e]));
  const tableByEntity = new Map(tables.map((t) => [t.entity, t.table]));
  const tableDefs = new Map(tables.map((t) => [t.entity, t]));
  const constraints = new Map<string, ConstraintOwner>();
  for (const entity of entities) {
    if (!validators[entity.name]) throw new Error(`No validator for entity ${entity.name}; run npm run generate`);
    const table = tableByEntity.get(entity.name);
    if (!table) throw new Error(`No table for entity ${entity.name}; run npm run generate`);
    for (const field of entity.fields) {
      // Every field, not only today's unique ones: a constraint left from an older schema still maps to its field.
      constraints.set(uniqueConstraintName(table, field.name), { entity, field, kind: 'unique' });
      constraints.set(foreignKeyName(table, field.name), { entity, field, kind: 'foreignKey' });
    }
    for (const index of tableDefs.get(entity.name)?.indexes ?? []) {
      if (!index.unique) continue;
      const columns = [index.column, ...(index.thenBy ?? [])].join(',');
      const key = entity.uniqueKeys?.find((k) => k.fields.join(',') === columns);
      const field = key && entity.fields.find((f) => f.name === key.fields[key.fields.length - 1]);
      if (key && field) constraints.set(pgIdentifier(index.name), { entity, field, kind: 'uniqueKey', key });
      // A unique text field's index on its value as read.
      const single = !key && !index.thenBy?.length ? entity.fields.find((f) => f.name === index.column && f.unique) : undefined;
      if (single) constraints.set(pgIdentifier(index.name), { entity, field: single, kind: 'unique' });
    }
  }
  return {
    entities,
    entitiesInTableOrder: () =>
      tables.map((t) => byName.get(t.entity)).filter((e): e is EntityModel => e !== undefined),
    validatorOf: (entity) => validators[entity.name],
    tableOf: (entity) => tableByEntity.get(entity.name) ?? entity.name,
    entityNamed: (name) => byName.get(name),
    referencersOf: (target) =>
      entities.flatMap((entity) =>
        entity.fields
          .filter((f) => (f.kind === 'reference' || f.kind === 'references') && f.to === target.name)
          .map((field) => ({ entity, field })),
      ),
    constraintOwner: (name) => constraints.get(name),
  };
}
