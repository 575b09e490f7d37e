// Uploading invoices (POST finance/invoices/upload; issue 12, STYLE.md "imports stage first"):
// CSV and XLSX alike; a dry run answers every row's fate with reasons in the caller's language and
// writes nothing; the commit writes the ok rows in one transaction; a re-upload finds every row
// existing and creates nothing. PGlite by default, PostgreSQL with TEST_DATABASE=pg.

import { beforeAll, describe, expect, it } from 'vitest';
import { sampleUploadFile, type UploadCells } from '../../server/finance/invoices/uploadInvoices';
import { fileServer } from './harness';
import { invoicesOf, makeCandidates, makeStudents, type MadeParty } from './invoiceFixtures';

const server = fileServer({ demoData: true });
const UPLOAD = '/api/v1/finance/invoices/upload';
const EN = { 'accept-language': 'en' };
const YEAR = 'SMA 2025/2026';

let students: MadeParty[] = [];
let candidates: MadeParty[] = [];

beforeAll(async () => {
  students = await makeStudents(server.database.db, { count: 3, withVa: 2, class_id: 5 });
  candidates = await makeCandidates(server.database.db, { count: 1, withVa: 1 });
});

const row = (fields: Partial<UploadCells>): Partial<UploadCells> => ({
  income_type_code: 'UPK',
  financial_year: YEAR,
  invoice_date: '2025-08-01',
  due_date: '2025-08-31',
  value: '2500000',
  ...fields,
});

async function upload(kind: 'csv' | 'xlsx', rows: Partial<UploadCells>[], dryRun: boolean, headers: Record<string, string> = EN, as = 'adminfinance') {
  const file = await sampleUploadFile(kind, rows);
  return server.call('POST', UPLOAD, { as, headers, body: { file_name: `tagihan.${kind}`, file: file.toString('base64'), dry_run: dryRun } });
}

describe('uploading invoices', () => {
  it('only admin finance may', async () => {
    const answer = await upload('csv', [row({ party_number: students[0]!.number })], true, EN, 'finance');
    expect(answer.status).toBe(403);
  });

  it('a dry run gives every row its fate, with reasons, and writes nothing', async () => {
    const rows = [
      row({ party_number: students[0]!.number, discount: '500000', remarks: 'Gelombang 1' }),
      row({ party_number: candidates[0]!.number }),
      row({ party_number: students[2]!.number }),
      row({ party_number: '00000000' }),
      row({ party_number: students[1]!.number, income_type_code: 'NOPE', invoice_date: '2025-06-01', due_date: 'besok' }),
      row({ party_number: students[1]!.number, invoice_date: '2025-06-30', due_date: '2025-07-31', value: '12,5' }),
      row({ party_number: students[0]!.number, value: '100' }),
    ];
    const answer = await upload('csv', rows, true);
    expect(answer.status, answer.text).toBe(200);
    const data = answer.json.data;
    expect(data).toMatchObject({ ok: 2, exists: 0, errors: 5, created: 0 });
    expect(data.rows.map((r: { line: number; status: string }) => [r.line, r.status])).toEqual([
      [2, 'ok'],
      [3, 'ok'],
      [4, 'error'],
      [5, 'error'],
      [6, 'error'],
      [7, 'error'],
      [8, 'error'],
    ]);
    expect(data.rows[0]).toMatchObject({ party_name: `Siswa ${students[0]!.number.slice(0, 3)}-1`, value: 2_500_000, invoice_date: '2025-08-01' });
    expect(data.rows[2].errors).toEqual(['Some students or candidates have no VA number; complete the data first']);
    expect(data.rows[3].errors).toEqual(['No student or candidate has the number 00000000']);
    expect(data.rows[4].errors).toEqual(['No income type has the code NOPE', 'Write the date as YYYY-MM-DD: due_date']);
    expect(data.rows[5].errors).toEqual(['Write a whole rupiah amount, digits only: value']);
    expect(data.rows[6].errors).toEqual(['The same invoice appears earlier in the file (line 2)']);
    expect(answer.json.message).toBe('Rows ready to upload: 2 · already there: 0 · with errors: 5');
    expect(await invoicesOf(server.database.db, 'student_id', students.map((s) => s.id))).toEqual([]);

    const indonesian = await upload('csv', [row({ party_number: students[1]!.number, invoice_date: '2025-06-30', due_date: '2025-07-31' })], true, {});
    expect(indonesian.json.data.rows[0].errors).toEqual(['Tanggal tagihan tidak boleh sebelum awal tahun buku']);
  });

  it('XLSX commits the ok rows in one go; a re-upload finds them all and creates nothing', async () => {
    const rows = [
      row({ party_number: students[0]!.number, discount: '500000', remarks: 'Gelombang 1' }),
      row({ party_number: candidates[0]!.number }),
      row({ party_number: students[2]!.number }),
      row({ party_number: students[1]!.number, income_type_code: 'SPP', invoice_date: '2025-09-05', due_date: '2025-09-10', value: '500000' }),
    ];
    const answer = await upload('xlsx', rows, false);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ message: '3 invoices uploaded', data: { ok: 3, errors: 1, created: 3 } });
    const written = await invoicesOf(server.database.db, 'student_id', students.map((s) => s.id));
    expect(written.map((i) => [i.student_id, Number(i.value), Number(i.discount), Number(i.outstanding), i.source, i.va_no, i.period_no, i.remarks])).toEqual([
      [students[0]!.id, 2_500_000, 500_000, 2_000_000, 'upload', students[0]!.va_no, 0, 'Gelombang 1'],
      // SPP is monthly: September is the third period of a year from July
      [students[1]!.id, 500_000, 0, 500_000, 'upload', students[1]!.va_no, 3, null],
    ]);
    expect(await invoicesOf(server.database.db, 'candidate_id', [candidates[0]!.id])).toHaveLength(1);

    const again = await upload('csv', rows, false);
    expect(again.json).toMatchObject({ data: { ok: 0, exists: 3, errors: 1, created: 0 } });
    expect(again.json.data.rows[0].errors).toEqual(['Invoice already exists']);
    expect(again.json.message).toBe('Nothing to upload: every row already exists or has errors');
  });

  it('refuses a file that is not a table or lacks columns, under the file field', async () => {
    const garbage = await server.call('POST', UPLOAD, { as: 'adminfinance', headers: EN, body: { file_name: 'x.xlsx', file: Buffer.from('PKnot a zip').toString('base64'), dry_run: true } });
    expect(garbage.status).toBe(422);
    expect(garbage.json.messages.file).toEqual(['The file cannot be read as CSV or XLSX']);
    const noFile = await server.call('POST', UPLOAD, { as: 'adminfinance', headers: EN, body: { file_name: 'x.csv', dry_run: true } });
    expect(noFile.json.messages.file).toEqual(['This field is required']);
  });
});

