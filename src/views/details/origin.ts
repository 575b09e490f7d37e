// A detail record added or edited from its parent's page (a holiday's dates) goes back
// there once saved, with the parent field set by that page and locked. The page says where
// to go back in the location state (`returnTo`); the parent is prefilled the react-admin way
// (`?source={"holiday_id":5}`), so a reload keeps it.

import { getRecordFromLocation, useLocation } from 'react-admin';
import type { ResourceEntry } from '../../shared/entityModel';
import { abilitiesOf } from '../access';
import { targetEntry } from '../registryLookup';

export interface DetailOrigin {
  /** The page to go back to after saving or deleting (the parent's show or edit page). */
  returnTo?: string;
  /** The parent field, locked when the page it came from set it. */
  locked: string[];
}

/** The location state of a link from a parent's page to one of its details' forms. */
export function originState(returnTo: string): { returnTo: string; _scrollToTop: true } {
  return { returnTo, _scrollToTop: true };
}

/** The search of a link to a detail's create form with its parent set. */
export function prefilledSearch(field: string, parentId: unknown): string {
  return `?source=${encodeURIComponent(JSON.stringify({ [field]: parentId }))}`;
}

export function useDetailOrigin(entry: Pick<ResourceEntry, 'parent'>, mode: 'create' | 'edit'): DetailOrigin {
  const location = useLocation();
  const state = location.state as { returnTo?: unknown } | null | undefined;
  const returnTo = typeof state?.returnTo === 'string' && state.returnTo.startsWith('/') ? state.returnTo : undefined;
  const field = entry.parent?.field;
  if (!field) return { returnTo, locked: [] };
  const prefilled = mode === 'create' && getRecordFromLocation(location)?.[field] != null;
  return { returnTo, locked: prefilled || (mode === 'edit' && returnTo) ? [field] : [] };
}

/**
 * Where a detail record goes once saved or deleted: back to the page it came from, or to its
 * parent's page when the user may open it; undefined when it is no detail (the usual place).
 */
export function detailReturn(
  entry: Pick<ResourceEntry, 'parent'>,
  origin: DetailOrigin,
  record: Record<string, unknown> | undefined,
  roles: readonly string[],
): string | undefined {
  if (origin.returnTo) return origin.returnTo;
  const parent = targetEntry(entry.parent?.entity);
  const parentId = entry.parent ? record?.[entry.parent.field] : undefined;
  if (!parent || parentId == null) return undefined;
  const can = abilitiesOf(parent, roles);
  const id = encodeURIComponent(String(parentId));
  return can.show ? `/${parent.resource}/${id}/show` : can.edit ? `/${parent.resource}/${id}` : undefined;
}
