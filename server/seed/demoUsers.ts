// The demo staff logins of the README (admin, finance, adminfinance, teacher, booking; password "demo"):
// the records of server/seed/demo/users.yaml with the roles, role groups and memberships
// that give each its role. The tests seed them without the rest of the demo data.

import type { Catalog } from '../crud/catalog';
import type { Db } from '../db/database';
import { seedDemoData, DEMO_DATA_DIR } from './seedDemoData';

export const DEMO_PASSWORD = 'demo';

/** The entities whose demo records make the demo logins work. */
const LOGIN_ENTITIES: ReadonlySet<string> = new Set(['role', 'role_group', 'users', 'role_user']);

export async function seedDemoUsers(tx: Db, catalog: Catalog): Promise<void> {
  await seedDemoData(tx, catalog, DEMO_DATA_DIR, LOGIN_ENTITIES);
}
