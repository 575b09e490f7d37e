// Many bank payments at once (the bank VA import's commit): the same outcome as calling the
// ledger's pay() (../ledger/paymentOps.ts) once per line, in order, but written in bulk, so a
// 10,000-line bank file commits in seconds rather than minutes (pay() makes several writes
// through the door per line).
//
// Kept the same as pay(), by using its own parts: each key's advisory lock and the existing-key
// answer; the parties' open invoices locked for update in id order; the school's settle order
// (settleOrder); never more than an invoice owes, the rest to the deposit on the accounts pay()
// picks; journals compacted and balanced. Payments and journals go through the door's
// createMany (checked and numbered, PAY/…, JRN/…); allocations and journal lines, built here
// from the locked invoices, go in as one statement each; the invoices' figures move in one
// update as updateInvoice moves them (outstanding and state), under the row locks taken above;
// the database's checks (../ledgerDdl.ts) hold every row at commit.

import { sql } from 'kysely';
import type { PartyKind } from '../../../src/shared/api/finance';
import type { Db } from '../../db/database';
import { normalizedColumn } from '../../db/normalizedText';
import type { Caller, RecordWrites } from '../../records/recordWrites';
import { moveInvoiceFigures } from '../ledger/invoiceFigures';
import { compactLines, credit, debit, withoutEmpty, type JournalLine } from '../ledger/journals';
import { incomeAccounts, invoiceName, journalTypeOf, ledgerSettings, lockInvoices, paymentJournalType, type LedgerInvoice } from '../ledger/ledgerReads';
import { refusedField } from '../ledger/ledgerTexts';
import { settleOrder } from '../ledger/paymentOps';

export interface BankPayment {
  kind: PartyKind;
  party_id: number;
  payment_date: string;
  amount: number;
  va_no: string | null;
  external_key: string;
  bank_reference: string | null;
}

export interface BankPaymentResult {
  external_key: string;
  payment_id: number;
  created: boolean;
}

/** The payments of these bank line keys, by key, through the key's unique index (one query). */
export async function paymentsByKey(tx: Db, keys: readonly string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (!keys.length) return found;
  const rows = await sql<{ id: number; external_key: string }>`
    select id, external_key from payment where ${normalizedColumn('external_key')} = any(${sql.val([...new Set(keys)])}::text[])`.execute(tx);
  for (const row of rows.rows) found.set(row.external_key, Number(row.id));
  return found;
}

const partyOf = (kind: PartyKind, id: number) => `${kind}:${id}`;

/**
 * Pays each request in order as pay() would, all with the payment journal `journalTypeId` (or
 * none); a key already paid answers its payment (created: false).
 */
