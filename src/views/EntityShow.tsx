// The generic show page: every field shown on show pages; edit and delete offered when the
// user's roles allow them and no record rule refuses them (the rule's message says why).

import { DeleteButton, EditButton, ListButton, Show, SimpleShowLayout, TopToolbar, useRecordContext } from 'react-admin';
import Alert from '@mui/material/Alert';
import { fieldReadable, ruleDenying } from './access';
import { fieldDisplay } from './fieldDisplay';
import { useText } from './useText';
import type { EntityViewProps } from './viewProps';

function ShowActions({ module, can }: Pick<EntityViewProps, 'module' | 'can'>) {
  const record = useRecordContext();
  const editDenied = ruleDenying(module.entity, record, 'edit');
  const deleteDenied = ruleDenying(module.entity, record, 'delete');
  return (
    <TopToolbar>
      {can.list && <ListButton />}
      {can.edit && record && !editDenied && <EditButton />}
      {can.delete && record && !deleteDenied && <DeleteButton mutationMode="pessimistic" />}
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

export function EntityShow({ entry, module, can, roles }: EntityViewProps) {
  const fields = module.entity.fields.filter((f) => f.in.show && fieldReadable(f, roles));
  return (
    <Show resource={entry.resource} actions={<ShowActions module={module} can={can} />}>
      <RuleNotice module={module} />
      <SimpleShowLayout>
        {fields.map((field) => {
          const { Field } = fieldDisplay[field.kind];
          return (
            <Field
              key={field.name}
              field={field}
              source={field.name}
              label={`resources.${entry.resource}.fields.${field.name}`}
            />
          );
        })}
      </SimpleShowLayout>
    </Show>
  );
}

export default EntityShow;
