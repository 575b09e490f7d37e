// On the first start of an empty database, the demo data with the demo logins, all or
// nothing. "Empty" means no user yet: once anyone exists (a seeded demo, or an admin made
// with server/createUser.ts), nothing is seeded again.

import type { Catalog } from '../crud/catalog';
import type { Db } from '../db/database';
import { countUsers } from '../auth/userStore';
import { seedDemoData } from './seedDemoData';

export async function seedFirstStart(db: Db, catalog: Catalog, log: { info(message: string): void }): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  const counts = await db.transaction().execute((tx) => seedDemoData(tx, catalog));
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  log.info(`Seeded ${total} demo records, among them the demo logins (staff: admin, adminfinance, finance, teacher, booking; student; parent; password "demo")`);
  return true;
}
