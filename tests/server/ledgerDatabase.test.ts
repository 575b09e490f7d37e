// The database holds the ledger's invariants whatever code writes (server/finance/ledgerDdl.ts):
// raw SQL that skips the ledger is refused when an invoice's figures disagree, when a party is
// both or neither, when a journal line is both or neither side, when a journal does not balance
// at commit, and when a payment's allocations and deposit do not add up to its amount. And the
// finance masters a ledger uses cannot be deleted (spec 3 §8).

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { ledgerOf } from '../../server/finance/ledger/ledger';
import { tables } from '../../server/generated/tables';
import { fileServer, quietLog } from './harness';
import { draft, failure, finance, newParty } from './ledgerHelpers';

const server = fileServer({ demoData: true });
const db = (): Db => server.database.db;

async function invoiceId(): Promise<{ id: number; party: number }> {
  const who = await newParty(db(), server.app.records);
  const { ids } = await db()
    .transaction()
    .execute((tx) => ledgerOf(server.app.records).issueInvoices(tx, finance, [draft(who, 100_000)]));
  return { id: ids[0], party: who.id };
}

describe('the database refuses what the ledger would never write', () => {
  it('an invoice whose figures disagree, or that owes less than nothing', async () => {
    const { id } = await invoiceId();
    const disagree = await failure(() => sql`update invoice set paid_amount = 10 where id = ${id}`.execute(db()));
    expect(disagree.code).toBe('23514');
    const negative = await failure(() => sql`update invoice set paid_amount = 100001, outstanding = -1 where id = ${id}`.execute(db()));
    expect(negative.code).toBe('23514');
    const nullFigure = await failure(() => sql`update invoice set outstanding = null where id = ${id}`.execute(db()));
    expect(['23514', '23502']).toContain(nullFigure.code);
    await sql`update invoice set paid_amount = 10, outstanding = 99990 where id = ${id}`.execute(db());
  });

  it('an invoice or payment of both a student and a candidate', async () => {
    const { id } = await invoiceId();
    const both = await failure(() => sql`update invoice set student_id = 1 where id = ${id}`.execute(db()));
    expect(both.code).toBe('23514');
    const neither = await failure(() => sql`update invoice set candidate_id = null where id = ${id}`.execute(db()));
    expect(neither.code).toBe('23514');
  });

  it('a journal line with both sides or none, or a negative one', async () => {
    const journal = await sql<{ id: number }>`insert into journal (journal_date, source) values ('2025-08-01', 'invoice') returning id`.execute(db());
    const journalId = journal.rows[0].id;
    for (const [debitAmount, creditAmount] of [
      [10, 10],
      [0, 0],
      [-5, 0],
    ]) {
      const error = await failure(() => sql`insert into journal_line (journal_id, coa_id, debit, credit) values (${journalId}, 3, ${debitAmount}, ${creditAmount})`.execute(db()));
      expect(error.code).toBe('23514');
    }
  });

  it('a transaction that leaves a journal unbalanced, at commit, and nothing of it stays', async () => {
    const error = await failure(() =>
      db()
        .transaction()
        .execute(async (tx) => {
          const journal = await sql<{ id: number }>`insert into journal (journal_date, source, description) values ('2025-08-01', 'invoice', 'unbalanced') returning id`.execute(tx);
          const journalId = journal.rows[0].id;
          await sql`insert into journal_line (journal_id, coa_id, debit, credit) values (${journalId}, 3, 100, 0), (${journalId}, 7, 0, 99)`.execute(tx);
        }),
    );
    expect(error.code).toBe('23514');
    expect(error.message).toContain('does not balance');
    const left = await sql`select id from journal where description = 'unbalanced'`.execute(db());
    expect(left.rows).toEqual([]);

    // A balanced journal commits; changing one of its lines afterwards does not.
    const journal = await sql<{ id: number }>`insert into journal (journal_date, source) values ('2025-08-01', 'invoice') returning id`.execute(db());
    const journalId = journal.rows[0].id;
    await sql`insert into journal_line (journal_id, coa_id, debit, credit) values (${journalId}, 3, 100, 0), (${journalId}, 7, 0, 100)`.execute(db());
    const changed = await failure(() => sql`update journal_line set credit = 90 where journal_id = ${journalId} and coa_id = 7`.execute(db()));
    expect(changed.code).toBe('23514');
    const removed = await failure(() => sql`delete from journal_line where journal_id = ${journalId} and coa_id = 7`.execute(db()));
    expect(removed.code).toBe('23514');
  });

  it("a payment whose allocations and deposit are not its amount, at commit", async () => {
    const { id, party } = await invoiceId();
    const error = await failure(() =>
      db()
        .transaction()
        .execute(async (tx) => {
          const payment = await sql<{ id: number }>`insert into payment (candidate_id, payment_date, amount, deposit_amount, method) values (${party}, '2025-08-05', 50000, 0, 'cash') returning id`.execute(tx);
          await sql`insert into payment_allocation (payment_id, invoice_id, amount) values (${payment.rows[0].id}, ${id}, 40000)`.execute(tx);
        }),
    );
    expect(error.code).toBe('23514');
    expect(error.message).toContain('allocations');
  });

  it('judges at commit what a transaction left after its savepoints, and again after SET CONSTRAINTS IMMEDIATE', async () => {
    const lines = (tx: Db, journalId: number, credit: number) =>
      sql`insert into journal_line (journal_id, coa_id, debit, credit) values (${journalId}, 3, 100, 0), (${journalId}, 7, 0, ${credit})`.execute(tx);
    const newJournal = async (tx: Db, description: string) =>
      (await sql<{ id: number }>`insert into journal (journal_date, source, description) values ('2025-08-01', 'invoice', ${description}) returning id`.execute(tx)).rows[0].id;
    // An unbalanced journal inside a savepoint rolled back is gone: the rest commits.
    await db()
      .transaction()
      .execute(async (tx) => {
        const kept = await newJournal(tx, 'savepoint kept');
        await sql`savepoint s1`.execute(tx);
        await lines(tx, await newJournal(tx, 'savepoint dropped'), 1);
        await sql`rollback to savepoint s1`.execute(tx);
        await lines(tx, kept, 100);
      });
    expect((await sql`select description from journal where description like 'savepoint %'`.execute(db())).rows).toEqual([{ description: 'savepoint kept' }]);
    // The check's own bookkeeping rolled back with a savepoint does not let a later unbalanced journal through.
    const afterRollback = await failure(() =>
      db()
        .transaction()
        .execute(async (tx) => {
          await sql`savepoint s1`.execute(tx);
          await lines(tx, await newJournal(tx, 'rolled back'), 100);
          await sql`rollback to savepoint s1`.execute(tx);
          await lines(tx, await newJournal(tx, 'unbalanced after savepoint'), 50);
        }),
    );
    expect(afterRollback.code).toBe('23514');
    // Checked early, then written wrong: still refused at commit.
    const afterImmediate = await failure(() =>
      db()
        .transaction()
        .execute(async (tx) => {
          await lines(tx, await newJournal(tx, 'balanced first'), 100);
          await sql`set constraints all immediate`.execute(tx);
          await sql`set constraints all deferred`.execute(tx);
          await lines(tx, await newJournal(tx, 'unbalanced later'), 60);
        }),
    );
    expect(afterImmediate.code).toBe('23514');
    expect((await sql`select id from journal where description in ('unbalanced after savepoint', 'balanced first', 'unbalanced later')`.execute(db())).rows).toEqual([]);
    expect((await sql`select count(*)::int as n from ledger_check_queue`.execute(db())).rows).toEqual([{ n: 0 }]);
  });

  it('keeps its checks when migrate runs again (every start)', async () => {
    await migrate(db(), tables, quietLog);
    await migrate(db(), tables, quietLog);
    const { id } = await invoiceId();
    const disagree = await failure(() => sql`update invoice set waived_amount = 10 where id = ${id}`.execute(db()));
    expect(disagree.code).toBe('23514');
  });
});

