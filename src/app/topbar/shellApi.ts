// The shell's own calls (spec 1 §7.2; server/shell/shellRoutes.ts), made with the session's
// bearer token and language. They feed the sidebar header, the module switcher, the theme
// and the notification bell; each is cached by react-query and shared by whoever asks.

import { useQuery, useQueryClient } from '@tanstack/react-query';
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
  info: string;
  created_at: string;
  read: boolean;
}

export interface Notifications {
  data: NotificationItem[];
  count: number;
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
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
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

export function useThemeName() {
  return useQuery({
    queryKey: ['shell', 'general-setting'],
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

export function useNotifications() {
  const username = user()?.username ?? '';
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, username],
    queryFn: () => shellCall<Notifications>(`notification?username=${encodeURIComponent(username)}`),
    refetchInterval: 60_000,
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return async (id: number) => {
    await shellCall<Notifications>(`notification/${id}/read`, 'PUT');
    await client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  };
}
