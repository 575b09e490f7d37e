// The leave calls (issue 14; spec 3 §2.3 leave approval detail, §2.9 remaining leave, §3.3
// HR entities, §4 leave states, §7.2 HR and leave): the server answers them (server/hr/), the
// leave pages (src/pages/hrLeave/) ask them. No React, no DOM. Each answer is the v1 envelope
// (./envelope.ts).
//
// Quantities are days or hours in the leave type's unit, as numbers with at most two decimals
// (halves of days, hours and minutes). Dates are YYYY-MM-DD, times HH:MM, moments ISO 8601.
// Identity comes from the session only: an employee asks for their own leave; the approver of
// a row is the login the row names.

import type { Success } from './envelope';

export type LeaveState = 'draft' | 'waiting' | 'approved' | 'rejected';
export type ApproverState = 'waiting' | 'approved' | 'rejected';
export type LeaveKind = 'leave' | 'permission';
export type LeaveUnit = 'day' | 'hour';

/** Who reads every employee's leave (the HR staff and the foundation); others read their own and the requests they approve. */
export const HR_READ_ALL_ROLES = ['ROLE_ADMIN', 'ROLE_FOUNDATION'] as const;

/** The call paths under /api/v1. */
export const HR_PATHS = {
  /** GET LeaveListQuery → LeaveListAnswer; POST LeaveDraftRequest → LeaveDetailAnswer (a new draft of the caller's). */
  leaveRequests: 'hr/leave-requests',
  /** GET hr/leave-requests/{id} → LeaveDetailAnswer; PUT LeaveDraftRequest & { version } (a draft); DELETE (a draft). */
  leaveRequest: 'hr/leave-requests',
  /** POST hr/leave-requests/{id}/send → LeaveDecisionAnswer: Draft → Waiting for Approval. */
  send: 'send',
  /** GET ?id= → LeaveApprovalAnswer (spec 3 §7.2 leave-approval: the detail with the approver grid). */
  leaveApproval: 'leave-approval',
  /** POST LeaveActionRequest → LeaveDecisionAnswer (spec 3 §7.2 leave-send-approval). */
  leaveSendApproval: 'leave-send-approval',
  /** GET ?employee_id=&group= → RemainingLeaveAnswer (spec 3 §2.9; the caller's own without employee_id). */
  remainingLeave: 'hr/remaining-leave',
  /** GET → LeaveTypeOptionsAnswer: the leave types the caller may ask for, with their unit and kind. */
  leaveTypes: 'hr/leave-types',
} as const;

export interface LeaveListQuery {
  /** mine: the caller's own; approvals: the ones the caller approves (any turn); all: everyone's (HR_READ_ALL_ROLES). */
  scope?: 'mine' | 'approvals' | 'all';
  state?: LeaveState;
  page?: number;
  per_page?: number;
}

/** A leave request as spec 3 §3.3 names its fields (school and branch: the school identity's name). */
export interface LeaveRequestRow {
  id: number;
  version: number;
  employee_id: number;
  transaction_no: string;
  transaction_date: string;
  school_name: string;
  branch_name: string;
  employee_name: string;
  academic_year_name: string;
  year: number;
  leave_type_id: number;
  leave_name: string;
  /** spec 3 §3.3 leave_type: leave or permission. */
  leave_type: LeaveKind;
  unit: LeaveUnit;
  quantity: number;
  start_date: string;
  end_date: string;
  start_time: string | null;
  end_time: string | null;
  description: string | null;
  state: LeaveState;
  created_by: string;
  comment: string | null;
  sent_at: string | null;
  decided_at: string | null;
  /** Whether the caller may decide a row of it now (spec 3 §7.2 isApprove). */
  is_approve: boolean;
}

export type LeaveListAnswer = Success<{ data: LeaveRequestRow[]; total: number }>;

/** A draft: the caller's own. Times only for a Permission type (on one day: end_date is start_date). */
export interface LeaveDraftRequest {
  leave_type_id: number;
  start_date: string;
  end_date?: string;
  start_time?: string | null;
  end_time?: string | null;
  description?: string | null;
  version?: number;
}

/** spec 3 §3.3 approver row, with the approver's names for the grid. */
export interface ApproverRow {
  id: number;
  seq: number;
  position: string;
  user_name: string;
  state: ApproverState;
  action_date: string | null;
  reason: string | null;
  /** The caller may approve or reject this row now. */
  is_approve: boolean;
}

export interface LeaveDetail extends LeaveRequestRow {
  approvers: ApproverRow[];
  /** The caller owns it: Send (a draft), edit and delete are theirs. */
  is_owner: boolean;
}

export type LeaveDetailAnswer = Success<{ data: LeaveDetail }>;
export type LeaveApprovalAnswer = Success<{ data: LeaveDetail; isApprove: boolean }>;

/** spec 3 §3.3 approval action payload: the row (approval_id) and the decision; identity from the session. */
export interface LeaveActionRequest {
  approval_id: number;
  state: 'approved' | 'rejected';
  /** Required when rejecting. */
  reason?: string;
}

export type LeaveDecisionAnswer = Success<{ state: LeaveState; message: string; data: LeaveDetail }>;

/** spec 3 §3.3 remaining leave: history_cuti items. */
export interface LeaveHistoryItem {
  leave_date: string;
  /** The request's number, or what the movement was (allocation, carry-over, addition). */
  transaction: string;
  /** The request's state, or the movement's kind. */
  state: LeaveState | 'allocation' | 'carry_over' | 'addition' | 'reversal';
  /** Signed, in the type's unit: + credited, − taken. */
  quantity: number;
}

export interface RemainingLeaveType {
  leave_type_id: number;
  leave_name: string;
  unit: LeaveUnit;
  /** What can still be taken today (sisa cuti), waiting requests not counted; for a type counted per occurrence, what one request may take. */
  sisa_cuti: number;
  /** Days of requests still waiting for approval. */
  waiting: number;
  history_cuti: LeaveHistoryItem[];
}

export interface RemainingLeave {
  employee_id: number;
  employee_name: string;
  ein: string;
  work_unit: string;
  position: string;
  start_working: string | null;
  /** The period shown (the current one unless group names another). */
  period: string;
  list_leave: RemainingLeaveType[];
  /** With group=all: every period the ledger holds, newest first. */
  list_period: Array<{ period: string; list: RemainingLeaveType[] }>;
}

export type RemainingLeaveAnswer = Success<{ data: RemainingLeave }>;

export interface LeaveTypeOption {
  id: number;
  name: string;
  type: LeaveKind;
  unit: LeaveUnit;
  max_qty: number;
  counting_period: 'year' | 'month' | 'occurrence';
}

export type LeaveTypeOptionsAnswer = Success<{ data: LeaveTypeOption[] }>;
