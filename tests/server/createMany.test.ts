// The write door's createMany: many records in one call with what `create` checks (roles,
// the validator with each refusal named by its position, references, unique values), the
// hooks per record, numbers reserved once for the records inserted, and `onConflict: 'skip'`
// leaving out what already exists without gaps in the numbers.

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../server/http/apiError';
import { defineHooks } from '../../server/records/entityHooks';
import { recordWrites, type Caller } from '../../server/records/recordWrites';
import type { Row } from '../../server/db/database';
import { fileServer } from './harness';

const server = fileServer({ demoData: true });
const finance: Caller = { username: 'adminfinance', roles: ['ROLE_ADMIN_FINANCE'], locale: 'en' };
const inTransaction = <T>(work: (tx: typeof server.database.db) => Promise<T>) => server.database.db.transaction().execute(work);

async function refusal(write: () => Promise<unknown>): Promise<ApiError> {
  const error = await write().then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

/** An SPP invoice of the demo's first student for a period (the period keeps invoices apart). */
const invoice = (period: number, extra: Record<string, unknown> = {}) => ({
  financial_year_id: 2,
  income_type_id: 1,
  student_id: 1,
  period_no: period,
  invoice_date: '2026-11-10',
  due_date: '2026-11-30',
  value: 500_000,
  discount: 0,
  outstanding: 500_000,
  ...extra,
});

async function lastInvoiceNo(): Promise<number> {
  const row = await server.database.db.selectFrom('transaction_type').select('last_no').where('domain', '=', 'invoice').executeTakeFirstOrThrow();
  return Number(row.last_no);
}

const numberAfter = (last: number, step: number) => `INV/2026/11/${String(last + step).padStart(5, '0')}`;

describe('createMany', () => {
  it('inserts every body, in order, numbering the empty ones consecutively in one reservation and keeping given numbers', async () => {
    const last = await lastInvoiceNo();
    const { rows, skipped } = await inTransaction((tx) =>
      recordWrites(server.catalog).createMany(tx, finance, 'invoice', [invoice(101), invoice(102, { transaction_no: 'IMPORT/1' }), invoice(103, { invoice_date: '2026-12-01', due_date: '2026-12-31' })]),
    );
    expect(skipped).toBe(0);
    expect(rows.map((r) => [r.period_no, r.transaction_no, r.created_by])).toEqual([
      [101, numberAfter(last, 1), 'adminfinance'],
      [102, 'IMPORT/1', 'adminfinance'],
      [103, `INV/2026/12/${String(last + 2).padStart(5, '0')}`, 'adminfinance'],
    ]);
    expect(rows[0]).toMatchObject({ value: 500_000, discount: 0, state: 'open', source: 'generate' });
    expect(await lastInvoiceNo()).toBe(last + 2);
    const stored = await server.database.db.selectFrom('invoice').select('transaction_no').where('period_no', 'in', [101, 102, 103]).orderBy('period_no').execute();
    expect(stored.map((r) => r.transaction_no)).toEqual(rows.map((r) => r.transaction_no));
  });

  it('refuses bad bodies by position, all at once, and inserts none of them', async () => {
    const last = await lastInvoiceNo();
    const error = await refusal(() =>
      inTransaction((tx) =>
        recordWrites(server.catalog).createMany(tx, finance, 'invoice', [invoice(201), invoice(202, { value: -1 }), invoice(203, { due_date: '2026-11-01' }), invoice(204, { student_id: 999 })]),
      ),
    );
    expect(error.status).toBe(422);
    expect(error.messages).toEqual({
      '1.value': ['Must be at least 0'],
      '2.due_date': ['Due date must not be before the invoice date'],
    });
    const missing = await refusal(() => inTransaction((tx) => recordWrites(server.catalog).createMany(tx, { ...finance, locale: 'id' }, 'invoice', [invoice(205), invoice(206, { student_id: 999 })])));
    expect(missing.messages).toEqual({ '1.student_id': ['Data yang dipilih sudah tidak ada'] });
    expect(await server.database.db.selectFrom('invoice').select('id').where('period_no', '>=', 200).where('period_no', '<', 300).execute()).toEqual([]);
    expect(await lastInvoiceNo()).toBe(last);
  });

  it('checks the caller’s roles once: 403 and nothing written', async () => {
    const teacher: Caller = { username: 'teacher', roles: ['ROLE_TEACHER'], locale: 'en' };
    const error = await refusal(() => inTransaction((tx) => recordWrites(server.catalog).createMany(tx, teacher, 'invoice', [invoice(301)])));
    expect(error.status).toBe(403);
  });

  it("with onConflict 'skip' leaves out what exists, counts it, and numbers only what went in, without gaps", async () => {
    const door = recordWrites(server.catalog);
    await inTransaction((tx) => door.createMany(tx, finance, 'invoice', [invoice(401), invoice(402)]));
    const last = await lastInvoiceNo();
    const again = [invoice(401), invoice(403), invoice(402), invoice(404), invoice(403)];
    const { rows, skipped } = await inTransaction((tx) => door.createMany(tx, finance, 'invoice', again, { onConflict: 'skip' }));
    expect(skipped).toBe(3);
    expect(rows.map((r) => [r.period_no, r.transaction_no])).toEqual([
      [403, numberAfter(last, 1)],
      [404, numberAfter(last, 2)],
    ]);
    expect(await lastInvoiceNo()).toBe(last + 2);
  });

  it("with onConflict 'skip' still refuses a record whose new number another record already holds, naming its position", async () => {
    const door = recordWrites(server.catalog);
    const last = await lastInvoiceNo();
    await inTransaction((tx) => door.create(tx, finance, 'invoice', invoice(451, { transaction_no: numberAfter(last, 2) })));
    const error = await refusal(() => inTransaction((tx) => door.createMany(tx, finance, 'invoice', [invoice(452), invoice(453)], { onConflict: 'skip' })));
    expect(error.messages).toEqual({ '1.transaction_no': ['This value is already used by another record'] });
    expect(await lastInvoiceNo()).toBe(last);
    await server.database.db.deleteFrom('invoice').where('period_no', '=', 451).execute();
  });

  it('without skip refuses a duplicate as create does (422 under the key), and one repeated inside the list', async () => {
    const door = recordWrites(server.catalog);
    await inTransaction((tx) => door.createMany(tx, finance, 'invoice', [invoice(501)]));
    const single = await refusal(() => inTransaction((tx) => door.create(tx, finance, 'invoice', invoice(501))));
    const many = await refusal(() => inTransaction((tx) => door.createMany(tx, finance, 'invoice', [invoice(502), invoice(501)])));
    expect([many.status, many.messages]).toEqual([single.status, single.messages]);
    const number = await refusal(() =>
      inTransaction((tx) => door.createMany(tx, finance, 'invoice', [invoice(503, { transaction_no: 'DUP/1' }), invoice(504, { transaction_no: ' dup/1 ' })])),
    );
    expect(number.messages).toEqual({ '1.transaction_no': ['This value is already used by another record'] });
  });

  it('runs the hooks per record in the transaction, after the numbers are in', async () => {
    const seen: Row[] = [];
    const door = recordWrites(
      server.catalog,
      new Map([
        [
          'invoice',
          defineHooks({
            beforeChange: async ({ data }) => ({ ...data, remarks: `period ${String(data.period_no)}` }),
            afterChange: async ({ record }) => {
              seen.push(record);
            },
          }),
        ],
      ]),
    );
    const { rows } = await inTransaction((tx) => door.createMany(tx, finance, 'invoice', [invoice(601), invoice(602)]));
    expect(rows.map((r) => r.remarks)).toEqual(['period 601', 'period 602']);
    expect(seen.map((r) => r.transaction_no)).toEqual(rows.map((r) => r.transaction_no));
    expect(seen.every((r) => typeof r.transaction_no === 'string')).toBe(true);
  });

  it("with returning 'key' answers each row's id and number only, unless an afterChange hook needs the whole row", async () => {
    const { rows } = await inTransaction((tx) => recordWrites(server.catalog).createMany(tx, finance, 'invoice', [invoice(701), invoice(702)], { returning: 'key' }));
    expect(rows.map((r) => Object.keys(r).sort())).toEqual([['id', 'transaction_no'], ['id', 'transaction_no']]);
    const stored = await server.database.db.selectFrom('invoice').select(['id', 'transaction_no', 'period_no']).where('id', 'in', rows.map((r) => Number(r.id))).orderBy('id').execute();
    expect(stored.map((r) => [Number(r.id), r.transaction_no, r.period_no])).toEqual(rows.map((r, i) => [Number(r.id), r.transaction_no, 701 + i]));
    const seen: Row[] = [];
    const hooked = recordWrites(server.catalog, new Map([['invoice', defineHooks({ afterChange: async ({ record }) => void seen.push(record) })]]));
    const whole = await inTransaction((tx) => hooked.createMany(tx, finance, 'invoice', [invoice(703)], { returning: 'key' }));
    expect(whole.rows[0]).toMatchObject({ period_no: 703, value: 500_000, state: 'open' });
    expect(seen[0]).toMatchObject({ period_no: 703 });
  });

  it('writes a table with a list of references (inserted as VALUES lists) and checks those references in bulk', async () => {
    const admin: Caller = { username: 'admin', roles: ['ROLE_ADMIN'], locale: 'en' };
    const type = (code: string, roles: number[]) => ({ code, name: code, transaction_group_id: 1, domain: 'bulk_test', prefix: 'BT', approver_role_ids: roles });
    const { rows } = await inTransaction((tx) => recordWrites(server.catalog).createMany(tx, admin, 'transaction_type', [type('BULK-1', [1, 2]), type('BULK-2', [])]));
    expect(rows.map((r) => [r.code, r.approver_role_ids, r.format, r.width])).toEqual([
      ['BULK-1', [1, 2], '{PREFIX}/{YYYY}/{MM}/{NO}', 5],
      ['BULK-2', [], '{PREFIX}/{YYYY}/{MM}/{NO}', 5],
    ]);
    const error = await refusal(() => inTransaction((tx) => recordWrites(server.catalog).createMany(tx, admin, 'transaction_type', [type('BULK-3', [1]), type('BULK-4', [1, 99_999])])));
    expect(error.messages).toEqual({ '1.approver_role_ids': ['The chosen record no longer exists'] });
  });

  it('checks a sum over a group record by record, so a later body sees the earlier ones of the same list', async () => {
    const admin: Caller = { username: 'admin', roles: ['ROLE_ADMIN'], locale: 'en' };
    const weight = (percent: number) => ({ department_id: 1, assignment_type_id: 1, weight_percent: percent });
    const door = recordWrites(server.catalog);
    const error = await refusal(() => inTransaction((tx) => door.createMany(tx, admin, 'assignment_type_score', [weight(60), weight(60)])));
    expect(Object.keys(error.messages ?? {})).toEqual(['1.weight_percent']);
    const { rows } = await inTransaction((tx) => door.createMany(tx, admin, 'assignment_type_score', [weight(60), weight(40)]));
    expect(rows.map((r) => r.weight_percent)).toEqual([60, 40]);
  });

  it('inserts more rows than one statement may bind (chunked), and the database still answers afterwards', async () => {
    const last = await lastInvoiceNo();
    const bodies = Array.from({ length: 1500 }, (_, i) => invoice(10_000 + i));
    const { rows } = await inTransaction((tx) => recordWrites(server.catalog).createMany(tx, finance, 'invoice', bodies));
    expect(rows).toHaveLength(1500);
    expect(rows.map((r) => r.transaction_no)).toEqual(bodies.map((_, i) => numberAfter(last, i + 1)));
    const count = await server.database.db.selectFrom('invoice').select((e) => e.fn.countAll<number>().as('n')).where('period_no', '>=', 10_000).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1500);
  });
});
