// Penalties on overdue invoices (/generatepenalty; issue 12 "Waivers, penalties, virtual accounts";
// spec 3 §3.2 the income type's fine, is percent and max fine; spec 3 §8 the messages). An invoice
// owing something past its due date on the run's date gets its income type's fine once per month:
// a rupiah amount, or a percentage of what it owes rounded half up to whole rupiah in exact
// (BigInt) arithmetic, never taking the invoice's penalties above the type's maximum.

import type { Db } from '../../db/database';

/** What a fine is computed from. fine_percent as the database's decimal text ('2.5'), never a float. */
export interface FineRule {
  fine_amount: number | null;
  is_fine_percent: boolean;
  fine_percent: string | null;
  max_fine: number | null;
}

/** '2.5' → { digits: 25n, scale: 1 }; null when not a plain non-negative decimal. */
function decimalOf(text: string): { digits: bigint; scale: number } | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  return { digits: BigInt(match[1]! + fraction), scale: fraction.length };
}

/** `percent`% of `amount`, rounded half up to a whole rupiah, exactly. */
export function percentOf(amount: number, percent: string): number {
  const decimal = decimalOf(percent);
  if (!decimal || amount <= 0) return 0;
  const numerator = BigInt(amount) * decimal.digits;
  const denominator = 100n * 10n ** BigInt(decimal.scale);
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/**
 * The penalty one overdue invoice gets this period: the rule's amount, or its percentage of what
 * is still owed of the invoice itself (the outstanding without earlier penalties: a fine is never
 * charged on a fine), capped so the invoice's penalties stay within max_fine; 0 when none is due.
 */
export function penaltyAmount(rule: FineRule, outstanding: number, penaltiesSoFar: number): number {
  const owedWithoutFines = Math.max(0, outstanding - penaltiesSoFar);
  const fine = rule.is_fine_percent ? percentOf(owedWithoutFines, rule.fine_percent ?? '0') : Math.max(0, rule.fine_amount ?? 0);
  if (rule.max_fine === null || rule.max_fine === undefined) return fine;
  return Math.max(0, Math.min(fine, rule.max_fine - penaltiesSoFar));
}

export interface PenaltyCandidate {
  invoice_id: number;
  transaction_no: string;
  party_name: string;
  amount: number;
  /** A penalty of this period exists already. */
  exists: boolean;
}

/**
 * The invoices overdue on `asOf` (outstanding > 0, due before it) of income types with a fine,
 * with the amount each gets for the period of `asOf`'s month.
 */
export async function penaltyCandidates(
  db: Db,
  request: { as_of_date: string; financial_year_id?: number | null; income_type_id?: number | null },
): Promise<PenaltyCandidate[]> {
  const period = request.as_of_date.slice(0, 7);
  let query = db
    .selectFrom('invoice as i')
    .innerJoin('income_type as it', 'it.id', 'i.income_type_id')
    .leftJoin('student as s', 's.id', 'i.student_id')
    .leftJoin('candidate as p', 'p.id', 'i.candidate_id')
    .select((eb) => [
      'i.id as invoice_id',
      'i.transaction_no',
      eb.fn.coalesce('s.name', 'p.name').as('party_name'),
      'i.outstanding',
      'i.penalty_amount',
      'it.fine_amount',
      'it.is_fine_percent',
      eb.cast('it.fine_percent', 'text').as('fine_percent'),
      'it.max_fine',
      eb.exists(eb.selectFrom('penalty as n').select('n.id').whereRef('n.invoice_id', '=', 'i.id').where('n.period', '=', period)).as('exists'),
    ])
    .where('i.outstanding', '>', 0)
    .where('i.state', '=', 'open')
    .where('i.due_date', '<', request.as_of_date)
    .where((eb) =>
      eb.or([
        eb.and([eb('it.is_fine_percent', '=', true), eb('it.fine_percent', '>', 0)]),
        eb.and([eb.or([eb('it.is_fine_percent', '=', false), eb('it.is_fine_percent', 'is', null)]), eb('it.fine_amount', '>', 0)]),
      ]),
    );
  if (request.financial_year_id) query = query.where('i.financial_year_id', '=', request.financial_year_id);
  if (request.income_type_id) query = query.where('i.income_type_id', '=', request.income_type_id);
  const rows = await query.orderBy('i.id').execute();
  return rows
    .map((row) => ({
      invoice_id: Number(row.invoice_id),
      transaction_no: String(row.transaction_no ?? ''),
      party_name: String(row.party_name ?? ''),
      exists: Boolean(row.exists),
      amount: penaltyAmount(
        {
          fine_amount: row.fine_amount === null ? null : Number(row.fine_amount),
          is_fine_percent: Boolean(row.is_fine_percent),
          fine_percent: (row.fine_percent as string | null) ?? null,
          max_fine: row.max_fine === null || row.max_fine === undefined ? null : Number(row.max_fine),
        },
        Number(row.outstanding),
        Number(row.penalty_amount ?? 0),
      ),
    }))
    .filter((row) => row.amount > 0 || row.exists);
}
