// Student permission requests (issue 14; spec 1 §2.7 /permissions, /permission/{id}; §3
// permission request: permission_no, type, date1, date2, description, remarks, file, state;
// §4 tr_permission opens /permission/{id}): a parent asks for their child, the homeroom
// teacher decides, through the same declared workflow as leave (server/workflow/). The
// server answers them (server/permissions/), the permission pages (src/pages/permissions/)
// ask them. No React, no DOM.

import type { Success } from './envelope';
import type { ApproverRow, LeaveState } from './hr';

export const PERMISSION_PATHS = {
  /** GET ?page=&per_page=&state= → PermissionListAnswer; POST PermissionRequestBody → PermissionDetailAnswer (made and sent). */
  permissions: 'permission-requests',
  /** GET permission-requests/{id} → PermissionDetailAnswer. */
  permission: 'permission-requests',
  /** POST PermissionActionRequest → PermissionDetailAnswer. */
  decide: 'permission-requests/decide',
  /** GET → { data: [{ id, name }] }: the caller's children (a parent) to ask for. */
  children: 'permission-requests/children',
  /** GET → { data: [{ id, name }] }: the permission reasons (types) that are active. */
  reasons: 'permission-requests/reasons',
} as const;

export interface PermissionRow {
  id: number;
  permission_no: string;
  student_id: number;
  student_name: string;
  class_name: string;
  type: string;
  start_date: string;
  end_date: string;
  description: string;
  remarks: string | null;
  file: { src: string; title: string } | null;
  state: LeaveState;
  comment: string | null;
  created_at: string;
  is_approve: boolean;
}

export interface PermissionDetail extends PermissionRow {
  approvers: ApproverRow[];
}

export type PermissionListAnswer = Success<{ data: PermissionRow[]; total: number }>;
export type PermissionDetailAnswer = Success<{ data: PermissionDetail; message?: string }>;

/** A parent's request for one child; `file` as a data: URL with its name (a doctor's letter). */
export interface PermissionRequestBody {
  student_id: number;
  permission_reason_id: number;
  start_date: string;
  end_date: string;
  description: string;
  remarks?: string;
  file?: { data: string; title: string };
}

export interface PermissionActionRequest {
  approval_id: number;
  state: 'approved' | 'rejected';
  reason?: string;
}

export type ChoiceAnswer = Success<{ data: Array<{ id: number; name: string }> }>;
