// Password hashing with argon2id (@node-rs/argon2, its defaults: 19 MiB, 2 passes).

import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks `password` against `passwordHash`. Without a hash (no such user) it still runs one
 * verification, against a throw-away hash, so the answer takes as long as for a real user
 * and its timing does not tell which user names exist.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hash(`no user ${Math.random()}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
