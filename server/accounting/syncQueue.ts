// The journal sync queue's state changes (./accountingDdl.ts has the tables and the why). Each
// is one conditional statement, so a worker of this process, one of another process on the same
// PostgreSQL, or a person pressing Sync now changes a row only from the state it expects.
//
// Pushed once:
// - enqueue gives every journal not yet synced its row and external id (insert … on conflict do
//   nothing: two runs at once add each once).
// - claim: `for update skip locked` picks due pending rows no other transaction holds and, in
//   the same statement, reserves them (claimed_by, lease_until); another worker skips them while
//   locked and, after, while the reservation lasts.
// - the adapter looks the external id up before making anything, so a row whose worker died
//   after the accounting system made the move (lease passed, claimed again) is found, not made twice.
// - marks are made by the claimer only, and move the journal's own sync_state and sync_date in
//   the same statement.

import { sql } from 'kysely';
import type { Db } from '../db/database';
import { EXTERNAL_ID_PREFIX } from './accountingDdl';

export interface ClaimedJournal {
  journal_id: number;
  external_id: string;
  attempts: number;
}

/** Gives every journal not yet synced (and without one) its queue row, due now. Answers how many were added. */
export async function enqueueJournals(db: Db): Promise<number> {
  const added = await sql`insert into journal_sync (journal_id, external_id)
    select j.id, ${EXTERNAL_ID_PREFIX} || j.id from journal j
    where j.sync_state <> 'synced' and not exists (select 1 from journal_sync s where s.journal_id = j.id)
    on conflict do nothing`.execute(db);
  return Number(added.numAffectedRows ?? 0);
}

/** Reserves up to `limit` due pending rows for `workerId` until `leaseMs` from now, oldest journal first. */
export async function claimDue(db: Db, workerId: string, limit: number, leaseMs: number): Promise<ClaimedJournal[]> {
  const claimed = await sql<ClaimedJournal>`with due as (
      select journal_id from journal_sync where state = 'pending' and next_attempt_at <= now() and (lease_until is null or lease_until < now())
      order by journal_id limit ${limit} for update skip locked
    )
    update journal_sync s set claimed_by = ${workerId}, lease_until = now() + make_interval(secs => ${leaseMs / 1000})
    from due where s.journal_id = due.journal_id
    returning s.journal_id, s.external_id, s.attempts`.execute(db);
  return claimed.rows.map((row) => ({ ...row, journal_id: Number(row.journal_id), attempts: Number(row.attempts) })).sort((a, b) => a.journal_id - b.journal_id);
}

/** How many pending rows are due now (what a run left when its time ran out). */
export async function countDue(db: Db): Promise<number> {
  const found = await sql<{ n: number }>`select count(*)::int as n from journal_sync where state = 'pending' and next_attempt_at <= now()`.execute(db);
  return Number(found.rows[0]?.n ?? 0);
}

/** The claimer marks its journal synced (found or made in the accounting system): the journal shows Synced with the date. */
export async function markSynced(db: Db, journalId: number, workerId: string, remoteId: number): Promise<boolean> {
  const done = await sql`with s as (
      update journal_sync set state = 'done', remote_id = ${remoteId}, last_error = null, lease_until = null,
        attempts = attempts + 1, last_attempt_at = now()
      where journal_id = ${journalId} and claimed_by = ${workerId} and state = 'pending' returning journal_id
    )
    update journal set sync_state = 'synced', sync_date = now() from s where journal.id = s.journal_id`.execute(db);
  return Number(done.numAffectedRows ?? 0) === 1;
}

/** How long before attempt `attempts + 1`: base · 2^(attempts − 1), at most `maxMs`. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** The claimer puts its row back after a failure that is not the journal's (no answer, a refused login): Not Sync, tried again after the backoff. */
export async function markRetry(db: Db, row: ClaimedJournal, workerId: string, error: string, options: { backoffBaseMs: number; backoffMaxMs: number }): Promise<void> {
  const wait = backoffMs(row.attempts + 1, options.backoffBaseMs, options.backoffMaxMs);
  await sql`with s as (
      update journal_sync set last_error = ${error.slice(0, 1000)}, lease_until = null, claimed_by = null, attempts = attempts + 1, last_attempt_at = now(),
        next_attempt_at = now() + make_interval(secs => ${wait / 1000})
      where journal_id = ${row.journal_id} and claimed_by = ${workerId} and state = 'pending' returning journal_id
    )
    update journal set sync_state = 'not_sync' from s where journal.id = s.journal_id and journal.sync_state <> 'not_sync'`.execute(db);
}

/** The claimer holds a journal the accounting system refused: Not Validated with its message, until Sync now. */
export async function markHeld(db: Db, row: ClaimedJournal, workerId: string, error: string): Promise<void> {
  await sql`with s as (
      update journal_sync set state = 'held', last_error = ${error.slice(0, 1000)}, lease_until = null, attempts = attempts + 1, last_attempt_at = now()
      where journal_id = ${row.journal_id} and claimed_by = ${workerId} and state = 'pending' returning journal_id
    )
    update journal set sync_state = 'not_validated' from s where journal.id = s.journal_id`.execute(db);
}

/** The rest of a batch a run gave up on (the system is down): free again, due after `waitMs`. */
export async function release(db: Db, journalIds: readonly number[], workerId: string, waitMs: number): Promise<void> {
  if (!journalIds.length) return;
  await sql`update journal_sync set lease_until = null, claimed_by = null, next_attempt_at = greatest(next_attempt_at, now() + make_interval(secs => ${waitMs / 1000}))
    where journal_id = any(${sql.val(journalIds)}) and claimed_by = ${workerId} and state = 'pending'`.execute(db);
}

/** Sync now: the held (Not Validated) journals and those waiting out a backoff are due at once. */
export async function requeueAll(db: Db): Promise<number> {
  const done = await sql`update journal_sync set state = 'pending', next_attempt_at = now()
    where state in ('pending', 'held') and (lease_until is null or lease_until < now())`.execute(db);
  return Number(done.numAffectedRows ?? 0);
}

/** A scheduled run's turn (`slot`: the hour or the day's sync time it is for), taken by one process only. */
export async function takeScheduledRun(db: Db, slot: Date): Promise<boolean> {
  const taken = await sql`update accounting_sync_run set last_scheduled_at = ${slot}
    where id = 1 and (last_scheduled_at is null or last_scheduled_at < ${slot})`.execute(db);
  return Number(taken.numAffectedRows ?? 0) === 1;
}
