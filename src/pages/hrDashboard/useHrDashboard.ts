// The HR dashboard's state and calls (contract: src/shared/api/hrDashboard.ts) through the app's
// page call hook: the leave lists, the personal panel and the others' remaining leave, the leave
// history, and for HR (HR_DASHBOARD_ALL_ROLES) the expiry lists. Which request or employee's
// dialog is open is kept here too; HrDashboardPage draws.

import { useCallback, useEffect, useState } from 'react';
import { usePermissions } from 'react-admin';
import { messageOf, usePageCalls } from '../../app/pageCalls';
import {
  HR_DASHBOARD_ALL_ROLES,
  HR_DASHBOARD_PATHS,
  type ExpiredEmployee,
  type ExpiredEmployeeAnswer,
  type HrLeaveEmployee,
  type HrLeaveEmployeeAnswer,
  type LeaveHistoryAnswer,
  type LeaveHistoryRow,
  type LeaveNotif,
  type LeaveNotifAnswer,
} from '../../shared/api/hrDashboard';

export const HISTORY_PER_PAGE = 10;

export interface Loaded<T> {
  data: T | null;
  error: string | null;
}

export function useHrDashboard() {
  const calls = usePageCalls();
  const { permissions } = usePermissions<string[]>();
  const roles = Array.isArray(permissions) ? permissions : [];
  const hr = roles.some((role) => (HR_DASHBOARD_ALL_ROLES as readonly string[]).includes(role));
  const [tick, setTick] = useState(0);
  const [historyPage, setHistoryPage] = useState(0);
  const [notif, setNotif] = useState<Loaded<LeaveNotif>>({ data: null, error: null });
  const [employee, setEmployee] = useState<Loaded<HrLeaveEmployee>>({ data: null, error: null });
  const [history, setHistory] = useState<Loaded<{ rows: LeaveHistoryRow[]; total: number }>>({ data: null, error: null });
  const [expired, setExpired] = useState<Loaded<ExpiredEmployee>>({ data: null, error: null });
  const [openLeave, setOpenLeave] = useState<number | null>(null);
  // undefined: closed; null: the caller's own; a number: that employee's.
  const [remainingOf, setRemainingOf] = useState<number | null | undefined>(undefined);

  useEffect(() => {
    let live = true;
    const load = <T>(call: () => Promise<T>, set: (value: Loaded<T>) => void) =>
      call().then(
        (data) => live && set({ data, error: null }),
        (error: unknown) => live && set({ data: null, error: messageOf(error) }),
      );
    void load(() => calls.get<LeaveNotifAnswer>(HR_DASHBOARD_PATHS.leaveNotif, { is_all: hr ? 'true' : undefined }).then((a) => a.data), setNotif);
    void load(() => calls.get<HrLeaveEmployeeAnswer>(HR_DASHBOARD_PATHS.leaveEmployee).then((a) => a.data), setEmployee);
    if (hr) void load(() => calls.get<ExpiredEmployeeAnswer>(HR_DASHBOARD_PATHS.expiredEmployee).then((a) => a.data), setExpired);
    return () => {
      live = false;
    };
  }, [calls, hr, tick]);

  useEffect(() => {
    let live = true;
    calls.get<LeaveHistoryAnswer>(HR_DASHBOARD_PATHS.leaveHistory, { page: historyPage + 1, per_page: HISTORY_PER_PAGE }).then(
      (a) => live && setHistory({ data: { rows: a.data, total: a.total }, error: null }),
      (error: unknown) => live && setHistory({ data: null, error: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [calls, historyPage, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { hr, notif, employee, history, expired, historyPage, setHistoryPage, openLeave, setOpenLeave, remainingOf, setRemainingOf, reload };
}
