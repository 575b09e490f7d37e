// The generic edit page. A record that a rule protects (e.g. synced to Google Classroom)
// gets a notice saying why instead of a form it could not save. A parent's details are
// listed under its form; a detail goes back to its parent's page once saved or deleted.

import { Edit, ShowButton, useRecordContext, useTranslate, type RedirectionSideEffect } from 'react-admin';
import { Alert, Box, Card } from '@mui/material';
import { ruleDenying } from './access';
import { DetailSections } from './details/DetailSections';
import { detailReturn, useDetailOrigin, type DetailOrigin } from './details/origin';
import { EntityForm } from './EntityForm';
import { useText } from './useText';
import type { EntityViewProps } from './viewProps';

function EditContent({ entry, module, can, roles, origin }: EntityViewProps & { origin: DetailOrigin }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const text = useText();
  if (!record) return null;
  const denied = ruleDenying(module.entity, record, 'edit');
  if (denied) {
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="info" role="status">
          {text(denied.message) || translate('app.form.rule_denied_edit')}
        </Alert>
        {can.show && (
          <Box sx={{ mt: 2 }}>
            <ShowButton label="app.form.back_to_record" />
          </Box>
        )}
      </Box>
    );
  }
  const canDelete = can.delete && !ruleDenying(module.entity, record, 'delete');
  return (
    <EntityForm
      module={module}
      mode="edit"
      canDelete={canDelete}
      deleteRedirect={detailReturn(entry, origin, record, roles) ?? 'list'}
      locked={origin.locked}
    />
  );
}

export function EntityEdit(props: EntityViewProps) {
  const { entry, can, roles } = props;
  const origin = useDetailOrigin(entry, 'edit');
  const usual = can.show ? 'show' : 'list';
  const redirect: RedirectionSideEffect = entry.parent
    ? (resource, id, data) => detailReturn(entry, origin, data, roles) ?? (can.show ? `/${resource}/${id}/show` : `/${resource}`)
    : usual;
  return (
    // The form in its card, the detail sections (if any) in theirs below it.
    <Edit resource={entry.resource} mutationMode="pessimistic" redirect={redirect} actions={false} component="div">
      <Card>
        <EditContent {...props} origin={origin} />
      </Card>
      <DetailSections entry={entry} roles={roles} />
    </Edit>
  );
}

export default EntityEdit;
