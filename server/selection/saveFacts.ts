// What a save (rombel-save) reads, in two statements instead of eleven: each statement is a
// round trip, and under a burst of sign-ups every round trip of a seat's transaction waits its
// turn on a busy event loop while the others wait for that seat's answer.
//
//   studentFacts   takes the student's lock (held to the transaction's end) and reads who they
//                  are, the academic year and their window's rows. These facts are not what the
//                  lock guards (a student's own choices and sitting), so the statement's
//                  snapshot, taken before the lock was granted, holds them well.
//   choiceFacts    after the lock: the student's sitting and the offerings they hold in the
//                  year, and the offering asked for, its times and the seats taken now (an early
//                  refusal only: who gets a seat is decided under the offering's row lock).

import { sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { SelectionKind, SelectionTime } from '../../src/shared/api/selection';
import type { Db } from '../db/database';
import { typedDb } from '../db/typedDb';
import { chosenOf, chosenQuery, currentYearQuery, studentOf, studentRow, timesByOffering, timesQuery, type ChosenOffering, type SittingRow, type StudentInfo } from './selectionReads';
import { extracurricularSettingRow, extracurricularWindowOf, subjectWindowOf, subjectWindowRows, type Window } from './selectionWindow';

export interface StudentFacts {
  student: StudentInfo | undefined;
  yearId: number | null;
  /** The student's window of the kind as it stands at a moment (taken once the lock is held). */
  windowAt: (now: Date) => Window | null;
}

/** Locks the student's selection (both kinds) to the transaction's end and reads who they are, the year and their window. */
export async function studentFacts(tx: Db, studentId: number, kind: SelectionKind): Promise<StudentFacts> {
  const row = await typedDb(tx)
    .selectNoFrom(() => [
      sql<string>`pg_advisory_xact_lock(hashtext('selection:student'), ${studentId}::int)::text`.as('locked'),
      jsonObjectFrom(studentRow(tx, studentId)).as('student'),
      currentYearQuery(tx).as('year_id'),
      kind === 'subject' ? jsonArrayFrom(subjectWindowRows(tx, studentId)).as('subject_windows') : sql<null>`null`.as('subject_windows'),
      kind === 'extracurricular' ? jsonObjectFrom(extracurricularSettingRow(tx)).as('setting') : sql<null>`null`.as('setting'),
    ])
    .executeTakeFirstOrThrow();
  const student = studentOf(row.student);
  // A student without a class of a major, level and cohort has no major dates (the rows' join).
  const windowAt = (now: Date) =>
    !student ? null : kind === 'subject' ? subjectWindowOf(row.subject_windows ?? [], now) : extracurricularWindowOf(row.setting);
  return { student, yearId: row.year_id === null ? null : Number(row.year_id), windowAt };
}

export interface OfferingRow {
  id: number;
  name: string;
  kind: SelectionKind;
  capacity: number;
}

/** The query of an offering open to a unit's students in a year (no row if it is not). */
export function offeringQuery(db: Db, offeringId: number, kind: SelectionKind, yearId: number, departmentId: number) {
  return typedDb(db)
    .selectFrom('selection_offering')
    .select(['id', 'name', 'kind', 'capacity'])
    .where('id', '=', offeringId)
    .where('kind', '=', kind)
    .where('academic_year_id', '=', yearId)
    .where('department_id', '=', departmentId)
    .where('is_active', '=', true);
}

export function offeringOf(row: { id: number; name: string | null; kind: string | null; capacity: number | null } | null | undefined): OfferingRow | undefined {
  return row ? { id: Number(row.id), name: String(row.name), kind: row.kind as SelectionKind, capacity: Number(row.capacity ?? 0) } : undefined;
}

export interface ChoiceFacts {
  sitting: SittingRow | undefined;
  /** The offerings the student holds in the year, both kinds, by id. */
  mine: ChosenOffering[];
  /** The offering asked for, if it is open to the student's unit in the year. */
  offering: OfferingRow | undefined;
  /** The weekly times of the offering asked for and of the student's. */
  times: Map<number, SelectionTime[]>;
  /** Seats of the offering asked for taken now. */
  taken: number;
}

/** After studentFacts: the student's sitting and choices, and the offering asked for (if any). */
export async function choiceFacts(tx: Db, student: StudentInfo, yearId: number, kind: SelectionKind, offeringId: number | null): Promise<ChoiceFacts> {
  const sitting = (column: 'id' | 'version' | 'started_at' | 'finalized_at') =>
    typedDb(tx)
      .selectFrom('selection_sitting')
      .select(column)
      .where('student_id', '=', student.id)
      .where('academic_year_id', '=', yearId)
      .where('kind', '=', kind);
  const asked = offeringId ?? 0;
  const row = await typedDb(tx)
    .selectNoFrom((eb) => [
      // One column each (not a JSON object), so timestamps come back as every other read gives them.
      sitting('id').as('sitting_id'),
      sitting('version').as('sitting_version'),
      sitting('started_at').as('sitting_started_at'),
      sitting('finalized_at').as('sitting_finalized_at'),
      jsonArrayFrom(chosenQuery(tx, student.id, yearId)).as('mine'),
      jsonObjectFrom(offeringQuery(tx, asked, kind, yearId, student.department_id)).as('offering'),
      jsonArrayFrom(
        timesQuery(
          tx,
          sql<number[]>`array(select ${asked}::int union all ${chosenQuery(tx, student.id, yearId).clearSelect().clearOrderBy().select('selection_offering.id')})`,
        ),
      ).as('times'),
      eb
        .selectFrom('selection_enrolment')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .where('selection_offering_id', '=', asked)
        .as('taken'),
    ])
    .executeTakeFirstOrThrow();
  return {
    sitting:
      row.sitting_id === null
        ? undefined
        : {
            id: Number(row.sitting_id),
            version: Number(row.sitting_version),
            started_at: String(row.sitting_started_at),
            finalized_at: row.sitting_finalized_at ? String(row.sitting_finalized_at) : null,
          },
    mine: chosenOf(row.mine),
    offering: offeringOf(row.offering),
    times: timesByOffering(row.times),
    taken: Number(row.taken ?? 0),
  };
}
