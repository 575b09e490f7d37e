// The texts of notifications (spec 1 §3), by the key a notification is stored with; %{…}
// are its params. The server keeps the Indonesian text in `info`, as v1 answered it
// (server/shell/notificationStore.ts); the browser shows a notification in the user's language
// (src/app/topbar/NotificationText.tsx). No React, no DOM: the server imports this too.

import type { Locale } from './entityModel';

const en = {
  announcement_new: 'New announcement: %{title}',
  permission_waiting: 'The permission request of student %{student} is waiting for approval',
  permission_approved: 'The permission request of %{student} has been approved',
  permission_rejected: 'The permission request of %{student} has been rejected',
  leave_request_waiting: 'The leave request of %{employee} is waiting for approval',
  leave_request_approved: 'Your leave request %{number} has been approved',
  leave_request_rejected: 'Your leave request %{number} has been rejected: %{reason}',
  invoice_issued: 'New invoice %{number} has been issued',
  invoice_issued_for: 'New invoice %{number} for %{student} has been issued',
  booking_waiting: 'The booking of %{room} is waiting for approval',
};

export type NotificationKey = keyof typeof en;
export type NotificationParams = Record<string, string | number>;

const id: Record<NotificationKey, string> = {
  announcement_new: 'Pengumuman baru: %{title}',
  permission_waiting: 'Pengajuan izin siswa %{student} menunggu persetujuan',
  permission_approved: 'Pengajuan izin %{student} disetujui',
  permission_rejected: 'Pengajuan izin %{student} ditolak',
  leave_request_waiting: 'Pengajuan cuti %{employee} menunggu persetujuan',
  leave_request_approved: 'Pengajuan cuti Anda %{number} disetujui',
  leave_request_rejected: 'Pengajuan cuti Anda %{number} ditolak: %{reason}',
  invoice_issued: 'Tagihan baru %{number} telah dibuat',
  invoice_issued_for: 'Tagihan baru %{number} untuk %{student} telah dibuat',
  booking_waiting: 'Pemesanan %{room} menunggu persetujuan',
};

export const NOTIFICATION_MESSAGES: Record<Locale, Record<NotificationKey, string>> = { en, id };

/** Whether `key` is a notification key this version knows. */
export function isNotificationKey(key: string): key is NotificationKey {
  return Object.hasOwn(en, key);
}

/** The text of `key` in `locale`, with `%{name}` placeholders filled from `params` (others stay as they are). */
export function notificationText(locale: Locale, key: NotificationKey, params: NotificationParams = {}): string {
  return NOTIFICATION_MESSAGES[locale][key].replace(/%\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
