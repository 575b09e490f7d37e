// How column values come back from the database, the same for PostgreSQL (pg) and PGlite:
// bigint and numeric as numbers, dates as 'YYYY-MM-DD', timestamptz as ISO strings,
// time as 'HH:MM' (seconds kept only when not :00).

export const TYPE_OID = {
  int8: 20,
  numeric: 1700,
  date: 1082,
  time: 1083,
  timestamptz: 1184,
} as const;

export type ValueParser = (text: string) => unknown;

function parseNumber(text: string): number {
  return Number(text);
}

function parseDate(text: string): string {
  return text;
}

/** '07:30:00' → '07:30'; '07:30:15' and '07:30:15.5' stay as they are. */
export function parseTime(text: string): string {
  return text.endsWith(':00') && text.length === 8 ? text.slice(0, 5) : text;
}

/**
 * PostgreSQL's ISO output ('2024-02-03 10:00:00.123456+07', '…+05:30') → '2024-02-03T03:00:00.123Z'.
 * Values JavaScript cannot hold (infinity, years BC) are returned as PostgreSQL wrote them.
 */
export function parseTimestamptz(text: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(\.\d+)?([+-]\d{2})(?::?(\d{2}))?(?::?(\d{2}))?$/.exec(text);
  if (!match) return text;
  const [, day, clock, fraction = '', offsetHours, offsetMinutes = '00'] = match;
  const millis = fraction ? fraction.slice(0, 4).padEnd(4, '0') : '';
  const date = new Date(`${day}T${clock}${millis}${offsetHours}:${offsetMinutes}`);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

export const valueParsers: Record<number, ValueParser> = {
  [TYPE_OID.int8]: parseNumber,
  [TYPE_OID.numeric]: parseNumber,
  [TYPE_OID.date]: parseDate,
  [TYPE_OID.time]: parseTime,
  [TYPE_OID.timestamptz]: parseTimestamptz,
};
