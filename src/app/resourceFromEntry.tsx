// A registry entry → the props of its <Resource>: the generic views, each loaded on demand
// (React.lazy: the views' code and the entity's module arrive when a view first opens),
// offered only for what the user's roles allow, and how its records are represented.
// A singleton (a settings page) has one view at its route, its record's form, and no others.
// A view written by hand in src/resources/<entity>/ replaces the generated one of that entity
// (src/resources/viewOverrides.ts); it is loaded on demand just the same.
// A view the roles lack is not left out silently: its address says the page is forbidden
// (src/app/resourceForbiddenRoutes.tsx), rather than drawing nothing or the list in its place.

import { Suspense, type ComponentType, type ReactElement } from 'react';
import { Loading, type ResourceProps } from 'react-admin';
import { VIEW_OVERRIDES } from '../resources/viewOverrides';
import { PAGE_VIEW_OVERRIDES } from './pageViewOverrides';
import type { ViewOverrides } from '../resources/viewOverride';
import type { EntityModule, ResourceEntry } from '../shared/entityModel';
import { abilitiesOf } from '../views/access';
import { recordText } from '../views/represent';
import type { EntityViewProps } from '../views/viewProps';
import type { EntityLoader } from './entityLoader';
import { ViewLoadError } from '../views/viewLoadError';
import { ViewLoadBoundary } from './ViewLoadBoundary';
import { forbiddenRoutes } from './resourceForbiddenRoutes';
import type { ViewName } from '../shared/viewOfPath';

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

export interface ResourceFactory {
  (entry: ResourceEntry, roles: readonly string[]): Pick<ResourceProps, 'list' | 'create' | 'edit' | 'show' | 'recordRepresentation' | 'children'>;
  /** Start loading a view's code and its entity's module, so that it draws at once when it opens. */
  preload(entry: ResourceEntry, view: ViewName): void;
}

interface LoadedView {
  View: ViewComponent;
  module: EntityModule;
}

/** A promise that notes its outcome on itself, so that a render can read it without waiting. */
type TrackedPromise<T> = Promise<T> & { settled?: { value: T } | { error: unknown } };

function tracked<T>(promise: Promise<T>): TrackedPromise<T> {
  const t: TrackedPromise<T> = promise;
  t.then(
    (value) => void (t.settled = { value }),
    (error: unknown) => void (t.settled = { error }),
  );
  return t;
}

export function createResourceFactory(loadEntity: EntityLoader, overrides: ViewOverrides = { ...VIEW_OVERRIDES, ...PAGE_VIEW_OVERRIDES }): ResourceFactory {
  // Each view's load, once per resource and view: its code and its entity's module. A view
  // whose load has finished (fetched ahead by src/main.tsx, or opened before) draws at once;
  // one still loading suspends until it has (Suspense's protocol, as React.lazy does). React.lazy
  // itself always suspended first, even with the code here: the loading page showed, and React
  // then held the view back for up to 300 ms before revealing it (its throttle of reveals).
  const loads = new Map<string, TrackedPromise<LoadedView>>();
  // One component per resource and view, so a re-render never remounts a view.
  const views = new Map<string, ComponentType<ViewAccess>>();

  function load(entry: ResourceEntry, view: ViewName): TrackedPromise<LoadedView> {
    const key = `${entry.resource}/${view}`;
    let loading = loads.get(key);
    if (!loading) {
      const loadView = overrides[entry.resource]?.[view] ?? viewModules[view];
      loading = tracked(
        Promise.all([loadView(), loadEntity(entry)]).then(
          ([{ default: View }, module]) => ({ View, module }),
          (error: unknown) => {
            // Remembered, as React.lazy did: reloading the page is the way to try again.
            throw new ViewLoadError(error);
          },
        ),
      );
      loading.catch(() => undefined); // reported where the view draws
      loads.set(key, loading);
    }
    return loading;
  }

  function lazyView(entry: ResourceEntry, view: ViewName): ComponentType<ViewAccess> {
    const key = `${entry.resource}/${view}`;
    let component = views.get(key);
    if (!component) {
      component = function LoadedEntityView(access: ViewAccess) {
        const loading = load(entry, view);
        const { settled } = loading;
        if (!settled) throw loading;
        if ('error' in settled) throw settled.error;
        const { View, module } = settled.value;
        return <View entry={entry} module={module} {...access} />;
      };
      views.set(key, component);
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

  const factory = (entry: ResourceEntry, roles: readonly string[]): ReturnType<ResourceFactory> => {
    const can = abilitiesOf(entry, roles);
    const access = { can, roles };
    if (entry.singleton) {
      return {
        list: can.list || can.show ? element(entry, 'singleton', access) : undefined,
        recordRepresentation: (record) => recordText(entry, record),
        children: forbiddenRoutes({ ...can, list: can.list || can.show }, true),
      };
    }
    return {
      list: can.list ? element(entry, 'list', access) : undefined,
      show: can.show ? element(entry, 'show', access) : undefined,
      create: can.create ? element(entry, 'create', access) : undefined,
      edit: can.edit ? element(entry, 'edit', access) : undefined,
      recordRepresentation: (record) => recordText(entry, record),
      children: forbiddenRoutes(can, false),
    };
  };
  return Object.assign(factory, { preload: (entry: ResourceEntry, view: ViewName) => void load(entry, view) });
}
