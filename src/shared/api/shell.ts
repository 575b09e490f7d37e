// The request and answer types of the shell's own calls (spec 1 §7.2): the server answers
// them (server/shell/shellRoutes.ts), the app asks them (src/app/topbar/shellApi.ts). No
// React, no DOM. Each answer is the v1 envelope (./envelope.ts).

import type { Success } from './envelope';

/** The shell's call paths under /api/v1, one function per call that takes parameters. */
export const SHELL_PATHS = {
  menu: 'get-menu',
  generalSetting: 'general-setting',
  userModules: (userId: string) => `check-user-modules?user_id=${encodeURIComponent(userId)}&loginAS=staff`,
  notifications: (username: string, page?: { page: number; perPage: number }) =>
    `notification?username=${encodeURIComponent(username)}` + (page ? `&page=${page.page}&per_page=${page.perPage}` : ''),
  notification: (id: string | number) => `notification/${encodeURIComponent(String(id))}`,
  markRead: (id: number) => `notification/${id}/read`,
  markAllRead: 'notification/read',
} as const;

/** GET get-menu: the school identity (sidebar logo and name): its id and each field of schemas/school_identity.yaml. */
export type MenuAnswer = Success<{ data: Record<string, unknown> }>;

/** The themes of the app. */
export const THEMES = ['cc', 'kokoro'] as const;
export type ThemeName = (typeof THEMES)[number];

/** GET general-setting: the theme. */
export type GeneralSettingAnswer = Success<{ data: { value: ThemeName } }>;

export interface ModuleChoice {
  code: string;
  name: string;
  redirect: string;
}

/** GET check-user-modules: a flag per module (academic, finance, …) and the modules the user may open. */
export type UserModulesAnswer = Success<{ data: Record<string, boolean>; modules: ModuleChoice[] }>;

export type NotificationParams = Record<string, string | number>;

/** One notification (v1's fields plus key and params). */
export interface NotificationItem {
  id: number;
  doc_name: string;
  doc_id: string | null;
  /** The Indonesian text (v1), or the only text of a notification without a key. */
  info: string;
  /** The message key of src/shared/notificationMessages.ts (null: free text in `info`). */
  key: string | null;
  params: NotificationParams | null;
  created_at: string;
  read: boolean;
}

/** A recipient's notifications, newest first. */
export interface NotificationList {
  data: NotificationItem[];
  /** Unread, of all the recipient's notifications. */
  count: number;
  /** All the recipient's notifications. */
  total: number;
}

/** GET notification (and PUT notification/read, PUT notification/{id}/read): the latest 50, or a page. */
export type NotificationsAnswer = Success<NotificationList>;

/** GET notification/{id}. */
export type NotificationAnswer = Success<{ data: NotificationItem }>;
