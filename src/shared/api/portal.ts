// The parent and student portals' calls (issue 15; spec 2 §2.5, §3 "Parent dashboard rows", §7
// "Parent dashboard calls"; spec 3 §2.6–§2.8, §3.4, §4): the server answers them (server/portal/),
// the portal pages (src/pages/parentPortal/, src/pages/studentPortal/) ask them. No React, no DOM.
//
// Whose data: the server's business alone. A parent sees their own children (the parent
// account's student_ids), a student themself; ids the caller sends (student_id, a record's id)
// only narrow within that, and an id of someone else's answers nothing (a list) or 404 (a
// detail). Staff get 403: their screens are the schema lists and the finance pages.
//
// Money: whole rupiah as JSON integers. Dates `YYYY-MM-DD`, times `HH:mm`.

import type { Success } from './envelope';
import type { Money } from './finance';
import { addDays } from '../schoolCalendar';

/** The call paths under /api/v1 (the names of spec 2 §7 where it gives one). */
export const PORTAL_PATHS = {
  /** GET → ChildrenAnswer: the caller's children (a student: themself). */
  children: 'parent-children',
  /** GET WeekQuery → WeekAnswer: each child's days from firstWeek to lastWeek (the home's weekly attendance). */
  week: 'getreportdailyparentoneweek',
  /** GET PeriodQuery → DailyAttendanceAnswer (/parent/attendance/daily-attendance). */
  daily: 'reportattendancedaily-parent',
  /** GET attendance-detail-parent/{id} → AttendanceDetailAnswer (spec 3 §2.8). */
  attendanceDetail: 'attendance-detail-parent',
  /** GET PeriodQuery → SubjectAttendanceAnswer (/parent/attendance/subject-attendance). */
  subject: 'attendancelist-parent',
  /** GET InvoiceQuery → InvoiceRowsAnswer: invoices (outstanding ones unless selectinv=all). */
  invoices: 'invoicetransaction-parent',
  /** GET invoice-detail-parent/{id} → InvoiceDetailAnswer (spec 3 §2.7). */
  invoiceDetail: 'invoice-detail-parent',
  /** GET PeriodQuery → PaymentRowsAnswer: what each payment settled, per invoice. */
  payments: 'paymenttransaction-parent',
  /** GET payment-detail-parent/{id} (a payment row's id) → PaymentDetailAnswer (spec 3 §2.6). */
  paymentDetail: 'payment-detail-parent',
  /** GET PeriodQuery → WaiverRowsAnswer. */
  waivers: 'waivertransaction-parent',
  /** GET ChildQuery → ScheduleAnswer: each child's class timetable. */
  schedule: 'schedule-portal',
  /** GET PeriodQuery → CalendarAnswer: school events and holidays of the children's units. */
  calendar: 'calendar-portal',
  /** GET ChildQuery → AcademicAnswer: class, homeroom teacher, year, semester, subjects with KKM. */
  academic: 'academic-portal',
  /** GET ChildQuery → CourseworkAnswer: the lesson plans of the child's class. */
  coursework: 'coursework-portal',
  /** GET DailyReportQuery → DailyReportAnswer: staff's per-student counts (/reportattendancedaily). */
  dailyReport: 'reportattendancedaily',
  /** GET → ContactAnswer: the school's number for the theme in use (setting_general). */
  contact: 'contact-us',
} as const;

/** spec 2 §2.5: the contact-us pop-up's number depends on the theme (two themes, a number each). */
export type ContactAnswer = Success<{ data: { theme: 'cc' | 'kokoro'; phone: string | null } }>;

/** Narrows to one child (one of the caller's own; anybody else's gives nothing). */
export interface ChildQuery {
  student_id?: number;
}

/** A period, both ends included; the end not before the start (422 otherwise). */
export interface PeriodQuery extends ChildQuery {
  date_from?: string;
  date_to?: string;
}

/** The home's week: spec 2 §9, 6 days back to 1 day ahead by default. */
export interface WeekQuery extends ChildQuery {
  firstWeek?: string;
  lastWeek?: string;
}

export interface InvoiceQuery extends PeriodQuery {
  /** `all`: every published invoice; otherwise only those still owing. */
  selectinv?: 'all' | 'outstanding';
}

export interface Child {
  id: number;
  /** The child's name (spec 2 §3 "Child: label"). */
  label: string;
  nis: string;
  department_id: number;
  departname: string | null;
  class_id: number | null;
  classname: string | null;
}
export type ChildrenAnswer = Success<{ data: Child[] }>;

/** spec 2 §3, spec 3 §4: the stored statuses. */
export type AttendanceStatus = 'Hadir' | 'Izin' | 'Sakit' | 'Alpa';

/**
 * One day of a child's week (spec 2 §3 "Weekly attendance row"). A school day without a record
 * has status null; a Saturday or Sunday without one is an off day (ket_hri 'Sunday'/'Saturday').
 */
