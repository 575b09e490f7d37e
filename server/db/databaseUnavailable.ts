// Whether an error means "the database cannot answer now" (it is restarting, failing over,
// unreachable, or its connection broke) rather than "this request is wrong". Such a call
// is answered 503 with Retry-After; the pool opens new connections by itself once the
// database is back.

import { databaseErrorOf } from './databaseError';

/**
 * SQLSTATEs of a database going away (admin / crash shutdown, cannot connect now, too many
 * connections) or not answering in time (57014: the statement timeout cancelled the query).
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
/** Class 08: connection exceptions. */
const CONNECTION_CLASS = '08';
/** What the socket says when the server is not there. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres says these in words only. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Query read timeout',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && SOCKET_CODES.has(code)) return true;
  const dbError = databaseErrorOf(error);
  if (dbError && (UNAVAILABLE_CODES.has(dbError.code) || dbError.code.startsWith(CONNECTION_CLASS))) return true;
  const text = error instanceof Error ? error.message : '';
  if (PG_MESSAGES.some((words) => text.includes(words))) return true;
  // An AggregateError (a connect that tried several addresses) or a wrapped cause.
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  const inner = [cause, ...(Array.isArray(errors) ? errors : [])];
  return inner.some((e) => e !== error && isDatabaseUnavailable(e));
}
