// The HTTP server: the v1 API (auth, generic CRUD from the schemas, files, health) and,
// when built, the react-admin app. Tests call buildApp() and use app.inject().

import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { hasScreen, type EntityModel, type ValidateFunction } from '../src/shared/entityModel';
import { registerLoginRoutes, registerSessionRoutes } from './auth/authRoutes';
import { DEFAULT_THROTTLE_LIMITS, LoginThrottle, type ThrottleLimits } from './auth/loginThrottle';
import { accountGuards } from './auth/accountGuards';
import { registerProfileRoutes } from './auth/profileRoutes';
import { declareRequestUser, requireSession } from './auth/requireSession';
import { assertLoginSchemas } from './auth/userStore';
import { buildCatalog } from './crud/catalog';
import { registerEntityRoutes } from './crud/entityRoutes';
import { registerHistoryRoutes } from './history/historyRoutes';
import { registerImpactRoutes } from './impact/impactRoutes';
import { registerBulkRoutes } from './bulk/bulkRoutes';
import { loadHooks } from './records/loadHooks';
import { recordWrites } from './records/recordWrites';
import { provideWriteDoor } from './records/routeDoor';
import { registerLookupRoutes } from './crud/lookupRoutes';
import { registerSingletonRoutes } from './crud/singletonRoutes';
import type { Db } from './db/database';
import type { TableDef } from '../src/shared/tableModel';
import type { TrustProxy } from './http/trustProxy';
import { registerFileRoutes } from './files/fileRoutes';
import { registerHealthRoute } from './healthRoute';
import { installErrorAnswers } from './http/errorAnswers';
import { installJsonBodies } from './http/jsonBody';
import { installSecurityHeaders } from './http/securityHeaders';
import { serveBuiltApp } from './http/serveBuiltApp';
import { registerShellRoutes } from './shell/shellRoutes';
import { registerListViewRoutes } from './me/listViewRoutes';
import { registerComboardRoutes } from './comboard/comboardRoutes';
import { registerFinanceRoutes } from './finance/financeRoutes';
import { registerHrRoutes } from './hr/hrRoutes';
import { allocationJob } from './hr/leaveAllocation';
import { today } from './hr/leaveLedger';
import { registerHrDashboardRoutes } from './hr/dashboard/hrDashboardRoutes';
import { registerLeaveSummaryRoutes } from './hr/summary/leaveSummaryRoutes';
import { registerPermissionRoutes } from './permissions/permissionRoutes';
import { registerSelectionRoutes } from './selection/selectionRoutes';
import { registerPortalRoutes } from './portal/portalRoutes';
import { registerAcademicHomeRoutes } from './academicHome/academicHomeRoutes';
import { PUBLISH_INTERVAL_MS, startPublisher } from './comboard/publish';
import { registerMailRoutes } from './mail/mailRoutes';
import { mailJobs, type MailJobOptions } from './mail/mailJobs';
import { accountingJobs, type AccountingJobOptions } from './accounting/accountingJobs';
import { registerAccountingRoutes } from './accounting/accountingRoutes';

export const API_PREFIX = '/api/v1';
export const DEFAULT_BODY_LIMIT = 8 * 1024 * 1024;
/** A session ends after this long without a call. */
export const DEFAULT_SESSION_IDLE_MS = 12 * 60 * 60 * 1000;

