// The journal sync to the accounting system (issue 13 "Accounting sync"; spec 3 §4 "Journal sync
// filter: Not Sync, Synced, Not Validated") against a test Odoo server speaking Odoo's JSON-RPC
// (./odooTestServer.ts) through the real adapter: a push with the fixed external id, Sync now
// twice making one move, a crash after Odoo made the move (found, not made again), an outage then
// retries with backoff, an unknown account code and Odoo's refusal to post (Not Validated with the
// message), the connection test in both languages, the password never sent back, the schedule
// taken once, and, on PostgreSQL, two workers with their own pools pushing each journal once.

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAccountingSetting, scheduledSlot } from '../../server/accounting/accountingSettings';
import { accountingDb, externalIdOf } from '../../server/accounting/accountingDdl';
import { takeScheduledRun } from '../../server/accounting/syncQueue';
import { syncDue, scheduledSync } from '../../server/accounting/syncWorker';
import { openPostgres } from '../../server/db/openDatabase';
import type { Db } from '../../server/db/database';
import { ledgerOf } from '../../server/finance/ledger/ledger';
import { accountingText } from '../../server/accounting/accountingTexts';
import { fileServer, onPostgres } from './harness';
import { draft, finance, newParty } from './ledgerHelpers';
import { startOdooTestServer, type OdooTestServer } from './odooTestServer';

const server = fileServer({ demoData: true });
let odoo: OdooTestServer;
const db = (): Db => server.database.db;
const FAST = { backoffBaseMs: 300, backoffMaxMs: 2_000, httpTimeoutMs: 3_000 } as const;

beforeAll(async () => {
  odoo = await startOdooTestServer();
}, 30_000);
afterAll(async () => {
  await odoo?.stop();
});

/** /settingodoo pointed at the test server, saved as an administrator would. */
async function pointAtOdoo(change: Record<string, unknown> = {}): Promise<void> {
  const current = await server.call('GET', '/api/v1/setting-accounting', { as: 'adminfinance' });
  const saved = await server.call('PUT', '/api/v1/setting-accounting', {
    as: 'adminfinance',
    body: { version: current.json.data.version, url: odoo.url, database_name: odoo.database, username: odoo.login, password: odoo.password, company_name: odoo.company, sync_schedule: 'manual', sync_time: '23:00', is_enabled: true, ...change },
  });
  expect(saved.status, saved.text).toBe(200);
}

/** Everything before this test counts as synced: the test's journals are its own. */
async function onlyNewJournals(): Promise<void> {
  await sql`update journal set sync_state = 'synced' where sync_state <> 'synced'`.execute(db());
  await sql`update journal_sync set state = 'done' where state <> 'done'`.execute(db());
}

/** `count` invoices issued to a fresh party: one invoice journal each. Answers their journal ids. */
async function newJournals(count = 1, value = 1_250_000): Promise<number[]> {
  const party = await newParty(db(), server.app.records);
  const ids = await db().transaction().execute(async (tx) => (await ledgerOf(server.app.records).issueInvoices(tx, finance, Array.from({ length: count }, () => draft(party, value)))).ids);
  const journals = await sql<{ id: number }>`select id from journal where invoice_id = any(${sql.val(ids)}) order by id`.execute(db());
  expect(journals.rows.length).toBe(count);
  return journals.rows.map((r) => Number(r.id));
}

async function journal(id: number) {
  return (await sql<{ sync_state: string; sync_date: Date | null }>`select sync_state, sync_date from journal where id = ${id}`.execute(db())).rows[0]!;
}
const queueRow = (id: number) => accountingDb(db()).selectFrom('journal_sync').selectAll().where('journal_id', '=', id).executeTakeFirstOrThrow();
const movesOf = (id: number) => odoo.moves.filter((m) => m.ref === externalIdOf(id));
const setting = async () => (await readAccountingSetting(db()))!;
const syncNow = (lang = 'en') => server.call('POST', '/api/v1/finance/accounting/sync', { as: 'adminfinance', headers: { 'accept-language': lang } });

