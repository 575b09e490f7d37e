// The shape of a hand-written view that replaces one generated view of one entity
// (src/resources/viewOverrides.ts).

import type { ComponentType } from 'react';
import type { EntityViewProps } from '../views/viewProps';

/** `singleton`: a settings page's one view (src/views/EntitySingleton.tsx). */
export type OverridableView = 'list' | 'create' | 'edit' | 'show' | 'singleton';

/** A view's module, loaded when the view first opens; its default export draws it. */
export type ViewModuleLoader = () => Promise<{ default: ComponentType<EntityViewProps> }>;

/** By resource name, the views drawn by hand instead of the generated ones. */
export type ViewOverrides = Readonly<Record<string, Partial<Record<OverridableView, ViewModuleLoader>>>>;
