// A user's own list settings, kept on the server so they follow the user to any browser and
// survive a logout (issue 16): per list, the columns chosen (null: the schema's `list.columns`)
// and the saved views, each a name with a filter, a sort and (optionally) its columns. No React,
// no DOM. The server (server/me/) checks every column, filter and sort against the entity's
// schema, as a list call would; the list (src/views/list/useListViews.ts) reads and writes them.

import type { Success } from './envelope';

/** GET and PUT `/api/v1/me/views/<resource>` (the resource of the list, e.g. `class`). */
export const LIST_VIEWS_PATH = 'me/views';

/** At most this many saved views per list, and this long a view's name. */
export const MAX_SAVED_VIEWS = 30;
export const MAX_VIEW_NAME = 60;

/** A filter value as react-admin's list keeps it: a text, a number, a yes/no, or a list of them. */
export type ViewFilterValue = string | number | boolean | Array<string | number>;

export interface SavedListView {
  name: string;
  filter: Record<string, ViewFilterValue>;
  sort: { field: string; order: 'ASC' | 'DESC' };
  /** The columns the view shows; null: the list's current columns. */
  columns: string[] | null;
}

export interface ListViewSettings {
  /** The columns shown, in order; null: the schema's `list.columns`. */
  columns: string[] | null;
  views: SavedListView[];
}

export type ListViewsAnswer = Success<{ data: ListViewSettings }>;

export const NO_LIST_VIEW_SETTINGS: ListViewSettings = { columns: null, views: [] };
