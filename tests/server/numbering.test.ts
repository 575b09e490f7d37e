// Document numbering (a schema's `numbering:`, issue 12): a create through the write door that
// leaves the numbered field empty gets the next number of the entity's transaction type, as its
// format builds it; without a transaction type the create is refused, saying where to add one.
// On PostgreSQL, 50 creates in 50 transactions at once get 50 distinct consecutive numbers.

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../server/http/apiError';
import { formatNumber } from '../../server/records/numbering';
import { recordWrites, type Caller } from '../../server/records/recordWrites';
import { checkBody } from '../../src/shared/validation';
import { fileServer, onPostgres } from './harness';

const server = fileServer({ poolSize: 12 });
const finance: Caller = { username: 'adminfinance', roles: ['ROLE_ADMIN', 'ROLE_ADMIN_FINANCE'], locale: 'en' };
const door = () => recordWrites(server.catalog);
const inTransaction = <T>(work: (tx: typeof server.database.db) => Promise<T>) => server.database.db.transaction().execute(work);

async function refusal(write: () => Promise<unknown>): Promise<ApiError> {
  const error = await write().then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

const journal = (date: string, extra: Record<string, unknown> = {}) => ({ journal_date: date, source: 'invoice', ...extra });

async function journalNumbering(format = '{PREFIX}/{YYYY}/{MM}/{NO}') {
  const group = await inTransaction((tx) => door().create(tx, finance, 'transaction_group', { code: 'JOURNAL', name: 'Jurnal' }));
  return inTransaction((tx) =>
    door().create(tx, finance, 'transaction_type', { code: 'JRN', name: 'Jurnal Umum', transaction_group_id: group.id, domain: 'journal', prefix: 'JRN', format, width: 5, last_no: 0 }),
  );
}

describe('numbering through the write door', () => {
  it('refuses a create without a transaction type for the entity, naming the domain and /transaction-type in both languages', async () => {
    const en = await refusal(() => inTransaction((tx) => door().create(tx, finance, 'journal', journal('2026-11-20'))));
    expect(en.status).toBe(422);
    expect(en.message).toBe('No transaction type numbers Journal yet: add one with domain "journal" at /transaction-type');
    expect(en.messages).toEqual({ journal_no: [en.message] });
    const id = await refusal(() => inTransaction((tx) => door().create(tx, { ...finance, locale: 'id' }, 'journal', journal('2026-11-20'))));
    expect(id.message).toBe('Belum ada jenis transaksi untuk penomoran Jurnal: tambahkan jenis transaksi dengan domain "journal" di /transaction-type');
    expect(await server.database.db.selectFrom('journal').select('id').execute()).toEqual([]);
  });

  it('fills an empty number from the transaction type (dated by the record), keeps a given one, and counts on', async () => {
    const type = await journalNumbering();
    const first = await inTransaction((tx) => door().create(tx, finance, 'journal', journal('2026-11-20')));
    expect(first.journal_no).toBe('JRN/2026/11/00001');
    const blank = await inTransaction((tx) => door().create(tx, finance, 'journal', journal('2027-01-03', { journal_no: '' })));
    expect(blank.journal_no).toBe('JRN/2027/01/00002');
    const given = await inTransaction((tx) => door().create(tx, finance, 'journal', journal('2026-11-21', { journal_no: 'IMPORT/7' })));
    expect(given.journal_no).toBe('IMPORT/7');
    // A create that is refused, or rolled back, gives no number away.
    await refusal(() => inTransaction((tx) => door().create(tx, finance, 'journal', journal('2026-11-22', { source: 'nonsense' }))));
    await inTransaction(async (tx) => {
      await door().create(tx, finance, 'journal', journal('2026-11-22'));
      throw new Error('rolled back');
    }).catch(() => undefined);
    const next = await inTransaction((tx) => door().create(tx, finance, 'journal', journal('2026-11-22')));
    expect(next.journal_no).toBe('JRN/2026/11/00003');
    const stored = await server.database.db.selectFrom('transaction_type').select(['last_no', 'version']).where('id', '=', type.id as number).executeTakeFirstOrThrow();
    expect(stored).toEqual({ last_no: 3, version: 4 });
  });

  it.skipIf(!onPostgres)('gives 50 creates in 50 transactions at once 50 distinct consecutive numbers', async () => {
    const before = await server.database.db.selectFrom('transaction_type').select('last_no').where('domain', '=', 'journal').executeTakeFirstOrThrow();
    const made = await Promise.all(Array.from({ length: 50 }, () => inTransaction((tx) => door().create(tx, finance, 'journal', journal('2026-11-23')))));
    const numbers = made.map((row) => String(row.journal_no)).sort();
    const start = Number(before.last_no);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `JRN/2026/11/${String(start + i + 1).padStart(5, '0')}`));
  });
});

describe('the number a format builds', () => {
  it.each([
    ['{PREFIX}/{YYYY}/{MM}/{NO}', 12, 'INV/2026/11/00012'],
    ['{PREFIX}/{YY}{MM}/{NO}', 7, 'INV/2611/00007'],
    ['{NO}-{PREFIX}', 123456, '123456-INV'],
  ])('%s', (format, no, want) => {
    expect(formatNumber({ prefix: 'INV', format, width: 5 }, no, '2026-11-24')).toBe(want);
  });
});

describe('money', () => {
  it('is at most 999,999,999,999,999 rupiah, said in both languages', () => {
    const invoice = server.catalog.entityNamed('invoice')!;
    const validate = server.catalog.validatorOf(invoice);
    const en = checkBody(invoice, validate, { value: 1_000_000_000_000_000 }, 'en');
    expect(en?.value).toEqual(['Must be 999999999999999 or less']);
    const id = checkBody(invoice, validate, { value: 1_000_000_000_000_000 }, 'id');
    expect(id?.value).toEqual(['Maksimal 999999999999999']);
    expect(checkBody(invoice, validate, { value: 999_999_999_999_999 }, 'en')?.value).toBeUndefined();
  });
});
