import { Create } from 'react-admin';
import { EntityForm } from './EntityForm';
import type { EntityViewProps } from './viewProps';

/** The generic create page; after saving, the new record's page. */
export function EntityCreate({ entry, module, can }: EntityViewProps) {
  return (
    <Create resource={entry.resource} redirect={can.show ? 'show' : 'list'}>
      <EntityForm module={module} mode="create" />
    </Create>
  );
}

export default EntityCreate;
