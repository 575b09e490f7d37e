// The state and calls of a selection page (subject or interest): the cards and the window of one
// student (the logged-in student, or the one an admin picked), read again every few seconds
// while the page is open so the seats stay current, the countdown against the server's clock,
// and the saves (choose, give back, make final). A refused save shows the server's message and
// reads the cards again (spec 3 §8).

import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { messageOf, usePageCalls } from '../../app/pageCalls';
import {
  SELECTION_PATHS,
  SELECTION_POLL_MS,
  type ExtTimeData,
  type RombelSaveAnswer,
  type RombelTimeData,
  type SelectionKind,
} from '../../shared/api/selection';
import type { Success } from '../../shared/api/envelope';

export type SelectionData = (RombelTimeData | ExtTimeData) & { kind: SelectionKind };

export interface SelectionState {
  data: SelectionData | null;
  loading: boolean;
  error: string | null;
  /** The offering whose save is on its way. */
  busy: number | 'final' | null;
  /** Milliseconds left before the student's deadline; null without one. */
  left: number | null;
  toggle(offeringId: number, chosen: boolean): Promise<void>;
  finalize(): Promise<void>;
}

export function useSelection(kind: SelectionKind, studentId: number | null, enabled = true): SelectionState {
  const calls = usePageCalls();
  const notify = useNotify();
  const [data, setData] = useState<SelectionData | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<SelectionState['busy']>(null);
  const [now, setNow] = useState(() => Date.now());
  /** The server's clock minus the browser's, from the last answer. */
  const skew = useRef(0);

  const load = useCallback(async () => {
    if (!enabled) return;
    try {
      const path = kind === 'subject' ? SELECTION_PATHS.rombelTime : SELECTION_PATHS.extTime;
      const answer = await calls.get<Success<RombelTimeData | ExtTimeData>>(path, { student_id: studentId ?? undefined });
      skew.current = Date.parse(answer.window.now) - Date.now();
      setData({ ...answer, kind });
      setError(null);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setLoading(false);
    }
  }, [calls, kind, studentId, enabled]);

  useEffect(() => {
    setLoading(true);
    setData(null);
    void load();
    if (!enabled) return undefined;
    const timer = window.setInterval(() => void load(), SELECTION_POLL_MS);
    return () => window.clearInterval(timer);
  }, [load, enabled]);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const deadline = data?.window.open && data.window.deadline ? Date.parse(data.window.deadline) : null;
  const left = deadline === null ? null : Math.max(0, deadline - (now + skew.current));
  const expired = left === 0;
  useEffect(() => {
    if (expired) void load();
  }, [expired, load]);

  const save = useCallback(
    async (body: object, marker: SelectionState['busy']) => {
      setBusy(marker);
      try {
        const answer = await calls.post<RombelSaveAnswer>(SELECTION_PATHS.rombelSave, { type: kind, student_id: studentId ?? undefined, ...body });
        notify(answer.message, { type: 'success', autoHideDuration: 5000 });
      } catch (failure) {
        notify(messageOf(failure), { type: 'error', autoHideDuration: 5000 });
      } finally {
        setBusy(null);
        await load();
      }
    },
    [calls, kind, studentId, notify, load],
  );

  const toggle = useCallback((offeringId: number, chosen: boolean) => save({ offering_id: offeringId, check: !chosen }, offeringId), [save]);
  const finalize = useCallback(() => save({ last_select: true }, 'final'), [save]);

  return { data, loading, error, busy, left, toggle, finalize };
}
