// Planning invoices without a database (server/finance/invoices/): periods of recurring income
// types, installments that add up exactly, the financial year's date rules with the spec's
// messages, exact percentage fines, VA numbers, and the upload file readers.

import { describe, expect, it } from 'vitest';
import { addMonths, checkInvoiceRequest, installmentsOf, periodsOf, splitEvenly, type IncomeTypePlan } from '../../server/finance/invoices/invoicePlan';
import { penaltyAmount, percentOf } from '../../server/finance/invoices/penalties';
import { vaNumberOf } from '../../server/finance/invoices/vaGeneration';
import { parseCsv, parseXlsx, readUploadFile, sampleUploadFile } from '../../server/finance/invoices/uploadInvoices';

const oneOff: IncomeTypePlan = { is_recurring: false, period: null, interval: null, times: null, is_installment: true, max_installment_tenor: 6 };
const monthly: IncomeTypePlan = { is_recurring: true, period: 'month', interval: 1, times: 12, is_installment: false, max_installment_tenor: null };
const year = { start_date: '2025-07-01', end_date: '2026-06-30' };

describe('periods and installments', () => {
  it('moves dates by calendar months, the day clamped to the month end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2025-12-15', 2)).toBe('2026-02-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('a one-off income type has period 0; a monthly one 12 periods a month apart', () => {
    expect(periodsOf(oneOff, '2025-07-14', '2025-07-31')).toEqual([{ period_no: 0, shift: 0, period_start: '2025-07-01', invoice_date: '2025-07-14', due_date: '2025-07-31' }]);
    const periods = periodsOf(monthly, '2025-07-31', '2025-08-10');
    expect(periods.map((p) => p.period_no)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(periods[1]).toEqual({ period_no: 2, shift: 1, period_start: '2025-08-01', invoice_date: '2025-08-31', due_date: '2025-09-10' });
    expect(periods[7]!.invoice_date).toBe('2026-02-28');
    expect(periods[11]).toMatchObject({ period_start: '2026-06-01', invoice_date: '2026-06-30', due_date: '2026-07-10' });
  });

  it('a semester type every 1 period with 2 times: six months apart; interval 2 doubles the step', () => {
    const semester: IncomeTypePlan = { ...monthly, period: 'semester', times: 2 };
    expect(periodsOf(semester, '2025-07-01', '2025-07-10').map((p) => p.invoice_date)).toEqual(['2025-07-01', '2026-01-01']);
    expect(periodsOf({ ...monthly, interval: 2, times: 3 }, '2025-07-01', '2025-07-10').map((p) => p.invoice_date)).toEqual(['2025-07-01', '2025-09-01', '2025-11-01']);
  });

  it('splits value and discount exactly, the remainder on the last installment, due dates a month apart', () => {
    expect(splitEvenly(1_000_000, 3)).toEqual([333_333, 333_333, 333_334]);
    const parts = installmentsOf({ period_no: 0, shift: 0, period_start: '2025-07-01', invoice_date: '2025-07-01', due_date: '2025-07-31' }, 1_000_000, 100_001, 3);
    expect(parts.map((p) => p.installment_no)).toEqual([1, 2, 3]);
    expect(parts.every((p) => p.installment_count === 3)).toBe(true);
    expect(parts.reduce((s, p) => s + p.value, 0)).toBe(1_000_000);
    expect(parts.reduce((s, p) => s + p.discount, 0)).toBe(100_001);
    expect(parts.map((p) => p.due_date)).toEqual(['2025-07-31', '2025-08-31', '2025-09-30']);
  });

  it('never gives an installment more discount than value, and the sums stay exact', () => {
    const parts = installmentsOf({ period_no: 0, shift: 0, period_start: '2025-07-01', invoice_date: '2025-07-01', due_date: '2025-07-31' }, 10, 9, 5);
    expect(parts.every((p) => p.discount <= p.value)).toBe(true);
    expect(parts.reduce((s, p) => s + p.discount, 0)).toBe(9);
    expect(parts.reduce((s, p) => s + p.value, 0)).toBe(10);
  });
});

describe('the rules of spec 3 §5', () => {
  const request = { kind: 'student' as const, year, type: oneOff, invoice_date: '2025-07-01', due_date: '2025-07-31', value: 100, discount: 0, tenor: 1 };

  it('accepts dates inside the year', () => {
    expect(checkInvoiceRequest('en', request)).toEqual({});
  });

  it('refuses an invoice date outside the year, a due or income date before it, in both languages', () => {
    expect(checkInvoiceRequest('en', { ...request, invoice_date: '2025-06-30' }).invoice_date).toEqual(['Invoice date must not be before the financial year start']);
    expect(checkInvoiceRequest('id', { ...request, invoice_date: '2026-07-01', due_date: '2026-07-02' }).invoice_date).toEqual([
      'Tanggal tagihan tidak boleh melewati akhir tahun buku',
    ]);
    const errors = checkInvoiceRequest('en', { ...request, due_date: '2025-06-30', income_date: '2025-06-30' });
    expect(errors.due_date).toEqual(['Due date must not be before the invoice date']);
    expect(errors.income_date).toEqual(['Income journal date must not be before the invoice date']);
  });

  it('candidates: the due date too must lie within the year', () => {
    expect(checkInvoiceRequest('en', { ...request, due_date: '2026-07-10' })).toEqual({});
    expect(checkInvoiceRequest('en', { ...request, kind: 'candidate', due_date: '2026-07-10' }).due_date).toEqual([
      'Candidate invoice and due dates must lie within the financial year period',
    ]);
  });

  it('tenor at most the type allows; discount at most the value', () => {
    expect(checkInvoiceRequest('en', { ...request, tenor: 7 }).tenor).toEqual(['Tenor must not exceed 6 installments']);
    const single = { ...request, type: { ...oneOff, max_installment_tenor: 1 }, tenor: 2 };
    expect(checkInvoiceRequest('en', single).tenor).toEqual(['Tenor must not exceed 1 installment']);
    expect(checkInvoiceRequest('id', single).tenor).toEqual(['Tenor tidak boleh melebihi 1 cicilan']);
    expect(checkInvoiceRequest('en', { ...request, type: monthly, tenor: 2 }).tenor).toEqual(['This income type cannot be paid in installments']);
    expect(checkInvoiceRequest('id', { ...request, discount: 101 }).discount).toEqual(['Potongan tidak boleh melebihi nilai']);
  });
});

