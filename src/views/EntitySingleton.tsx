// A settings page (a singleton entity): its one record at the entity's own route, in place
// of a list. Those who may edit it get its form (validated as any form, saved pessimistically,
// staying on the page); those who may only read it see its fields. Below either, its history
// (who changed which setting, from what to what; issue 16). No list, no create, no delete: the
// data provider reads and writes it at `/{endpoint}`, without an id.

import { Edit, Show, SimpleShowLayout, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { SINGLETON_PATH_ID } from '../shared/api/recordHistory';
import { fieldReadable } from './access';
import { EntityForm } from './EntityForm';
import { fieldDisplay } from './fieldDisplay';
import { HistoryPanel } from './history/HistoryPanel';
import type { EntityViewProps } from './viewProps';

/** The id react-admin keys the one record by; the data provider ignores it, the history path names it. */
export const SINGLETON_ID = SINGLETON_PATH_ID;

function SettingsHistory(props: Pick<EntityViewProps, 'entry' | 'module' | 'can' | 'roles'>) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="settings-history" sx={{ mt: 1 }}>
      <Divider />
      <Typography id="settings-history" variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {translate('app.recordHistory.tab_history')}
      </Typography>
      <HistoryPanel {...props} />
    </Box>
  );
}

export function EntitySingleton({ entry, module, can, roles }: EntityViewProps) {
  const translate = useTranslate();
  const title = translate(`resources.${entry.resource}.name`, { smart_count: 1 });
  if (can.edit) {
    return (
      <Edit resource={entry.resource} id={SINGLETON_ID} mutationMode="pessimistic" redirect={false} actions={false} title={title}>
        <EntityForm module={module} mode="edit" />
        <SettingsHistory entry={entry} module={module} can={can} roles={roles} />
      </Edit>
    );
  }
  const fields = module.entity.fields.filter((f) => f.in.show && fieldReadable(f, roles, module.entity.access));
  return (
    <Show resource={entry.resource} id={SINGLETON_ID} actions={false} title={title}>
      <SimpleShowLayout>
        {fields.map((field) => {
          const Field = fieldDisplay[field.kind];
          return <Field key={field.name} field={field} source={field.name} label={`resources.${entry.resource}.fields.${field.name}`} />;
        })}
      </SimpleShowLayout>
      <SettingsHistory entry={entry} module={module} can={can} roles={roles} />
    </Show>
  );
}

export default EntitySingleton;
