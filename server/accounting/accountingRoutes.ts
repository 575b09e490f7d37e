// The accounting sync's calls (src/shared/api/accounting.ts), behind the session: test the saved
// connection, Sync now, and the counts per sync state. Who: ACCOUNTING_ROLES (the session's
// roles only). The answers are in the caller's language; the accounting system's own
// refusals as it wrote them.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ACCOUNTING_PATHS, ACCOUNTING_ROLES, type ConnectionAnswer, type StatusAnswer, type SyncAnswer } from '../../src/shared/api/accounting';
import type { JournalSyncState } from '../../src/shared/api/finance';
import { sessionUser } from '../auth/requireSession';
import type { Db } from '../db/database';
import { ApiError, apiError } from '../http/apiError';
import { requestLocale } from '../http/requestLocale';
import { success } from '../http/success';
import type { AccountingJobs } from './accountingJobs';
import { readAccountingSetting } from './accountingSettings';
import { accountingText, failureText, shownFailure } from './accountingTexts';
import { enqueueJournals, requeueAll } from './syncQueue';
import { adapterFor, syncDue } from './syncWorker';

/** How long Sync now pushes before it answers; what is left goes with the worker's next ticks. */
const SYNC_NOW_BUDGET_MS = 20_000;

function requireAccounting(request: FastifyRequest): void {
  if (!sessionUser(request).roles.some((role) => ACCOUNTING_ROLES.includes(role))) throw apiError(requestLocale(request), 403, 'forbidden');
}

export function registerAccountingRoutes(app: FastifyInstance, db: Db, jobs: Pick<AccountingJobs, 'exclusive' | 'options'>): void {
  app.post(`/${ACCOUNTING_PATHS.test}`, async (request): Promise<ConnectionAnswer> => {
    requireAccounting(request);
    const locale = requestLocale(request);
    const setting = await readAccountingSetting(db);
    if (!setting) throw new ApiError(422, accountingText(locale, 'noSetting'));
    try {
      const found = await adapterFor(setting, 15_000).testConnection();
      return success({ data: { ok: true, message: accountingText(locale, 'connected', { company: setting.companyName, version: found.serverVersion || '?', uid: found.uid }) } });
    } catch (error) {
      return success({ data: { ok: false, message: failureText(locale, error) } });
    }
  });

  app.post(`/${ACCOUNTING_PATHS.sync}`, async (request): Promise<SyncAnswer> => {
    requireAccounting(request);
    const locale = requestLocale(request);
    const setting = await readAccountingSetting(db);
    if (!setting) throw new ApiError(422, accountingText(locale, 'noSetting'));
    if (!setting.enabled) throw new ApiError(422, accountingText(locale, 'disabled'));
    const report = await jobs.exclusive(async () => {
      await enqueueJournals(db);
      await requeueAll(db);
      return syncDue(db, setting, { budgetMs: SYNC_NOW_BUDGET_MS, ...jobs.options });
    });
    const counts = { synced: report.synced, notValidated: report.notValidated, retrying: report.retrying };
    const stopped = shownFailure(locale, report.stopped);
    return success({
      message: [accountingText(locale, 'synced', counts), stopped, report.left ? accountingText(locale, 'left', { count: report.left }) : ''].filter(Boolean).join('. '),
      data: { synced: report.synced, found: report.found, not_validated: report.notValidated, retrying: report.retrying, stopped, left: report.left },
    });
  });

  app.get(`/${ACCOUNTING_PATHS.status}`, async (request): Promise<StatusAnswer> => {
    requireAccounting(request);
    const rows = await sql<{ sync_state: JournalSyncState; n: number }>`select sync_state, count(*)::int as n from journal group by sync_state`.execute(db);
    const counts: Record<JournalSyncState, number> = { not_sync: 0, synced: 0, not_validated: 0 };
    for (const row of rows.rows) if (row.sync_state in counts) counts[row.sync_state] = Number(row.n);
    const setting = await readAccountingSetting(db);
    const run = (await sql<{ last_scheduled_at: Date | null }>`select last_scheduled_at from accounting_sync_run where id = 1`.execute(db)).rows[0];
    return success({ data: { counts, enabled: setting?.enabled ?? false, last_scheduled_at: run?.last_scheduled_at ? new Date(run.last_scheduled_at).toISOString() : null } });
  });
}
