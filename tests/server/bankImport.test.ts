// The bank VA import (issue 12 "Payments"): a bank file staged (every line read and matched,
// nothing paid), committed (each payable line one payment through the ledger), imported again
// (nothing new: "already uploaded"), in both demo layouts (BCA CSV, Mandiri XLSX); duplicates
// within a file; files that cannot be read (a clear 422, nothing written); who may import; two
// commits racing. PGlite, and PostgreSQL with TEST_DATABASE=pg.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PAYMENT_TEXTS } from '../../server/finance/paymentRoutes';
import { fillText } from '../../src/shared/messages';
import { fileServer } from './harness';
import { BCA_LAYOUT_ID, MANDIRI_LAYOUT_ID, bcaCsv, mandiriXlsx, sampleParties, type SampleLine } from './bankFiles';

const server = fileServer({ demoData: true, poolSize: 6 });

const STAGE = '/api/v1/finance/bank-import/stage';
const COMMIT = '/api/v1/finance/bank-import/commit';

async function count(table: string, where = sql`true`): Promise<number> {
  const rows = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(server.database.db);
  return rows.rows[0]!.n;
}

async function stage(file: Buffer, layout = BCA_LAYOUT_ID, as = 'adminfinance', name = 'va.csv') {
  return server.call('POST', STAGE, { as, headers: { 'accept-language': 'en' }, body: { bank_layout_id: layout, file_name: name, file: file.toString('base64') } });
}

async function stageOk(file: Buffer, layout = BCA_LAYOUT_ID) {
  const answer = await stage(file, layout);
  expect(answer.status, answer.text).toBe(200);
  return answer.json.data as { upload_id: number; lines: { line: number; status: string; message: string | null; amount: number | null; payment_no: string | null }[]; counts: Record<string, number>; total_amount: number };
}

async function commit(uploadId: number, as = 'adminfinance', locale = 'en') {
  return server.call('POST', COMMIT, { as, body: { upload_id: uploadId }, headers: { 'accept-language': locale } });
}

async function outstanding(invoiceId: number): Promise<number> {
  const row = await server.database.db.selectFrom('invoice').select('outstanding').where('id', '=', invoiceId).executeTakeFirstOrThrow();
  return Number(row.outstanding);
}

async function expectJournalsBalance(): Promise<void> {
  const unbalanced = await sql`select j.id from journal j left join journal_line l on l.journal_id = j.id
    group by j.id having coalesce(sum(l.debit), 0) <> coalesce(sum(l.credit), 0)`.execute(server.database.db);
  expect(unbalanced.rows).toEqual([]);
}

