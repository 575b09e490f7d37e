// The finance ledger (issue 12; pinned in /work/prompts/ledger-api.md): the one import point of
// the operations that move money. Every operation runs inside the caller's transaction, writes
// through the write door (server/records/recordWrites.ts) and writes its balanced journal in
// the same transaction; the database's checks (../ledgerDdl.ts) hold the invariants whatever
// code writes. Refusals are ApiErrors with both languages' messages (./ledgerTexts.ts).

import type { RecordWrites } from '../../records/recordWrites';
import { addPenalties, waive } from './adjustmentOps';
import { editInvoice, issueInvoices, mergeInvoices, publishInvoices, reverseInvoices } from './invoiceOps';
import type { Ledger } from './ledgerTypes';
import { pay } from './paymentOps';

export type { InvoiceDraft, InvoiceEditCall, Ledger, PaymentCall, PaymentResult, PenaltyRow, WaiverCall } from './ledgerTypes';
export { moneyOf } from './money';

export function ledgerOf(records: RecordWrites): Ledger {
  return {
    issueInvoices: (tx, caller, drafts) => issueInvoices(tx, records, caller, drafts),
    pay: (tx, caller, request) => pay(tx, records, caller, request),
    waive: (tx, caller, request) => waive(tx, records, caller, request),
    addPenalties: (tx, caller, rows) => addPenalties(tx, records, caller, rows),
    mergeInvoices: (tx, caller, request) => mergeInvoices(tx, records, caller, request),
    reverseInvoices: (tx, caller, request) => reverseInvoices(tx, records, caller, request),
    editInvoice: (tx, caller, id, request) => editInvoice(tx, records, caller, id, request),
    publishInvoices: (tx, caller, request) => publishInvoices(tx, records, caller, request),
  };
}
