// Sessions (table app_session): created at login, looked up on every call, deleted at logout.
// A session ends after `idleMs` without a call, or when its user is deactivated or deleted.
// The user's roles are read with it on every call, so a change of role groups counts at once.

import { sql } from 'kysely';
import type { Db, Row } from '../db/database';
import { hashSessionToken, newSessionToken } from './sessionToken';
import { sessionUserColumns, toAppUser, type AppUser } from './userStore';

/** last_seen_at is written at most this often, not on every call. */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(db: Db, userId: number): Promise<string> {
  const token = newSessionToken();
  await db.insertInto('app_session').values({ token_hash: hashSessionToken(token), user_id: userId }).execute();
  return token;
}

export async function findSessionUser(db: Db, token: string, idleMs: number): Promise<AppUser | null> {
  const tokenHash = hashSessionToken(token);
  const row: Row | undefined = await db
    .selectFrom('app_session as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(sessionUserColumns())
    .select(sql<number>`extract(epoch from now() - s.last_seen_at) * 1000`.as('idle_ms'))
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.is_active !== true) return null;
  const idle = Number(row.idle_ms);
  if (idle > idleMs) {
    await deleteSession(db, token);
    return null;
  }
  if (idle > TOUCH_EVERY_MS) {
    await db.updateTable('app_session').set({ last_seen_at: sql`now()` }).where('token_hash', '=', tokenHash).execute();
  }
  return toAppUser(row);
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('app_session').where('token_hash', '=', hashSessionToken(token)).execute();
}
