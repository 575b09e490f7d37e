// The choices of a lookup list (spec 1 §7.3: GET /api/v1/{name} → { data }), such as
// `financialyear` (labelled by description), `income` (label), `department`, `level`, `class`,
// `batch` (name). A failed load leaves no choices (spec 1 §8: failed lookups are only logged).

import { useEffect, useState } from 'react';
import { useFinanceCalls, type Query } from './financeCalls';

export interface Choice {
  id: number;
  label: string;
  row: Record<string, unknown>;
}

type Rows = { success: true; data: Array<Record<string, unknown>> };

/** The lookup's rows as choices; `enabled` false (a parent not chosen yet) gives none. */
export function useLookup(name: string, labelField: string, query: Query = {}, enabled = true): Choice[] {
  const calls = useFinanceCalls();
  const [choices, setChoices] = useState<Choice[]>([]);
  const key = JSON.stringify(query);
  useEffect(() => {
    if (!enabled) {
      setChoices([]);
      return;
    }
    let live = true;
    calls.get<Rows>(name, JSON.parse(key) as Query).then(
      (answer) => {
        if (!live) return;
        const rows = (answer.data ?? []).filter((row) => Number.isInteger(Number(row.id)));
        setChoices(rows.map((row) => ({ id: Number(row.id), label: String(row[labelField] ?? row.name ?? row.id), row })));
      },
      (error: unknown) => {
        console.warn(`lookup ${name} failed`, error);
        if (live) setChoices([]);
      },
    );
    return () => {
      live = false;
    };
  }, [calls, name, labelField, key, enabled]);
  return choices;
}