describe('settings (/settingodoo)', () => {
  it('keeps the password write-only: saved, never sent back', async () => {
    await pointAtOdoo();
    const read = await server.call('GET', '/api/v1/setting-accounting', { as: 'adminfinance' });
    expect(read.status).toBe(200);
    expect(read.text).not.toContain(odoo.password);
    expect((await setting()).password).toBe(odoo.password);
  });

  it('tests the connection in the caller’s language: connected, a refused password, no answer', async () => {
    await pointAtOdoo();
    const test = (lang: string) => server.call('POST', '/api/v1/finance/accounting/test', { as: 'adminfinance', headers: { 'accept-language': lang } });
    const ok = await test('en');
    expect(ok.json.data).toEqual({ ok: true, message: `Connected to ${odoo.company} (Odoo 17.0, user id 7)` });
    expect((await test('id')).json.data.message).toBe(`Terhubung ke ${odoo.company} (Odoo 17.0, id pengguna 7)`);
    await pointAtOdoo({ password: 'wrong' });
    expect((await test('id')).json.data).toEqual({ ok: false, message: 'Sistem akuntansi menolak nama basis data, pengguna, atau kata sandi' });
    await pointAtOdoo({ company_name: 'Nobody Ltd' });
    expect((await test('en')).json.data).toEqual({ ok: false, message: 'The accounting system has no company named Nobody Ltd' });
    await pointAtOdoo();
    odoo.down = true;
    try {
      expect((await test('en')).json.data).toEqual({ ok: false, message: `The accounting system at ${odoo.url} answered HTTP 502` });
    } finally {
      odoo.down = false;
    }
    const teacher = await server.call('POST', '/api/v1/finance/accounting/test', { as: 'finance' });
    expect(teacher.status).toBe(403);
  });
});

