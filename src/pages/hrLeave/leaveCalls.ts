// The leave pages' calls (contract: src/shared/api/hr.ts) through the app's page call hook
// (src/app/pageCalls.ts): the lists, one request, the leave types, remaining leave.

import { useCallback, useEffect, useState } from 'react';
import { messageOf, usePageCalls } from '../../app/pageCalls';
import {
  HR_PATHS,
  type LeaveDetail,
  type LeaveDetailAnswer,
  type LeaveListAnswer,
  type LeaveListQuery,
  type LeaveRequestRow,
  type LeaveTypeOption,
  type LeaveTypeOptionsAnswer,
  type RemainingLeave,
  type RemainingLeaveAnswer,
} from '../../shared/api/hr';

export { fieldErrorsOf, messageOf, usePageCalls } from '../../app/pageCalls';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  reload: () => void;
}

/** One GET, again on reload; null while it runs the first time. */
function useLoaded<T>(load: (() => Promise<T>) | null): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null }>({ data: null, error: null });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!load) {
      setState({ data: null, error: null });
      return;
    }
    let live = true;
    load().then(
      (data) => live && setState({ data, error: null }),
      (error: unknown) => live && setState({ data: null, error: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [load, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}

export function useLeaveList(query: LeaveListQuery): Loaded<{ rows: LeaveRequestRow[]; total: number }> {
  const calls = usePageCalls();
  const key = JSON.stringify(query);
  const load = useCallback(
    () => calls.get<LeaveListAnswer>(HR_PATHS.leaveRequests, JSON.parse(key) as Record<string, string | number>).then((answer) => ({ rows: answer.data, total: answer.total })),
    [calls, key],
  );
  return useLoaded(load);
}

export function useLeaveDetail(id: number | null): Loaded<LeaveDetail> {
  const calls = usePageCalls();
  const load = useCallback(() => calls.get<LeaveDetailAnswer>(`${HR_PATHS.leaveRequest}/${String(id)}`).then((answer) => answer.data), [calls, id]);
  return useLoaded(id === null ? null : load);
}

export function useLeaveTypes(): Loaded<LeaveTypeOption[]> {
  const calls = usePageCalls();
  const load = useCallback(() => calls.get<LeaveTypeOptionsAnswer>(HR_PATHS.leaveTypes).then((answer) => answer.data), [calls]);
  return useLoaded(load);
}

/** Remaining leave (spec 3 §2.9) of an employee (the caller's own without one); `group` 'all' adds every period. */
export function useRemainingLeave(open: boolean, employeeId: number | null, group: 'all' | 'current'): Loaded<RemainingLeave> {
  const calls = usePageCalls();
  const load = useCallback(
    () => calls.get<RemainingLeaveAnswer>(HR_PATHS.remainingLeave, { employee_id: employeeId ?? undefined, group: group === 'all' ? 'all' : undefined }).then((answer) => answer.data),
    [calls, employeeId, group],
  );
  return useLoaded(open ? load : null);
}