export interface WeekDay {
  /** The daily attendance record's id, null when there is none (an off day, no record yet). */
  id: number | null;
  date: string;
  status: AttendanceStatus | null;
  /** The weekday in English (v1's ket_hri): 'Sunday' means an off day. */
  ket_hri: string;
  off_day: boolean;
  /** Minutes late (v1's late_check: 1 or more styles the row as a problem). */
  late_check: number;
  /** Check-in time (v1's jam). */
  jam: string | null;
  jam_akhir: string | null;
  is_special: boolean;
  /** The special day's note, or why the child was away. */
  ket: string | null;
  name_siswa: string;
}

export interface ChildWeek {
  student_id: number;
  student_name: string;
  data: WeekDay[];
}
export type WeekAnswer = Success<{ data: ChildWeek[]; firstWeek: string; lastWeek: string }>;

/** spec 3 §3.4 "Parent attendance counts". */
export interface AttendanceCounts {
  present: number;
  permission: number;
  sick: number;
  absent: number;
  /** Present but late. */
  tardy: number;
}

export interface DailyRow {
  id: number;
  student_id: number;
  name_siswa: string;
  date: string;
  status: AttendanceStatus;
  jam: string | null;
  jam_akhir: string | null;
  late_check: number;
  is_special: boolean;
  ket: string | null;
}
export interface ChildDaily {
  student_id: number;
  student_name: string;
  counts: AttendanceCounts;
  rows: DailyRow[];
}
export type DailyAttendanceAnswer = Success<{ data: ChildDaily[]; date_from: string; date_to: string }>;

export interface Lesson {
  subject: string;
  time1: string;
  time2: string;
  status: AttendanceStatus | null;
}
/** spec 3 §2.8 and §3.4 "Attendance detail". */
export interface AttendanceDetail {
  id: number;
  nis: string;
  name_siswa: string;
  name_class: string | null;
  name_department: string | null;
  date: string;
  ket: string | null;
  ket_hri: string;
  status: AttendanceStatus;
  late_check: number;
  is_special: boolean;
  jam: string | null;
  jam_akhir: string | null;
  /** The unit's school time that weekday (null when none is set). */
  start_school: string | null;
  end_school: string | null;
  semua_pelajaran: Lesson[];
}
export type AttendanceDetailAnswer = Success<{ data: AttendanceDetail }>;

export interface SubjectRow {
  id: number;
  date: string;
  subject: string;
  time1: string;
  time2: string;
  status: AttendanceStatus;
  note: string | null;
}
export interface ChildSubjects {
  student_id: number;
  student_name: string;
  counts: Omit<AttendanceCounts, 'tardy'>;
  rows: SubjectRow[];
}
export type SubjectAttendanceAnswer = Success<{ data: ChildSubjects[]; date_from: string; date_to: string }>;

/** spec 2 §3 "Invoice row". */
export interface PortalInvoiceRow {
  id: number;
  student_id: number;
  name_siswa: string;
  invoice_no: string;
  income_type_name: string;
  income_value: Money;
  outstanding: Money;
  invoice_date: string;
  due_date: string;
}
export interface ChildInvoices {
  student_id: number;
  student_name: string;
  total_outstanding: Money;
  rows: PortalInvoiceRow[];
}
export type InvoiceRowsAnswer = Success<{ data: ChildInvoices[] }>;

/** spec 2 §3 "Invoice detail modal", spec 3 §2.7. */
export interface PortalInvoiceDetail extends PortalInvoiceRow {
  nis: string;
  departname: string | null;
  classname: string | null;
  va_no: string | null;
  discount: Money;
  paid: Money;
  waived: Money;
  penalty: Money;
  remarks: string | null;
}
export type InvoiceDetailAnswer = Success<{ data: PortalInvoiceDetail }>;

/**
 * spec 2 §3 "Payment row": one invoice a payment settled (a payment of two invoices is two rows),
 * or a payment's deposit (no invoice). `id` is the row's own (payment detail).
 */
export interface PortalPaymentRow {
  id: string;
  payment_id: number;
  student_id: number;
  name_siswa: string;
  payment_no: string;
  income_type_name: string | null;
  invoice_no: string | null;
  /** What this payment put on this invoice. */
  payment_value: Money;
  /** The invoice's value after discount and waivers (what was billed). */
  income_value: Money;
  /** What the invoice still owes now. */
  outstanding: Money;
  payment_date: string;
  due_date: string | null;
  transaction_type_code: 'Payment';
}
export interface ChildPayments {
  student_id: number;
  student_name: string;
  total_paid: Money;
  rows: PortalPaymentRow[];
}
export type PaymentRowsAnswer = Success<{ data: ChildPayments[] }>;

