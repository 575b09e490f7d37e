// Slows down password guessing (logins of every kind, and the current password of
// change-password) without letting a guesser lock the right password out:
//
// - one user name from one client address: after `perName` failures within the window that
//   pair is refused until the oldest counted failure leaves the window;
// - one client address, whatever the names: the same after `perAddress` failures (higher, as
//   a school's staff often share one address);
// - one user name, from every address together: once its failures within the window reach
//   `perName`, each try waits a delay after the name's latest failure (nameDelayMs: 1 s,
//   doubling with each further failure, at most a minute). The right password from another
//   address gets in after that delay, however long a guesser elsewhere keeps trying.
//
// A refused try answers 429 with Retry-After (authRoutes.ts). A success forgets the failures
// of its (name, address) pair only: one right password must not wipe the failures others made.
//
// The failures are rows of app_login_failure (server/db/internalTables.ts), one inserted per
// failure (never a counter read and written back, so failures at the same moment are all
// counted). A login's try is written as a failure before its password is checked (`start`)
// and taken back when it succeeds or the throttle refuses it: tries made at the same moment
// see each other, so a burst of simultaneous guesses cannot all pass the check before any
// failure is counted. The rows are shared, so every server process on one database counts together and a restart forgets
// nothing. Rows older than the window are swept now and then. The stored name is a hash:
// people type passwords into the name field, and this table should not keep them.
// Limits from the environment: LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_ADDRESS,
// LOGIN_FAILURE_WINDOW_MINUTES (server/config.ts).

import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';

export interface ThrottleLimits {
  /** Failures of one user name from one address within the window before that pair is refused; also where the name's delay starts. */
  perName: number;
  /** Failures from one client address within the window before it is refused. */
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = { perName: 5, perAddress: 20, windowMs: 15 * 60_000 };

/** The first delay of a user name, when its failures from all addresses reach `perName`. */
export const FIRST_NAME_DELAY_MS = 1000;
/** The longest delay of a user name. */
export const MAX_NAME_DELAY_MS = 60_000;

/** How long a user name's tries wait after its latest failure, with `failures` of them in the window. */
export function nameDelayMs(failures: number, perName: number): number {
  if (failures < perName) return 0;
  return Math.min(MAX_NAME_DELAY_MS, FIRST_NAME_DELAY_MS * 2 ** (failures - perName));
}

/** Old rows are swept at most this often by one process. */
const SWEEP_EVERY_MS = 60_000;

/** A try begun by `start`: its row, and how long it must wait. */
export interface LoginTry {
  id: string;
  waitSeconds: number;
}

interface Counts {
  /** The perName-th newest failure of the pair in the window, when there are that many. */
  pair_nth: number | null;
  /** The perAddress-th newest failure of the address in the window. */
  address_nth: number | null;
  name_count: number;
  name_latest: number | null;
}

export class LoginThrottle {
  private nextSweep = 0;

  constructor(
    private readonly db: Db,
    readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Begins a try of `name` from `address`: writes it as a failure, then says how long it must
   * wait counting every other failure and try in flight (0: check the password now). The
   * caller then calls `withdraw` (refused by the wait), `succeeded`, or nothing (it failed).
   */
  async start(name: string, address: string): Promise<LoginTry> {
    const row = await this.db
      .insertInto('app_login_failure')
      .values({ name_hash: nameKey(name), address, failed_at: this.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = String(row.id);
    return { id, waitSeconds: await this.waitSeconds(name, address, id) };
  }

  /** A try the throttle refused was never checked: it is not a failure. */
  async withdraw(attempt: LoginTry): Promise<void> {
    await this.db.deleteFrom('app_login_failure').where('id', '=', attempt.id).execute();
  }

  /** Seconds until `name` from `address` may try again (leaving out the try `except`); 0 when it may now. */
  async waitSeconds(name: string, address: string, except: string | null = null): Promise<number> {
    const now = this.now();
    const since = now - this.limits.windowMs;
    const key = nameKey(name);
    const other = except === null ? sql`true` : sql`id <> ${except}`;
    const result = await sql<Counts>`select
      (select failed_at from app_login_failure where name_hash = ${key} and address = ${address} and failed_at > ${since} and ${other}
        order by failed_at desc offset ${this.limits.perName - 1} limit 1) as pair_nth,
      (select failed_at from app_login_failure where address = ${address} and failed_at > ${since} and ${other}
        order by failed_at desc offset ${this.limits.perAddress - 1} limit 1) as address_nth,
      (select count(*) from app_login_failure where name_hash = ${key} and failed_at > ${since} and ${other}) as name_count,
      (select max(failed_at) from app_login_failure where name_hash = ${key} and failed_at > ${since} and ${other}) as name_latest`.execute(this.db);
    const counts = result.rows[0];
    const until = Math.max(
      counts.pair_nth === null ? 0 : Number(counts.pair_nth) + this.limits.windowMs,
      counts.address_nth === null ? 0 : Number(counts.address_nth) + this.limits.windowMs,
      counts.name_latest === null ? 0 : Number(counts.name_latest) + nameDelayMs(Number(counts.name_count), this.limits.perName),
    );
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  /** Records a failure of `name` from `address` (a try begun with `start` is one already). */
  async failed(name: string, address: string): Promise<void> {
    await this.db.insertInto('app_login_failure').values({ name_hash: nameKey(name), address, failed_at: this.now() }).execute();
    await this.sweep();
  }

  /** Forgets the failures that have left the window, at most once a minute per process. */
  async sweep(): Promise<void> {
    const now = this.now();
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    await this.db.deleteFrom('app_login_failure').where('failed_at', '<=', now - this.limits.windowMs).execute();
  }

  async succeeded(name: string, address: string): Promise<void> {
    await this.db.deleteFrom('app_login_failure').where('name_hash', '=', nameKey(name)).where('address', '=', address).execute();
  }
}

/** User names count alike whatever their case. */
const nameKey = (name: string) => createHash('sha256').update(name.toLowerCase()).digest('hex');
