// A settings page (a singleton entity): its one record at the entity's own route, in place
// of a list. Those who may edit it get its form (validated as any form, saved pessimistically,
// staying on the page); those who may only read it see its fields. No list, no create, no
// delete: the data provider reads and writes it at `/{endpoint}`, without an id.

import { Edit, Show, SimpleShowLayout, useTranslate } from 'react-admin';
import { fieldReadable } from './access';
import { EntityForm } from './EntityForm';
import { fieldDisplay } from './fieldDisplay';
import type { EntityViewProps } from './viewProps';

/** The id react-admin keys the one record by; the data provider ignores it. */
export const SINGLETON_ID = 'singleton';

export function EntitySingleton({ entry, module, can, roles }: EntityViewProps) {
  const translate = useTranslate();
  const title = translate(`resources.${entry.resource}.name`, { smart_count: 1 });
  if (can.edit) {
    return (
      <Edit resource={entry.resource} id={SINGLETON_ID} mutationMode="pessimistic" redirect={false} actions={false} title={title}>
        <EntityForm module={module} mode="edit" />
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
    </Show>
  );
}

export default EntitySingleton;
