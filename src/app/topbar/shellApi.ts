// The shell's own calls (spec 1 §7.2; server/shell/shellRoutes.ts), made with the session's
// bearer token and language. They feed the sidebar header, the module switcher, the theme
// and the notification bell; each is cached by react-query and shared by whoever asks.

import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { readLocale, readToken, readUser, type SessionStorage } from '../../providers/session';
import { API_URL, appStorage } from '../providers';

export interface ModuleChoice {
  code: string;
  name: string;
  redirect: string;
}

export interface UserModules {
  data: Record<string, boolean>;
  modules: ModuleChoice[];
}

export interface NotificationItem {
  id: number;
  doc_name: string;
  doc_id: string | null;
  /** The Indonesian text (v1), or the only text of a notification without a key. */
  info: string;
  /** The message key under app.notification.message (null: free text in `info`). */
  key?: string | null;
  params?: Record<string, string | number> | null;
  created_at: string;
  read: boolean;
}

export interface Notifications {
  data: NotificationItem[];
  /** Unread. */
  count: number;
  /** All of the user's notifications (servers before pages answered none). */
  total?: number;
}

/** A refused or failed shell call, with the HTTP status (0 when the server was not reached). */
export class ShellCallError extends Error {
  override name = 'ShellCallError';

  constructor(
    readonly path: string,
    readonly status: number,
  ) {
    super(`${path}: ${status}`);
  }
}

export async function shellCall<T>(path: string, method: 'GET' | 'PUT' = 'GET', storage: SessionStorage = appStorage): Promise<T> {
  const token = readToken(storage);
  const response = await fetch(`${API_URL}/${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      'Accept-Language': readLocale(storage),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!response.ok) throw new ShellCallError(path, response.status);
  return (await response.json()) as T;
}

const user = () => readUser(appStorage);

export function useSchoolIdentity() {
  return useQuery({
    queryKey: ['shell', 'get-menu'],
    queryFn: () => shellCall<{ data: Record<string, unknown> }>('get-menu').then((a) => a.data),
    staleTime: 5 * 60_000,
  });
}

/** The resource of the general settings (schemas/setting_general.yaml), which name the theme. */
const GENERAL_SETTINGS = 'general';
const THEME_KEY = ['shell', 'general-setting'];

/** The resource a react-admin write names: at the call (`update(resource, …)`), else at the hook (its mutation key). */
function resourceOfMutation(key: readonly unknown[] | undefined, variables: unknown): unknown {
  const atCall = typeof variables === 'object' && variables !== null && 'resource' in variables ? variables.resource : undefined;
  return atCall ?? key?.[0];
}

/**
 * The theme the general settings name. Saving them (react-admin's update of `general`) reads
 * the theme again, so a new theme shows at once rather than after a reload.
 */
export function useThemeName() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        if (resourceOfMutation(event.mutation.options.mutationKey, event.mutation.state.variables) !== GENERAL_SETTINGS) return;
        void queryClient.invalidateQueries({ queryKey: THEME_KEY });
      }),
    [queryClient],
  );
  return useQuery({
    queryKey: THEME_KEY,
    queryFn: () => shellCall<{ data: { value: string } }>('general-setting').then((a) => a.data.value),
    staleTime: 5 * 60_000,
  });
}

export function useUserModules() {
  const id = user()?.id;
  return useQuery({
    queryKey: ['shell', 'check-user-modules', id],
    queryFn: () =>
      shellCall<UserModules>(`check-user-modules?user_id=${encodeURIComponent(String(id ?? ''))}&loginAS=staff`),
    staleTime: 60_000,
  });
}

export const NOTIFICATIONS_KEY = ['shell', 'notification'];

/**
 * Refreshes the notifications when the window regains focus (react-query refetches on
 * `visibilitychange` only, which switching windows does not fire).
 */
function useRefreshOnFocus() {
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [client]);
}

/** The latest notifications and the unread count, every minute and on focus (the bell). */
export function useNotifications() {
  const username = user()?.username ?? '';
  useRefreshOnFocus();
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, username],
    queryFn: () => shellCall<Notifications>(`notification?username=${encodeURIComponent(username)}`),
    refetchInterval: 60_000,
    retry: 1,
    enabled: !!username,
  });
}

/** One page of the user's notifications, newest first (the list pages). */
export function useNotificationPage(page: number, perPage: number) {
  const username = user()?.username ?? '';
  useRefreshOnFocus();
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, username, 'page', page, perPage],
    queryFn: () =>
      shellCall<Notifications>(`notification?username=${encodeURIComponent(username)}&page=${page}&per_page=${perPage}`),
    placeholderData: keepPreviousData,
    retry: 1,
    enabled: !!username,
  });
}

/** One notification of the user's (the detail page); a ShellCallError with 403 or 404 otherwise. */
export function useNotification(id: string | undefined) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'one', id],
    queryFn: () => shellCall<{ data: NotificationItem }>(`notification/${encodeURIComponent(id ?? '')}`).then((a) => a.data),
    enabled: !!id,
    retry: (failures, error) => !(error instanceof ShellCallError && error.status >= 400 && error.status < 500) && failures < 2,
  });
}

/** Marks one read; every notification query (bell, lists, details) refreshes. */
export function useMarkRead() {
  const client = useQueryClient();
  return async (id: number) => {
    await shellCall<Notifications>(`notification/${id}/read`, 'PUT');
    await client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  };
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return async () => {
    await shellCall<Notifications>('notification/read', 'PUT');
    await client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  };
}
