// The outbox's state changes (./mailDdl.ts has the table and the why). Every change is one
// conditional statement, so whoever runs it — a delivery worker of this process, of another
// process on the same PostgreSQL, or a person pressing Retry — sees the row's current state
// and changes it only from the state it expects.
//
// Delivered once (README "E-mail"):
// - claim: `for update skip locked` picks due queued rows no other transaction holds and, in
//   the same statement, reserves them for the claimer (claimed_by, lease_until). Another worker
//   skips them while they are locked and, after, while the reservation lasts.
// - before each SMTP call the claimer marks that one row `sending` (committed): from then on the
//   row is "maybe delivered" until it is marked sent.
// - the SMTP call sends the row's fixed Message-ID.
// - sent: marked by the claimer only (`claimed_by`), after the server's 250.
// - an SMTP refusal or a connection that failed: back to `queued` with the error and the next
//   attempt after an exponential backoff; `failed` after the last attempt.
// - a process that died between the SMTP call and marking (or before the call: it cannot be
//   told apart) leaves the row `sending`; once its lease has passed, recoverInterrupted marks it
//   `interrupted`, and it is not sent again unless a person retries it: at most once.

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { mailDb, type OutboxRow } from './mailDdl';

export type { OutboxRow };

/**
 * Reserves up to `limit` due queued rows for `workerId` until `leaseMs` from now (they stay
 * `queued`: a reservation whose worker died simply expires and the rows are due again). What a
 * person sent or resent goes before the automatic reminders, so a message sent from /sendemail
 * does not wait behind a day's overdue notices.
 */
export async function claimDue(db: Db, workerId: string, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const claimed = await sql<OutboxRow>`with due as (
      select id from mail_outbox where state = 'queued' and next_attempt_at <= now() and (lease_until is null or lease_until < now())
      order by source = 'reminder', next_attempt_at, id limit ${limit} for update skip locked
    )
    update mail_outbox o set claimed_by = ${workerId}, lease_until = now() + make_interval(secs => ${leaseMs / 1000})
    from due where o.id = due.id
    returning o.*`.execute(db);
  return claimed.rows.map((row) => ({ ...row, id: Number(row.id) })).sort((a, b) => a.id - b.id);
}

/**
 * The claimer marks one reserved row `sending` (committed) just before its SMTP call, counting
 * the attempt and starting the row's own lease; false when the row is no longer its to send.
 */
export async function beginSending(db: Db, id: number, workerId: string, leaseMs: number): Promise<number | null> {
  const row = await sql<{ attempts: number }>`update mail_outbox set state = 'sending', attempts = attempts + 1,
      lease_until = now() + make_interval(secs => ${leaseMs / 1000})
    where id = ${id} and claimed_by = ${workerId} and state = 'queued' returning attempts`.execute(db);
  return row.rows[0] ? Number(row.rows[0].attempts) : null;
}

/** The claimer marks its row sent (the SMTP server answered 250). */
export async function markSent(db: Db, id: number, workerId: string, response: string, from: string): Promise<boolean> {
  const done = await mailDb(db)
    .updateTable('mail_outbox')
    .set({ state: 'sent', sent_at: sql<Date>`now()`, lease_until: null, smtp_response: response.slice(0, 500), from_address: from, last_error: null })
    .where('id', '=', id)
    .where('claimed_by', '=', workerId)
    .where('state', 'in', ['sending', 'interrupted'])
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** How long before attempt `attempts + 1`: base · 2^(attempts − 1), at most `maxMs`. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** The claimer puts its row back with the error: queued for a later attempt, or failed after the last one. */
export async function markFailed(db: Db, row: Pick<OutboxRow, 'id' | 'attempts'>, workerId: string, error: string, options: { maxAttempts: number; backoffBaseMs: number; backoffMaxMs: number }): Promise<'queued' | 'failed'> {
  const last = row.attempts >= options.maxAttempts;
  const wait = backoffMs(row.attempts, options.backoffBaseMs, options.backoffMaxMs);
  await sql`update mail_outbox set state = ${last ? 'failed' : 'queued'}, last_error = ${error.slice(0, 1000)}, lease_until = null,
      next_attempt_at = now() + make_interval(secs => ${wait / 1000})
    where id = ${row.id} and claimed_by = ${workerId} and state = 'sending'`.execute(db);
  return last ? 'failed' : 'queued';
}

/** Rows left `sending` by a claimer whose lease has passed become `interrupted` (not sent again by themselves). */
export async function recoverInterrupted(db: Db): Promise<number[]> {
  const rows = await sql<{ id: number }>`update mail_outbox set state = 'interrupted', lease_until = null
    where state = 'sending' and lease_until < now() returning id`.execute(db);
  return rows.rows.map((row) => Number(row.id));
}

/** A person's Retry: a waiting, failed or interrupted row goes out at the next run, with its attempts counted afresh. */
export async function retryMessage(db: Db, id: number): Promise<boolean> {
  const done = await sql`update mail_outbox set state = 'queued', next_attempt_at = now(), attempts = 0, lease_until = null, claimed_by = null
    where id = ${id} and state in ('queued', 'failed', 'interrupted')`.execute(db);
  return Number(done.numAffectedRows ?? 0) === 1;
}

/** A person's Resend of a sent message: a new outbox row with the same content and a new Message-ID. */
export async function resendMessage(db: Db, id: number, username: string): Promise<number | null> {
  const made = await sql<{ id: number }>`insert into mail_outbox (dedupe_key, message_id, source, email_template_id, party_kind, party_id, party_name,
      to_addresses, cc_addresses, bcc_addresses, subject, html, text_body, created_by, resend_of)
    select ${`resend|${id}|${randomUUID()}`}, ${`<${randomUUID()}@`} || split_part(message_id, '@', 2), 'resend', email_template_id, party_kind, party_id, party_name,
      to_addresses, cc_addresses, bcc_addresses, subject, html, text_body, ${username}, id
    from mail_outbox where id = ${id} and state = 'sent'
    returning id`.execute(db);
  const row = made.rows[0];
  return row ? Number(row.id) : null;
}