describe('bank VA import: stage, commit, import again', () => {
  it('says one line and one payment in the singular, more in the plural; Indonesian the same for every count', () => {
    const say = (locale: 'en' | 'id', key: 'staged' | 'committed', count: number) => fillText(PAYMENT_TEXTS[key][locale], { count, payable: 0 });
    expect([say('en', 'staged', 1), say('en', 'staged', 2)]).toEqual(['1 line read: 0 can be paid, nothing paid yet', '2 lines read: 0 can be paid, nothing paid yet']);
    expect([say('en', 'committed', 1), say('en', 'committed', 2)]).toEqual(['1 payment created', '2 payments created']);
    expect([say('id', 'staged', 1), say('id', 'committed', 1)]).toEqual(['1 baris terbaca: 0 dapat dibayar, belum ada yang dibayar', '1 pembayaran dibuat']);
  });

  it('stages each line with its status and pays nothing, commits the payable lines once, and a re-import creates nothing', async () => {
    const [a, b, c, d] = await sampleParties(server.database.db, server.app.records, 4, [500_000]);
    const lines: SampleLine[] = [
      { va: a!.va, amount: 500_000, paidAt: '2025-08-05 09:15:00', reference: 'BCA0001' },
      { va: b!.va, amount: 200_000, paidAt: '2025-08-05 10:00:00', reference: 'BCA0002' },
      { va: c!.va, amount: 750_000, paidAt: '2025-08-06 11:30:00', reference: 'BCA0003' },
      { va: '1234599999999999', amount: 100_000, paidAt: '2025-08-06 12:00:00', reference: 'BCA0004' },
      { va: d!.va, amount: 0, rawAmount: 'seratus ribu', paidAt: '2025-08-06 12:00:00', reference: 'BCA0005' },
      { va: d!.va, amount: 100_000, rawDate: '2025/31/12', paidAt: '', reference: 'BCA0006' },
      { va: a!.va, amount: 500_000, paidAt: '2025-08-05 09:15:00', reference: 'BCA0001' },
    ];
    const file = bcaCsv(lines);
    const paymentsBefore = await count('payment');

    const stagedAnswer = await stage(file);
    expect(stagedAnswer.json.message).toBe('7 lines read: 3 can be paid, nothing paid yet');
    const staged = stagedAnswer.json.data as Awaited<ReturnType<typeof stageOk>>;
    expect(staged.lines.map((l) => [l.line, l.status])).toEqual([
      [3, 'matched'],
      [4, 'partial'],
      [5, 'mismatch'],
      [6, 'unknown_va'],
      [7, 'invalid'],
      [8, 'invalid'],
      [9, 'duplicate'],
    ]);
    expect(staged.lines[4]!.message).toContain('amount (“Nominal”)');
    expect(staged.lines[5]!.message).toContain('payment date (“Tanggal Bayar”)');
    expect(staged.lines[2]!.message).toContain('Rp 250.000');
    expect(staged.counts).toMatchObject({ matched: 1, partial: 1, mismatch: 1, unknown_va: 1, invalid: 2, duplicate: 1, already_uploaded: 0 });
    expect(staged.total_amount).toBe(1_450_000);
    expect(await count('payment')).toBe(paymentsBefore);
    expect(await outstanding(a!.invoiceIds[0]!)).toBe(500_000);

    const committed = await commit(staged.upload_id);
    expect(committed.status, committed.text).toBe(200);
    expect(committed.json.data.payments_created).toBe(3);
    expect(committed.json.message).toBe('3 payments created');
    expect(committed.json.data.committed).toBe(true);
    expect(await count('payment')).toBe(paymentsBefore + 3);
    expect(await outstanding(a!.invoiceIds[0]!)).toBe(0);
    expect(await outstanding(b!.invoiceIds[0]!)).toBe(300_000);
    expect(await outstanding(c!.invoiceIds[0]!)).toBe(0);
    const deposit = await server.database.db.selectFrom('payment').select(['deposit_amount', 'method', 'bank_reference', 'payment_date']).where('candidate_id', '=', c!.id).executeTakeFirstOrThrow();
    expect(deposit).toMatchObject({ deposit_amount: 250_000, method: 'va', bank_reference: 'BCA0003', payment_date: '2025-08-06' });
    const paidLines = await server.database.db.selectFrom('bank_upload_line').select('line_no').where('bank_upload_id', '=', staged.upload_id).where('payment_id', 'is not', null).orderBy('line_no').execute();
    expect(paidLines.map((l) => l.line_no)).toEqual([3, 4, 5]);
    // Each payment is numbered by the door, and the answer's lines show the numbers.
    const numbers = committed.json.data.lines.filter((l: { payment_no: string | null }) => l.payment_no).map((l: { line: number }) => l.line);
    expect(numbers).toEqual([3, 4, 5]);
    await expectJournalsBalance();

    // The same file again: every payable line is already a payment; committing creates nothing.
    const again = await stageOk(file);
    expect(again.counts).toMatchObject({ matched: 0, partial: 0, mismatch: 0, already_uploaded: 3, unknown_va: 1, invalid: 2, duplicate: 1 });
    const repeat = await commit(again.upload_id, 'adminfinance', 'id');
    expect(repeat.status, repeat.text).toBe(200);
    expect(repeat.json.data.payments_created).toBe(0);
    expect(repeat.json.message).toContain('sudah diunggah');
    expect(await count('payment')).toBe(paymentsBefore + 3);

    // Committing the committed upload once more changes nothing either.
    const twice = await commit(staged.upload_id);
    expect(twice.json.data.payments_created).toBe(0);
    expect(twice.json.message).toContain('already uploaded');
    expect(await count('payment')).toBe(paymentsBefore + 3);
  });

  it('the same lines in another file are the same payments; identical lines without a reference are paid each', async () => {
    const [a] = await sampleParties(server.database.db, server.app.records, 1, [300_000, 300_000]);
    const twin: SampleLine = { va: a!.va, amount: 100_000, paidAt: '2025-09-01 08:00:00', reference: '' };
    const first = await stageOk(bcaCsv([twin, twin]));
    expect(first.lines.map((l) => l.status)).toEqual(['partial', 'partial']);
    expect((await commit(first.upload_id)).json.data.payments_created).toBe(2);
    // A later file repeats both and adds a third identical one: only the third is new.
    const later = await stageOk(bcaCsv([twin, twin, twin, { ...twin, amount: 400_000, reference: 'X9' }]));
    expect(later.lines.map((l) => l.status)).toEqual(['already_uploaded', 'already_uploaded', 'partial', 'mismatch']);
    expect((await commit(later.upload_id)).json.data.payments_created).toBe(2);
    expect(await count('payment', sql`candidate_id = ${a!.id}`)).toBe(4);
  });

  it('reads the Mandiri XLSX layout: text VA numbers, number amounts, Excel dates', async () => {
    const [a, b] = await sampleParties(server.database.db, server.app.records, 2, [1_250_000]);
    const file = await mandiriXlsx([
      { va: a!.va, amount: 1_250_000, paidAt: '2025-08-07 14:05:09', reference: 'MDR-778101' },
      { va: b!.va, amount: 250_000, paidAt: '2025-08-07 15:00:00', reference: 'MDR-778102' },
      { va: b!.va, amount: 0, rawAmount: '1.000.000,50', paidAt: '2025-08-07 15:00:00', reference: 'MDR-778103' },
    ]);
    const staged = await stageOk(file, MANDIRI_LAYOUT_ID);
    expect(staged.lines.map((l) => l.status)).toEqual(['matched', 'partial', 'invalid']);
    const row = await server.database.db.selectFrom('bank_upload_line').select(['paid_at', 'va_no']).where('bank_upload_id', '=', staged.upload_id).orderBy('line_no').executeTakeFirstOrThrow();
    expect(row).toEqual({ paid_at: '2025-08-07 14:05:09', va_no: a!.va });
    const committed = await commit(staged.upload_id);
    expect(committed.json.data.payments_created).toBe(2);
    expect(await outstanding(a!.invoiceIds[0]!)).toBe(0);
    expect(await outstanding(b!.invoiceIds[0]!)).toBe(1_000_000);
  });
});