/** spec 2 §3 "Payment detail modal", spec 3 §2.6. */
export interface PortalPaymentDetail extends PortalPaymentRow {
  nis: string;
  departname: string | null;
  classname: string | null;
  va_no: string | null;
  /** The payment's journal type (v1's journalname), else how it came in. */
  journalname: string;
  invoice_date: string | null;
  /** The whole payment's amount (a payment may settle several invoices). */
  payment_amount: Money;
  remarks: string | null;
}
export type PaymentDetailAnswer = Success<{ data: PortalPaymentDetail }>;

export interface PortalWaiverRow {
  id: number;
  student_id: number;
  name_siswa: string;
  waiver_no: string;
  waiver_date: string;
  invoice_no: string;
  income_type_name: string;
  amount: Money;
  reason: string | null;
}
export interface ChildWaivers {
  student_id: number;
  student_name: string;
  rows: PortalWaiverRow[];
}
export type WaiverRowsAnswer = Success<{ data: ChildWaivers[] }>;

export interface ScheduleRow {
  id: number;
  day: string;
  start_time: string;
  end_time: string;
  subject: string;
  teacher: string | null;
  room: string | null;
}
export interface ChildSchedule {
  student_id: number;
  student_name: string;
  classname: string | null;
  rows: ScheduleRow[];
}
export type ScheduleAnswer = Success<{ data: ChildSchedule[] }>;

export interface CalendarItem {
  kind: 'event' | 'holiday';
  name: string;
  start_date: string;
  end_date: string;
  start_time: string | null;
  end_time: string | null;
  location: string | null;
  color: string | null;
}
export type CalendarAnswer = Success<{ data: CalendarItem[]; date_from: string; date_to: string }>;

export interface AcademicSubject {
  code: string;
  name: string;
  kkm: number | null;
  lessons_per_week: number;
}
export interface ChildAcademic {
  student_id: number;
  student_name: string;
  nis: string;
  departname: string | null;
  classname: string | null;
  academic_year: string | null;
  semester: string | null;
  homeroom_teacher: string | null;
  subjects: AcademicSubject[];
}
export type AcademicAnswer = Success<{ data: ChildAcademic[] }>;

export interface CourseworkRow {
  id: number;
  lesson_date: string | null;
  subject: string | null;
  topic: string;
  meeting: number | null;
  teacher: string | null;
}
export interface ChildCoursework {
  student_id: number;
  student_name: string;
  rows: CourseworkRow[];
}
export type CourseworkAnswer = Success<{ data: ChildCoursework[] }>;

/** spec 2 §4: how a weekly attendance row is coloured. */
export type StatusTone = 'present' | 'leave' | 'absent' | 'off' | 'none';
export function statusTone(status: AttendanceStatus | null, offDay: boolean): StatusTone {
  if (status === 'Hadir') return 'present';
  if (status === 'Izin' || status === 'Sakit') return 'leave';
  if (status === 'Alpa') return 'absent';
  return offDay ? 'off' : 'none';
}

/** spec 2 §4 "Invoice row": overdue when the due date is not after today. */
export function invoiceOverdue(dueDate: string, today: string): boolean {
  return dueDate <= today;
}

/** spec 2 §4 "Payment row": its style. */
export type PaymentTone = 'paid' | 'partial' | 'unpaid' | 'late';
export function paymentTone(row: Pick<PortalPaymentRow, 'payment_value' | 'income_value' | 'outstanding' | 'payment_date' | 'due_date'>): PaymentTone {
  if (row.payment_value === 0) return 'unpaid';
  if (row.due_date !== null && row.payment_date > row.due_date) return 'late';
  if (row.outstanding === 0) return 'paid';
  return 'partial';
}

/** The dates of the home's week (spec 2 §9): 6 days back to 1 day ahead of `today`. */
export function defaultWeek(today: string): { firstWeek: string; lastWeek: string } {
  return { firstWeek: addDays(today, -6), lastWeek: addDays(today, 1) };
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export function weekdayOf(date: string): (typeof WEEKDAYS)[number] {
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

/** Who reads the staff attendance report (the attendance records' readers). */
export const ATTENDANCE_REPORT_ROLES = ['ROLE_ADMIN', 'ROLE_TEACHER', 'ROLE_FOUNDATION'] as const;

export interface DailyReportQuery {
  class_id?: number;
  department_id?: number;
  date_from?: string;
  date_to?: string;
}

/** One student's days in the period (spec 3 §3.4 counts), for /reportattendancedaily. */
export interface DailyReportRow extends AttendanceCounts {
  student_id: number;
  nis: string;
  name: string;
  classname: string | null;
  /** Days with a record. */
  days: number;
  late_minutes: number;
}
export type DailyReportAnswer = Success<{ data: DailyReportRow[]; date_from: string; date_to: string }>;
