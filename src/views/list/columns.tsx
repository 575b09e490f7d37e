// The columns of a table of records (a list, a detail section): the named fields the user
// can see, each drawn by its kind's display, headed by its label.

import type { EntityModel, FieldModel, Locale, ResourceEntry } from '../../shared/entityModel';
import { FIELD_KINDS } from '../../shared/fieldKinds';
import { fieldReadable } from '../access';
import { fieldDisplay } from '../fieldDisplay';
import { representColumn } from '../represent';
import { targetEntry } from '../registryLookup';
import { TreePathText } from '../TreePathText';
import type { TableColumn } from './RecordTable';

/**
 * The table's columns: the named fields the user can see. In a tree, the represent column
 * shows the record's path from the root (`A › B › C`).
 */
export function listColumns(
  entry: Pick<ResourceEntry, 'tree'>,
  entity: EntityModel,
  names: string[],
  roles: readonly string[],
  locale: Locale,
): TableColumn[] {
  const pathColumn = entry.tree ? representColumn(entity.represent) : undefined;
  return names
    .map((name) => entity.fields.find((f) => f.name === name))
    .filter((f): f is FieldModel => Boolean(f) && fieldReadable(f as FieldModel, roles, entity.access))
    .map((field) => {
      const Field = fieldDisplay[field.kind];
      const cell = <Field field={field} source={field.name} />;
      return {
        source: field.name,
        label: `resources.${entity.resource}.fields.${field.name}`,
        fallback: field.label[locale],
        // As the server allows (server/crud/listQuery.ts reads the same table).
        sortable: FIELD_KINDS[field.kind].sortable,
        cell: field.name === pathColumn ? <TreePathText entry={entry} otherwise={cell} /> : cell,
        // Its records are fetched once for the table (./tableReferences.tsx), not per cell.
        reference: field.kind === 'reference' && field.name !== pathColumn ? targetEntry(field.to)?.resource : undefined,
      };
    });
}
