// A list's columns and saved views of the logged-in user (issue 16), read from and saved to the
// server (src/shared/api/listViews.ts) so they follow the user to another browser and survive a
// logout. The list draws with the schema's columns until the settings arrive (the first rows
// never wait for them); a save updates the cache at once and the server's answer replaces it.

import { useCallback } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NO_LIST_VIEW_SETTINGS, type ListViewSettings } from '../../shared/api/listViews';
import type { ListViewsDataProvider } from '../../providers/listViewMethods';

export interface ListViews {
  settings: ListViewSettings;
  /** Saves the whole settings; resolves once the server has them (rejects, after a notice, when refused). */
  save(settings: ListViewSettings): Promise<void>;
}

export function listViewsKey(resource: string) {
  return ['listViews', resource] as const;
}

export function useListViews(resource: string): ListViews {
  const dataProvider = useDataProvider<ListViewsDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const key = listViewsKey(resource);
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => dataProvider.getListViews(resource),
    staleTime: 5 * 60_000,
  });
  const { mutateAsync } = useMutation({
    mutationFn: (settings: ListViewSettings) => dataProvider.saveListViews(resource, settings),
    onMutate: (settings) => {
      const before = queryClient.getQueryData<ListViewSettings>(key);
      queryClient.setQueryData(key, settings);
      return { before };
    },
    onError: (error, _settings, context) => {
      queryClient.setQueryData(key, context?.before);
      notify('app.listViews.failed', { type: 'error', messageArgs: { error: error instanceof Error ? error.message : String(error) } });
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
  const save = useCallback(async (settings: ListViewSettings) => void (await mutateAsync(settings)), [mutateAsync]);
  return { settings: data ?? NO_LIST_VIEW_SETTINGS, save };
}
