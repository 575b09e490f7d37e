// The payment pages' pure helpers (src/shared/finance/pay*.ts): reading rupiah people type,
// dates with full month names in either language, how an amount
// settles invoices and what goes to the deposit (whole rupiah only), and the payment icon of
// spec 3 §4.

import { describe, expect, it } from 'vitest';
import { parsePayAmount, payAmountText, payDateText, payFieldErrors, payQuery } from '../../src/shared/finance/payFormat';
import { moveItem, settlePreview } from '../../src/shared/finance/paySettle';
import { payIconState } from '../../src/shared/finance/payStates';

describe('amounts people type', () => {
  it.each([
    ['1250000', 1250000],
    ['1.250.000', 1250000],
    ['Rp 1.250.000', 1250000],
    ['rp1.250.000', 1250000],
    [' 500 000 ', 500000],
    ['0', 0],
  ])('%s → %d', (text, value) => expect(parsePayAmount(text)).toBe(value));

  it.each(['', 'abc', '12,5', '1.25', '1.2500.000', '-500', '1e6', '99999999999999999999'])('refuses %j', (text) => expect(parsePayAmount(text)).toBeNull());

  it('writes them back with dots', () => {
    expect(payAmountText(1250000)).toBe('1.250.000');
    expect(payAmountText(999)).toBe('999');
  });
});

describe('dates', () => {
  it('day, full month name, year in the user’s language', () => {
    expect(payDateText('2026-08-03', 'id')).toBe('3 Agustus 2026');
    expect(payDateText('2026-08-03', 'en')).toBe('3 August 2026');
    expect(payDateText(null, 'id')).toBe('');
    expect(payDateText('not a date', 'en')).toBe('');
  });
});

describe('the query and a refusal', () => {
  it('leaves out what is unset', () => {
    expect(payQuery('finance/payments', { q: 'Budi', kind: '', class_id: null, page: 1 })).toBe('finance/payments?q=Budi&page=1');
    expect(payQuery('finance/payments', {})).toBe('finance/payments');
  });

  it('reads a 422’s field messages only', () => {
    expect(payFieldErrors({ status: 422, body: { errors: { amount: 'Terlalu besar', root: { serverError: 'x' } } } })).toEqual({ amount: 'Terlalu besar' });
    expect(payFieldErrors({ status: 500, body: { errors: { amount: 'x' } } })).toEqual({});
    expect(payFieldErrors(null)).toEqual({});
  });
});

describe('settling', () => {
  const july = { id: 1, outstanding: 300000 };
  const august = { id: 2, outstanding: 500000 };
  const uniform = { id: 3, outstanding: 400000 };

  it('settles in order until the amount runs out; the rest goes to the deposit', () => {
    expect(settlePreview([july, august], 600000)).toEqual({
      lines: [
        { invoice_id: 1, applied: 300000, remaining: 0 },
        { invoice_id: 2, applied: 300000, remaining: 200000 },
      ],
      deposit: 0,
    });
    expect(settlePreview([july, august], 1000000).deposit).toBe(200000);
    expect(settlePreview([], 250000)).toEqual({ lines: [], deposit: 250000 });
    expect(settlePreview([july], 0).lines[0]).toEqual({ invoice_id: 1, applied: 0, remaining: 300000 });
  });

  it('keeps every rupiah: applied plus deposit is the amount', () => {
    for (const amount of [1, 299999, 300001, 799999, 800000, 12345678]) {
      const { lines, deposit } = settlePreview([july, august, uniform], amount);
      expect(lines.reduce((sum, line) => sum + line.applied, 0) + deposit).toBe(amount);
    }
  });

  it('moves an item one place, and not past either end', () => {
    expect(moveItem([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});

describe('the payment icon (spec 3 §4)', () => {
  it('success when paid in full, danger when nothing was paid, warning in between', () => {
    expect(payIconState(500000, 0)).toBe('success');
    expect(payIconState(0, 500000)).toBe('danger');
    expect(payIconState(200000, 300000)).toBe('warning');
  });
});
