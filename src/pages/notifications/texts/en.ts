// The notification pages' and the top bar bell's texts in English: the namespace
// `notifications.*`, merged into locales/en.ts. ./id.ts has the same keys (checked by its type
// and by tests/app/locales.test.ts). The texts of notifications themselves are
// src/shared/notificationMessages.ts.

const notifications = {
  label: 'Notifications (%{smart_count} unread)',
  none: 'No notifications',
  title: 'Notification',
  list_title: 'Notifications',
  loading: 'Loading the notifications…',
  load_failed: 'The notifications could not be loaded.',
  retry: 'Try again',
  not_found: 'There is no such notification.',
  forbidden: 'This notification is not addressed to you.',
  back: 'Back',
  see_all: 'All notifications',
  unread: 'Unread',
  unread_count: '%{smart_count} unread',
  read: 'Read',
  mark_read: 'Mark as read',
  mark_all_read: 'Mark all as read',
  mark_failed: 'The notification could not be marked as read.',
  type: 'Type',
  received: 'Received',
  pages: 'Pages of notifications',
  page: 'Page %{page}',
  go_to_page: 'Go to page %{page}',
  previous_page: 'Previous page',
  next_page: 'Next page',
  // What a notification is about, by its doc_name (spec 1 §3, §4).
  doc: {
    t_comboard_detail: 'Announcement',
    tr_permission: 'Permission request',
    tr_hr_leave_approval: 'Leave request',
    tr_invoice: 'Invoice',
    tr_booking: 'Booking',
  },
};

export default notifications;
