// The generic edit page. A record that a rule protects (e.g. synced to Google Classroom)
// gets a notice saying why instead of a form it could not save.

import { Edit, ShowButton, useRecordContext, useTranslate } from 'react-admin';
import { Alert, Box } from '@mui/material';
import { ruleDenying } from './access';
import { EntityForm } from './EntityForm';
import { useText } from './useText';
import type { EntityViewProps } from './viewProps';

function EditContent({ module, can }: Pick<EntityViewProps, 'module' | 'can'>) {
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
  return <EntityForm module={module} mode="edit" canDelete={canDelete} />;
}

export function EntityEdit({ entry, module, can }: EntityViewProps) {
  return (
    <Edit resource={entry.resource} mutationMode="pessimistic" redirect={can.show ? 'show' : 'list'} actions={false}>
      <EditContent module={module} can={can} />
    </Edit>
  );
}

export default EntityEdit;