describe('bank VA import: what a line owes is the bills issued by its date', () => {
  it('judges each line against the invoices issued by its payment date, not the whole year issued ahead', async () => {
    // Each party: bills of 500,000 issued on 1 July, 1 August and 1 September 2025.
    const [a, b, c, d, e, f] = await sampleParties(server.database.db, server.app.records, 6, [500_000, 500_000, 500_000]);
    const staged = await stageOk(
      bcaCsv([
        { va: a!.va, amount: 1_000_000, paidAt: '2025-08-05 09:00:00', reference: 'DUE-A' },
        { va: b!.va, amount: 400_000, paidAt: '2025-08-05 09:00:00', reference: 'DUE-B' },
        { va: c!.va, amount: 1_200_000, paidAt: '2025-08-05 09:00:00', reference: 'DUE-C' },
        { va: d!.va, amount: 1_700_000, paidAt: '2025-09-20 09:00:00', reference: 'DUE-D' },
        { va: e!.va, amount: 500_000, paidAt: '2025-07-15 09:00:00', reference: 'DUE-E1' },
        { va: e!.va, amount: 500_000, paidAt: '2025-08-02 09:00:00', reference: 'DUE-E2' },
        { va: e!.va, amount: 500_000, paidAt: '2025-08-03 09:00:00', reference: 'DUE-E3' },
        { va: f!.va, amount: 500_000, paidAt: '2025-06-30 09:00:00', reference: 'DUE-F' },
      ]),
    );
    const seen = staged.lines.map((l) => [l.status, (l as { outstanding?: number | null }).outstanding, l.message]);
    expect(seen).toEqual([
      ['matched', 1_000_000, null],
      ['partial', 1_000_000, 'Less than owed: Rp 600.000 stays outstanding'],
      ['mismatch', 1_000_000, 'More than owed: Rp 200.000 goes to the next invoices'],
      ['mismatch', 1_500_000, 'More than owed: Rp 200.000 goes to the deposit'],
      ['matched', 500_000, null],
      // The party's earlier line in the file paid July: August is what is left by 2 August.
      ['matched', 500_000, null],
      ['mismatch', 0, 'More than owed: Rp 500.000 goes to the next invoices'],
      ['mismatch', 0, 'More than owed: Rp 500.000 goes to the next invoices'],
    ]);
    const one = await stage(bcaCsv([{ va: b!.va, amount: 2_100_000, paidAt: '2025-08-31 23:59:00', reference: 'DUE-B2' }]));
    expect(one.json.message).toBe('1 line read: 1 can be paid, nothing paid yet');
    const both = one.json.data as Awaited<ReturnType<typeof stageOk>>;
    expect(both.lines[0]!.message).toBe('More than owed: Rp 500.000 goes to the next invoices and Rp 600.000 to the deposit');

    expect((await commit(staged.upload_id)).status).toBe(200);
    // A matched August payment leaves September's bill alone; the excess went to the next one.
    expect(await Promise.all(a!.invoiceIds.map(outstanding))).toEqual([0, 0, 500_000]);
    expect(await Promise.all(c!.invoiceIds.map(outstanding))).toEqual([0, 0, 300_000]);
    expect(await Promise.all(e!.invoiceIds.map(outstanding))).toEqual([0, 0, 0]);
  });
});

