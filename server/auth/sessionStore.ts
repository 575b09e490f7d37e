// Sessions (table app_session): created at login, looked up on every call, deleted at logout.
// A session remembers its kind (staff, student, parent, booking) and account (the record's id
// in the kind's table, see accountStore.ts); staff and booking sessions also keep user_id,
// which ends them with their user. A session ends after `idleMs` without a call, when its
// account is deactivated or deleted, or (booking) when its user no longer holds a booking
// role. The account's roles are read with it on every call, so a change of role groups
// counts at once.

import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import type { Db, Row } from '../db/database';
import { ReadBatcher } from '../db/readBatcher';
import { isUsersKind, LOGIN_KINDS, PORTAL_ACCOUNT_COLUMNS, portalUser, usersAccount } from './accountStore';
import { hashSessionToken, newSessionToken } from './sessionToken';
import { sessionUserColumns, toAppUser, type AppUser, type LoginKind } from './userStore';

/** last_seen_at is written at most this often, not on every call. */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(db: Db, account: Pick<AppUser, 'kind' | 'id'>): Promise<string> {
  const token = newSessionToken();
  await db
    .insertInto('app_session')
    .values({
      token_hash: hashSessionToken(token),
      kind: account.kind,
      account_id: account.id,
      user_id: isUsersKind(account.kind) ? account.id : null,
    })
    .execute();
  return token;
}

/**
 * The session lookup: a session read with its account of any kind (a staff user with its roles,
 * a student, a parent) in one query, whose one parameter is an array of token hashes (the calls
 * that arrive together are looked up together: server/db/readBatcher.ts).
 *
 * It runs on every call, and PostgreSQL spent most of it planning the query (four tables, the
 * roles below them): 1.3 of 1.5 ms on the embedded database, which plans everything several
 * times slower than a server. So it runs as a function, app_session_lookup, whose plan is made
 * once per connection and kept (a generic plan: the query's shape is the same for every token).
 * Looked up this way a session costs ~0.7 ms there instead of ~3 (300 lookups each way), which
 * moved the list bench's median (bench/listLatency.ts) from 12.6 to ~9 ms.
 */
function sessionQueryText(): string {
  const compiled = compiler
    .selectFrom('app_session as s')
    // Sessions made before kinds existed are staff sessions with only user_id.
    .leftJoin('users as u', (join) =>
      join.on(sql<boolean>`u.id = coalesce(s.account_id, s.user_id) and s.kind in ('staff', 'booking')`),
    )
    .leftJoin('student as st', (join) => join.on(sql<boolean>`st.id = s.account_id and s.kind = 'student'`))
    .leftJoin('parent_user as pa', (join) => join.on(sql<boolean>`pa.id = s.account_id and s.kind = 'parent'`))
    .select(['s.token_hash', 's.kind', 's.account_id', 's.user_id'])
    .select(sql<number>`extract(epoch from now() - s.last_seen_at) * 1000`.as('idle_ms'))
    .select(sessionUserColumns())
    .select(PORTAL_ACCOUNT_COLUMNS.student.map((column) => sql.ref(`st.${column}`).as(`student_${column}`)))
    .select(PORTAL_ACCOUNT_COLUMNS.parent.map((column) => sql.ref(`pa.${column}`).as(`parent_${column}`)))
    .where(sql<boolean>`s.token_hash = any(${sql.val([] as string[])}::text[])`)
    .compile();
  if (compiled.parameters.length !== 1 || (compiled.sql.match(/\$\d+/g) ?? []).join() !== '$1') throw new Error('the session lookup takes the token hashes alone');
  return compiled.sql;
}

/** Compiles queries for PostgreSQL without a database (the lookup's text goes into a function). */
const compiler = new Kysely<never>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/**
 * The lookup as a function (made by migrate, server/db/migrate.ts): each row as JSON, as a
 * function's rows need a type and these columns follow the login schemas. Its plan is kept
 * whatever plan_cache_mode says elsewhere.
 */
export const SESSION_LOOKUP_DDL = `create or replace function app_session_lookup(hashes text[]) returns setof json
  language plpgsql stable set plan_cache_mode = force_generic_plan as $lookup$
begin
  return query select row_to_json(q) from (${sessionQueryText().replace('$1', 'hashes')}) as q;
end
$lookup$`;

/** Per database handle: the batched session lookup (token hash → its row). */
const lookups = new WeakMap<Db, ReadBatcher<string, Row>>();
function sessionLookup(db: Db): ReadBatcher<string, Row> {
  let batcher = lookups.get(db);
  if (!batcher) {
    batcher = new ReadBatcher(async (hashes) => {
      const rows = (await sql<{ session: Row }>`select s as session from app_session_lookup(${hashes}::text[]) as s`.execute(db)).rows;
      return new Map(rows.map(({ session }) => [String(session.token_hash), session]));
    });
    lookups.set(db, batcher);
  }
  return batcher;
}

/** The student or parent account a session row was read with (null when the record is gone). */
function portalAccount(row: Row, kind: 'student' | 'parent'): AppUser | null {
  if (row[`${kind}_id`] === null || row[`${kind}_id`] === undefined) return null;
  return portalUser(Object.fromEntries(PORTAL_ACCOUNT_COLUMNS[kind].map((column) => [column, row[`${kind}_${column}`]])), kind);
}

/** Sessions whose last_seen_at is being written now (a burst of one session's calls writes it once). */
const touching = new Set<string>();

/**
 * The session's user as of now, or null (no such session, idle too long, account gone or
 * inactive). A session is read with its account and roles in one query, shared with the other
 * calls that arrive at the same moment: this runs on every call.
 */
export async function findSessionUser(db: Db, token: string, idleMs: number): Promise<AppUser | null> {
  const tokenHash = hashSessionToken(token);
  const row = await sessionLookup(db).get(tokenHash);
  if (!row) return null;
  const kind = LOGIN_KINDS.find((k) => k === row.kind);
  const accountId = row.account_id ?? row.user_id;
  if (!kind || accountId === null || accountId === undefined) return null;
  const idle = Number(row.idle_ms);
  if (idle > idleMs) {
    await deleteSession(db, token);
    return null;
  }
  const user = isUsersKind(kind) ? usersAccount(row.id === null || row.id === undefined ? null : toAppUser(row), kind) : portalAccount(row, kind as 'student' | 'parent');
  if (!user || !user.is_active) return null;
  if (idle > TOUCH_EVERY_MS && !touching.has(tokenHash)) {
    touching.add(tokenHash);
    try {
      await db.updateTable('app_session').set({ last_seen_at: sql`now()` }).where('token_hash', '=', tokenHash).execute();
    } finally {
      touching.delete(tokenHash);
    }
  }
  return user;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('app_session').where('token_hash', '=', hashSessionToken(token)).execute();
}

/**
 * Ends every session of the account but the one of `keepToken` (after a password change).
 * A `users` record's staff and booking sessions are one account's.
 */
export async function deleteOtherSessions(db: Db, account: Pick<AppUser, 'kind' | 'id'>, keepToken: string): Promise<void> {
  const keep = hashSessionToken(keepToken);
  let query = db.deleteFrom('app_session').where('token_hash', '<>', keep);
  query = isUsersKind(account.kind)
    ? query.where('user_id', '=', account.id)
    : query.where('kind', '=', account.kind satisfies LoginKind).where('account_id', '=', account.id);
  await query.execute();
}
