// The data provider's calls of a user's own list settings (issue 16; src/shared/api/listViews.ts):
// react-admin's way of a call beyond CRUD is a method of the data provider, which the list
// reaches with useDataProvider() (src/views/list/useListViews.ts).

import type { DataProvider } from 'react-admin';
import { LIST_VIEWS_PATH, NO_LIST_VIEW_SETTINGS, type ListViewSettings, type ListViewsAnswer } from '../shared/api/listViews';
import type { HttpClient } from './httpClient';

export interface ListViewMethods {
  getListViews(resource: string): Promise<ListViewSettings>;
  saveListViews(resource: string, settings: ListViewSettings): Promise<ListViewSettings>;
}

export function listViewMethods(base: string, httpClient: HttpClient): ListViewMethods {
  const url = (resource: string) => `${base}/${LIST_VIEWS_PATH}/${encodeURIComponent(resource)}`;
  return {
    async getListViews(resource) {
      const { json } = await httpClient(url(resource));
      return (json as ListViewsAnswer).data ?? NO_LIST_VIEW_SETTINGS;
    },
    async saveListViews(resource, settings) {
      const { json } = await httpClient(url(resource), { method: 'PUT', body: settings });
      return (json as ListViewsAnswer).data ?? settings;
    },
  };
}

/** The data provider with the list settings' calls. */
export type ListViewsDataProvider = DataProvider & ListViewMethods;
