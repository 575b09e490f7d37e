// GET /api/v1/health: for load balancers and start scripts. No login; asks the database too.

import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/database';

export function registerHealthRoute(app: FastifyInstance, db: Db): void {
  app.get('/health', async () => {
    await sql`select 1`.execute(db);
    return { success: true };
  });
}
