// The generic list of an entity: the schema's `list.columns`, default sort and page size,
// a search box bound to `q`, the `list.filters`, import (./list/ImportDialog.tsx), export to
// CSV, XLSX or PDF (./list/ExportMenu.tsx), bulk edit and bulk delete with confirmation.
//
// This is the code of the first list a user sees, so it is built from react-admin's list
// controller (ListBase) with light parts of our own (toolbar and search box, table, paging,
// bulk bar in ./list/) rather than react-admin's List and Datagrid, which bring their default
// paging, buttons and dialogs along. What a list only sometimes needs comes later: the filter
// form and its inputs when a filter is shown, the bulk delete when a row is selected, the CSV
// export when it is asked for.

import { useMemo } from 'react';
import {
  Button,
  LinkBase,
  ListBase,
  Title,
  TopToolbar,
  useCreatePath,
  useListContext,
  useTranslate,
} from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import InboxIcon from '@mui/icons-material/Inbox';
import type { EntityModel, FieldModel } from '../shared/entityModel';
import { FIELD_KINDS } from '../shared/fieldKinds';
import { fieldReadable } from './access';
import { filterInputsOf } from './fieldFilters';
import { ExportMenu } from './list/ExportMenu';
import { FilterMenu } from './list/FilterMenu';
import { ImportButton } from './list/ImportButton';
import { ListFilterBar } from './list/ListFilterBar';
import { ListBulkBar } from './list/ListBulkBar';
import { ListPagination } from './list/ListPagination';
import { listColumns } from './list/columns';
import { ListViewsMenu, shownColumns } from './list/ListViewsMenu';
import { useListViews } from './list/useListViews';
import { RecordTable, type TableColumn } from './list/RecordTable';
import { AfterContent } from './AfterContent';
import { useUiLocale } from './useText';
import type { EntityViewProps } from './viewProps';

function fieldLabelKey(entity: EntityModel, field: FieldModel): string {
  return `resources.${entity.resource}.fields.${field.name}`;
}

function AddButton({ resource, variant }: { resource: string; variant?: 'contained' }) {
  const createPath = useCreatePath();
  return (
    <Button
      component={LinkBase}
      to={createPath({ resource, type: 'create' })}
      label="ra.action.create"
      variant={variant}
    >
      <AddIcon />
    </Button>
  );
}

function EmptyList({ resource, canCreate }: { resource: string; canCreate: boolean }) {
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
          <AddButton resource={resource} variant="contained" />
        </>
      )}
    </Box>
  );
}

/** Stands for the search box among the filters: ListFilterBar draws the box itself. */
function SearchFilter(_props: { source: 'q'; alwaysOn: true }) {
  return null;
}

function useFilters(entity: EntityModel, roles: readonly string[]) {
  const translate = useTranslate();
  const locale = useUiLocale();
  return useMemo(() => {
    const byName = new Map(entity.fields.map((f) => [f.name, f]));
    // The search box (drawn by ListFilterBar); its element names it for the filter menu and form.
    const inputs = entity.list.search.length > 0 ? [<SearchFilter key="q" source="q" alwaysOn />] : [];
    for (const name of entity.list.filters) {
      const field = byName.get(name);
      if (!field || !fieldReadable(field, roles, entity.access)) continue;
      const fieldLabel = field.label[locale];
      // A moment's range ends read as earliest / latest, an amount's as at least / at most.
      const ends = FIELD_KINDS[field.kind].order === 'moment' ? { from: 'app.list.from_time', to: 'app.list.to_time' } : { from: 'app.list.from', to: 'app.list.to' };
      inputs.push(
        ...filterInputsOf(field, {
          label: fieldLabelKey(entity, field),
          fromLabel: translate(ends.from, { field: fieldLabel }),
          toLabel: translate(ends.to, { field: fieldLabel }),
        }),
      );
    }
    return inputs;
  }, [entity, roles, translate, locale]);
}

/** The rows, or why there are none: still loading, or nothing matches the filters. */
function ListContent({ columns, selectable, rowClick }: { columns: TableColumn[]; selectable: boolean; rowClick: boolean }) {
  const translate = useTranslate();
  const { isPending, data, defaultTitle, setFilters } = useListContext();
  if (isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress size={28} aria-label={translate('ra.page.loading')} />
      </Box>
    );
  }
  if (!data || data.length === 0) {
    return (
      <Box sx={{ p: 3, textAlign: 'center' }}>
        <Typography variant="body2" gutterBottom>
          {translate('ra.navigation.no_filtered_results', { name: defaultTitle ?? '', _: 'No results found.' })}
        </Typography>
        <Button label="ra.navigation.clear_filters" onClick={() => setFilters({}, {})} />
      </Box>
    );
  }
  return <RecordTable columns={columns} selectable={selectable} rowClick={rowClick} />;
}

export function EntityList({ entry, module, can, roles }: EntityViewProps) {
  const { entity } = module;
  const locale = useUiLocale();
  const filters = useFilters(entity, roles);
  // The user's own columns and saved views (issue 16), kept on the server.
  const views = useListViews(entry.resource);
  const columns = listColumns(entry, entity, shownColumns(entity, roles, views.settings), roles, locale);
  const actions = (
    <TopToolbar>
      <AfterContent>
        {filters.length > 0 && <FilterMenu />}
        <ListViewsMenu entity={entity} roles={roles} locale={locale} views={views} />
        {can.create && <AddButton resource={entry.resource} />}
        {(can.create || can.edit) && <ImportButton entity={entity} resource={entry.resource} />}
        <ExportMenu columns={columns.map((c) => c.source)} />
      </AfterContent>
    </TopToolbar>
  );

  return (
    <ListBase
      resource={entry.resource}
      sort={entity.list.sort}
      perPage={entity.list.perPage}
      exporter={false}
      // A page answered in the last two seconds is not asked for again when the list mounts:
      // the first page a logged-in start put in the cache (src/app/preloadList.ts). A write
      // still refreshes it (react-admin invalidates the resource's lists).
      queryOptions={LIST_QUERY_OPTIONS}
      empty={<EmptyList resource={entry.resource} canCreate={can.create} />}
    >
      <ListTitle />
      <ListFilterBar filters={filters} actions={actions} />
      {(can.delete || can.edit) && <ListBulkBar canDelete={can.delete} edit={can.edit ? entity : undefined} />}
      {/* A table wider than the screen scrolls inside its card, not the whole page. */}
      <Card sx={{ overflowX: 'auto' }}>
        <ListContent columns={columns} selectable={can.delete || can.edit} rowClick={can.show} />
        <AfterContent>
          <ListPagination />
        </AfterContent>
      </Card>
    </ListBase>
  );
}

const LIST_QUERY_OPTIONS = { staleTime: 2000 };

function ListTitle() {
  const { defaultTitle, resource } = useListContext();
  return <Title defaultTitle={defaultTitle} preferenceKey={`${resource}.list.title`} />;
}

export default EntityList;
