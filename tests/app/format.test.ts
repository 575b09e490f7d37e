import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatRupiah } from '../../src/views/format';

describe('how values read', () => {
  it('shows a date as day, month name and year, the date as written whatever the time zone', () => {
    expect(formatDate('2026-01-05', 'id')).toBe('5 Januari 2026');
    expect(formatDate('2026-12-31', 'en')).toBe('31 December 2026');
    expect(formatDate('', 'id')).toBe('');
    expect(formatDate('not a date', 'id')).toBe('not a date');
  });

  it('shows a date-time in local time with the language’s time separator', () => {
    const local = new Date(2026, 0, 5, 8, 30).toISOString();
    expect(formatDateTime(local, 'id')).toBe('5 Januari 2026 08.30');
    expect(formatDateTime(local, 'en')).toBe('5 January 2026 08:30');
    expect(formatDateTime('2026-01-05T08:30', 'id')).toBe('5 Januari 2026 08.30');
  });

  it('shows money as rupiah and numbers with the language’s separators', () => {
    expect(formatRupiah(1250000)).toBe('Rp 1.250.000');
    expect(formatRupiah(-5000)).toBe('-Rp 5.000');
    expect(formatNumber(1234.5, 'id')).toBe('1.234,5');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
  });
});
