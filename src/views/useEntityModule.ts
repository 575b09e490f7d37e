import { useContext, useEffect, useState } from 'react';
import type { EntityModule, ResourceEntry } from '../shared/entityModel';
import { ViewLoadError } from './viewLoadError';
import { EntityLoaderContext } from './entityLoaderContext';

/** Another entity's module once it has loaded; a failure goes to the view's boundary (which offers a reload). */
export function useEntityModule(entry: ResourceEntry): EntityModule | undefined {
  const load = useContext(EntityLoaderContext);
  const [state, setState] = useState<{ resource: string; module?: EntityModule; error?: unknown }>({ resource: entry.resource });
  useEffect(() => {
    let live = true;
    load(entry).then(
      (module) => live && setState({ resource: entry.resource, module }),
      (error: unknown) => live && setState({ resource: entry.resource, error }),
    );
    return () => {
      live = false;
    };
  }, [load, entry]);
  if (state.error !== undefined && state.resource === entry.resource) throw new ViewLoadError(state.error);
  return state.resource === entry.resource ? state.module : undefined;
}
