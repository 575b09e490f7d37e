// The generic show page: every field shown on show pages; edit and delete offered when the
// user's roles allow them and no record rule refuses them (the rule's message says why).
// A parent's details are listed under it; a detail's delete goes back to its parent.

import { EditButton, ListButton, Show, SimpleShowLayout, TopToolbar, useRecordContext } from 'react-admin';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import { fieldApplies } from '../shared/conditions';
import type { FieldModel } from '../shared/entityModel';
import { fieldReadable, ruleDenying } from './access';
import { ImpactDeleteButton } from './history/ImpactDeleteButton';
import { RecordTabs } from './history/RecordTabs';
import { DetailSections } from './details/DetailSections';
import { detailReturn, useDetailOrigin } from './details/origin';
import { fieldDisplay } from './fieldDisplay';
import { ShowGroups } from './ShowGroups';
import { useText } from './useText';
import type { EntityViewProps } from './viewProps';

function ShowActions({ entry, module, can, roles }: EntityViewProps) {
  const record = useRecordContext();
  const origin = useDetailOrigin(entry, 'edit');
  const editDenied = ruleDenying(module.entity, record, 'edit');
  const deleteDenied = ruleDenying(module.entity, record, 'delete');
  return (
    <TopToolbar>
      {can.list && <ListButton />}
      {can.edit && record && !editDenied && <EditButton />}
      {can.delete && record && !deleteDenied && (
        <ImpactDeleteButton redirect={detailReturn(entry, origin, record, roles) ?? 'list'} />
      )}
    </TopToolbar>
  );
}

function RuleNotice({ module }: Pick<EntityViewProps, 'module'>) {
  const record = useRecordContext();
  const text = useText();
  const rule = ruleDenying(module.entity, record, 'edit') ?? ruleDenying(module.entity, record, 'delete');
  if (!rule) return null;
  return (
    <Alert severity="info" role="status" sx={{ m: 2, mb: 0 }}>
      {text(rule.message)}
    </Alert>
  );
}

/** The record's fields; one that does not apply to it (its allowedWhen does not hold) is left out. */
function ShowFields({ entry, module, fields }: Pick<EntityViewProps, 'entry' | 'module'> & { fields: FieldModel[] }) {
  const record = useRecordContext();
  const shown = record ? fields.filter((f) => fieldApplies(f, record, module.entity.fields)) : fields;
  const render = (field: FieldModel) => {
    const Field = fieldDisplay[field.kind];
    return <Field key={field.name} field={field} source={field.name} label={`resources.${entry.resource}.fields.${field.name}`} />;
  };
  if (module.entity.form) return <ShowGroups layout={module.entity.form} fields={shown} render={render} />;
  return <SimpleShowLayout>{shown.map(render)}</SimpleShowLayout>;
}

export function EntityShow(props: EntityViewProps) {
  const { entry, module, roles } = props;
  const fields = module.entity.fields.filter((f) => f.in.show && fieldReadable(f, roles, module.entity.access));
  return (
    // The record in its card, the detail sections (if any) in theirs below it.
    <Show resource={entry.resource} actions={<ShowActions {...props} />} component="div">
      <RecordTabs
        {...props}
        details={
          <Card>
            <RuleNotice module={module} />
            <ShowFields entry={entry} module={module} fields={fields} />
          </Card>
        }
      />
      <DetailSections entry={entry} roles={roles} />
    </Show>
  );
}

export default EntityShow;
