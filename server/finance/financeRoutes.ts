// The finance ledger's calls (src/shared/api/finance.ts), behind the session: the invoices'
// (./invoiceRoutes.ts), the payments' and journals' (./paymentRoutes.ts), the finance
// dashboard's (./dashboard/dashboardRoutes.ts, src/shared/api/financeDashboard.ts) and the
// reports' (./reports/reportRoutes.ts). Every route asks requireFinance (./financeAccess.ts)
// first; writes go through the ledger (./ledger/), which writes through the write door
// (app.records) inside one transaction per call.

import type { FastifyInstance } from 'fastify';
import type { Catalog } from '../crud/catalog';
import type { Db } from '../db/database';
import { registerDashboardRoutes } from './dashboard/dashboardRoutes';
import { registerInvoiceRoutes } from './invoiceRoutes';
import { registerPaymentRoutes } from './paymentRoutes';
import { registerReportRoutes } from './reports/reportRoutes';

export function registerFinanceRoutes(app: FastifyInstance, db: Db, catalog: Catalog): void {
  registerInvoiceRoutes(app, db, catalog);
  registerPaymentRoutes(app, db, catalog);
  registerDashboardRoutes(app, db);
  registerReportRoutes(app, db);
}
