// The selection calls of spec 3 §7.3 (contract src/shared/api/selection.ts), behind the
// session: scheduletable, rombel-time, rombel-save, ext-time, and the admin's student search.
// A student acts for themself (the session says who); an admin names the student. The rules
// that could race are the database's (./selectionOps.ts), each save one transaction.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  SELECTION_ADMIN_ROLES,
  SELECTION_PATHS,
  type ExtTimeAnswer,
  type RombelSaveAnswer,
  type RombelTimeAnswer,
  type ScheduleRow,
  type ScheduleTableAnswer,
  type SelectionKind,
  type SelectionStudentsAnswer,
  type SelectionWindow,
} from '../../src/shared/api/selection';
import type { Locale } from '../../src/shared/entityModel';
import { mayDo } from '../auth/access';
import { sessionUser } from '../auth/requireSession';
import type { Catalog } from '../crud/catalog';
import { parseRecordId } from '../crud/recordId';
import type { Db } from '../db/database';
import { typedDb } from '../db/typedDb';
import { apiError, invalidInput } from '../http/apiError';
import { requestLocale } from '../http/requestLocale';
import { success } from '../http/success';
import { callerOf } from '../records/routeDoor';
import { choose, ensureSitting, finalize, refusal, release, requireOpen, subjectCounts, type SaveContext, type SaveOutcome, withSeatTurn } from './selectionOps';
import { cardsOf, chosenOfferings, currentYearId, findStudents, sittingOf, studentInfo, type StudentInfo } from './selectionReads';
import { choiceFacts, studentFacts } from './saveFacts';
import { selectionText } from './selectionTexts';
import { extracurricularWindow, subjectWindow, windowState, type Window } from './selectionWindow';

type Query = Record<string, unknown>;

const idOf = (value: unknown): number | null => (typeof value === 'number' ? (Number.isInteger(value) && value > 0 ? value : null) : parseRecordId(String(value ?? '')));
const queryOf = (request: FastifyRequest): Query => (request.query ?? {}) as Query;
const bodyOf = (request: FastifyRequest): Query =>
  typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? (request.body as Query) : {};

