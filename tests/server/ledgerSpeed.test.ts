// How fast the ledger issues a generation run (issue 12's bench target: 6,000 invoices with their
// journals in ≤ 5 s, on PGlite and on PostgreSQL). The full size runs with LEDGER_BENCH=1
// (`LEDGER_BENCH=1 npx vitest run tests/server/ledgerSpeed.test.ts`, add TEST_DATABASE=pg for
// PostgreSQL) and prints the times; without it a run of 300 checks the bulk path's results.

import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { ledgerOf } from '../../server/finance/ledger/ledger';
import type { Caller } from '../../server/records/recordWrites';
import { fileServer } from './harness';
import { draft, expectJournalsBalance, finance, type Party } from './ledgerHelpers';

const bench = process.env.LEDGER_BENCH === '1';
const SIZE = bench ? 6_000 : 300;
const server = fileServer({ demoData: true });
const db = (): Db => server.database.db;
const admin: Caller = { username: 'admin', roles: ['ROLE_ADMIN'], locale: 'en' };

describe('issuing a generation run', () => {
  it(
    `writes ${SIZE} invoices with their numbers and journals${bench ? ' in at most 5 s' : ''}, and a re-run creates none`,
    async () => {
      const { rows } = await db()
        .transaction()
        .execute((tx) =>
          server.app.records.createMany(
            tx,
            admin,
            'candidate',
            Array.from({ length: SIZE }, (_, i) => ({ registration_no: `SPEED-${i}`, name: `Calon ${i}`, department_id: 4 })),
          ),
        );
      const parties: Party[] = rows.map((row) => ({ kind: 'candidate', id: Number(row.id) }));
      const drafts = parties.map((who) => draft(who, 350_000, { period_no: 1, discount: 25_000 }));
      const ledger = ledgerOf(server.app.records);

      const cpuMs = () => {
        const used = process.cpuUsage();
        return (used.user + used.system) / 1000;
      };
      const started = performance.now();
      const startedCpu = cpuMs();
      const first = await db()
        .transaction()
        .execute((tx) => ledger.issueInvoices(tx, finance, drafts));
      const issueMs = performance.now() - started;
      const issueCpuMs = cpuMs() - startedCpu;
      const again = performance.now();
      const second = await db()
        .transaction()
        .execute((tx) => ledger.issueInvoices(tx, finance, drafts));
      const rerunMs = performance.now() - again;
      if (bench) console.log(`ledger bench (${process.env.TEST_DATABASE === 'pg' ? 'PostgreSQL' : 'PGlite'}): issue ${SIZE} invoices ${Math.round(issueMs)} ms (this process's CPU ${Math.round(issueCpuMs)} ms; load average ${loadavg()[0].toFixed(1)}), re-run ${Math.round(rerunMs)} ms`);

      expect(first).toMatchObject({ created: SIZE, existing: 0 });
      expect(second).toEqual({ created: 0, existing: SIZE, ids: [] });
      const counts = await sql<{ invoices: string; numbered: string; journals: string; lines: string }>`
        select (select count(*) from invoice where id = any(${first.ids})) as invoices,
               (select count(distinct transaction_no) from invoice where id = any(${first.ids})) as numbered,
               (select count(*) from journal where invoice_id = any(${first.ids})) as journals,
               (select count(*) from journal_line l join journal j on j.id = l.journal_id where j.invoice_id = any(${first.ids})) as lines`.execute(db());
      expect(Object.values(counts.rows[0]).map(Number)).toEqual([SIZE, SIZE, SIZE, 3 * SIZE]);
      await expectJournalsBalance(db());
      if (bench) expect(issueMs).toBeLessThanOrEqual(5_000);
    },
    600_000,
  );
});
