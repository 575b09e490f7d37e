// One demo data file, server/seed/demo/<entity>.yaml: `records: [ { id: 1, field: value, ... } ]`.

import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { isPlainObject } from '../../src/shared/validation';

export interface SeedRecord {
  id: number;
  /** The record without its id. */
  values: Record<string, unknown>;
}

/** The file's records; throws an Error naming the file (and the record) when it is malformed. */
export function readSeedFile(path: string): SeedRecord[] {
  const document: unknown = parse(readFileSync(path, 'utf8'));
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
