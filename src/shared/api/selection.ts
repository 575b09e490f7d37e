// Subject and interest selection (issue 15 "Selection"; spec 3 §2.4, §2.5, §3.4, §4, §7.3): the
// server answers these calls (server/selection/), the pages /subject-selection and
// /interest-selection (src/pages/selection/) ask them. No React, no DOM. v1 envelope.
//
// Who: a student chooses for themself (the session says who; a student_id they send is
// ignored); an admin (ROLE_ADMIN) chooses on a student's behalf, naming student_id. Anyone else
// gets 403. The window: a subject choice only while the student's major date (its major, level
// and cohort) is open, and within its timeout counted from the student's first visit; an
// extracurricular choice only while the extracurricular settings' window is open.

import type { Success } from './envelope';

export const SELECTION_PATHS = {
  /** GET the filter (department_id, academic_year_id, class_id, subject_id) → data.schedule */
  scheduleTable: 'scheduletable',
  /** GET ?student_id= → the subject cards, grouped (RombelTimeAnswer) */
  rombelTime: 'rombel-time',
  /** POST RombelSaveRequest → RombelSaveAnswer */
  rombelSave: 'rombel-save',
  /** GET ?student_id=&department_id= → the extracurricular cards (ExtTimeAnswer) */
  extTime: 'ext-time',
  /** GET ?q=&department_id= → the students an admin may choose for (admins only) */
  students: 'selection-students',
} as const;

/** Who may choose on a student's behalf. */
export const SELECTION_ADMIN_ROLES: readonly string[] = ['ROLE_ADMIN'];
/** How often an open selection page reads the seats again (ms). */
export const SELECTION_POLL_MS = 5000;

export type SelectionKind = 'subject' | 'extracurricular';

export interface SelectionTime {
  day: 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';
  /** HH:MM */
  time1: string;
  time2: string;
}

/** One card (spec 3 §3.4 schedule/subject card), for an offering. */
export interface SelectionCard {
  /** The offering's id: what rombel-save names. */
  id: number;
  name: string;
  /** Subject cards: the major's name; extracurricular cards: the unit's. */
  description: string;
  major_id: number | null;
  subject_group_id: number | null;
  group_name: string;
  department_id: number;
  department_name: string;
  set_color: string;
  font_color: string;
  timeList: SelectionTime[];
  /** Seats taken. */
  already: number;
  capacity: number;
  /** already / capacity in whole percent (100 when the capacity is 0). */
  persen: number;
  /** This student holds a seat. */
  chosen: boolean;
}

/** The student's window and where their choice stands. */
export interface SelectionWindow {
  /** Choosing is possible now (inside the window, before the time limit, not yet final). */
  open: boolean;
  /** ISO date-times; null when the student has no window. */
  start: string | null;
  end: string | null;
  /** When this student's time runs out (the earlier of the window's end and their time limit). */
  deadline: string | null;
  /** The server's clock, so the countdown does not trust the browser's. */
  now: string;
  /** Minutes per sitting (major date timeout, or the extracurricular setting's). */
  timeout: number | null;
  finalized_at: string | null;
  /** Why choosing is closed: 'none' (no window), 'before', 'after', 'timeout', 'final'. */
  closed_reason: 'none' | 'before' | 'after' | 'timeout' | 'final' | null;
  /** What the final choice needs: subjects (the major's minimums) or extracurriculars (fewest, most). */
  min_major: number;
  min_cross: number;
  min_choices: number;
  max_choices: number | null;
  chosen_major: number;
  chosen_cross: number;
  chosen_total: number;
}

export interface SelectionStudent {
  id: number;
  nis: string;
  name: string;
  department_id: number;
  class_name: string | null;
  major_id: number | null;
}

export interface RombelTimeData {
  data: SelectionCard[];
  /** The majors in order, the student's own first. */
  major: { id: number; description: string; own: boolean }[];
  /** The subject groups in their sorting order. */
  subjectGroup: { id: number; group_name: string }[];
  /** The groups that hold cards: [major_id, subject_group_id], in the order to draw. */
  group: { major_id: number; subject_group_id: number }[];
  window: SelectionWindow;
  student: SelectionStudent;
}
export type RombelTimeAnswer = Success<RombelTimeData>;

export interface ExtTimeData {
  data: SelectionCard[];
  department: { id: number; department_name: string }[];
  group: { department_id: number }[];
  window: SelectionWindow;
  student: SelectionStudent;
}
export type ExtTimeAnswer = Success<ExtTimeData>;

/** POST rombel-save: choose (check true) or give back (check false) a seat, or make the choice final. */
export interface RombelSaveRequest {
  /** Admins: whose choice; students: ignored. */
  student_id?: number;
  type: SelectionKind;
  /** The offering (a card's id); not needed with last_select. */
  offering_id?: number;
  check?: boolean;
  /** Make the choice final: refused until the minimums hold. */
  last_select?: boolean;
}

export interface RombelSaveData {
  /** The offering's seats after the save. */
  already: number | null;
  capacity: number | null;
  /** The offerings the student now holds. */
  chosen: number[];
  finalized_at: string | null;
}
export type RombelSaveAnswer = Success<RombelSaveData & { message: string }>;

/** Why rombel-save refused (the answer's `reason`, beside its message). */
export type SelectionRefusal = 'full' | 'clash' | 'closed' | 'timeout' | 'final' | 'minimum' | 'maximum' | 'unknownOffering' | 'notAllowed';

export interface ScheduleRow {
  id: number;
  day: string;
  time1: string;
  time2: string;
  class_id: number;
  class_name: string;
  subject_id: number;
  subject_name: string;
  teacher_id: number;
}
export type ScheduleTableAnswer = Success<{ data: { schedule: ScheduleRow[] } }>;

export type SelectionStudentsAnswer = Success<{ data: SelectionStudent[] }>;

/** The capacity bar's colour (spec 3 §4, §9: thresholds 0, 50, 80, 100). */
export type BarColour = 'grey' | 'green' | 'yellow' | 'red';

export function barColour(persen: number): BarColour {
  if (persen <= 0) return 'grey';
  if (persen <= 50) return 'green';
  if (persen <= 80) return 'yellow';
  return 'red';
}

/** Seats taken in whole percent, rounded down, so 29 of 30 is 96 and only a full card is 100. */
export function persenOf(already: number, capacity: number): number {
  if (capacity <= 0) return 100;
  return Math.min(100, Math.floor((already * 100) / capacity));
}

/** The card is grey (spec 3 §2.4): its fill is 100 percent. */
export const isFull = (card: Pick<SelectionCard, 'already' | 'capacity'>): boolean => card.already >= card.capacity;
