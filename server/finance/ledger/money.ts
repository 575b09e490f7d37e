// Money as the ledger takes it (src/shared/api/finance.ts MoneyInput): whole rupiah, an integer
// or a string of digits, never a fraction, never negative, never more than JavaScript counts
// exactly (Number.MAX_SAFE_INTEGER, about 9 × 10^15 rupiah, far above any school's figures).

/** MoneyInput → whole rupiah, or null when it is not one (negative, fraction, too big, not digits). */
export function moneyOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!/^\d{1,16}$/.test(text)) return null;
  const amount = Number(text);
  return Number.isSafeInteger(amount) ? amount : null;
}
