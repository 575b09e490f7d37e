// A parent's detail tables (a holiday's dates, a programme's committee) on its show and edit
// pages: a section per detail entity the user may list, with its records (the columns of
// the detail's own list, less the parent), Add (the detail's create form with the parent
// set and locked, coming back here), and edit and delete (after a confirmation) per row.
// The details keep their own routes; the menu does not list them.

import { useId } from 'react';
import {
  Button,
  DeleteButton,
  EditButton,
  LinkBase,
  ReferenceManyFieldBase,
  useCreatePath,
  useListContext,
  useLocation,
  useRecordContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { EntityModel, ResourceEntry } from '../../shared/entityModel';
import { abilitiesOf, ruleDenying, type Abilities } from '../access';
import { knownEntries } from '../registryLookup';
import { useEntityModule } from '../useEntityModule';
import { listColumns } from '../list/columns';
import { ListPagination } from '../list/ListPagination';
import { RecordTable, type TableColumn } from '../list/RecordTable';
import { useUiLocale } from '../useText';
import { originState, prefilledSearch } from './origin';

/**
 * The detail entities of `entry` that the roles may list, in registry order. They are known
 * once the entity's module has loaded (its `related` entries), before any of its views draws.
 */
export function detailEntries(entry: Pick<ResourceEntry, 'name'>, roles: readonly string[]): ResourceEntry[] {
  return knownEntries().filter((detail) => detail.parent?.entity === entry.name && abilitiesOf(detail, roles).list);
}

interface SectionProps {
  detail: ResourceEntry;
  roles: readonly string[];
  /** The parent page's path: where the detail forms come back to. */
  returnTo: string;
}

function RowActions({ entity, can, returnTo }: { entity: EntityModel; can: Abilities; returnTo: string }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <>
      {can.edit && !ruleDenying(entity, record, 'edit') && (
        <EditButton state={originState(returnTo)} />
      )}
      {can.delete && !ruleDenying(entity, record, 'delete') && (
        <DeleteButton mutationMode="pessimistic" redirect={false} />
      )}
    </>
  );
}

function Rows({ columns, entity, can, returnTo }: { columns: TableColumn[]; entity: EntityModel; can: Abilities; returnTo: string }) {
  const translate = useTranslate();
  const { isPending, data, total, page, perPage } = useListContext();
  if (isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
      </Box>
    );
  }
  if (!data || data.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
        {translate('app.list.empty')}
      </Typography>
    );
  }
  return (
    <>
      <RecordTable
        columns={columns}
        selectable={false}
        rowClick={can.show}
        rowActions={can.edit || can.delete ? <RowActions entity={entity} can={can} returnTo={returnTo} /> : undefined}
      />
      {/* Most parents have a few details: paging only when they do not fit one page. */}
      {((total ?? 0) > perPage || page > 1) && <ListPagination />}
    </>
  );
}

function AddDetail({ detail, parentId, returnTo }: { detail: ResourceEntry; parentId: Identifier; returnTo: string }) {
  const createPath = useCreatePath();
  const field = detail.parent!.field;
  return (
    <Button
      component={LinkBase}
      to={{ pathname: createPath({ resource: detail.resource, type: 'create' }), search: prefilledSearch(field, parentId) }}
      state={originState(returnTo)}
      label="ra.action.add"
    >
      <AddIcon />
    </Button>
  );
}

function DetailSection({ detail, roles, returnTo }: SectionProps) {
  const translate = useTranslate();
  const locale = useUiLocale();
  const headingId = useId();
  const parent = useRecordContext();
  const module = useEntityModule(detail);
  const can = abilitiesOf(detail, roles);
  const field = detail.parent!.field;
  const entity = module?.entity;
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ mt: 2, overflowX: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, pt: 1.5, pb: 1 }}>
        <Typography variant="h6" component="h2" id={headingId}>
          {translate(`resources.${detail.resource}.name`, { smart_count: 2 })}
        </Typography>
        {can.create && parent && <AddDetail detail={detail} parentId={parent.id} returnTo={returnTo} />}
      </Box>
      {entity ? (
        <ReferenceManyFieldBase
          reference={detail.resource}
          target={field}
          sort={entity.list.sort}
          perPage={entity.list.perPage}
        >
          <Rows
            columns={listColumns(
              detail,
              entity,
              entity.list.columns.filter((name) => name !== field),
              roles,
              locale,
            )}
            entity={entity}
            can={can}
            returnTo={returnTo}
          />
        </ReferenceManyFieldBase>
      ) : (
        <LinearProgress sx={{ m: 2 }} />
      )}
    </Card>
  );
}

/** The sections of the record in context (nothing when the entity has no details the roles may list). */
export function DetailSections({ entry, roles }: { entry: ResourceEntry; roles: readonly string[] }) {
  const record = useRecordContext();
  const { pathname } = useLocation();
  const details = detailEntries(entry, roles);
  if (!record || details.length === 0) return null;
  return (
    <>
      {details.map((detail) => (
        <DetailSection key={detail.resource} detail={detail} roles={roles} returnTo={pathname} />
      ))}
    </>
  );
}