describe('pushing journals', () => {
  it('says how many more are queued: one in the singular, more in the plural; Indonesian the same for every count', () => {
    expect(accountingText('en', 'left', { count: 1 })).toBe('1 more is queued and goes with the next run');
    expect(accountingText('en', 'left', { count: 2 })).toBe('2 more are queued and go with the next runs, a minute apart');
    expect(accountingText('id', 'left', { count: 1 })).toBe('1 lainnya sudah diantrekan dan dikirim pada putaran berikutnya, tiap menit');
  });

  it('pushes a journal as a posted account.move under its fixed external id; Sync now again makes nothing new', async () => {
    await pointAtOdoo();
    await onlyNewJournals();
    const [id] = await newJournals(1, 1_250_000);
    expect((await journal(id!)).sync_state).toBe('not_sync');
    const first = await syncNow();
    expect(first.status, first.text).toBe(200);
    expect(first.json.data).toMatchObject({ synced: 1, found: 0, not_validated: 0, retrying: 0, stopped: null });
    expect(first.json.message).toBe('Synced 1, not validated 0, waiting to retry 0');
    const after = await journal(id!);
    expect(after.sync_state).toBe('synced');
    expect(after.sync_date).not.toBeNull();
    const [move] = movesOf(id!);
    expect(movesOf(id!)).toHaveLength(1);
    expect(move).toMatchObject({ move_type: 'entry', state: 'posted', journal_id: 3, company_id: 1, date: '2025-08-01' });
    // Receivable against SPP income, exact rupiah, accounts found by their codes.
    const code = (accountId: number) => odoo.accounts.find((a) => a.id === accountId)?.code;
    expect(move!.line_ids.map((l) => [code(l.account_id), l.debit, l.credit]).sort()).toEqual(
      [
        ['1-1300', 1_250_000, 0],
        ['4-1100', 0, 1_250_000],
      ].sort(),
    );
    expect(odoo.modelData.filter((d) => d.module === 'sekolah' && d.name === `journal_${id}` && d.res_id === move!.id)).toHaveLength(1);
    const queued = await queueRow(id!);
    expect(queued).toMatchObject({ state: 'done', attempts: 1, external_id: `sekolah.journal_${id}`, last_error: null });
    const again = await syncNow('id');
    expect(again.json.data.synced).toBe(0);
    expect(again.json.message).toBe('Tersinkron 0, belum divalidasi 0, menunggu dicoba lagi 0');
    expect(movesOf(id!)).toHaveLength(1);
  });

  it('a crash after Odoo made the move and before it was marked: the next run finds it by its external id and makes no second one', async () => {
    await pointAtOdoo();
    await onlyNewJournals();
    const ids = await newJournals(2);
    const crash = new Error('process killed');
    await sql`insert into journal_sync (journal_id, external_id) select id, 'sekolah.journal_' || id from journal where id = any(${sql.val(ids)}) on conflict do nothing`.execute(db());
    await expect(syncDue(db(), await setting(), { ...FAST, leaseMs: 60_000, afterPush: (journalId) => { if (journalId === ids[0]) throw crash; } })).rejects.toBe(crash);
    expect(movesOf(ids[0]!)).toHaveLength(1);
    expect((await journal(ids[0]!)).sync_state).toBe('not_sync');
    // Its lease holds it while the dead worker might still be pushing…
    expect((await syncDue(db(), await setting(), FAST)).synced).toBe(0);
    // …and once it has passed, the row is claimed again and the lookup finds the move.
    await sql`update journal_sync set lease_until = now() - interval '1 second' where journal_id = any(${sql.val(ids)})`.execute(db());
    const report = await syncDue(db(), await setting(), FAST);
    expect(report).toMatchObject({ synced: 2, found: 1 });
    for (const id of ids) {
      expect(movesOf(id)).toHaveLength(1);
      expect((await journal(id)).sync_state).toBe('synced');
    }
  });

  it('a crash between making the move and naming it: found by its ref, named, not made twice', async () => {
    await pointAtOdoo();
    await onlyNewJournals();
    const [id] = await newJournals(1);
    await sql`insert into journal_sync (journal_id, external_id) values (${id}, ${externalIdOf(id!)})`.execute(db());
    await expect(syncDue(db(), await setting(), { ...FAST, afterPush: () => { throw new Error('killed'); } })).rejects.toThrow('killed');
    odoo.forgetExternalIds();
    await sql`update journal_sync set lease_until = now() - interval '1 second' where journal_id = ${id}`.execute(db());
    expect(await syncDue(db(), await setting(), FAST)).toMatchObject({ synced: 1, found: 1 });
    expect(movesOf(id!)).toHaveLength(1);
    expect(odoo.modelData.filter((d) => d.name === `journal_${id}`)).toHaveLength(1);
  });

  it('an outage leaves the journal Not Sync with its error, tried again after an exponential backoff until Odoo answers', async () => {
    await pointAtOdoo();
    await onlyNewJournals();
    const ids = await newJournals(3);
    await sql`insert into journal_sync (journal_id, external_id) select id, 'sekolah.journal_' || id from journal where id = any(${sql.val(ids)})`.execute(db());
    odoo.down = true;
    try {
      const first = await syncDue(db(), await setting(), FAST);
      // The first journal's attempt failed; the run stopped rather than asking a system that is down twice more.
      expect(first).toMatchObject({ synced: 0, retrying: 1 });
      expect(JSON.parse(first.stopped!)).toEqual({ key: 'httpStatus', params: { url: odoo.url, status: '502' } });
      const row = await queueRow(ids[0]!);
      expect(row).toMatchObject({ state: 'pending', attempts: 1, claimed_by: null });
      expect(new Date(row.next_attempt_at).getTime() - new Date(row.last_attempt_at!).getTime()).toBeGreaterThanOrEqual(250);
      expect((await journal(ids[0]!)).sync_state).toBe('not_sync');
      // Not due yet: nothing is tried.
      expect((await syncDue(db(), await setting(), FAST)).retrying).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 350));
      await syncDue(db(), await setting(), FAST);
      const second = await queueRow(ids[0]!);
      expect(second.attempts).toBe(2);
      // Doubled: 600 ms after the second attempt.
      expect(new Date(second.next_attempt_at).getTime() - new Date(second.last_attempt_at!).getTime()).toBeGreaterThanOrEqual(550);
      const listed = await server.call('GET', `/api/v1/finance/journals?sync_state=not_sync&q=`, { as: 'adminfinance', headers: { 'accept-language': 'id' } });
      const shown = (listed.json.data as { id: number; sync_error: string | null; sync_attempts: number }[]).find((j) => j.id === ids[0]);
      expect(shown).toMatchObject({ sync_error: `Sistem akuntansi di ${odoo.url} menjawab HTTP 502`, sync_attempts: 2 });
    } finally {
      odoo.down = false;
    }
    await new Promise((resolve) => setTimeout(resolve, 650));
    expect((await syncDue(db(), await setting(), FAST)).synced).toBe(3);
    for (const id of ids) expect(movesOf(id)).toHaveLength(1);
    expect((await queueRow(ids[0]!)).last_error).toBeNull();
  });

  it('an account code Odoo lacks, or Odoo refusing to post: Not Validated with the message until Sync now after the fix', async () => {
    await pointAtOdoo();
    await onlyNewJournals();
    const spp = odoo.accounts.find((a) => a.code === '4-1100')!;
    spp.code = '4-1100-X';
    const [id] = await newJournals(1);
    try {
      const answer = await syncNow('en');
      expect(answer.json.data).toMatchObject({ synced: 0, not_validated: 1 });
      expect((await journal(id!)).sync_state).toBe('not_validated');
      const listed = async (lang: string) =>
        ((await server.call('GET', '/api/v1/finance/journals?sync_state=not_validated', { as: 'adminfinance', headers: { 'accept-language': lang } })).json.data as { id: number; sync_error: string }[]).find((j) => j.id === id);
      expect((await listed('en'))?.sync_error).toBe(`The accounting system has no account with code 4-1100 in ${odoo.company}`);
      expect((await listed('id'))?.sync_error).toBe(`Sistem akuntansi tidak memiliki akun dengan kode 4-1100 di ${odoo.company}`);
      expect(movesOf(id!)).toHaveLength(0);
      // A scheduled tick does not try a held journal again by itself.
      expect((await syncDue(db(), await setting(), FAST)).notValidated).toBe(0);
    } finally {
      spp.code = '4-1100';
    }
    // Odoo's own refusal (a lock date), shown as Odoo wrote it; the draft it made is posted on the next Sync now.
    odoo.refusePost = 'You cannot add/modify entries prior to and inclusive of the lock date 12/31/2025.';
    try {
      expect((await syncNow()).json.data.not_validated).toBe(1);
      expect((await queueRow(id!)).last_error).toBe(JSON.stringify({ message: odoo.refusePost }));
      expect(movesOf(id!).map((m) => m.state)).toEqual(['draft']);
    } finally {
      odoo.refusePost = null;
    }
    expect((await syncNow()).json.data).toMatchObject({ synced: 1, found: 1 });
    expect(movesOf(id!).map((m) => m.state)).toEqual(['posted']);
    expect((await journal(id!)).sync_state).toBe('synced');
  });

  it('a run whose time is up claims nothing more and says how many are left for the next ticks', async () => {
    await pointAtOdoo();
    await onlyNewJournals();
    const ids = await newJournals(2);
    await sql`insert into journal_sync (journal_id, external_id) select id, 'sekolah.journal_' || id from journal where id = any(${sql.val(ids)})`.execute(db());
    expect(await syncDue(db(), await setting(), { ...FAST, budgetMs: 0 })).toMatchObject({ synced: 0, left: 2 });
    expect(await syncDue(db(), await setting(), FAST)).toMatchObject({ synced: 2, left: 0 });
  });

  it('Sync now is refused with a clear message when sync is off', async () => {
    await pointAtOdoo({ is_enabled: false });
    const refused = await syncNow('id');
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe('Sinkronisasi dimatikan di pengaturan sistem akuntansi');
    await pointAtOdoo();
  });
});

