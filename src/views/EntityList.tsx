// The generic list of an entity: the schema's `list.columns`, default sort and page size,
// a search box bound to `q`, the `list.filters`, CSV export, bulk delete with confirmation.
// This is the code of the first list a user sees, so what a list only sometimes needs comes
// later: the filter inputs when a filter is shown, the CSV export when it is asked for.

import { useMemo } from 'react';
import {
  BulkDeleteButton,
  CreateButton,
  Datagrid,
  List,
  SearchInput,
  useTranslate,
  type Exporter,
} from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import InboxIcon from '@mui/icons-material/Inbox';
import type { EntityModel, FieldModel } from '../shared/entityModel';
import { fieldReadable } from './access';
import { fieldDisplay } from './fieldDisplay';
import { filterInputsOf } from './fieldFilters';
import { useUiLocale } from './useText';
import type { EntityViewProps } from './viewProps';

function fieldLabelKey(entity: EntityModel, field: FieldModel): string {
  return `resources.${entity.resource}.fields.${field.name}`;
}

function EmptyList({ canCreate }: { canCreate: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }}>
      <InboxIcon sx={{ fontSize: 72, color: 'text.disabled' }} />
      <Typography variant="h6" component="p" color="text.secondary" gutterBottom>
        {translate('app.list.empty')}
      </Typography>
      {canCreate && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('app.list.empty_invite')}
          </Typography>
          <CreateButton variant="contained" />
        </>
      )}
    </Box>
  );
}

function useFilters(entity: EntityModel, roles: readonly string[]) {
  const translate = useTranslate();
  const locale = useUiLocale();
  return useMemo(() => {
    const byName = new Map(entity.fields.map((f) => [f.name, f]));
    const inputs = entity.list.search.length > 0 ? [<SearchInput key="q" source="q" alwaysOn />] : [];
    for (const name of entity.list.filters) {
      const field = byName.get(name);
      if (!field || !fieldReadable(field, roles)) continue;
      const fieldLabel = field.label[locale];
      inputs.push(
        ...filterInputsOf(field, {
          label: fieldLabelKey(entity, field),
          fromLabel: translate('app.list.from', { field: fieldLabel }),
          toLabel: translate('app.list.to', { field: fieldLabel }),
        }),
      );
    }
    return inputs;
  }, [entity, roles, translate, locale]);
}

export function EntityList({ entry, module, can, roles }: EntityViewProps) {
  const { entity } = module;
  const translate = useTranslate();
  const locale = useUiLocale();
  const filters = useFilters(entity, roles);
  const exporter = useMemo<Exporter>(
    () =>
      async (...args) => {
        const { csvExporter } = await import('./csvExport');
        return csvExporter(entity, locale, translate)(...args);
      },
    [entity, locale, translate],
  );
  const byName = new Map(entity.fields.map((f) => [f.name, f]));
  const columns = entity.list.columns
    .map((name) => byName.get(name))
    .filter((f): f is FieldModel => Boolean(f) && fieldReadable(f as FieldModel, roles));

  return (
    <List
      resource={entry.resource}
      sort={entity.list.sort}
      perPage={entity.list.perPage}
      filters={filters.length > 0 ? filters : undefined}
      exporter={exporter}
      empty={<EmptyList canCreate={can.create} />}
    >
      <Datagrid
        rowClick={can.show ? 'show' : false}
        bulkActionButtons={can.delete ? <BulkDeleteButton mutationMode="pessimistic" /> : false}
      >
        {columns.map((field) => {
          const { Field, sortable } = fieldDisplay[field.kind];
          return (
            <Field key={field.name} field={field} source={field.name} label={fieldLabelKey(entity, field)} sortable={sortable} />
          );
        })}
      </Datagrid>
    </List>
  );
}

export default EntityList;
