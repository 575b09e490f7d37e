// One demo data file, server/seed/demo/<entity>.yaml: `records: [ { id: 1, field: value, ... } ]`.
//
// A date that must stay near the day the school is seeded (a certificate about to expire, a
// course next week) is written `!today +5` (five days after the seeding day in the school's
// calendar), `!today -30` or `!today`: the demo shows the same thing whenever it is started.

import { readFileSync } from 'node:fs';
import { parse, type ScalarTag } from 'yaml';
import { addDays, schoolToday } from '../../src/shared/schoolCalendar';
import { isPlainObject } from '../../src/shared/validation';

export interface SeedRecord {
  id: number;
  /** The record without its id. */
  values: Record<string, unknown>;
}

/** `!today`, `!today +N`, `!today -N`: the seeding day (Asia/Jakarta) plus N days, as YYYY-MM-DD. */
function todayTag(today: string): ScalarTag {
  return {
    tag: '!today',
    resolve(value, onError) {
      const offset = value.trim();
      if (offset !== '' && !/^[+-]\d+$/.test(offset)) {
        onError(`!today takes a whole number of days with its sign (!today +5, !today -30), not "${value}"`);
        return today;
      }
      return addDays(today, offset === '' ? 0 : Number(offset));
    },
  };
}

/** The file's records; throws an Error naming the file (and the record) when it is malformed. */
export function readSeedFile(path: string, now: Date = new Date()): SeedRecord[] {
  let document: unknown;
  try {
    document = parse(readFileSync(path, 'utf8'), { customTags: [todayTag(schoolToday(now))] });
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`, { cause: error });
  }
  if (!isPlainObject(document) || !Array.isArray(document.records)) {
    throw new Error(`${path}: expected "records:" with a list of records`);
  }
  return document.records.map((record: unknown, index: number) => {
    if (!isPlainObject(record)) throw new Error(`${path}: record ${index + 1} is not a mapping`);
    const { id, ...values } = record;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) {
      throw new Error(`${path}: record ${index + 1} needs a whole-number id of 1 or more`);
    }
    return { id, values };
  });
}
