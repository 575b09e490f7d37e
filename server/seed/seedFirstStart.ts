// On the first start of an empty database, the demo data with the demo logins, all or
// nothing. "Empty" means no user yet: once anyone exists (a seeded demo, or an admin made
// with server/createUser.ts), nothing is seeded again. The demo board (./seedDemoBoard.ts)
// comes in the same transaction, its due announcements published and notified, and so does the
// finance demo (./seedDemoFinance.ts: ~600 students with VA numbers and a year of their money),
// the finance dashboard's bank files and remainders (./seedDemoDashboard.ts), the e-mail
// demo (./seedDemoMail.ts: parents' addresses, a few sent and one failed message),
// the selection week (./seedDemoSelection.ts: open windows, offerings, seats taken), the
// term's attendance (./seedDemoAttendance.ts), the HR demo (./seedDemoHr.ts: a year of the SMA
// teachers' leave through its approvers), the students' permission requests waiting for the
// demo teacher (./seedDemoPermissions.ts) and the school events of the coming weeks
// (./seedDemoAgenda.ts).

import type { Catalog } from '../crud/catalog';
import type { Db } from '../db/database';
import { countUsers } from '../auth/userStore';
import { loadHooks } from '../records/loadHooks';
import { recordWrites } from '../records/recordWrites';
import { seedDemoAttendance } from './seedDemoAttendance';
import { seedDemoBoard } from './seedDemoBoard';
import { seedDemoData } from './seedDemoData';
import { seedDemoDashboard } from './seedDemoDashboard';
import { demoLedgerOf, seedDemoFinance } from './seedDemoFinance';
import { seedDemoHr } from './seedDemoHr';
import { seedDemoMail } from './seedDemoMail';
import { seedDemoPermissions } from './seedDemoPermissions';
import { seedDemoAgenda } from './seedDemoAgenda';
import { seedDemoSelection } from './seedDemoSelection';

const prefixed = (prefix: string, counts: object): Record<string, number> =>
  Object.fromEntries(Object.entries(counts).map(([key, value]) => [`${prefix}${key}`, Number(value)]));

export async function seedFirstStart(db: Db, catalog: Catalog, log: { info(message: string): void }): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  const hooks = await loadHooks(catalog);
  const counts = await db.transaction().execute(async (tx) => {
    const seeded = await seedDemoData(tx, catalog);
    const announcements = await seedDemoBoard(tx, catalog, hooks);
    const records = recordWrites(catalog, hooks);
    const finance = await seedDemoFinance(tx, catalog, demoLedgerOf(records));
    // The finance dashboard's bank files and remainders, on the finance demo's invoices.
    const dashboard = finance.invoices > 0 ? await seedDemoDashboard(tx, records) : { uploads: 0, payments: 0 };
    const mail = await seedDemoMail(tx, catalog);
    const selection = await seedDemoSelection(tx, catalog, records);
    const attendance = await seedDemoAttendance(tx, catalog, records);
    const hr = await seedDemoHr(tx, catalog, records);
    const permissions = await seedDemoPermissions(tx, catalog, records);
    const agenda = await seedDemoAgenda(tx, catalog, records);
    return {
      ...seeded,
      ...(announcements ? { comboard_demo: announcements } : {}),
      ...prefixed('finance_demo_', finance),
      ...prefixed('finance_dashboard_', dashboard),
      ...prefixed('mail_demo_', mail),
      selection_demo: selection,
      attendance_demo: attendance,
      permission_demo: permissions,
      agenda_demo: agenda,
      ...prefixed('hr_demo_', hr),
    };
  });
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  log.info(`Seeded ${total} demo records, among them the demo logins (staff: admin, adminfinance, finance, teacher, booking, wakasek, kepsek; student; parent; password "demo")`);
  return true;
}
