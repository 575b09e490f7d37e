// The `{id}` of a record route: a positive integer that fits the id column, else the record
// cannot exist (404, never a database error).

import { INT4_MAX } from './filterValues';

export function parseRecordId(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= INT4_MAX ? id : null;
}