describe('bank VA import: a third bank is a record, not code', () => {
  it('reads a layout added at /banklayout: semicolons, no header, columns by number, DD-MM-YYYY, dot thousands', async () => {
    const made = await server.call('POST', '/api/v1/bank-layout', {
      as: 'adminfinance',
      body: {
        name: 'BNI – CSV titik koma',
        bank: 'bni',
        journal_type_id: 4,
        file_kind: 'csv',
        delimiter: 'semicolon',
        header_rows: 0,
        va_no_column: '2',
        amount_column: '4',
        paid_at_column: '1',
        reference_column: '3',
        date_format: 'DD-MM-YYYY',
        amount_format: 'dot_thousands',
      },
    });
    expect(made.status, made.text).toBe(201);
    expect((await server.call('POST', '/api/v1/bank-layout', { as: 'finance', body: { name: 'X' } })).status).toBe(403);
    const [a] = await sampleParties(server.database.db, server.app.records, 1, [1_251_000]);
    const file = Buffer.from(`15-08-2025;${a!.va};BNI-1;1.250.000,00\n16-08-2025;${a!.va};BNI-2;1.000\n`);
    const staged = await stageOk(file, made.json.data.id);
    expect(staged.lines.map((l) => [l.line, l.status, l.amount])).toEqual([
      [1, 'partial', 1_250_000],
      [2, 'matched', 1_000],
    ]);
    const committed = await commit(staged.upload_id);
    expect(committed.status, committed.text).toBe(200);
    expect(committed.json.data.payments_created).toBe(2);
    expect(await outstanding(a!.invoiceIds[0]!)).toBe(0);
  });
});

