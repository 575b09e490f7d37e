// The demo staff users, one per kind of staff menu (spec 1 §6), all with password "demo".

import type { Db } from '../db/database';
import { saveUser } from '../auth/userStore';

export const DEMO_PASSWORD = 'demo';

export const DEMO_USERS = [
  { username: 'admin', name: 'Admin Demo', roles: ['ROLE_ADMIN'] },
  { username: 'finance', name: 'Finance Demo', roles: ['ROLE_FINANCE'] },
  { username: 'adminfinance', name: 'Admin Finance Demo', roles: ['ROLE_ADMIN_FINANCE'] },
  { username: 'teacher', name: 'Teacher Demo', roles: ['ROLE_TEACHER'] },
] as const;

export async function seedDemoUsers(db: Db): Promise<void> {
  for (const user of DEMO_USERS) {
    await saveUser(db, { username: user.username, name: user.name, roles: [...user.roles], password: DEMO_PASSWORD });
  }
}
