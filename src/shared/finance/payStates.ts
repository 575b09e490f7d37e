// The states the payment pages draw, and how each looks: the payment icon of spec 3 §4, the
// journal sync states of §4 (Not Sync, Synced, Not Validated), and a bank file line's fate
// (issue 12). Colours are MUI palette names. No React, no DOM.

import type { BankLineStatus, JournalSyncState, Money } from '../api/finance';

/** The state of the payment icon (spec 3 §4): paid in full, nothing paid, or partly paid. */
export type PayIconState = 'success' | 'danger' | 'warning';

/** Spec 3 §4: success when nothing is left to pay, danger when nothing was paid, warning in between. */
export function payIconState(paid: Money, outstanding: Money): PayIconState {
  if (outstanding <= 0) return 'success';
  if (paid <= 0) return 'danger';
  return 'warning';
}

/** Not Sync waits (grey), Synced is done (green), Not Validated needs a look (amber). */
export const PAY_SYNC_COLOURS: Record<JournalSyncState, 'default' | 'success' | 'warning'> = {
  not_sync: 'default',
  synced: 'success',
  not_validated: 'warning',
};

/** A bank line: paid as owed green, paid in part amber, more than owed (to the deposit) blue, refused red, seen before grey or purple. */
export const PAY_BANK_LINE_COLOURS: Record<BankLineStatus, 'success' | 'warning' | 'info' | 'error' | 'default' | 'secondary'> = {
  matched: 'success',
  partial: 'warning',
  mismatch: 'info',
  unknown_va: 'error',
  duplicate: 'secondary',
  already_uploaded: 'default',
  invalid: 'error',
};