describe('finance masters a ledger uses (spec 3 §8)', () => {
  it('a financial year with invoices and journals cannot be deleted, in its own words', async () => {
    await invoiceId(); // financial year 2
    for (const [language, words] of [
      ['en', 'This financial year cannot be deleted because it is linked to journals'],
      ['id', 'Tahun buku ini tidak dapat dihapus karena sudah terhubung dengan jurnal'],
    ] as const) {
      const refused = await server.call('DELETE', '/api/v1/financial-year/2', { as: 'adminfinance', headers: { 'accept-language': language } });
      expect(refused.status).toBe(409);
      expect(refused.json.message).toContain(words);
    }
  });

  it('an account used by a journal line cannot be deleted', async () => {
    await invoiceId(); // journal lines on 3, 7
    for (const [language, words] of [
      ['en', 'This account cannot be deleted because it has linked data'],
      ['id', 'Akun ini tidak dapat dihapus karena memiliki data terkait'],
    ] as const) {
      const refused = await server.call('DELETE', '/api/v1/coa/7', { as: 'adminfinance', headers: { 'accept-language': language } });
      expect(refused.status).toBe(409);
      expect(refused.json.message).toContain(words);
    }
    expect((await server.call('GET', '/api/v1/coa/7', { as: 'adminfinance' })).status).toBe(200);
  });
});