export function registerSelectionRoutes(app: FastifyInstance, db: Db, catalog: Catalog): void {
  const isAdmin = (request: FastifyRequest) => sessionUser(request).roles.some((role) => SELECTION_ADMIN_ROLES.includes(role));

  /** Whose selection: the student themself, or the student an admin names (no database read). */
  function whoseId(request: FastifyRequest, named: unknown): { id: number; forStudent: boolean } {
    const locale = requestLocale(request);
    const user = sessionUser(request);
    if (user.kind === 'student') return { id: user.id, forStudent: true };
    if (!isAdmin(request)) throw refusal(locale, 403, 'notAllowed', 'notAllowed');
    const id = idOf(named);
    if (!id) throw invalidInput(locale, { student_id: [selectionText(locale, 'studentRequired')] });
    return { id, forStudent: false };
  }

  async function studentOr404(request: FastifyRequest, on: Db, id: number): Promise<StudentInfo> {
    const student = await studentInfo(on, id);
    if (!student) throw refusal(requestLocale(request), 404, 'unknownOffering', 'unknownStudent');
    return student;
  }

  async function whose(request: FastifyRequest, named: unknown): Promise<{ student: StudentInfo; forStudent: boolean }> {
    const { id, forStudent } = whoseId(request, named);
    return { student: await studentOr404(request, db, id), forStudent };
  }

  const windowOf = (on: Db, kind: SelectionKind, student: StudentInfo, now: Date): Promise<Window | null> =>
    kind === 'subject' ? subjectWindow(on, student, now) : extracurricularWindow(on);

  /** The page's view of the window; a student's first visit inside it starts their time. */
  async function windowFor(request: FastifyRequest, kind: SelectionKind, student: StudentInfo, forStudent: boolean, yearId: number | null): Promise<{ window: Window | null; shown: SelectionWindow }> {
    const now = new Date();
    const window = await windowOf(db, kind, student, now);
    let sitting = yearId ? await sittingOf(db, student.id, yearId, kind) : undefined;
    if (!sitting && forStudent && yearId && window && window.start <= now && now < window.end) {
      sitting = await db.transaction().execute((tx) => ensureSitting(tx, app.records, callerOf(request), student.id, yearId, kind, now));
    }
    const state = windowState(window, sitting, now, forStudent);
    const chosen = yearId ? await chosenOfferings(db, student.id, yearId, kind) : [];
    const counts = subjectCounts(student, chosen);
    return {
      window,
      shown: {
        ...state,
        min_major: window?.min_major ?? 0,
        min_cross: window?.min_cross ?? 0,
        min_choices: window?.min_choices ?? 0,
        max_choices: window?.max_choices ?? null,
        chosen_major: counts.major,
        chosen_cross: counts.cross,
        chosen_total: chosen.length,
      },
    };
  }

  const studentOut = ({ level_id: _l, academic_batch_id: _b, ...student }: StudentInfo) => student;

  app.get(`/${SELECTION_PATHS.rombelTime}`, async (request): Promise<RombelTimeAnswer> => {
    const { student, forStudent } = await whose(request, queryOf(request).student_id);
    const yearId = await currentYearId(db);
    const [cards, shown, majors, groups] = await Promise.all([
      yearId ? cardsOf(db, 'subject', yearId, student.department_id, student.id) : Promise.resolve([]),
      windowFor(request, 'subject', student, forStudent, yearId),
      typedDb(db).selectFrom('major').select(['id', 'name']).where('department_id', '=', student.department_id).orderBy('code').execute(),
      typedDb(db).selectFrom('subject_group').select(['id', 'name']).orderBy('sorting_no').orderBy('id').execute(),
    ]);
    const major = majors
      .map((m) => ({ id: Number(m.id), description: String(m.name), own: Number(m.id) === student.major_id }))
      .sort((a, b) => Number(b.own) - Number(a.own));
    const subjectGroup = groups.map((g) => ({ id: Number(g.id), group_name: String(g.name) }));
    const group: { major_id: number; subject_group_id: number }[] = [];
    for (const m of major) {
      for (const g of subjectGroup) {
        if (cards.some((c) => c.major_id === m.id && c.subject_group_id === g.id)) group.push({ major_id: m.id, subject_group_id: g.id });
      }
    }
    return success({ data: cards, major, subjectGroup, group, window: shown.shown, student: studentOut(student) });
  });

  app.get(`/${SELECTION_PATHS.extTime}`, async (request): Promise<ExtTimeAnswer> => {
    const { student, forStudent } = await whose(request, queryOf(request).student_id);
    const yearId = await currentYearId(db);
    const [cards, shown] = await Promise.all([
      yearId ? cardsOf(db, 'extracurricular', yearId, student.department_id, student.id) : Promise.resolve([]),
      windowFor(request, 'extracurricular', student, forStudent, yearId),
    ]);
    const department = cards.length ? [{ id: student.department_id, department_name: cards[0].department_name }] : [];
    return success({ data: cards, department, group: department.map((d) => ({ department_id: d.id })), window: shown.shown, student: studentOut(student) });
  });

  app.post(`/${SELECTION_PATHS.rombelSave}`, async (request): Promise<RombelSaveAnswer> => {
    const locale: Locale = requestLocale(request);
    const body = bodyOf(request);
    const kind = body.type;
    if (kind !== 'subject' && kind !== 'extracurricular') throw invalidInput(locale, { type: [selectionText(locale, 'typeInvalid')] });
    const { id: studentId, forStudent } = whoseId(request, body.student_id);
    const final = body.last_select === true;
    const offeringId = idOf(body.offering_id);
    if (!final && !offeringId) throw refusal(locale, 404, 'unknownOffering', 'unknownOffering');
    const caller = callerOf(request);
    // One connection, one transaction, its reads in two statements (./saveFacts.ts). A save
    // choosing a seat waits for its turn first (at most as many at once as seats are free): the
    // many who arrive for the last seats are refused by one shared read, holding nothing.
    const save = () =>
      db.transaction().execute(async (tx) => {
        const { student, yearId, windowAt } = await studentFacts(tx, studentId, kind);
        if (!student) throw refusal(locale, 404, 'unknownOffering', 'unknownStudent');
        if (!yearId) throw refusal(locale, 403, 'closed', 'closedNone');
        const facts = await choiceFacts(tx, student, yearId, kind, final ? null : offeringId);
        const now = new Date();
        const window = windowAt(now);
        const datesOpen = window !== null && window.start <= now && now < window.end;
        const sitting = facts.sitting ?? (forStudent && datesOpen ? await ensureSitting(tx, app.records, caller, student.id, yearId, kind, now) : undefined);
        requireOpen(locale, windowState(window, sitting, now, forStudent));
        const ctx: SaveContext = { tx, records: app.records, caller, student, yearId, kind, window: window as Window, facts };
        let outcome: SaveOutcome;
        if (final) {
          const made = sitting ?? (await ensureSitting(tx, app.records, caller, student.id, yearId, kind, now));
          outcome = { message: await finalize(ctx, made), already: null, capacity: null };
        } else outcome = body.check === false ? await release(ctx, offeringId as number) : await choose(ctx, offeringId as number);
        // A seat just taken holds the offering's row lock until the commit: its answer is known
        // without reading again (the window was open, so the choice is not final).
        if (outcome.chosen) return { ...outcome, chosen: outcome.chosen, finalized_at: sitting?.finalized_at ?? null };
        const chosen = await chosenOfferings(tx, student.id, yearId, kind);
        const after = await sittingOf(tx, student.id, yearId, kind);
        return { ...outcome, chosen: chosen.map((o) => o.id), finalized_at: after?.finalized_at ?? null };
      });
    const answer = !final && body.check !== false ? await withSeatTurn(db, locale, offeringId as number, kind, save) : await save();
    return success(answer);
  });

  app.get(`/${SELECTION_PATHS.students}`, async (request): Promise<SelectionStudentsAnswer> => {
    if (!isAdmin(request)) throw apiError(requestLocale(request), 403, 'forbidden');
    const q = queryOf(request).q;
    return success({ data: await findStudents(db, typeof q === 'string' ? q.slice(0, 100) : '') });
  });

  // spec 3 §7.3 scheduletable: the weekly lessons of the schedule filter (§3.4), for whoever may
  // read the schedule.
  app.get(`/${SELECTION_PATHS.scheduleTable}`, async (request): Promise<ScheduleTableAnswer> => {
    const schedule = catalog.entityNamed('schedule');
    if (!schedule || !mayDo(sessionUser(request).roles, schedule, 'list')) throw apiError(requestLocale(request), 403, 'forbidden');
    const query = queryOf(request);
    let rows = typedDb(db)
      .selectFrom('schedule')
      .innerJoin('class', 'class.id', 'schedule.class_id')
      .innerJoin('subject', 'subject.id', 'schedule.subject_id')
      .select([
        'schedule.id', 'schedule.day', 'schedule.start_time', 'schedule.end_time', 'schedule.class_id', 'class.name as class_name',
        'schedule.subject_id', 'subject.name as subject_name', 'schedule.teacher_id',
      ])
      .orderBy('schedule.class_id')
      .orderBy('schedule.start_time')
      .limit(2000);
    for (const field of ['department_id', 'academic_year_id', 'class_id', 'subject_id'] as const) {
      const value = query[field];
      if (value === undefined || value === '') continue;
      const id = idOf(value);
      if (!id) throw invalidInput(requestLocale(request), { [field]: [selectionText(requestLocale(request), 'unknownOffering')] });
      rows = rows.where(`schedule.${field}`, '=', id);
    }
    const schedule_: ScheduleRow[] = (await rows.execute()).map((row) => ({
      id: Number(row.id),
      day: String(row.day),
      time1: String(row.start_time ?? '').slice(0, 5),
      time2: String(row.end_time ?? '').slice(0, 5),
      class_id: Number(row.class_id),
      class_name: String(row.class_name ?? ''),
      subject_id: Number(row.subject_id),
      subject_name: String(row.subject_name ?? ''),
      teacher_id: Number(row.teacher_id),
    }));
    return success({ data: { schedule: schedule_ } });
  });
}
