// A user's own settings on the server (issue 16): one JSON value per login and key in the
// internal table app_user_preference (server/db/internalTables.ts), so they survive a logout and
// follow the user to another browser. The one store for such settings; a feature names its key
// (`list:<entity>` for a list's columns and saved views) and checks its value itself.
// Saving is one upsert on the table's primary key: the same value saved twice, or two saves at
// once, leave one row holding the last value.

import { sql } from 'kysely';
import type { Db } from '../db/database';
import { typedDb } from '../db/typedDb';

/** Whose settings: a login's kind and its account (as sessions and notifications name them). */
export interface PreferenceOwner {
  kind: string;
  id: number;
}

export async function readPreference(db: Db, owner: PreferenceOwner, key: string): Promise<unknown> {
  const row = await typedDb(db)
    .selectFrom('app_user_preference')
    .select('value')
    .where('login_kind', '=', owner.kind)
    .where('account_id', '=', owner.id)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return undefined;
  // jsonb: parsed by pg and PGlite alike; a text value (should a driver leave it so) is parsed here.
  return typeof row.value === 'string' ? (JSON.parse(row.value) as unknown) : row.value;
}

export async function writePreference(db: Db, owner: PreferenceOwner, key: string, value: unknown): Promise<void> {
  const text = JSON.stringify(value);
  await typedDb(db)
    .insertInto('app_user_preference')
    .values({ login_kind: owner.kind, account_id: owner.id, key, value: text })
    .onConflict((oc) =>
      oc.columns(['login_kind', 'account_id', 'key']).doUpdateSet({ value: text, updated_at: sql<string>`now()` }),
    )
    .execute();
}
