// Creates a staff user, or resets an existing one's password and roles, so a real
// deployment gets its first admin:
//   tsx server/createUser.ts <username> <password> ROLE_A,ROLE_B
// Uses the same database settings as the server (DATABASE_URL or DATA_DIR). The embedded
// database can be opened by one process at a time: stop the server first.

import { saveUser } from './auth/userStore';
import { readConfig } from './config';
import { migrate } from './db/migrate';
import { openConfiguredDatabase } from './db/openConfiguredDatabase';
import { tables } from './generated/tables';

const USAGE = 'usage: tsx server/createUser.ts <username> <password> ROLE_A,ROLE_B';

async function main(args: string[]): Promise<void> {
  const [username, password, roleList] = args;
  if (!username || !password || !roleList || args.length > 3) throw new Error(USAGE);
  const roles = roleList.split(',').map((r) => r.trim()).filter(Boolean);
  const bad = roles.filter((r) => !/^ROLE_[A-Z_]+$/.test(r));
  if (roles.length === 0 || bad.length) throw new Error(`Roles look like ROLE_ADMIN; not: ${bad.join(', ') || roleList}\n${USAGE}`);

  const config = readConfig();
  const handle = await openConfiguredDatabase(config, (error) => console.error(error.message));
  try {
    await migrate(handle.db, tables, { info: () => {}, warn: (message) => console.warn(message) });
    const result = await saveUser(handle.db, { username, password, roles });
    console.log(`User ${username} ${result} with roles ${roles.join(', ')}`);
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