describe('the schedule', () => {
  it('finds the hour or the day’s sync time a run is for', () => {
    const at = new Date(2026, 10, 24, 13, 40);
    expect(scheduledSlot({ schedule: 'manual', syncTime: '23:00' }, at)).toBeNull();
    expect(scheduledSlot({ schedule: 'hourly', syncTime: '23:00' }, at)).toEqual(new Date(2026, 10, 24, 13, 0));
    expect(scheduledSlot({ schedule: 'daily', syncTime: '23:00' }, at)).toEqual(new Date(2026, 10, 23, 23, 0));
    expect(scheduledSlot({ schedule: 'daily', syncTime: '06:30' }, at)).toEqual(new Date(2026, 10, 24, 6, 30));
  });

  it('a scheduled run is taken once, then queues and pushes the journals not yet synced', async () => {
    await pointAtOdoo({ sync_schedule: 'hourly' });
    await onlyNewJournals();
    const [id] = await newJournals(1);
    const slot = new Date(Date.now() + 3_600_000 * 24 * 365);
    expect(await takeScheduledRun(db(), slot)).toBe(true);
    expect(await takeScheduledRun(db(), slot)).toBe(false);
    await sql`update accounting_sync_run set last_scheduled_at = null`.execute(db());
    const report = await scheduledSync(db(), FAST);
    expect(report?.synced).toBe(1);
    expect(movesOf(id!)).toHaveLength(1);
    await pointAtOdoo({ is_enabled: false });
    expect(await scheduledSync(db(), FAST)).toBeNull();
    await pointAtOdoo();
  });
});

