// A registry entry → the props of its <Resource>: the generic views, each loaded on demand
// (React.lazy: the views' code and the entity's module arrive when a view first opens),
// offered only for what the user's roles allow, and how its records are represented.
// A singleton (a settings page) has one view at its route, its record's form, and no others.
// A view written by hand in src/resources/<entity>/ replaces the generated one of that entity
// (src/resources/viewOverrides.ts); it is loaded on demand just the same.

import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { Loading, type ResourceProps } from 'react-admin';
import { VIEW_OVERRIDES } from '../resources/viewOverrides';
import type { ViewOverrides } from '../resources/viewOverride';
import type { ResourceEntry } from '../shared/entityModel';
import { abilitiesOf } from '../views/access';
import { recordText } from '../views/represent';
import type { EntityViewProps } from '../views/viewProps';
import type { EntityLoader } from './entityLoader';
import { ViewLoadError } from '../views/viewLoadError';
import { ViewLoadBoundary } from './ViewLoadBoundary';

export type ViewName = 'list' | 'create' | 'edit' | 'show' | 'singleton';
type ViewComponent = ComponentType<EntityViewProps>;

/** Each generic view's code, a chunk of its own (also fetched ahead by src/app/preloadViewOfPath.ts). */
export const viewModules: Record<ViewName, () => Promise<{ default: ViewComponent }>> = {
  list: () => import('../views/EntityList'),
  create: () => import('../views/EntityCreate'),
  edit: () => import('../views/EntityEdit'),
  show: () => import('../views/EntityShow'),
  singleton: () => import('../views/EntitySingleton'),
};

type ViewAccess = Pick<EntityViewProps, 'can' | 'roles'>;
type LazyView = LazyExoticComponent<ComponentType<ViewAccess>>;

export type ResourceFactory = (
  entry: ResourceEntry,
  roles: readonly string[],
) => Pick<ResourceProps, 'list' | 'create' | 'edit' | 'show' | 'recordRepresentation'>;

export function createResourceFactory(loadEntity: EntityLoader, overrides: ViewOverrides = VIEW_OVERRIDES): ResourceFactory {
  // One lazy component per resource and view, so a re-render never remounts a view.
  const lazyViews = new Map<string, LazyView>();

  function lazyView(entry: ResourceEntry, view: ViewName): LazyView {
    const key = `${entry.resource}/${view}`;
    let component = lazyViews.get(key);
    if (!component) {
      component = lazy(async () => {
        const loadView = (view === 'singleton' ? undefined : overrides[entry.resource]?.[view]) ?? viewModules[view];
        const [{ default: View }, module] = await Promise.all([loadView(), loadEntity(entry)]).catch(
          (error: unknown) => {
            // React.lazy remembers a failure: reloading the page is the way to try again.
            throw new ViewLoadError(error);
          },
        );
        return { default: (access: ViewAccess) => <View entry={entry} module={module} {...access} /> };
      });
      lazyViews.set(key, component);
    }
    return component;
  }

  function element(entry: ResourceEntry, view: ViewName, access: ViewAccess): ReactElement {
    const View = lazyView(entry, view);
    return (
      <ViewLoadBoundary>
        <Suspense fallback={<Loading loadingPrimary="app.loading" loadingSecondary="" />}>
          <View {...access} />
        </Suspense>
      </ViewLoadBoundary>
    );
  }

  return (entry, roles) => {
    const can = abilitiesOf(entry, roles);
    const access = { can, roles };
    if (entry.singleton) {
      return {
        list: can.list || can.show ? element(entry, 'singleton', access) : undefined,
        recordRepresentation: (record) => recordText(entry, record),
      };
    }
    return {
      list: can.list ? element(entry, 'list', access) : undefined,
      show: can.show ? element(entry, 'show', access) : undefined,
      create: can.create ? element(entry, 'create', access) : undefined,
      edit: can.edit ? element(entry, 'edit', access) : undefined,
      recordRepresentation: (record) => recordText(entry, record),
    };
  };
}
