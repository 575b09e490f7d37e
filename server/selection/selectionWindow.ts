// When a student may choose (issue 15 "Who chooses"). Subjects: the major date (major_date) of
// the student's class (its major, level and cohort) whose days hold today, from the first
// day's 00:00 to the last day's 24:00 in the school's time (WIB, UTC+7), and for a student no
// longer than its timeout counted from their first visit. Extracurriculars: the extracurricular
// settings' selection_start to selection_end, and time_limit_minutes likewise. An admin
// choosing on a student's behalf is held to the window, not to the student's time limit. A final
// choice no longer changes.

import type { SelectionWindow } from '../../src/shared/api/selection';
import { schoolDayStart } from '../../src/shared/schoolCalendar';
import type { Db } from '../db/database';
import { typedDb } from '../db/typedDb';
import type { StudentInfo, SittingRow } from './selectionReads';

export interface Window {
  start: Date;
  end: Date;
  /** Minutes a student has from their first visit; null for no limit. */
  timeout: number | null;
  min_major: number;
  min_cross: number;
  min_choices: number;
  max_choices: number | null;
  allow_change: boolean;
  allow_over_capacity: boolean;
}

// The dates of major_date are days in Jakarta: a window runs from its first day's 00:00 to its last day's 24:00 there.
const endOfDay = (date: string): Date => new Date(schoolDayStart(date).getTime() + 24 * 60 * 60 * 1000);

/** A major date of the student's class, with its major's minimums (a row of subjectWindowRows). */
export interface SubjectWindowRow {
  start_date: string | null;
  end_date: string | null;
  timeout: number | null;
  min_major_subject: number | null;
  min_cross_subject: number | null;
}

/** The extracurricular settings a window is made of (the first settings row). */
export interface ExtracurricularSettingRow {
  selection_start: string | null;
  selection_end: string | null;
  time_limit_minutes: number | null;
  min_choices: number | null;
  max_choices: number | null;
  allow_change: boolean | null;
  allow_over_capacity: boolean | null;
}

/** The major dates of the class a student is in (its major, level and cohort), earliest first. */
export function subjectWindowRows(db: Db, studentId: number) {
  return typedDb(db)
    .selectFrom('major_date')
    .innerJoin('major', 'major.id', 'major_date.major_id')
    .innerJoin('class', (join) =>
      join
        .onRef('class.major_id', '=', 'major_date.major_id')
        .onRef('class.level_id', '=', 'major_date.level_id')
        .onRef('class.academic_batch_id', '=', 'major_date.academic_batch_id'),
    )
    .innerJoin('student', 'student.class_id', 'class.id')
    .select(['major_date.start_date', 'major_date.end_date', 'major_date.timeout', 'major.min_major_subject', 'major.min_cross_subject'])
    .where('student.id', '=', studentId)
    .orderBy('major_date.start_date');
}

/** The extracurricular settings' row a window is made of. */
export function extracurricularSettingRow(db: Db) {
  return typedDb(db)
    .selectFrom('setting_extracurricular')
    .select(['selection_start', 'selection_end', 'time_limit_minutes', 'min_choices', 'max_choices', 'allow_change', 'allow_over_capacity'])
    .orderBy('id')
    .limit(1);
}

/** The subject window of a student's major dates (subjectWindowRows): the one open now, else the next, else the last. */
export function subjectWindowOf(rows: readonly SubjectWindowRow[], now: Date): Window | null {
  const windows = rows.map((row) => ({
    start: schoolDayStart(String(row.start_date)),
    end: endOfDay(String(row.end_date)),
    timeout: row.timeout ?? null,
    min_major: row.min_major_subject ?? 0,
    min_cross: row.min_cross_subject ?? 0,
    min_choices: 0,
    max_choices: null,
    allow_change: true,
    allow_over_capacity: false,
  }));
  return (
    windows.find((w) => w.start <= now && now < w.end) ?? windows.find((w) => w.start > now) ?? windows[windows.length - 1] ?? null
  );
}

/** The extracurricular window of the settings' row, if it has dates. */
export function extracurricularWindowOf(row: ExtracurricularSettingRow | null | undefined): Window | null {
  if (!row?.selection_start || !row.selection_end) return null;
  return {
    start: new Date(row.selection_start),
    end: new Date(row.selection_end),
    timeout: row.time_limit_minutes ?? null,
    min_major: 0,
    min_cross: 0,
    min_choices: row.min_choices ?? 0,
    max_choices: row.max_choices ?? null,
    allow_change: row.allow_change !== false,
    allow_over_capacity: row.allow_over_capacity === true,
  };
}

/** The student's subject window now (subjectWindowOf). */
export async function subjectWindow(db: Db, student: StudentInfo, now: Date): Promise<Window | null> {
  if (!student.major_id || !student.level_id || !student.academic_batch_id) return null;
  return subjectWindowOf(await subjectWindowRows(db, student.id).execute(), now);
}

export async function extracurricularWindow(db: Db): Promise<Window | null> {
  return extracurricularWindowOf(await extracurricularSettingRow(db).executeTakeFirst());
}

export type WindowState = Pick<SelectionWindow, 'open' | 'start' | 'end' | 'deadline' | 'now' | 'timeout' | 'finalized_at' | 'closed_reason'>;

/**
 * Where a student stands in a window now. `forStudent`: the student's own time limit counts
 * (from their sitting's start, or from now when they have none yet).
 */
export function windowState(window: Window | null, sitting: SittingRow | undefined, now: Date, forStudent: boolean): WindowState {
  const base = { now: now.toISOString(), finalized_at: sitting?.finalized_at ?? null };
  if (!window) return { ...base, open: false, start: null, end: null, deadline: null, timeout: null, closed_reason: 'none' };
  const started = sitting ? new Date(sitting.started_at) : now;
  const limit = forStudent && window.timeout ? new Date(started.getTime() + window.timeout * 60_000) : null;
  const deadline = limit && limit < window.end ? limit : window.end;
  const shown = { ...base, start: window.start.toISOString(), end: window.end.toISOString(), deadline: deadline.toISOString(), timeout: window.timeout };
  if (sitting?.finalized_at) return { ...shown, open: false, closed_reason: 'final' };
  if (now < window.start) return { ...shown, open: false, closed_reason: 'before' };
  if (now >= window.end) return { ...shown, open: false, closed_reason: 'after' };
  if (limit && now >= limit) return { ...shown, open: false, closed_reason: 'timeout' };
  return { ...shown, open: true, closed_reason: null };
}