export interface AppOptions {
  /** A migrated database (see server/db/migrate.ts). */
  db: Db;
  entities: readonly EntityModel[];
  validators: Record<string, ValidateFunction>;
  tables: readonly TableDef[];
  /** Fastify's logger option, or a logger of your own; default: no logging. */
  logger?: boolean | Record<string, unknown>;
  loggerInstance?: FastifyBaseLogger;
  bodyLimit?: number;
  sessionIdleMs?: number;
  /** Failed-login limits (server/auth/loginThrottle.ts); default DEFAULT_THROTTLE_LIMITS. */
  loginThrottle?: Partial<ThrottleLimits>;
  /** How long GET health waits for the database before it answers 503; default DEFAULT_HEALTH_TIMEOUT_MS. */
  healthTimeoutMs?: number;
  /** The failed-login throttle's clock (epoch ms); default Date.now. Tests move their own. */
  clock?: () => number;
  /**
   * Which proxies' X-Forwarded-For gives the client address (Fastify's trustProxy: true, a
   * hop count, or a list of addresses and CIDRs); default none, the connection's address.
   */
  trustProxy?: TrustProxy;
  /** Where the entities' hook files are (server/records/loadHooks.ts); default server/hooks/. */
  hooksDirectory?: URL;
  /** How often the announcement board publishes announcements whose show time has come (server/comboard/publish.ts); 0: never. */
  publishIntervalMs?: number;
  /**
   * The e-mail jobs (server/mail/mailJobs.ts): delivery and reminder intervals (0: never),
   * delivery options. Without it they do not run (tests drive deliverDue themselves); main.ts gives it.
   */
  mail?: MailJobOptions;
  /**
   * The journal sync (server/accounting/accountingJobs.ts): its tick interval (0: never) and
   * options. Without it the schedule does not run (Sync now still does); main.ts gives it.
   */
  accounting?: AccountingJobOptions;
  /**
   * How often the leave allocation job (server/hr/leaveAllocation.ts) writes the current leave
   * periods' due rows; without it (or 0) it does not run (tests call it themselves); main.ts gives it.
   */
  leaveAllocationIntervalMs?: number;
  /** Where the built app is; it is served when this folder holds an index.html. */
  distDir?: string;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const app: FastifyInstance = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? false }),
    bodyLimit,
    trustProxy: options.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    // Short random ids: shown to users in 500 answers and searched for in the logs. The last
    // group of a v4 UUID (48 random bits): randomUUID draws from a cache of random bytes, where
    // randomBytes asks the system for each request's.
    genReqId: () => randomUUID().slice(24),
  });
  const { db } = options;
  const idleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
  const throttle = new LoginThrottle(db, { ...DEFAULT_THROTTLE_LIMITS, ...options.loginThrottle }, options.clock);
  const catalog = buildCatalog(options.entities, options.validators, options.tables);
  assertLoginSchemas(catalog);
  const records = recordWrites(catalog, await loadHooks(catalog, options.hooksDirectory));
  provideWriteDoor(app, records);

  // The outbox's delivery worker and the reminders (server/mail/mailJobs.ts): started once the
  // tables are made and seeded, stopped (waiting for a delivery under way) when the app closes.
  const mail = mailJobs(options.mail);
  // The journal sync to the accounting system (server/accounting/): same life as the mail jobs.
  const accounting = accountingJobs(options.accounting);
  declareRequestUser(app);
  installSecurityHeaders(app);
  installJsonBodies(app);
  const appFallback = options.distDir ? await serveBuiltApp(app, options.distDir, options.entities) : null;
  installErrorAnswers(app, { bodyLimit, appFallback });

  await app.register(
    async (open) => {
      registerHealthRoute(open, db, options.healthTimeoutMs);
      registerLoginRoutes(open, db, options.entities, throttle, idleMs);
      registerFileRoutes(open, db);
    },
    { prefix: API_PREFIX },
  );
  // The account tables: every login reads its own profile; an admin keeps their own login.
  const guards = accountGuards(db, catalog);
  await app.register(
    async (guarded) => {
      guarded.addHook('onRequest', requireSession(db, idleMs));
      registerSessionRoutes(guarded, db, options.entities, throttle);
      registerShellRoutes(guarded, db, catalog, options.entities);
      registerListViewRoutes(guarded, db, catalog);
      registerProfileRoutes(guarded, db, catalog, guards);
      if (catalog.entityNamed('comboard')) registerComboardRoutes(guarded, db, catalog);
      if (catalog.entityNamed('invoice')) registerFinanceRoutes(guarded, db, catalog);
      if (catalog.entityNamed('email_template') && catalog.entityNamed('invoice')) registerMailRoutes(guarded, db, mail);
      if (catalog.entityNamed('setting_accounting') && catalog.entityNamed('journal')) registerAccountingRoutes(guarded, db, accounting);
      if (catalog.entityNamed('leave_request')) registerHrRoutes(guarded, db, catalog);
      if (catalog.entityNamed('leave_request')) registerHrDashboardRoutes(guarded, db, catalog);
      if (catalog.entityNamed('leave_ledger')) registerLeaveSummaryRoutes(guarded, db);
      if (catalog.entityNamed('permission_request')) registerPermissionRoutes(guarded, db, catalog);
      if (catalog.entityNamed('selection_enrolment')) registerSelectionRoutes(guarded, db, catalog);
      if (catalog.entityNamed('daily_attendance') && catalog.entityNamed('invoice')) registerPortalRoutes(guarded, db);
      if (catalog.entityNamed('schedule') && catalog.entityNamed('permission_request')) registerAcademicHomeRoutes(guarded, db);
      for (const entity of options.entities) {
        // An entity without a screen has no HTTP route: its bespoke module reads it with typed
        // queries and writes it through the write door (server/records/recordWrites.ts).
        if (!hasScreen(entity)) continue;
        if (entity.singleton) {
          registerSingletonRoutes(guarded, db, catalog, entity, records);
          registerHistoryRoutes(guarded, db, catalog, entity, records);
        } else {
          registerEntityRoutes(guarded, db, catalog, entity, records, guards[entity.name]);
          registerHistoryRoutes(guarded, db, catalog, entity, records);
          registerImpactRoutes(guarded, db, catalog, entity);
          registerBulkRoutes(guarded, db, catalog, entity, records);
        }
        registerLookupRoutes(guarded, db, catalog, entity);
      }
    },
    { prefix: API_PREFIX },
  );
  if (options.mail && catalog.entityNamed('email_template') && catalog.entityNamed('invoice')) {
    app.addHook('onReady', async () => mail.start(db, app.log));
    app.addHook('onClose', async () => mail.stop());
  }
  if (options.accounting && catalog.entityNamed('setting_accounting') && catalog.entityNamed('journal')) {
    app.addHook('onReady', async () => accounting.start(db, app.log));
  }
  app.addHook('onClose', async () => accounting.stop());
  if (options.leaveAllocationIntervalMs && catalog.entityNamed('leave_ledger')) {
    const allocation = allocationJob(options.leaveAllocationIntervalMs, today);
    app.addHook('onReady', async () => allocation.start(db, records, app.log));
    app.addHook('onClose', async () => allocation.stop());
  }
  const publishEvery = options.publishIntervalMs ?? PUBLISH_INTERVAL_MS;
  if (publishEvery > 0 && catalog.entityNamed('comboard')) {
    // Started when the app is ready (after main.ts has made the tables and seeded them), not
    // while it is built: on a first start the first run found no comboard table yet.
    let publisher: { stop(): void } | undefined;
    app.addHook('onReady', async () => {
      publisher = startPublisher(db, app.log, publishEvery);
    });
    app.addHook('onClose', async () => publisher?.stop());
  }
  return app;
}
