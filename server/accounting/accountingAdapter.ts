// The one interface the journal sync (./syncWorker.ts) talks to an accounting system through
// (issue 13 "Accounting sync"): Odoo's JSON-RPC today (./odooAdapter.ts); another system is
// another implementation of the same three calls. The tests' only double is a test Odoo server
// speaking the same protocol (tests/server/odooTestServer.ts), never a second implementation.

/** A journal as it leaves for the accounting system: its fixed external id, date and lines by account code. */
export interface OutgoingJournal {
  /** `sekolah.journal_<id>`: the same on every attempt, so a retry finds what an earlier one made. */
  externalId: string;
  journalNo: string;
  date: string;
  description: string;
  /** Whole rupiah (exact integers: the ledger's money has no fraction). */
  lines: { accountCode: string; label: string; debit: number; credit: number }[];
}

/** What the accounting system holds for an external id. */
export interface RemoteJournal {
  remoteId: number;
  /** Posted (validated) in the accounting system, or still a draft it refused to post. */
  posted: boolean;
}

export interface ConnectionReport {
  /** The accounting system's version, as it states it. */
  serverVersion: string;
  /** The login's user id there. */
  uid: number;
  companyId: number;
}

/**
 * Why a call failed, which decides what the queue does:
 * - unreachable: no answer, a timeout, an HTTP error: the journal stays Not Sync and is tried
 *   again after a backoff;
 * - auth: the database, user or password was refused: the same (nothing of the journal is wrong);
 * - refused: the accounting system answered and refused this journal (an unknown account code,
 *   an unbalanced or locked period...): Not Validated with its message, until a person syncs again.
 */
export type AccountingFailure = 'unreachable' | 'auth' | 'refused';

export class AccountingError extends Error {
  constructor(
    readonly failure: AccountingFailure,
    message: string,
    /** Words of the message for the user's language (./accountingTexts.ts), when it is ours rather than the system's. */
    readonly textKey?: string,
    readonly params?: Record<string, string>,
  ) {
    super(message);
  }
}

export interface AccountingAdapter {
  /** Logs in and finds the company: answers what it found or throws an AccountingError. */
  testConnection(): Promise<ConnectionReport>;
  /** The journal made earlier under this external id (by an attempt that crashed before it was marked), or null. */
  findByExternalId(externalId: string): Promise<RemoteJournal | null>;
  /** Makes the journal under its external id and posts it; answers its id there. */
  pushJournal(journal: OutgoingJournal): Promise<number>;
  /** Posts a journal found as a draft (an earlier attempt made it, then posting was refused). */
  postJournal(remoteId: number): Promise<void>;
}
