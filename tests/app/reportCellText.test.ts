// How a report's cell reads on the screen (src/pages/financeReports/ReportFrame.tsx): Rupiah with
// dots, days and months in words in the user's language, other text as it is.
import { describe, expect, it } from 'vitest';
import { cellText } from '../../src/pages/financeReports/ReportFrame';

describe('report cells', () => {
  it('writes a by-month report’s month in words, in both languages', () => {
    expect(cellText({ type: 'text' }, '2026-07', 'en')).toBe('July 2026');
    expect(cellText({ type: 'text' }, '2026-08', 'id')).toBe('Agustus 2026');
  });

  it('leaves other text alone, money in Rupiah, days in words', () => {
    expect(cellText({ type: 'text' }, 'INV/2026/07/08161', 'en')).toBe('INV/2026/07/08161');
    expect(cellText({ type: 'text' }, '2026-13', 'en')).toBe('2026-13');
    expect(cellText({ type: 'money' }, 1250000, 'id')).toBe('Rp 1.250.000');
    expect(cellText({ type: 'date' }, '2026-08-03', 'id')).toBe('3 Agustus 2026');
  });
});
