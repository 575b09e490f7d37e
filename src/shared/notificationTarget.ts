// Where a notification leads, for the bell of each kind of user (spec 1 §4 notification
// click targets, chosen by doc_name), and the paths of the notification pages. No React, no
// DOM: the client's bell and pages use it, and the server may too.
//
// Staff follow spec 1 §4:
//   t_comboard_detail    → /home-comboard
//   tr_permission        → /permission/{doc_id}
//   tr_hr_leave_approval → /hrreqleave?leave={doc_id}
//   tr_invoice           → /invoicetransaction?invoice={doc_id}  (issue 12: the invoice's detail)
//   tr_payment           → /paymenttransaction?payment={doc_id}  (issue 12: the payment's detail)
//   anything else        → /notification/{id}
// Students, parents and booking users cannot open the staff pages (they are sent to their own
// home), so a notification of theirs opens inside their own area: an announcement
// (t_comboard_detail) their area's board (/parent/home-comboard, /student/home-comboard),
// anything else its detail page.

/** The kinds of login (the same four as src/providers/session.ts LoginKind). */
export type NotificationKind = 'staff' | 'student' | 'parent' | 'booking';

/** The route of the notification detail page in each kind's layout (react-router pattern). */
export const NOTIFICATION_DETAIL_ROUTES: Readonly<Record<NotificationKind, string>> = {
  staff: '/notification/:id',
  parent: '/parent/notification/:id',
  student: '/student/notification/:id',
  booking: '/booking/notification/:id',
};

/** The areas with a list page of their notifications (spec 1 §2.4, §2.5). */
export const NOTIFICATION_LIST_PATHS: Readonly<Partial<Record<NotificationKind, string>>> = {
  parent: '/parent/notification',
  student: '/student/notification',
};

/** The areas' announcement boards: where a parent's or student's t_comboard_detail leads. */
export const COMBOARD_AREA_PATHS = {
  parent: '/parent/home-comboard',
  student: '/student/home-comboard',
} as const satisfies Partial<Record<NotificationKind, string>>;

export interface NotificationRef {
  id: number;
  doc_name: string;
  doc_id: string | null;
}

export function notificationDetailPath(kind: NotificationKind, id: number): string {
  return NOTIFICATION_DETAIL_ROUTES[kind].replace(':id', encodeURIComponent(String(id)));
}

export function notificationTarget(n: NotificationRef, kind: NotificationKind = 'staff'): string {
  if (kind === 'parent' || kind === 'student') {
    return n.doc_name === 't_comboard_detail' ? COMBOARD_AREA_PATHS[kind] : notificationDetailPath(kind, n.id);
  }
  if (kind !== 'staff') return notificationDetailPath(kind, n.id);
  const doc = encodeURIComponent(String(n.doc_id ?? ''));
  switch (n.doc_name) {
    case 't_comboard_detail':
      return '/home-comboard';
    case 'tr_permission':
      return `/permission/${doc}`;
    case 'tr_hr_leave_approval':
      return `/hrreqleave?leave=${doc}`;
    case 'tr_invoice':
      return `/invoicetransaction?invoice=${doc}`;
    case 'tr_payment':
      return `/paymenttransaction?payment=${doc}`;
    default:
      return notificationDetailPath('staff', n.id);
  }
}
