// The shell's own calls (spec 1 §7.2; server/shell/shellRoutes.ts; their contract is
// src/shared/api/shell.ts), made through the app's one HTTP client (apiCall). They feed the
// sidebar header, the module switcher, the theme and the notification bell; each is cached
// by react-query and shared by whoever asks. A 401 logs out as every other call does; any
// other failure is the caller's to show (the bell shows its error state).

import { useCallback, useEffect } from 'react';
import { HttpError, useLogoutIfAccessDenied } from 'react-admin';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { readUser } from '../../providers/session';
import type { Envelope } from '../../shared/api/envelope';
import {
  SHELL_PATHS,
  type GeneralSettingAnswer,
  type MenuAnswer,
  type NotificationAnswer,
  type NotificationsAnswer,
  type UserModulesAnswer,
} from '../../shared/api/shell';
import { apiCall, appStorage } from '../providers';

/**
 * A refused or failed shell call, with the HTTP status (0 when the server was not reached).
 * Not a subclass of react-admin's HttpError: its constructor resets the prototype, which
 * would make `instanceof ShellCallError` false.
 */
export class ShellCallError extends Error {
  override name = 'ShellCallError';

  constructor(
    readonly path: string,
    readonly status: number,
    message: string,
  ) {
    super(message || `${path}: ${status}`);
  }
}

/** Makes a shell call; a refused one goes past the auth provider's checkError first (a 401 logs out). */
function useShellCall() {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useCallback(
    async <A extends Envelope>(path: string, method: 'GET' | 'PUT' = 'GET'): Promise<A> => {
      try {
        return await apiCall<A>(path, { method });
      } catch (error) {
        const status = error instanceof HttpError ? error.status : 0;
        await logoutIfAccessDenied({ status, message: error instanceof Error ? error.message : undefined });
        throw new ShellCallError(path, status, error instanceof Error ? error.message : '');
      }
    },
    [logoutIfAccessDenied],
  );
}

const user = () => readUser(appStorage);

export function useSchoolIdentity() {
  const shellCall = useShellCall();
  return useQuery({
    queryKey: ['shell', 'get-menu'],
    queryFn: () => shellCall<MenuAnswer>(SHELL_PATHS.menu).then((a) => a.data),
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
  const shellCall = useShellCall();
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
    queryFn: () => shellCall<GeneralSettingAnswer>(SHELL_PATHS.generalSetting).then((a) => a.data.value),
    staleTime: 5 * 60_000,
  });
}

export function useUserModules() {
  const id = user()?.id;
  const shellCall = useShellCall();
  return useQuery({
    queryKey: ['shell', 'check-user-modules', id],
    queryFn: () => shellCall<UserModulesAnswer>(SHELL_PATHS.userModules(String(id ?? ''))),
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
  const shellCall = useShellCall();
  useRefreshOnFocus();
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, username],
    queryFn: () => shellCall<NotificationsAnswer>(SHELL_PATHS.notifications(username)),
    refetchInterval: 60_000,
    retry: 1,
    enabled: !!username,
  });
}

/** One page of the user's notifications, newest first (the list pages). */
export function useNotificationPage(page: number, perPage: number) {
  const username = user()?.username ?? '';
  const shellCall = useShellCall();
  useRefreshOnFocus();
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, username, 'page', page, perPage],
    queryFn: () => shellCall<NotificationsAnswer>(SHELL_PATHS.notifications(username, { page, perPage })),
    placeholderData: keepPreviousData,
    retry: 1,
    enabled: !!username,
  });
}

/** One notification of the user's (the detail page); a ShellCallError with 403 or 404 otherwise. */
export function useNotification(id: string | undefined) {
  const shellCall = useShellCall();
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'one', id],
    queryFn: () => shellCall<NotificationAnswer>(SHELL_PATHS.notification(id ?? '')).then((a) => a.data),
    enabled: !!id,
    retry: (failures, error) => !(error instanceof ShellCallError && error.status >= 400 && error.status < 500) && failures < 2,
  });
}

/** Marks one read; every notification query (bell, lists, details) refreshes. */
export function useMarkRead() {
  const client = useQueryClient();
  const shellCall = useShellCall();
  return async (id: number) => {
    await shellCall<NotificationsAnswer>(SHELL_PATHS.markRead(id), 'PUT');
    await client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  };
}

export function useMarkAllRead() {
  const client = useQueryClient();
  const shellCall = useShellCall();
  return async () => {
    await shellCall<NotificationsAnswer>(SHELL_PATHS.markAllRead, 'PUT');
    await client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  };
}
