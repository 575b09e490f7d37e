// On the first start of an empty database, the demo data with the demo logins, all or
// nothing. "Empty" means no user yet: once anyone exists (a seeded demo, or an admin made
// with server/createUser.ts), nothing is seeded again. The demo board (./seedDemoBoard.ts)
// comes in the same transaction, its due announcements published and notified.

import type { Catalog } from '../crud/catalog';
import type { Db } from '../db/database';
import { countUsers } from '../auth/userStore';
import { loadHooks } from '../records/loadHooks';
import { seedDemoBoard } from './seedDemoBoard';
import { seedDemoData } from './seedDemoData';

export async function seedFirstStart(db: Db, catalog: Catalog, log: { info(message: string): void }): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  const hooks = await loadHooks(catalog);
  const counts = await db.transaction().execute(async (tx) => {
    const seeded = await seedDemoData(tx, catalog);
    const announcements = await seedDemoBoard(tx, catalog, hooks);
    return announcements ? { ...seeded, comboard_demo: announcements } : seeded;
  });
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  log.info(`Seeded ${total} demo records, among them the demo logins (staff: admin, adminfinance, finance, teacher, booking; student; parent; password "demo")`);
  return true;
}
