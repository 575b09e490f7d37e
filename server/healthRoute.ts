// GET /api/v1/health: for load balancers and start scripts. No login. 200 only when the
// database answered a real query with the right answer within the timeout; else 503 with
// Retry-After (a database that is down, hung, or answering nonsense, as PGlite does after
// its protocol broke).

import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/database';
import { sendUnavailable } from './http/errorAnswers';
import { requestLocale } from './http/requestLocale';
import { success } from './http/success';

/** How long health waits for the database before it says 503. */
export const DEFAULT_HEALTH_TIMEOUT_MS = 2000;

/** The answer of a query whose answer is known, or why there was none. */
async function databaseAnswers(db: Db, timeoutMs: number): Promise<true | string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs);
  });
  const query = sql<{ answer: number }>`select 6 * 7 as answer`
    .execute(db)
    .then((result) => (result.rows[0]?.answer === 42 ? true : `wrong answer: ${JSON.stringify(result.rows)}`))
    .catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealthRoute(app: FastifyInstance, db: Db, timeoutMs = DEFAULT_HEALTH_TIMEOUT_MS): void {
  app.get('/health', async (request, reply) => {
    const answer = await databaseAnswers(db, timeoutMs);
    if (answer === true) return success();
    request.log.warn({ problem: answer }, 'health: the database does not answer');
    return sendUnavailable(reply, requestLocale(request));
  });
}
