// The HR dashboard's calls (issue 14; spec 3 §2.2 /home-hrd, §3.1 HR dashboard data, §7.2 the
// calls under their names): the server answers them from one query module
// (server/hr/dashboard/hrDashboardFigures.ts), the page (src/pages/hrDashboard/) draws them.
// No React, no DOM. Identity comes from the session only; quantities are days or hours in the
// leave type's unit (at most two decimals); dates YYYY-MM-DD.

import type { Success } from './envelope';
import type { LeaveState, LeaveUnit } from './hr';

/** The call paths under /api/v1 (spec 3 §7.2 names). */
export const HR_DASHBOARD_PATHS = {
  /** GET ?is_all= → LeaveNotifAnswer: Need Approve, Accepted and Rejected. */
  leaveNotif: 'get-leave-notif',
  /** GET ?employee_id= → LeaveHistoryAnswer: the leave history table (the caller's own without employee_id). */
  leaveHistory: 'get-leave-history',
  /** GET → HrLeaveEmployeeAnswer: the personal panel and the others' remaining leave. */
  leaveEmployee: 'hrleave-employee',
  /** GET → ExpiredEmployeeAnswer: contracts and documents expired or expiring (HR only). */
  expiredEmployee: 'get-list-expired-employee',
} as const;

/** Who sees every employee on the dashboard and the expiry lists (the HR staff and the foundation). */
export const HR_DASHBOARD_ALL_ROLES = ['ROLE_ADMIN', 'ROLE_FOUNDATION'] as const;

/** How many items a dashboard list shows (the count says how many there are). */
export const DASHBOARD_LIST_LIMIT = 10;

/** spec 3 §3.1 HR dashboard: transaction_no, employee_name, info, state. */
export interface DashboardLeaveItem {
  id: number;
  transaction_no: string;
  employee_name: string;
  leave_name: string;
  start_date: string;
  end_date: string;
  quantity: number;
  unit: LeaveUnit;
  state: LeaveState;
  /** The description, or the rejection's reason once rejected. */
  info: string;
  decided_at: string | null;
}

export interface DashboardList<T> {
  /** How many there are in all. */
  count: number;
  /** The newest DASHBOARD_LIST_LIMIT of them. */
  items: T[];
}

export interface LeaveNotif {
  /** Requests whose turn is the caller's (their approver row waits and every earlier row is approved). */
  needApprove: DashboardList<DashboardLeaveItem>;
  /** Approved requests: the caller's own, or everyone's with is_all (HR). */
  accepted: DashboardList<DashboardLeaveItem>;
  rejected: DashboardList<DashboardLeaveItem>;
  /** Whether the lists are everyone's. */
  is_all: boolean;
}

export type LeaveNotifAnswer = Success<{ data: LeaveNotif }>;

/** spec 3 §2.2 leave history table: date, remarks, status. */
export interface LeaveHistoryRow {
  id: number;
  transaction_no: string;
  date: string;
  end_date: string;
  leave_name: string;
  remarks: string;
  quantity: number;
  unit: LeaveUnit;
  state: LeaveState;
}

export type LeaveHistoryAnswer = Success<{ data: LeaveHistoryRow[]; total: number }>;

/** spec 3 §3.1 list_leave: a type and what is left of it (sisa cuti) in its current period. */
export interface LeaveLeft {
  leave_type_id: number;
  leave_name: string;
  unit: LeaveUnit;
  period: string;
  sisa_cuti: number;
}

/** The personal panel (spec 3 §2.2): admins get no EIN, work unit, e-mail or remaining leave. */
export interface PersonalPanel {
  employee_id: number | null;
  name: string;
  /** The employee's photo as a file URL, or null. */
  photo: string | null;
  position_name: string;
  ein: string | null;
  satker_name: string | null;
  email: string | null;
  start_working: string | null;
  /** The current year, shown with the remaining leave. */
  year: number;
  list_leave: LeaveLeft[] | null;
}

export interface OtherEmployeeLeave {
  employee_id: number;
  employee_name: string;
  ein: string;
  work_unit: string;
  position: string;
  list_leave: LeaveLeft[];
}

export interface HrLeaveEmployee {
  panel: PersonalPanel;
  /** Employees whose leave the caller approves (everyone for HR), only when there are 2 or more (spec 3 §9). */
  others: OtherEmployeeLeave[];
  others_total: number;
}

export type HrLeaveEmployeeAnswer = Success<{ data: HrLeaveEmployee }>;

export interface ExpiringEmployee {
  employee_id: number;
  employee_name: string;
  ein: string;
  work_unit: string;
  date: string;
  /** Days from today: negative once past. */
  days: number;
}

export interface ExpiringDocument extends ExpiringEmployee {
  /** passport or certificate. */
  document: 'passport' | 'certificate';
  /** The passport number or the training's name. */
  title: string;
}

export interface ExpiredEmployee {
  days_before_contract_end: number;
  days_before_document_expiry: number;
  dataExpired: DashboardList<ExpiringEmployee>;
  dataExpiring: DashboardList<ExpiringEmployee>;
  dataDocExpired: DashboardList<ExpiringDocument>;
  dataDocExpiring: DashboardList<ExpiringDocument>;
}

export type ExpiredEmployeeAnswer = Success<{ data: ExpiredEmployee }>;