describe.skipIf(!onPostgres)('two sync workers on one PostgreSQL', () => {
  it('push each of 60 journals exactly once', async () => {
    await pointAtOdoo();
    await onlyNewJournals();
    const ids = [...(await newJournals(30)), ...(await newJournals(30))];
    await sql`insert into journal_sync (journal_id, external_id) select id, 'sekolah.journal_' || id from journal where id = any(${sql.val(ids)})`.execute(db());
    // The same database and schema as the test server's, through a pool of its own.
    const where = (await sql<{ d: string; s: string }>`select current_database() as d, current_schema() as s`.execute(db())).rows[0]!;
    const url = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
    url.pathname = `/${where.d}`;
    const other = await openPostgres(url.toString(), { searchPath: `${where.s},public`, max: 4 });
    try {
      const before = odoo.moves.length;
      const options = { ...FAST, batchSize: 5 };
      const [a, b] = await Promise.all([syncDue(db(), await setting(), { ...options, workerId: 'process-a' }), syncDue(other.db, await setting(), { ...options, workerId: 'process-b' })]);
      expect(a.synced + b.synced).toBe(60);
      expect(a.synced).toBeGreaterThan(0);
      expect(b.synced).toBeGreaterThan(0);
      const made = odoo.moves.slice(before);
      expect(made).toHaveLength(60);
      expect(new Set(made.map((m) => m.ref))).toEqual(new Set(ids.map(externalIdOf)));
      const states = await sql<{ sync_state: string; n: number }>`select sync_state, count(*)::int as n from journal where id = any(${sql.val(ids)}) group by sync_state`.execute(db());
      expect(states.rows).toEqual([{ sync_state: 'synced', n: 60 }]);
    } finally {
      await other.close();
    }
  }, 60_000);
});
