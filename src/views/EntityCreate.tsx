import { Create, type RedirectionSideEffect } from 'react-admin';
import { detailReturn, useDetailOrigin } from './details/origin';
import { EntityForm } from './EntityForm';
import type { EntityViewProps } from './viewProps';

/**
 * The generic create page; after saving, the new record's page. A detail added from its
 * parent's page has the parent set and locked, and goes back there.
 */
export function EntityCreate({ entry, module, can, roles }: EntityViewProps) {
  const origin = useDetailOrigin(entry, 'create');
  const usual = can.show ? 'show' : 'list';
  const redirect: RedirectionSideEffect = entry.parent
    ? (resource, id, data) =>
        detailReturn(entry, origin, data, roles) ?? (can.show ? `/${resource}/${id}/show` : `/${resource}`)
    : usual;
  return (
    <Create resource={entry.resource} redirect={redirect}>
      <EntityForm module={module} mode="create" locked={origin.locked} />
    </Create>
  );
}

export default EntityCreate;
