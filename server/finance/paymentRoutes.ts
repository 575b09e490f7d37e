// The payments' and journals' calls (src/shared/api/finance.ts: parties, open invoices,
// payments, bank layouts, bank import, journals). Filled by the payment work.

import type { FastifyInstance } from 'fastify';
import type { Catalog } from '../crud/catalog';
import type { Db } from '../db/database';

export function registerPaymentRoutes(_app: FastifyInstance, _db: Db, _catalog: Catalog): void {}
