// Slows down password guessing (logins of every kind, and the current password of
// change-password): failures are counted per user name (of one account table) and per
// client address over a sliding window; once either count reaches its limit, further tries
// are answered 429 with Retry-After until the oldest counted failure leaves the window. A
// success resets the user name's count, not the address's: one right password must not
// wipe the failures an address made against other names (the address limit is higher, as a
// school's staff often share one address).
//
// Kept in memory, per server process: a restart forgets it, and with several processes
// behind a load balancer each counts on its own (the limits then hold per process). Limits
// from the environment: LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_ADDRESS,
// LOGIN_FAILURE_WINDOW_MINUTES (server/config.ts).

export interface ThrottleLimits {
  /** Failures of one user name within the window before it is refused. */
  perName: number;
  /** Failures from one client address within the window before it is refused. */
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = { perName: 5, perAddress: 20, windowMs: 15 * 60_000 };

/** Past this many keys, expired ones are swept on the next failure (bounds the memory). */
const SWEEP_AT = 10_000;

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `name` from `address` may try again; 0 when it may now. */
  waitSeconds(name: string, address: string): number {
    const waitMs = Math.max(this.waitOf(nameKey(name), this.limits.perName), this.waitOf(addressKey(address), this.limits.perAddress));
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
  }

  failed(name: string, address: string): void {
    if (this.failures.size > SWEEP_AT) for (const key of [...this.failures.keys()]) this.recent(key);
    for (const key of [nameKey(name), addressKey(address)]) this.failures.set(key, [...this.recent(key), this.now()]);
  }

  succeeded(name: string): void {
    this.failures.delete(nameKey(name));
  }

  private waitOf(key: string, limit: number): number {
    const times = this.recent(key);
    if (times.length < limit) return 0;
    return times[times.length - limit] + this.limits.windowMs - this.now();
  }

  /** The failures of `key` still in the window (forgetting the older ones). */
  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    const times = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (times.length) this.failures.set(key, times);
    else this.failures.delete(key);
    return times;
  }
}

const nameKey = (name: string) => `name:${name.toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;
