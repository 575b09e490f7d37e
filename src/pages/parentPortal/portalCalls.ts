// How the portal pages read (src/shared/api/portal.ts): one GET per panel through the app's call
// hook (a 401 logs out), its state as loading, the answer, or a failure to retry. Dates as the
// user reads them (spec 2 §9, spec 3 §9): "24 Nov 2026" / "24 Nov 2026" in the user's language.

import { useCallback, useEffect, useState } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { usePageCalls, type Query } from '../../app/pageCalls';
import type { Envelope } from '../../shared/api/envelope';

export type Loaded<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'done'; data: T };

/** The `data` of GET `path?query`, reloaded when the query changes. */
export function usePortalGet<T>(path: string, query: Query = {}): Loaded<T> & { reload: () => void } {
  const calls = usePageCalls();
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const key = JSON.stringify(query);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    calls
      .get<Envelope<T>>(path, JSON.parse(key) as Query)
      .then((answer) => live && setState({ status: 'done', data: answer.data as T }))
      .catch((error: unknown) => live && setState({ status: 'error', error }));
    return () => {
      live = false;
    };
  }, [calls, path, key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}

/** `2026-11-24` → "24 Nov 2026" (or with the full month name: "24 November 2026"). */
export function dateText(value: string | null | undefined, locale: string, long = false): string {
  if (!value) return '';
  const day = dayjs(value);
  return day.isValid() ? day.locale(locale === 'id' ? 'id' : 'en').format(long ? 'D MMMM YYYY' : 'D MMM YYYY') : '';
}
