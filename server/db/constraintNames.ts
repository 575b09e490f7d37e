// The names of the constraints and indexes the server creates, so that migration can find
// them again and a violated constraint can be traced back to its field.

import { createHash } from 'node:crypto';

/** PostgreSQL cuts identifiers at 63 bytes; longer names get a short hash so they stay distinct. */
export function pgIdentifier(name: string): string {
  if (Buffer.byteLength(name) <= 63) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 54)}_${hash}`;
}

export function uniqueConstraintName(table: string, column: string): string {
  return pgIdentifier(`${table}_${column}_key`);
}

export function foreignKeyName(table: string, column: string): string {
  return pgIdentifier(`${table}_${column}_fkey`);
}
