// The leave summary's call (issue 14: /leave-summary): leave granted, taken and left per
// employee and leave type in one year, from the leave ledger (schemas/leave_ledger.yaml).
// Served by server/hr/summary/; drawn by src/pages/hrLeaveSummary/. HR only
// (HR_DASHBOARD_ALL_ROLES); anyone else gets 403.

import type { LeaveUnit } from './hr';

export const LEAVE_SUMMARY_PATHS = {
  /** GET ?year=&work_unit_id=&leave_type_id=&q=&page=&per_page= → LeaveSummaryAnswer. */
  summary: 'leave-summary',
  /** GET the same filters → the XLSX file of every row. */
  export: 'leave-summary/export',
} as const;

export interface LeaveSummaryRow {
  employee_id: number;
  employee_name: string;
  ein: string;
  work_unit: string;
  position: string;
  leave_type_id: number;
  leave_name: string;
  unit: LeaveUnit;
  /** Allocations, carry-over and additions (less their reversals) in the year's periods. */
  granted: number;
  /** Approved leave taken in the year's periods. */
  taken: number;
  /**
   * What was granted and neither taken nor left: lots lapsed unused by the reference day (a
   * carry-over past its expiry, the past periods of a monthly type). granted − taken − lapsed = left.
   */
  lapsed: number;
  /** What can still be taken on the reference day (the year's last day, or today in the current year), in the period holding it. */
  left: number;
}

export interface LeaveSummaryTotals {
  granted: number;
  taken: number;
  lapsed: number;
  left: number;
}

export interface LeaveSummaryFilters {
  year: number;
  work_unit_id?: number;
  leave_type_id?: number;
  q?: string;
}

export interface LeaveSummaryAnswer {
  success: boolean;
  message?: string;
  data: LeaveSummaryRow[];
  total: number;
  /** Sums over every row the filters find, per unit (days and hours are not added together). */
  totals: Record<LeaveUnit, LeaveSummaryTotals>;
  /** The day `left` is counted on. */
  on: string;
}
