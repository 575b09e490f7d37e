// The accounting sync's calls (issue 13 "Accounting sync"; spec 3 §3.2 Settings,
// Accounting-system; §4 journal sync states), for /settingodoo and /journal. No React, no DOM:
// the server imports these too.
// Who may call: ACCOUNTING_ROLES (those who may edit /settingodoo: schemas/setting_accounting.yaml).

import type { Success } from './envelope';
import type { JournalSyncState } from './finance';

export const ACCOUNTING_ROLES: readonly string[] = ['ROLE_ADMIN', 'ROLE_ADMIN_FINANCE'];

export const ACCOUNTING_PATHS = {
  /** POST → ConnectionAnswer: log in to the saved accounting system and find its company. */
  test: 'finance/accounting/test',
  /** POST → SyncAnswer: queue every journal not yet synced (and the Not Validated again) and push them now. */
  sync: 'finance/accounting/sync',
  /** GET → StatusAnswer: how many journals are in each sync state. */
  status: 'finance/accounting/status',
} as const;

export type ConnectionAnswer = Success<{ data: { ok: boolean; message: string } }>;

export interface SyncSummary {
  synced: number;
  found: number;
  not_validated: number;
  retrying: number;
  /** Why the run stopped early, in the caller's language (the system did not answer or refused the login). */
  stopped: string | null;
  /** Left due when Sync now's time ran out: the worker's next ticks push them. */
  left: number;
}
export type SyncAnswer = Success<{ message: string; data: SyncSummary }>;

export type StatusAnswer = Success<{ data: { counts: Record<JournalSyncState, number>; enabled: boolean; last_scheduled_at: string | null } }>;
