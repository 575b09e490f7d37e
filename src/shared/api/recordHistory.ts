// The answers of a record's history and of what uses a record (issue 16; server/history/,
// server/impact/). No React, no DOM.

export interface HistoryChange {
  field: string;
  before?: unknown;
  after?: unknown;
  /** A reference's values as the records they name are shown. */
  before_text?: string;
  after_text?: string;
  /** A secret: only that it changed. */
  secret?: true;
}

export interface HistoryEntry {
  id: number;
  action: 'create' | 'update' | 'delete';
  changed_by: string;
  changed_at: string;
  changes: HistoryChange[];
}

export interface ImpactRecord {
  id: number;
  label: string;
}

export interface ImpactEntry {
  entity: string;
  /** Where its records open; null when the user may not read them. */
  resource: string | null;
  /** Its label (singular for a count of one), in the request's language. */
  label: string;
  count: number;
  records: ImpactRecord[];
}

/**
 * A settings page's one record (a singleton) is read and written without an id; its history is
 * at `{endpoint}/singleton/history`.
 */
export const SINGLETON_PATH_ID = 'singleton';
