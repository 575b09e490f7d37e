// Where a notification leads (spec 1 §4 notification click targets, chosen by doc_name).

import type { NotificationItem } from './shellApi';

export function notificationTarget(n: Pick<NotificationItem, 'id' | 'doc_name' | 'doc_id'>): string {
  const doc = encodeURIComponent(String(n.doc_id ?? ''));
  switch (n.doc_name) {
    case 't_comboard_detail':
      return '/home-comboard';
    case 'tr_permission':
      return `/permission/${doc}`;
    case 'tr_hr_leave_approval':
      return `/hrreqleave?leave=${doc}`;
    default:
      return `/notification/${n.id}`;
  }
}
