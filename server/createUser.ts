// Creates a staff login, or gives an existing one a new password and makes it active, and
// puts it in a role group holding exactly the given roles (made, with any missing role,
// when no group does), so a real deployment gets its first admin:
//   tsx server/createUser.ts <username> <password> ROLE_A,ROLE_B
// The login is a record of schemas/users.yaml, checked and written like an API write (the
// password hashed). Uses the same database settings as the server (DATABASE_URL or
// DATA_DIR). The embedded database can be opened by one process at a time: stop the server first.

import { sql } from 'kysely';
import { entities, validators } from '../src/generated/all';
import { checkBody } from '../src/shared/validation';
import { readConfig } from './config';
import { buildCatalog, type Catalog } from './crud/catalog';
import { columnValues } from './crud/columnValues';
import { insertRecord, type Writer } from './crud/createRecord';
import type { Db, Row } from './db/database';
import { migrate } from './db/migrate';
import { normalizedColumn, normalizedValue } from './db/normalizedText';
import { openConfiguredDatabase } from './db/openConfiguredDatabase';
import { tables } from './generated/tables';

const USAGE = 'usage: tsx server/createUser.ts <username> <password> ROLE_A,ROLE_B';
const WRITER = 'createUser';

function writerOf(catalog: Catalog, name: string): Writer {
  const entity = catalog.entityNamed(name);
  if (!entity) throw new Error(`There is no schemas/${name}.yaml`);
  return { entity, locale: 'en', username: WRITER };
}

/** The id of the row of `table` where `column` = `value`, if any. */
async function idWhere(tx: Db, table: string, column: string, value: unknown): Promise<number | undefined> {
  const row: Row | undefined = await tx.selectFrom(table).select('id').where(column, '=', value).executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

async function saveLogin(tx: Db, catalog: Catalog, username: string, password: string): Promise<{ id: number; username: string; result: 'created' | 'updated' }> {
  const writer = writerOf(catalog, 'users');
  // User names are unique ignoring case and accents' encoding (the _nkey index), so `Admin`
  // finds `admin`: a new password for it, not a second login refused by the index.
  const stored: Row | undefined = await tx
    .selectFrom('users')
    .select(['id', 'name', 'username'])
    .where(normalizedColumn('username'), '=', normalizedValue(username))
    .executeTakeFirst();
  const existing = stored ? Number(stored.id) : undefined;
  const body = { username: stored ? String(stored.username) : username, name: stored ? String(stored.name) : username, password, is_active: true };
  const errors = checkBody(writer.entity, catalog.validatorOf(writer.entity), body, 'en', { mode: existing === undefined ? 'create' : 'update' });
  if (errors) throw new Error(Object.entries(errors).map(([field, texts]) => `${field}: ${texts.join('; ')}`).join('\n'));
  if (existing === undefined) return { id: Number((await insertRecord(tx, catalog, writer, body)).id), username: body.username, result: 'created' };
  const values = await columnValues(tx, catalog, { ...writer, recordId: existing }, body);
  await tx.updateTable('users').set({ ...values, version: sql`version + 1`, updated_at: sql`now()`, updated_by: WRITER }).where('id', '=', existing).execute();
  return { id: existing, username: body.username, result: 'updated' };
}

/** A role group holding exactly these roles (made, as are missing roles, when there is none). */
async function groupOf(tx: Db, catalog: Catalog, authorities: string[]): Promise<{ id: number; name: string }> {
  const roleIds: number[] = [];
  for (const authority of authorities) {
    const id = await idWhere(tx, 'role', 'authority', authority);
    roleIds.push(id ?? Number((await insertRecord(tx, catalog, writerOf(catalog, 'role'), { authority, name: authority })).id));
  }
  const wanted = [...new Set(roleIds)].sort((a, b) => a - b);
  const groups: Row[] = await tx.selectFrom('role_group').select(['id', 'name', 'role_ids']).orderBy('id').execute();
  const same = groups.find((g) => Array.isArray(g.role_ids) && [...new Set(g.role_ids.map(Number))].sort((a, b) => a - b).join() === wanted.join());
  if (same) return { id: Number(same.id), name: String(same.name) };
  const name = authorities.join(' + ');
  const made = await insertRecord(tx, catalog, writerOf(catalog, 'role_group'), { name, role_ids: wanted });
  return { id: Number(made.id), name };
}

async function main(args: string[]): Promise<void> {
  const [username, password, roleList] = args;
  if (!username || !password || !roleList || args.length > 3) throw new Error(USAGE);
  const roles = roleList.split(',').map((r) => r.trim()).filter(Boolean);
  const bad = roles.filter((r) => !/^ROLE_[A-Z][A-Z_]*$/.test(r));
  if (roles.length === 0 || bad.length) throw new Error(`Roles look like ROLE_ADMIN; not: ${bad.join(', ') || roleList}\n${USAGE}`);

  const config = readConfig();
  const handle = await openConfiguredDatabase(config, (error) => console.error(error.message));
  try {
    await migrate(handle.db, tables, { info: () => {}, warn: (message) => console.warn(message) });
    const catalog = buildCatalog(entities, validators, tables);
    const { result, login, group } = await handle.db.transaction().execute(async (tx) => {
      const login = await saveLogin(tx, catalog, username, password);
      const group = await groupOf(tx, catalog, roles);
      const member = await tx.selectFrom('role_user').select('id').where('user_id', '=', login.id).where('role_group_id', '=', group.id).executeTakeFirst();
      if (!member) await insertRecord(tx, catalog, writerOf(catalog, 'role_user'), { user_id: login.id, role_group_id: group.id });
      return { result: login.result, login: login.username, group };
    });
    console.log(`User ${login} ${result}, in role group "${group.name}" (${roles.join(', ')})`);
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  // A refused write (ApiError) says per field what is wrong.
  const fields = (error as { messages?: Record<string, string[]> }).messages;
  for (const [field, texts] of Object.entries(fields ?? {})) console.error(`  ${field}: ${texts.join('; ')}`);
  process.exit(1);
});
