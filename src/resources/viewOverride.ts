// The shape of a hand-written view that replaces one generated view of one entity
// (src/resources/viewOverrides.ts).

import type { ComponentType } from 'react';
import type { EntityViewProps } from '../views/viewProps';

export type OverridableView = 'list' | 'create' | 'edit' | 'show';

/** A view's module, loaded when the view first opens; its default export draws it. */
export type ViewModuleLoader = () => Promise<{ default: ComponentType<EntityViewProps> }>;

/** By resource name, the views drawn by hand instead of the generated ones. */
export type ViewOverrides = Readonly<Record<string, Partial<Record<OverridableView, ViewModuleLoader>>>>;
