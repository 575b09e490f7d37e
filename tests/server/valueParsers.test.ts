// How database values come back: the same shapes from pg and PGlite.

import { describe, expect, it } from 'vitest';
import { parseTime, parseTimestamptz } from '../../server/db/valueParsers';
import { openTestDatabase } from './harness';
import { sql } from 'kysely';

describe('value parsers', () => {
  it.each([
    ['2025-07-14 08:00:00+00', '2025-07-14T08:00:00.000Z'],
    ['2025-07-14 08:00:00.123456+07', '2025-07-14T01:00:00.123Z'],
    ['2025-07-14 08:00:00.5+05:30', '2025-07-14T02:30:00.500Z'],
    ['infinity', 'infinity'],
  ])('timestamptz %s → %s', (text, want) => {
    expect(parseTimestamptz(text)).toBe(want);
  });

  it.each([
    ['07:30:00', '07:30'],
    ['07:30:15', '07:30:15'],
    ['07:30:00.25', '07:30:00.25'],
  ])('time %s → %s', (text, want) => {
    expect(parseTime(text)).toBe(want);
  });

  it('gives numbers, date strings, ISO timestamps and HH:MM from the database', async () => {
    const database = await openTestDatabase();
    try {
      const { rows } = await sql<Record<string, unknown>>`
        select 9007199254740::bigint as big, 12.5::numeric as num, date '2025-07-14' as day,
               timestamptz '2025-07-14 08:00:00+07' as at, time '07:30' as clock, count(*) as n
        from (values (1)) v`.execute(database.db);
      expect(rows[0]).toEqual({ big: 9007199254740, num: 12.5, day: '2025-07-14', at: '2025-07-14T01:00:00.000Z', clock: '07:30', n: 1 });
    } finally {
      await database.dispose();
    }
  });
});
