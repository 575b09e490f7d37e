// Idempotency-Key on a POST: a client that sends a key gets, for the same key and login
// within 24 hours, the first answer again (status and body) instead of a second write.
// The key is claimed in the same transaction as the write, so a retry that races the first
// request waits for it and then replays its answer; a write that fails leaves the key
// unused. Any route that writes can use it: sendIdempotent(db, request, reply, (tx) => …).

import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionUser } from '../auth/requireSession';
import type { Db } from '../db/database';
import { apiError } from './apiError';
import { requestLocale } from './requestLocale';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set to `true` on an answer that is the stored first answer. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key is kept; after that it may be used again. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** What a write answers: kept as given for a replay. */
export interface WriteAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** A key: 1 to 255 visible ASCII characters (a UUID is the usual one). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

function keyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw.join(',') : raw;
  if (!KEY_PATTERN.test(key)) throw apiError(requestLocale(request), 400, 'idempotencyKeyBad');
  return key;
}

/** JSON with object keys sorted, so that the same data in another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** What makes two requests the same request: method, path and body. */
function fingerprintOf(request: FastifyRequest): string {
  const path = request.url.split('?')[0];
  return createHash('sha256').update(`${request.method} ${path}\n${canonical(request.body)}`).digest('hex');
}

/**
 * Runs `write` in one transaction, under the request's Idempotency-Key when it has one.
 * Answers the first answer again for a key already used by this login with the same request
 * (REPLAYED_HEADER set), and 422 for a key already used with a different request.
 */
export async function idempotentAnswer(db: Db, request: FastifyRequest, write: (tx: Db) => Promise<WriteAnswer>): Promise<WriteAnswer & { replayed: boolean }> {
  const key = keyOf(request);
  if (key === null) return { ...(await db.transaction().execute(write)), replayed: false };
  const user = sessionUser(request);
  const fingerprint = fingerprintOf(request);
  const answer = await db.transaction().execute(async (tx) => {
    // A concurrent request with the same key waits here until the first one commits or rolls back.
    const claimed = await sql`
      insert into app_idempotency_key (login_kind, account_id, key, fingerprint)
      values (${user.kind}, ${user.id}, ${key}, ${fingerprint})
      on conflict (login_kind, account_id, key) do update
        set fingerprint = excluded.fingerprint, status = null, body = null, created_at = now()
        where app_idempotency_key.created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})
      returning 1`.execute(tx);
    if (claimed.rows.length) {
      const fresh = await write(tx);
      await tx
        .updateTable('app_idempotency_key')
        .set({ status: fresh.status, body: JSON.stringify(fresh.body) })
        .where('login_kind', '=', user.kind)
        .where('account_id', '=', user.id)
        .where('key', '=', key)
        .execute();
      return { ...fresh, replayed: false };
    }
    const stored = await tx
      .selectFrom('app_idempotency_key')
      .select(['fingerprint', 'status', 'body'])
      .where('login_kind', '=', user.kind)
      .where('account_id', '=', user.id)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    if (stored.fingerprint !== fingerprint) throw apiError(requestLocale(request), 422, 'idempotencyKeyReused');
    return { status: stored.status as number, body: stored.body as Record<string, unknown>, replayed: true };
  });
  if (!answer.replayed) await removeExpiredKeys(db, request);
  return answer;
}

/** idempotentAnswer, sent. */
export async function sendIdempotent(db: Db, request: FastifyRequest, reply: FastifyReply, write: (tx: Db) => Promise<WriteAnswer>): Promise<FastifyReply> {
  const answer = await idempotentAnswer(db, request, write);
  if (answer.replayed) reply.header(REPLAYED_HEADER, 'true');
  return reply.status(answer.status).send(answer.body);
}

/** Keys past their 24 hours, a few at a time after each new one; a failure here only waits for the next. */
async function removeExpiredKeys(db: Db, request: FastifyRequest): Promise<void> {
  try {
    await sql`
      delete from app_idempotency_key where ctid in (
        select ctid from app_idempotency_key
        where created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})
        limit 100 for update skip locked)`.execute(db);
  } catch (error) {
    request.log.warn({ err: error }, 'removing expired idempotency keys failed');
  }
}