export async function payMany(
  tx: Db,
  records: RecordWrites,
  caller: Caller,
  requests: readonly BankPayment[],
  journalTypeId: number | null = null,
): Promise<BankPaymentResult[]> {
  if (!requests.length) return [];
  const journalType = journalTypeId ? await paymentJournalType(tx, journalTypeId) : null;
  if (journalTypeId && journalType?.category !== 'payment') throw refusedField(caller.locale, 'journal_type_id', 'journalTypeNotPayment');
  for (const request of requests) {
    if (!Number.isSafeInteger(request.amount) || request.amount < 1) throw refusedField(caller.locale, 'amount', 'amountNotMoney');
  }
  const keys = requests.map((r) => r.external_key);
  // pay()'s lock per key, in one statement and in key order (two importers never wait in a circle).
  await sql`select pg_advisory_xact_lock(hashtext('payment:' || k)) from (select distinct unnest(${sql.val(keys)}::text[]) as k order by 1) keys`.execute(tx);
  const existing = new Map<string, number>();
  for (const [key, id] of await paymentsByKey(tx, keys)) existing.set(key, id);

  // The parties' open invoices, locked in id order, as pay() locks them (one query).
  const fresh = requests.filter((r) => !existing.has(r.external_key));
  const students = [...new Set(fresh.filter((r) => r.kind === 'student').map((r) => r.party_id))];
  const candidates = [...new Set(fresh.filter((r) => r.kind === 'candidate').map((r) => r.party_id))];
  const ids = await sql<{ id: number }>`select id from invoice where state = 'open' and outstanding > 0
    and (student_id = any(${sql.val(students)}) or candidate_id = any(${sql.val(candidates)})) order by id`.execute(tx);
  const locked = await lockInvoices(tx, ids.rows.map((r) => Number(r.id)));
  const byParty = new Map<string, LedgerInvoice[]>();
  for (const invoice of locked) {
    const key = invoice.student_id ? partyOf('student', invoice.student_id) : partyOf('candidate', Number(invoice.candidate_id));
    byParty.set(key, [...(byParty.get(key) ?? []), invoice]);
  }
  const settings = await ledgerSettings(tx);
  // Each party's latest invoice's income type (a deposit's accounts when nothing is open), and the school's first payment desk.
  const latestRows = await sql<{ student_id: number | null; candidate_id: number | null; income_type_id: number }>`
    select distinct on (student_id, candidate_id) student_id, candidate_id, income_type_id from invoice
    where student_id = any(${sql.val(students)}) or candidate_id = any(${sql.val(candidates)}) order by student_id, candidate_id, id desc`.execute(tx);
  const latest = new Map<string, number>();
  for (const row of latestRows.rows) latest.set(row.student_id ? partyOf('student', Number(row.student_id)) : partyOf('candidate', Number(row.candidate_id)), Number(row.income_type_id));
  const accounts = await incomeAccounts(tx, [...new Set([...locked.map((i) => i.income_type_id), ...latest.values()])]);
  const deskType = await journalTypeOf(tx, 'payment');
  const desk = deskType === null ? null : ((await paymentJournalType(tx, deskType))?.account_id ?? null);

  interface Planned {
    request: BankPayment;
    deposit: number;
    allocations: { invoice: LedgerInvoice; amount: number }[];
    lines: JournalLine[];
  }
  const planned: Planned[] = [];
  const paidBy = new Map<number, number>();
  const seen = new Set<string>();
  for (const request of fresh) {
    if (seen.has(request.external_key)) continue;
    seen.add(request.external_key);
    const open = (byParty.get(partyOf(request.kind, request.party_id)) ?? []).filter((i) => i.outstanding > 0);
    const order = settleOrder(open, settings.payment_order);
    const allocations: Planned['allocations'] = [];
    let left = request.amount;
    for (const invoice of order) {
      if (left === 0) break;
      const part = Math.min(left, invoice.outstanding);
      if (part <= 0) continue;
      allocations.push({ invoice, amount: part });
      left -= part;
    }
    const lines: JournalLine[] = [];
    for (const { invoice, amount } of allocations) {
      const own = accounts.get(invoice.income_type_id);
      if (!own) throw new Error(`ledger: income type ${invoice.income_type_id} not found`);
      lines.push(debit(journalType?.account_id ?? own.cash, amount), credit(own.receivable, amount, invoiceName(invoice)));
    }
    if (left > 0) {
      // As pay(): the last income type settled, else the first open invoice's, else the party's latest invoice's, else the school's desk.
      const near = allocations.at(-1)?.invoice.income_type_id ?? order[0]?.income_type_id ?? open[0]?.income_type_id ?? latest.get(partyOf(request.kind, request.party_id)) ?? null;
      const own = near === null ? undefined : accounts.get(near);
      const cash = journalType?.account_id ?? own?.cash ?? desk;
      if (cash === null) throw refusedField(caller.locale, 'journal_type_id', 'noCashAccount');
      const depositAccount = own?.deposit ?? own?.prepaid ?? settings.deposit_account_id;
      if (depositAccount === null) throw refusedField(caller.locale, 'amount', 'noDepositAccount');
      lines.push(debit(cash, left), credit(depositAccount, left));
    }
    // The figures move now, so the party's next line sees what this one left.
    for (const { invoice, amount } of allocations) {
      invoice.paid_amount += amount;
      invoice.outstanding -= amount;
      paidBy.set(invoice.id, (paidBy.get(invoice.id) ?? 0) + amount);
    }
    const compact = compactLines(lines);
    if (compact.reduce((sum, l) => sum + l.debit - l.credit, 0) !== 0) throw new Error(`ledger: unbalanced payment journal ${JSON.stringify(compact)}`);
    planned.push({ request, deposit: left, allocations, lines: compact });
  }

  // The writes: payments and journals through the door (numbered), the rest in one statement each.
  const { rows: payments } = await records.createMany(
    tx,
    caller,
    'payment',
    planned.map(({ request, deposit }) =>
      withoutEmpty({
        [request.kind === 'student' ? 'student_id' : 'candidate_id']: request.party_id,
        payment_date: request.payment_date,
        amount: request.amount,
        deposit_amount: deposit,
        method: 'va',
        journal_type_id: journalTypeId,
        va_no: request.va_no,
        external_key: request.external_key,
        bank_reference: request.bank_reference,
      }),
    ),
    { returning: 'key' },
  );
  const paymentIds = new Map<string, number>();
  payments.forEach((row, i) => paymentIds.set(planned[i]!.request.external_key, Number(row.id)));
  const allocations = planned.flatMap(({ request, allocations: own }) =>
    [...own].sort((a, b) => a.invoice.id - b.invoice.id).map(({ invoice, amount }) => ({ payment_id: paymentIds.get(request.external_key)!, invoice_id: invoice.id, amount })),
  );
  // Allocations and journal lines are built here from the locked invoices and the journals just
  // written (nothing a body check could refuse); they go in as one statement each, the
  // database's checks holding them (amount = allocations + deposit, every journal balanced).
  if (allocations.length) {
    await sql`insert into payment_allocation (payment_id, invoice_id, amount, created_by)
      select p, i, a, ${caller.username} from unnest(${sql.val(allocations.map((a) => a.payment_id))}::bigint[], ${sql.val(allocations.map((a) => a.invoice_id))}::bigint[],
        ${sql.val(allocations.map((a) => a.amount))}::numeric[]) as v(p, i, a)`.execute(tx);
  }
  await moveInvoiceFigures(tx, caller, 'paid_amount', paidBy);
  const withLines = planned.filter((p) => p.lines.length);
  const { rows: journals } = await records.createMany(
    tx,
    caller,
    'journal',
    withLines.map(({ request }) =>
      withoutEmpty({ journal_date: request.payment_date, journal_type_id: journalTypeId, source: 'payment', payment_id: paymentIds.get(request.external_key)!, sync_state: 'not_sync' }),
    ),
    { returning: 'key' },
  );
  const lines = withLines.flatMap(({ lines: own }, i) => own.map((line) => ({ journal_id: Number(journals[i]!.id), ...line })));
  if (lines.length) {
    const col = <T>(pick: (l: (typeof lines)[number]) => T) => sql.val(lines.map(pick));
    await sql`insert into journal_line (journal_id, coa_id, debit, credit, description, created_by)
      select j, a, d, c, t, ${caller.username} from unnest(${col((l) => l.journal_id)}::bigint[], ${col((l) => l.coa_id)}::bigint[], ${col((l) => l.debit)}::numeric[],
        ${col((l) => l.credit)}::numeric[], ${col((l) => l.description ?? null)}::text[]) as v(j, a, d, c, t)`.execute(tx);
  }

  const answered = new Set<string>();
  return requests.map((request) => {
    const before = existing.get(request.external_key);
    if (before !== undefined) return { external_key: request.external_key, payment_id: before, created: false };
    const created = !answered.has(request.external_key);
    answered.add(request.external_key);
    return { external_key: request.external_key, payment_id: paymentIds.get(request.external_key)!, created };
  });
}
