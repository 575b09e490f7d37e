// The demo notifications of the demo logins (README, demo logins), seeded with the demo data
// (./seedDemoData.ts), so that the bell and the notification pages have something to show.
// Announcements are not among them: the demo board (./seedDemoBoard.ts) publishes real ones,
// whose notifications lead to real announcements.

import { sql } from 'kysely';
import type { Db } from '../db/database';
import { typedDb } from '../db/typedDb';
import { insertNotification, type RecipientKind } from '../shell/notificationStore';
import type { NotificationKey, NotificationParams } from '../../src/shared/notificationMessages';

interface DemoNotification {
  doc_name: string;
  doc_id: string;
  key: NotificationKey;
  params: NotificationParams;
  /** How long ago it came, so that the list has an order. */
  hoursAgo: number;
}

const STAFF_DEMO: readonly DemoNotification[] = [
  { doc_name: 'tr_permission', doc_id: '1', key: 'permission_waiting', params: { student: 'Siti Rahmawati' }, hoursAgo: 1 },
  { doc_name: 'tr_hr_leave_approval', doc_id: '1', key: 'leave_request_waiting', params: { employee: 'Bambang Wijaya' }, hoursAgo: 2 },
  { doc_name: 'tr_invoice', doc_id: '1', key: 'invoice_issued', params: { number: 'INV/2025/0001' }, hoursAgo: 3 },
];

/** The demo notifications of each demo login, by the table of its record. */
export const DEMO_NOTIFICATIONS: ReadonlyArray<{ kind: RecipientKind; usernames: readonly string[]; notifications: readonly DemoNotification[] }> = [
  { kind: 'users', usernames: ['admin', 'adminfinance', 'finance', 'teacher'], notifications: STAFF_DEMO },
  {
    kind: 'users',
    usernames: ['booking'],
    notifications: [
      { doc_name: 'tr_booking', doc_id: '1', key: 'booking_waiting', params: { room: 'Aula Utama' }, hoursAgo: 0 },
      ...STAFF_DEMO.map((n) => ({ ...n, hoursAgo: n.hoursAgo + 1 })),
    ],
  },
  {
    kind: 'student',
    usernames: ['student'],
    notifications: [
      { doc_name: 'tr_permission', doc_id: '1', key: 'permission_approved', params: { student: 'Siti Rahmawati' }, hoursAgo: 0 },
      { doc_name: 'tr_invoice', doc_id: '1', key: 'invoice_issued', params: { number: 'INV/2025/0001' }, hoursAgo: 5 },
    ],
  },
  {
    kind: 'parent_user',
    usernames: ['parent'],
    notifications: [
      { doc_name: 'tr_invoice', doc_id: '2', key: 'invoice_issued_for', params: { number: 'INV/2025/0002', student: 'Bima Rahmawan' }, hoursAgo: 0 },
      { doc_name: 'tr_permission', doc_id: '1', key: 'permission_approved', params: { student: 'Siti Rahmawati' }, hoursAgo: 3 },
    ],
  },
];

/** Gives each demo login that was seeded its demo notifications, inside the seed's transaction. */
export async function seedDemoNotifications(tx: Db): Promise<void> {
  const db = typedDb(tx);
  for (const demo of DEMO_NOTIFICATIONS) {
    const accounts = await db.selectFrom(demo.kind).select('id').where('username', 'in', demo.usernames).execute();
    for (const account of accounts) {
      for (const n of demo.notifications) {
        await insertNotification(db, { kind: demo.kind, id: account.id }, n, sql<string>`now() - make_interval(hours => ${n.hoursAgo})`);
      }
    }
  }
}
