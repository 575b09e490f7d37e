// Writing journals through the write door: a header and its lines, debit or credit per line,
// lines on one account and side summed, zero lines left out. The database refuses a transaction
// that leaves a journal unbalanced (../ledgerDdl.ts); this code checks first so a mistake here
// is a clear error rather than a refused commit. A mirror journal (reversal) swaps each line's
// sides and points at the journal it reverses.

import type { JournalSource } from '../../../src/shared/api/finance';
import type { Db } from '../../db/database';
import { typedDb } from '../../db/typedDb';
import type { Caller, RecordWrites } from '../../records/recordWrites';

export interface JournalLine {
  coa_id: number;
  debit: number;
  credit: number;
  description?: string | null;
}

export interface JournalHeader {
  journal_date: string;
  journal_type_id: number | null;
  source: JournalSource;
  description?: string | null;
  invoice_id?: number | null;
  payment_id?: number | null;
  waiver_id?: number | null;
  penalty_id?: number | null;
  reverses_journal_id?: number | null;
}

export const debit = (coa_id: number, amount: number, description?: string | null): JournalLine => ({ coa_id, debit: amount, credit: 0, description });
export const credit = (coa_id: number, amount: number, description?: string | null): JournalLine => ({ coa_id, debit: 0, credit: amount, description });

/** Lines on the same account and side summed (descriptions of the first kept), empty ones dropped. */
export function compactLines(lines: readonly JournalLine[]): JournalLine[] {
  const byKey = new Map<string, JournalLine>();
  for (const line of lines) {
    if (line.debit === 0 && line.credit === 0) continue;
    const key = `${line.coa_id}:${line.debit > 0 ? 'd' : 'c'}`;
    const found = byKey.get(key);
    if (found) {
      found.debit += line.debit;
      found.credit += line.credit;
    } else byKey.set(key, { ...line });
  }
  return [...byKey.values()];
}

function balanced(lines: readonly JournalLine[]): boolean {
  let sum = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.debit) || !Number.isSafeInteger(line.credit) || line.debit < 0 || line.credit < 0) return false;
    sum += line.debit - line.credit;
  }
  return sum === 0;
}

/** A journal and its lines; nothing when every line is zero. Answers the journal's id (or null). */
export async function writeJournal(tx: Db, records: RecordWrites, caller: Caller, header: JournalHeader, rawLines: readonly JournalLine[]): Promise<number | null> {
  const [id] = await writeJournals(tx, records, caller, [{ header, lines: rawLines }]);
  return id;
}

/**
 * Many journals in two bulk writes through the door (the headers, then all their lines), in the
 * order given; a journal whose lines are all zero is not written (its id is null).
 */
export async function writeJournals(
  tx: Db,
  records: RecordWrites,
  caller: Caller,
  items: readonly { header: JournalHeader; lines: readonly JournalLine[] }[],
): Promise<(number | null)[]> {
  const prepared = items.map((item) => ({ header: item.header, lines: compactLines(item.lines) }));
  const written = prepared.filter((item) => item.lines.length > 0);
  for (const item of written) if (!balanced(item.lines)) throw new Error(`ledger: unbalanced ${item.header.source} journal ${JSON.stringify(item.lines)}`);
  if (!written.length) return prepared.map(() => null);
  const { rows } = await records.createMany(
    tx,
    caller,
    'journal',
    written.map((item) => ({ ...withoutEmpty(item.header), sync_state: 'not_sync' })),
    { returning: 'key' },
  );
  const ids = rows.map((row) => Number(row.id));
  await records.createMany(
    tx,
    caller,
    'journal_line',
    written.flatMap((item, i) => item.lines.map((line) => ({ journal_id: ids[i], ...withoutEmpty(line) }))),
    { returning: 'key' },
  );
  let next = 0;
  return prepared.map((item) => (item.lines.length > 0 ? ids[next++] : null));
}

/** A body without its null and undefined values (the door's create takes absent as empty). */
export function withoutEmpty<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null && value !== undefined)) as Partial<T>;
}

/**
 * Reversing journals of the journals `where` finds that are not reversed yet and are no
 * reversals themselves: each line's sides swapped, dated `date`. Answers how many it wrote.
 */
export async function reverseJournals(
  tx: Db,
  records: RecordWrites,
  caller: Caller,
  found: { invoice_id: number; sources: JournalSource[] },
  date: string,
  journalTypeId: number | null,
  description: string,
): Promise<number> {
  const db = typedDb(tx);
  const journals = await db
    .selectFrom('journal as j')
    .select(['j.id', 'j.invoice_id', 'j.payment_id', 'j.waiver_id', 'j.penalty_id'])
    .where('j.invoice_id', '=', found.invoice_id)
    .where('j.source', 'in', found.sources)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('journal as r').select('r.id').whereRef('r.reverses_journal_id', '=', 'j.id'))))
    .orderBy('j.id')
    .execute();
  let written = 0;
  for (const journal of journals) {
    const lines = await db.selectFrom('journal_line').select(['coa_id', 'debit', 'credit', 'description']).where('journal_id', '=', journal.id).orderBy('id').execute();
    const mirror = lines.map((line) => ({ coa_id: Number(line.coa_id), debit: Number(line.credit ?? 0), credit: Number(line.debit ?? 0), description: line.description }));
    const id = await writeJournal(
      tx,
      records,
      caller,
      {
        journal_date: date,
        journal_type_id: journalTypeId,
        source: 'reversal',
        description,
        invoice_id: journal.invoice_id,
        penalty_id: journal.penalty_id,
        reverses_journal_id: journal.id,
      },
      mirror,
    );
    if (id !== null) written += 1;
  }
  return written;
}