describe('bank VA import: files that cannot be read', () => {
  it('answers 422 with what is wrong, and writes nothing', async () => {
    const uploads = await count('bank_upload');
    const xlsx = await mandiriXlsx([{ va: '1234590000000001', amount: 1, paidAt: '2025-08-01 00:00:00', reference: 'R' }]);

    const notCsv = await stage(xlsx, BCA_LAYOUT_ID);
    expect(notCsv.status).toBe(422);
    expect(notCsv.json.messages.file[0]).toContain('not a CSV');

    const notXlsx = await stage(bcaCsv([]), MANDIRI_LAYOUT_ID);
    expect(notXlsx.status).toBe(422);
    expect(notXlsx.json.messages.file[0]).toContain('not an Excel');

    const wrongColumns = await stage(Buffer.from('Title\nDate,Account,Value\n01/08/2025,123,1000\n'), BCA_LAYOUT_ID);
    expect(wrongColumns.status).toBe(422);
    expect(wrongColumns.json.messages.file[0]).toContain('no column “No. VA”');
    expect(wrongColumns.json.messages.file[0]).toContain('Date, Account, Value');

    const indonesian = await server.call('POST', STAGE, {
      as: 'adminfinance',
      headers: { 'accept-language': 'id' },
      body: { bank_layout_id: BCA_LAYOUT_ID, file_name: 'x.csv', file: Buffer.from('a\nb,c\n').toString('base64') },
    });
    expect(indonesian.status).toBe(422);
    expect(indonesian.json.messages.file[0]).toContain('tidak memiliki kolom');

    const noFile = await server.call('POST', STAGE, { as: 'adminfinance', body: { bank_layout_id: BCA_LAYOUT_ID, file_name: 'x.csv' } });
    expect(noFile.status).toBe(422);
    expect(noFile.json.messages.file).toBeDefined();

    const noLayout = await stage(bcaCsv([]), 999);
    expect(noLayout.status).toBe(422);
    expect(noLayout.json.messages.bank_layout_id).toBeDefined();

    expect(await count('bank_upload')).toBe(uploads);
    expect(await count('bank_upload_line', sql`bank_upload_id not in (select id from bank_upload)`)).toBe(0);
  });
});

describe('bank VA import: who may', () => {
  it('lets only the finance administrator stage and commit; the others get 403 and nothing is written', async () => {
    const file = bcaCsv([{ va: '1234590000000001', amount: 1000, paidAt: '2025-08-01 00:00:00', reference: 'R1' }]);
    const uploads = await count('bank_upload');
    for (const as of ['teacher', 'admin', 'finance']) {
      expect((await stage(file, BCA_LAYOUT_ID, as)).status, as).toBe(403);
      expect((await commit(1, as)).status, as).toBe(403);
    }
    expect(await count('bank_upload')).toBe(uploads);
    // Reading the layouts is for every finance role.
    const layouts = await server.call('GET', '/api/v1/finance/bank-layouts', { as: 'finance' });
    expect(layouts.status).toBe(200);
    expect(layouts.json.data.map((l: { name: string; file_kind: string }) => [l.name, l.file_kind])).toEqual(
      expect.arrayContaining([
        ['BCA – CSV', 'csv'],
        ['Mandiri – XLSX', 'xlsx'],
      ]),
    );
    expect((await server.call('GET', '/api/v1/finance/bank-layouts', { as: 'teacher' })).status).toBe(403);
  });

  it('answers 404 for an upload that does not exist', async () => {
    expect((await commit(987654)).status).toBe(404);
  });
});

describe('bank VA import: two commits at once', () => {
  it('commits the same staged upload twice concurrently: each payment once', async () => {
    const parties = await sampleParties(server.database.db, server.app.records, 5, [200_000]);
    const file = bcaCsv(parties.map((p, i) => ({ va: p.va, amount: 200_000, paidAt: '2025-08-09 08:00:00', reference: `RACE-A-${i}` })));
    const staged = await stageOk(file);
    const before = await count('payment');
    const [one, two] = await Promise.all([commit(staged.upload_id), commit(staged.upload_id)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.json.data.payments_created + two.json.data.payments_created).toBe(5);
    expect(await count('payment')).toBe(before + 5);
  });

  it('stages and commits the same file from two uploads concurrently: each payment once', async () => {
    const parties = await sampleParties(server.database.db, server.app.records, 5, [200_000]);
    const file = bcaCsv(parties.map((p, i) => ({ va: p.va, amount: 200_000, paidAt: '2025-08-09 08:00:00', reference: `RACE-B-${i}` })));
    const before = await count('payment');
    const run = async () => {
      const staged = await stageOk(file);
      const done = await commit(staged.upload_id);
      expect(done.status, done.text).toBe(200);
      return done.json.data.payments_created as number;
    };
    const created = await Promise.all([run(), run()]);
    expect(created[0]! + created[1]!).toBe(5);
    expect(await count('payment')).toBe(before + 5);
    for (const p of parties) expect(await outstanding(p.invoiceIds[0]!)).toBe(0);
    await expectJournalsBalance();
  });
});
