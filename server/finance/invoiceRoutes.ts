// The invoices' calls (src/shared/api/finance.ts: generate, list, detail, edit, publish, merge,
// reverse, upload, waivers, penalties, VA generation). Filled by the invoice work.

import type { FastifyInstance } from 'fastify';
import type { Catalog } from '../crud/catalog';
import type { Db } from '../db/database';

export function registerInvoiceRoutes(_app: FastifyInstance, _db: Db, _catalog: Catalog): void {}