describe('fines and VA numbers', () => {
  it('a percentage fine is rounded half up to whole rupiah, exactly', () => {
    expect(percentOf(1_250_025, '2')).toBe(25_001); // 25 000.5 → 25 001
    expect(percentOf(1_250_000, '2.5')).toBe(31_250);
    expect(percentOf(333, '1.5')).toBe(5); // 4.995 → 5
    expect(percentOf(330, '1.5')).toBe(5); // 4.95 → 5
    expect(percentOf(900_719_925_474_099, '33.333')).toBe(300_236_972_758_281); // beyond float precision
  });

  it('caps the fine so an invoice never carries more than max_fine', () => {
    const rule = { fine_amount: 25_000, is_fine_percent: false, fine_percent: null, max_fine: 60_000 };
    expect(penaltyAmount(rule, 500_000, 0)).toBe(25_000);
    expect(penaltyAmount(rule, 500_000, 50_000)).toBe(10_000);
    expect(penaltyAmount(rule, 500_000, 60_000)).toBe(0);
    expect(penaltyAmount({ ...rule, max_fine: null }, 500_000, 1_000_000)).toBe(25_000);
  });

  it('charges a percentage fine on what the invoice itself still owes, never on earlier fines', () => {
    const rule = { fine_amount: null, is_fine_percent: true, fine_percent: '2', max_fine: null };
    // Rp 950.000 owed plus Rp 19.000 of last month's fine: this month is 2% of 950.000 again.
    expect(penaltyAmount(rule, 969_000, 19_000)).toBe(19_000);
    expect(penaltyAmount(rule, 950_000, 0)).toBe(19_000);
    // Paid down to less than the fines: nothing of the invoice itself is owed, no new fine.
    expect(penaltyAmount(rule, 10_000, 19_000)).toBe(0);
  });

  it('builds VA numbers from the codes and the digits of the party number, padded to the length', () => {
    const code = { company_code: '12345', sub_company_code: '04', length: 16 };
    expect(vaNumberOf(code, '2025001')).toEqual({ va_no: '1234504002025001' });
    expect(vaNumberOf(code, 'PPDB-2026-00012')).toEqual({ va_no: '1234504202600012' });
    expect(vaNumberOf(code, '123456789012')).toEqual({ error: 'vaTooLong' });
    expect(vaNumberOf(code, 'ABC')).toEqual({ error: 'vaNotDigits' });
  });
});

describe('upload files', () => {
  it('reads CSV with quotes, either delimiter', () => {
    expect(parseCsv('a,b\n"x, y","say ""hi"""\n\n')).toEqual([['a', 'b'], ['x, y', 'say "hi"']]);
    expect(parseCsv('\uFEFFa;b\r\n1;2\r\n')).toEqual([['a', 'b'], ['1', '2']]);
  });

  it('the sample builder writes CSV and XLSX that read back the same', async () => {
    const rows = [{ party_number: '2025001', income_type_code: 'SPP', financial_year: 'SMA 2025/2026', invoice_date: '2025-07-01', due_date: '2025-07-10', value: '500000' }];
    const xlsx = await sampleUploadFile('xlsx', rows);
    const table = await parseXlsx(xlsx);
    expect(table[1]!.slice(0, 6)).toEqual(['2025001', 'SPP', 'SMA 2025/2026', '2025-07-01', '2025-07-10', '500000']);
    const fromCsv = await readUploadFile('en', 'x.csv', (await sampleUploadFile('csv', rows)).toString('base64'));
    const fromXlsx = await readUploadFile('en', 'x.xlsx', xlsx.toString('base64'));
    expect(fromXlsx).toEqual(fromCsv);
    expect(fromCsv[0]).toMatchObject({ party_number: '2025001', value: '500000', discount: '' });
  });

  it('names the missing columns', async () => {
    await expect(readUploadFile('en', 'x.csv', Buffer.from('nis,value\n1,2\n').toString('base64'))).rejects.toMatchObject({
      status: 422,
      messages: { file: ['The file lacks the columns: income_type_code, financial_year, invoice_date, due_date'] },
    });
  });
});
