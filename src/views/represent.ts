// How a record reads inside another and in titles: its `represent` text, or for a record
// of a tree (positions, account categories) the path of those texts from the root down to
// it, `Yayasan › Kepala Sekolah › Guru`, which list and show answers carry as `tree_path`.

import { representRecord, templateNames, type ResourceEntry } from '../shared/entityModel';

export const TREE_SEPARATOR = ' › ';

/** The represent texts from the root down to the record, when it is a record of a tree that carries them. */
export function treePathOf(entry: Pick<ResourceEntry, 'tree'>, record: Record<string, unknown> | undefined | null): string[] | null {
  const path = record?.tree_path;
  return entry.tree && Array.isArray(path) && path.length > 0 ? path.map(String) : null;
}

/** A record as text: `A › B › C` for a record of a tree, its `represent` otherwise. */
export function recordText(entry: Pick<ResourceEntry, 'represent' | 'tree'>, record: Record<string, unknown> | undefined | null): string {
  return treePathOf(entry, record)?.join(TREE_SEPARATOR) ?? representRecord(entry.represent, record);
}

/**
 * The field records are sorted by in a choice list: `represent` itself, or a template's first
 * own field (a value read through a reference, `{employee_id.name}`, is no column to sort by).
 */
export function representField(represent: string): string {
  const own = templateNames(represent).find((name) => !name.includes('.'));
  return own ?? 'id';
}

/**
 * The list column that holds a record's represent text, which a tree shows as the path: the
 * represent field itself. A template (`{code} - {name}`) is in no one column; such a tree
 * shows its paths in the columns referring to it (the parent), titles and choice lists.
 */
export function representColumn(represent: string): string | undefined {
  return represent.includes('{') || represent.includes('.') ? undefined : represent;
}
