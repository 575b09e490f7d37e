// The academic home's call (/home-academic, spec 1 §2.1 and §2.3: where every staff user without
// the finance role lands): the school day of the caller at a glance. The server answers it from
// one query module (server/academicHome/academicHomeFigures.ts), narrowed to the caller: their
// own lessons today and their own homeroom classes (a teacher is an employee with a teacher
// record), the permission requests whose turn to decide is theirs; the school's figures only
// for ACADEMIC_HOME_SCHOOL_ROLES. The page is src/pages/academicHome/. No React, no DOM.
// The staff's calendar (/calendar) reads the same events and holidays for a period.
// Dates YYYY-MM-DD in the school's day (src/shared/schoolCalendar.ts), times HH:MM.

import type { Success } from './envelope';
import type { CalendarItem } from './portal';

/** The call path under /api/v1. */
export const ACADEMIC_HOME_PATHS = {
  /** GET → AcademicHomeAnswer. */
  home: 'academic-home',
  /** GET ?date_from=&date_to= (at most CALENDAR_MAX_DAYS apart; default this month) → AcademicCalendarAnswer: the staff's calendar (/calendar). */
  calendar: 'academic-calendar',
} as const;

/** The longest period the calendar call reads: a month's grid of six weeks, and some. */
export const CALENDAR_MAX_DAYS = 62;

/** Who sees the whole school's figures (the academic admin and the foundation). */
export const ACADEMIC_HOME_SCHOOL_ROLES = ['ROLE_ADMIN', 'ROLE_FOUNDATION'] as const;

/** How many days ahead the agenda looks (today included). */
export const AGENDA_DAYS = 14;
/** How many waiting permission requests are listed (the count says how many there are). */
export const APPROVALS_LISTED = 5;

/** Attendance of a set of students on one day: recorded by status, and who has no record yet. */
export interface DayAttendance {
  students: number;
  present: number;
  late: number;
  permission: number;
  sick: number;
  absent: number;
  /** Active students with no daily attendance record that day. */
  unrecorded: number;
}

export interface TodayLesson {
  id: number;
  start_time: string;
  end_time: string;
  class_id: number;
  class_name: string;
  subject: string;
  room: string | null;
  /** How many subject attendance records the lesson has today (0: not taken yet). */
  attendance_taken: number;
}

export interface HomeroomClass extends DayAttendance {
  class_id: number;
  class_name: string;
}

export interface WaitingPermission {
  id: number;
  permission_no: string;
  student_name: string;
  class_name: string;
  reason: string;
  start_date: string;
  end_date: string;
}

export interface SchoolFigures {
  /** Active students, active classes of the active academic year, active teachers. */
  students: number;
  classes: number;
  teachers: number;
  /** Active classes of the active academic year without a first homeroom teacher. */
  classes_without_homeroom: number;
  /** Every active student's daily attendance today. */
  attendance: DayAttendance;
}

export interface AcademicHome {
  /** The school's today. */
  date: string;
  /** The holidays of the active holiday lists that cover today (empty on a school day). */
  holidays: string[];
  /** Today is a Saturday or a Sunday (no school day, holiday or not). */
  weekend: boolean;
  academic_year: string | null;
  semester: string | null;
  /** Whether the caller teaches (has an active teacher record): else `lessons` is empty by nature. */
  is_teacher: boolean;
  /** The caller's lessons today in the active semester's timetable, by start time. */
  lessons: TodayLesson[];
  /** The active classes the caller is a homeroom teacher of (first, second or third), with today's attendance. */
  homeroom: HomeroomClass[];
  /** Permission requests waiting for the caller's decision (their row waits and every earlier one approved). */
  approvals: { count: number; items: WaitingPermission[] };
  /** School events (staff see those not shown to parents too) and holidays from today to AGENDA_DAYS − 1 days ahead. */
  agenda: CalendarItem[];
  /** Only for ACADEMIC_HOME_SCHOOL_ROLES; null for everyone else. */
  school: SchoolFigures | null;
}

export type AcademicHomeAnswer = Success<{ data: AcademicHome }>;

/** Every school event and the active holiday lists' days that touch the period, by start date. */
export type AcademicCalendarAnswer = Success<{ data: CalendarItem[]; date_from: string; date_to: string }>;
